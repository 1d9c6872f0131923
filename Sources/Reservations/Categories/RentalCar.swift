/// The car of a rental (`INRentalCar`).
public struct RentalCar: Sendable, Hashable, Codable {
    /// The maker (`Volvo`).
    public var make: String?
    /// The model (`XC40`).
    public var model: String?
    /// The class or type (`Compact SUV`).
    public var type: String?
    /// Anything else the company says (`or similar, automatic`).
    public var description: String?

    /// Creates a rental car.
    public init(make: String? = nil, model: String? = nil, type: String? = nil, description: String? = nil) {
        self.make = make
        self.model = model
        self.type = type
        self.description = description
    }
}
