/// The words of the notes that say what changed about an event
/// (``EventModel/CalendarEvent/changeNotes``), in each language of ``Vocabulary``.
struct ChangeWords: Sendable {
    /// The labels of an event's start and end when its category has none of its own.
    let starts: String
    let ends: String
    /// The label of its place.
    let place: String
    /// What follows the label: the new value, the old one, and the date of the change.
    let changed: @Sendable (_ now: String, _ was: String, _ date: String) -> String

    /// The words of a locale's language.
    static func of(_ locale: SynthesisLocale) -> ChangeWords {
        Vocabulary.inLanguage(of: locale, english: .english, french: .french, german: .german, spanish: .spanish, japanese: .japanese)
    }

    static let english = ChangeWords(starts: "Starts", ends: "Ends", place: "Place") { "\($0), was \($1) (changed \($2))" }
    static let french = ChangeWords(starts: "Début", ends: "Fin", place: "Lieu") { "\($0), auparavant \($1) (modifié le \($2))" }
    static let german = ChangeWords(starts: "Beginn", ends: "Ende", place: "Ort") { "\($0), vorher \($1) (geändert am \($2))" }
    static let spanish = ChangeWords(starts: "Inicio", ends: "Fin", place: "Lugar") { "\($0), antes \($1) (cambiado el \($2))" }
    static let japanese = ChangeWords(starts: "開始", ends: "終了", place: "場所") { "\($0)（変更前：\($1)、\($2)に変更）" }
}
