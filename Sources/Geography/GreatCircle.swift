import Foundation

/// Distances on the Earth's surface.
public enum GreatCircle {
    /// The mean radius of the Earth, in kilometres.
    static let earthRadius = 6371.0088

    /// The great-circle distance between two points given in degrees, in kilometres
    /// (haversine formula).
    public static func kilometres(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double)
        -> Double
    {
        let φ1 = latitude1 * .pi / 180
        let φ2 = latitude2 * .pi / 180
        let Δφ = (latitude2 - latitude1) * .pi / 180
        let Δλ = (longitude2 - longitude1) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * earthRadius * asin(min(1, sqrt(a)))
    }

    /// A number that orders distances between points given in degrees as their great-circle
    /// distances do, near enough to pick the nearest of a few places (an equirectangular
    /// approximation, squared): cheaper than ``kilometres(_:_:_:_:)``, and not a distance.
    static func comparableDistance(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double)
        -> Double
    {
        let x = (longitude1 - longitude2) * cos((latitude1 + latitude2) / 2 * .pi / 180)
        let y = latitude1 - latitude2
        return x * x + y * y
    }
}
