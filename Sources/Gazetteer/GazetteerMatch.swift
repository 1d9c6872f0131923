/// What the gazetteer makes of a place named by its city, region and country.
public enum GazetteerMatch: Sendable, Hashable, CustomStringConvertible {
    /// How a city was told from others of its name.
    public enum Decision: Sendable, Hashable {
        /// It is the only city of that name (in the country, when one is given).
        case onlyOne
        /// The region given picked it out.
        case byRegion
        /// Several cities fit, and all keep the same clocks: this one is the most populous.
        case alike(count: Int)
    }

    /// The city is known, and every city that fits keeps its clocks: the place's zone is its.
    case city(GazetteerCity, Decision)
    /// The city is not known (or not given), but its region is: most of the region's people keep
    /// its zone (``GazetteerRegion/share``).
    case region(GazetteerRegion)
    /// Cities that fit keep different times and nothing given decides between them: one city a
    /// zone (clocks alike counted as one), the most populous of each, most populous first.
    case ambiguous([GazetteerCity])

    /// The zone when the match settles it: a city's, or that of a region that keeps one time.
    public var zone: String? {
        switch self {
        case .city(let city, _): city.timeZone
        case .region(let region): region.keepsOneTime ? region.timeZone : nil
        case .ambiguous: nil
        }
    }

    /// The place as messages name it: `Portland, Maine`, `Oregon`, or the city's name alone when
    /// several alike cities fit.
    public var description: String {
        switch self {
        case .city(let city, .alike): city.name
        case .city(let city, _): city.description
        case .region(let region): region.name
        case .ambiguous(let cities): cities.first?.name ?? ""
        }
    }
}
