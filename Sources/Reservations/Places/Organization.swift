/// A company or other body: an airline's parent, a hotel chain, a rental company, a booking site.
///
/// In native JSON either an object or, as a shorthand, just the name:
/// `"provider": "Hertz"` is the same as `"provider": {"name": "Hertz"}`.
public struct Organization: Sendable, Hashable, Codable {
    /// The name people know it by.
    public var name: String?
    /// Its web site.
    public var url: String?
    /// A telephone number, as given.
    public var phone: String?
    /// An e-mail address.
    public var email: String?

    /// Creates an organization.
    public init(name: String? = nil, url: String? = nil, phone: String? = nil, email: String? = nil) {
        self.name = name
        self.url = url
        self.phone = phone
        self.email = email
    }

    private enum CodingKeys: String, CodingKey {
        case name, url, phone, email
    }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            self.init(name: name)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name),
            url: try container.decodeIfPresent(String.self, forKey: .url),
            phone: try container.decodeIfPresent(String.self, forKey: .phone),
            email: try container.decodeIfPresent(String.self, forKey: .email))
    }
}
