extension Whereabouts {
    /// The place as trips and connections see it, with its terminal or platform.
    func itineraryPlace(detail: String?) -> ItineraryPlace {
        var place = ItineraryPlace(detail: Text.clean(detail))
        if let airport {
            place.name = "\(airport.name) (\(airport.iataCode))"
            place.code = airport.iataCode
            place.city = airport.city
        } else {
            place.name = Text.clean(name)
        }
        place.city = place.city ?? Text.clean(city)
        if place.city == nil, case .city(let found, _)? = gazetteer { place.city = found.name }
        place.countryCode = countryCode
        if let position {
            (place.latitude, place.longitude) = (position.latitude, position.longitude)
        }
        return place
    }
}
