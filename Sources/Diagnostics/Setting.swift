/// A setting a person can change to have something done otherwise: a limit, a policy, a
/// choice of reader. A message names one where it helps (`more than the limit of 64 MB
/// (limit message-size)`), and the program that says the message names it the way its people
/// set it (``DiagnosticWording``): `reservation-feed` says `--limit message-size`.
///
/// Each module declares the settings it names beside what they govern (`Setting.limit(_:)` in
/// the import module), as the command line spells them without the dashes.
public struct Setting: Sendable, Hashable {
    /// The option, as the command line spells it without dashes: `limit`, `allow-shrink`.
    public var option: String
    /// The option's value that is meant, when it is one of several: `message-size`, `none`.
    public var value: String?

    /// A setting.
    public init(_ option: String, _ value: String? = nil) {
        self.option = option
        self.value = value
    }
}

extension Setting {
    /// A limit on the size of what is read (`limit message-size`): the import module's
    /// `ImportLimits` and the readers below it name theirs this way.
    public static func limit(_ name: String) -> Setting {
        Setting("limit", name)
    }
}
