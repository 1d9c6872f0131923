import Testing

@testable import Reservations

@Suite("People's names as bookings write them")
struct PersonNameTests {
    @Test(
        "one person however a booking writes the name: case, accents, the family name first, a boarding pass's form, titles",
        arguments: [
            "Ada Lovelace", "ADA LOVELACE", "Lovelace, Ada", "LOVELACE/ADA MRS", "LOVELACE/ADAMRS", "Mrs. Ada Lovelace", "Adá Lovelace",
            "  ada   lovelace ", "Lovelace,Ada", "Ada Lovelace, PhD", "Dr Ada LOVELACE",
        ])
    func samePerson(written: String) throws {
        let name = try #require(PersonName(written))
        #expect(Set(name.words) == ["ada", "lovelace"], "\(written): \(name.words)")
        #expect(name.matches(try #require(PersonName("Ada Lovelace"))))
        #expect(try #require(PersonName("Ada Lovelace")).matches(name))
    }

    @Test("a wanted name matches a booking's when all its words are there, or the same letters without spaces; not another person")
    func matching() throws {
        func matches(_ booking: String, _ wanted: String) throws -> Bool {
            try #require(PersonName(booking)).matches(try #require(PersonName(wanted)))
        }
        #expect(try matches("Augusta Ada King, Countess of Lovelace", "Ada"))
        #expect(try matches("LOVELACE/ADA MRS", "ada"))
        #expect(try matches("Jean-Luc Picard", "jean luc picard"))
        #expect(try matches("山田 太郎", "山田太郎"))
        #expect(try matches("Zoë Müller", "Zoe Muller"))
        #expect(try matches("Straße", "Strasse"))
        #expect(try matches("Işıl Yılmaz", "ISIL YILMAZ"))
        #expect(try matches("Łukasz Wałęsa", "WALESA/LUKASZ MR"))
        #expect(try matches("Dorthe Ærø", "AEROE/DORTHE"))
        #expect(try matches("Björn Ødegård", "Bjorn Odegard"))
        #expect(try matches("Jürgen Müller", "MUELLER/JUERGEN"))
        #expect(try matches("Đorđe Petrović", "PETROVIC/DJORDJE"))
        #expect(try matches("Bjørn Ødegård", "ODEGAARD/BJOERN") && matches("Renée Åström", "AASTROEM/RENEE"))
        #expect(try !matches("Joe Smith", "Jo Smith") && !matches("Rafael Nowak", "Rafał Nowak"), "a letter more is another name")
        #expect(try !matches("LOVELACE/ADAMS", "Ada Lovelace"), "MS ends names")
        #expect(try matches("Siobhán O'Brien-Smith", "OBrien-Smith"))
        #expect(try !matches("Betty Draper", "Don Draper"), "Don is a name")
        #expect(try !matches("Ada Lovelace Jr", "Ada Lovelace Sr"))
        #expect(try !matches("Ada Lovelace", "Ada Byron"))
        #expect(try !matches("Charles Babbage", "Ada"))
        #expect(try !matches("Ada", "Ada Lovelace"), "a wanted family name the booking lacks")
    }

    @Test("texts that name nobody: titles and punctuation alone")
    func nobody() {
        for text in ["", "  ", "Mr.", "MRS", "/", ", ", "Dr. Prof."] {
            #expect(PersonName(text) == nil, "\(text)")
        }
        #expect(PersonName("Williams/John")?.words == ["john", "williams"])
    }

    @Test("given names first, for a list of people; a name with a suffix alone after its comma as written")
    func givenFirst() {
        #expect(PersonName.givenFirst("Lovelace, Byron") == "Byron Lovelace")
        #expect(PersonName.givenFirst("LOVELACE/ADA MRS") == "LOVELACE/ADA MRS")
        #expect(PersonName.givenFirst("Ada Lovelace, PhD") == "Ada Lovelace, PhD")
        #expect(PersonName.givenFirst("Ada Lovelace") == "Ada Lovelace")
    }

    @Test("each person once, as first written")
    func distinct() {
        #expect(PersonName.distinct(["Ada Lovelace", "Charles Babbage"], ["LOVELACE/ADA MRS", "Mr.", "Babbage, Charles", "Byron"]) == [
            "Ada Lovelace", "Charles Babbage", "Byron",
        ])
    }
}
