/// The words of trips and connections (``TripOptions``), in each language of ``Vocabulary``.
struct TripWords: Sendable {
    /// The category of a trip's span.
    let trip: String
    /// `Trip to Lisbon`.
    let tripTo: @Sendable (String) -> String
    /// The category and title of a connection.
    let connection: String
    /// The title of a connection under the minimum.
    let tightConnection: String
    /// `1 h 35 min`.
    let duration: @Sendable (_ hours: Int, _ minutes: Int) -> String
    /// A note that a connection is under the minimum, given as a ``duration``.
    let tightNote: @Sendable (String) -> String
    /// A note that a connection changes airports, naming both.
    let changeOfAirport: @Sendable (String, String) -> String
    /// A note that a connection changes stations or ports, naming both.
    let changeOfStation: @Sendable (String, String) -> String
    /// A note that a connection goes from a station or port to an airport, or back, naming both.
    let changeOfPlace: @Sendable (String, String) -> String
    /// A connection's notes: the leg that arrives, and the one that leaves.
    let arriving: String
    let leaving: String

    /// A length of time, in whole minutes (a part of a minute counts as one: a gap of 30 seconds
    /// is not "0 min"), as a ``duration``.
    func duration(seconds: Int) -> String {
        let minutes = (max(0, seconds) + 59) / 60
        return duration(minutes / 60, minutes % 60)
    }

    /// The words of a locale's language.
    static func of(_ locale: SynthesisLocale) -> TripWords {
        Vocabulary.inLanguage(of: locale, english: .english, french: .french, german: .german, spanish: .spanish, japanese: .japanese)
    }

    /// `1 h 35 min`, `45 min`, `3 h`: the short form several languages share.
    private static func short(hour: String, minute: String) -> @Sendable (Int, Int) -> String {
        { hours, minutes in
            switch (hours, minutes) {
            case (0, let minutes): "\(minutes) \(minute)"
            case (let hours, 0): "\(hours) \(hour)"
            default: "\(hours) \(hour) \(minutes) \(minute)"
            }
        }
    }

    static let english = TripWords(
        trip: "Trip", tripTo: { "Trip to \($0)" }, connection: "Connection", tightConnection: "Tight connection",
        duration: short(hour: "h", minute: "min"), tightNote: { "Tight: less than the \($0) advised" },
        changeOfAirport: { "Change of airport: \($0) → \($1)" }, changeOfStation: { "Change of station: \($0) → \($1)" },
        changeOfPlace: { "Change: \($0) → \($1)" },
        arriving: "Arriving", leaving: "Leaving")

    static let french = TripWords(
        trip: "Voyage", tripTo: { "Voyage à \($0)" }, connection: "Correspondance", tightConnection: "Correspondance courte",
        duration: short(hour: "h", minute: "min"), tightNote: { "Courte : moins que les \($0) conseillées" },
        changeOfAirport: { "Changement d’aéroport : \($0) → \($1)" }, changeOfStation: { "Changement de gare : \($0) → \($1)" },
        changeOfPlace: { "Changement : \($0) → \($1)" },
        arriving: "Arrivée", leaving: "Départ")

    static let german = TripWords(
        trip: "Reise", tripTo: { "Reise nach \($0)" }, connection: "Umstieg", tightConnection: "Knapper Umstieg",
        duration: short(hour: "Std.", minute: "Min."), tightNote: { "Knapp: weniger als die empfohlenen \($0)" },
        changeOfAirport: { "Flughafenwechsel: \($0) → \($1)" }, changeOfStation: { "Bahnhofswechsel: \($0) → \($1)" },
        changeOfPlace: { "Wechsel: \($0) → \($1)" },
        arriving: "Ankunft", leaving: "Weiterreise")

    static let spanish = TripWords(
        trip: "Viaje", tripTo: { "Viaje a \($0)" }, connection: "Conexión", tightConnection: "Conexión justa",
        duration: short(hour: "h", minute: "min"), tightNote: { "Justa: menos de los \($0) recomendados" },
        changeOfAirport: { "Cambio de aeropuerto: \($0) → \($1)" }, changeOfStation: { "Cambio de estación: \($0) → \($1)" },
        changeOfPlace: { "Cambio: \($0) → \($1)" },
        arriving: "Llegada", leaving: "Salida")

    static let japanese = TripWords(
        trip: "旅行", tripTo: { "\($0)への旅行" }, connection: "乗り継ぎ", tightConnection: "短い乗り継ぎ",
        duration: { hours, minutes in
            switch (hours, minutes) {
            case (0, let minutes): "\(minutes)分"
            case (let hours, 0): "\(hours)時間"
            default: "\(hours)時間\(minutes)分"
            }
        },
        tightNote: { "短い乗り継ぎ：推奨の\($0)未満" }, changeOfAirport: { "空港の移動：\($0) → \($1)" },
        changeOfStation: { "駅の移動：\($0) → \($1)" }, changeOfPlace: { "移動：\($0) → \($1)" },
        arriving: "到着", leaving: "出発")
}
