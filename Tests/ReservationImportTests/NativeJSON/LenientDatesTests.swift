import Chrono
import Reservations
import Testing

@testable import ReservationImport

@Suite("Dates as written in the wild, read and reported with their place")
struct LenientDatesTests {
    @Test("native JSON: a day-first date is read, and the reading is a warning with its path and line")
    func nativeDayFirst() throws {
        let text = """
            {"reservations": [
              {"type": "train", "reservationNumber": "A", "departure": {"time": "15.06.2030 14:00"}}
            ]}
            """
        let result = NativeJSONReader().read(Array(text.utf8), source: .file("trip.json"))
        let reservation = try #require(result.reservations.first?.reservation)
        guard case .train(let trip) = reservation.details else { Issue.record("not a train"); return }
        #expect(trip.departure?.time?.description == "2030-06-15T14:00:00")
        #expect(result.diagnostics.map(\.description) == [
            #"trip.json: reservations[0].departure.time: warning: read "15.06.2030 14:00" as 2030-06-15T14:00:00 (day first: 15 cannot be a month) (line 2, column 69)"#
        ])
        #expect(result.diagnostics.map(\.code.rawValue) == ["lenient-date"])
    }

    @Test("native JSON: an ambiguous date follows the file's other dates, and that is no guess")
    func nativeEvidence() throws {
        let text = """
            [
              {"type": "train", "reservationNumber": "A", "departure": {"time": "25/06/2030 08:00"}},
              {"type": "train", "reservationNumber": "B", "departure": {"time": "05/07/2030 08:00"}}
            ]
            """
        let result = NativeJSONReader().read(Array(text.utf8), source: .file("trip.json"))
        let times = result.reservations.compactMap { imported -> String? in
            if case .train(let trip) = imported.reservation.details { return trip.departure?.time?.description }
            return nil
        }
        #expect(times == ["2030-06-25T08:00:00", "2030-07-05T08:00:00"])
        #expect(result.diagnostics.map(\.code.rawValue) == ["lenient-date", "lenient-date"])
        #expect(result.diagnostics.last?.message.contains("day first, as the document's other dates (25/06/2030)") == true)
    }

    @Test("native JSON: with nothing else to go on, the place's country is a guess, reported as one")
    func nativeGuess() throws {
        let text = """
            {"type": "restaurant", "reservationNumber": "A", "startTime": "05/07/2030 19:30",
             "place": {"address": {"city": "Boston", "countryCode": "US"}}}
            """
        let result = NativeJSONReader().read(Array(text.utf8), source: .file("dinner.json"))
        guard case .restaurant(let table)? = result.reservations.first?.reservation.details else {
            Issue.record("no restaurant: \(result.diagnostics)")
            return
        }
        #expect(table.startTime?.description == "2030-05-07T19:30:00")
        #expect(result.diagnostics.map(\.code.rawValue) == ["date-order-guessed"])
        #expect(result.diagnostics.first?.message.contains("month first, a guess from the country of the place, US") == true)
    }

    @Test("JSON-LD: a lenient date is a warning at the markup's path")
    func jsonLD() throws {
        let text = """
            {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": "X1",
             "reservationStatus": "http://schema.org/Confirmed",
             "reservationFor": {"@type": "FoodEstablishment", "name": "Wagamama",
               "address": {"@type": "PostalAddress", "addressLocality": "London", "addressCountry": "United Kingdom"}},
             "startTime": "10/04/2027 20:00"}
            """
        let result = SchemaOrgReader().readJSONLD(Array(text.utf8), source: .file("mail.jsonld"))
        guard case .restaurant(let table)? = result.reservations.first?.reservation.details else {
            Issue.record("no restaurant: \(result.diagnostics)")
            return
        }
        #expect(table.startTime?.description == "2027-04-10T20:00:00")
        #expect(result.diagnostics.map(\.code.rawValue) == ["date-order-guessed"])
        #expect(result.diagnostics.first?.description.hasPrefix("mail.jsonld: startTime: warning: read \"10/04/2027 20:00\"") == true)
        #expect(result.diagnostics.first?.message.contains("the country of the place, GB") == true)
    }

    @Test("e-mail: the sender's country domain and the message's language are guesses for the order")
    func mail() throws {
        let mail = """
            From: Reisen <noreply@bahn.example.de>
            To: someone@example.com
            Subject: Ihre Buchung
            Date: Mon, 1 Feb 2027 10:00:00 +0100
            MIME-Version: 1.0
            Content-Type: text/html; charset=utf-8

            <html><body><script type="application/ld+json">
            {"@context": "http://schema.org", "@type": "TrainReservation", "reservationNumber": "Q7",
             "reservationStatus": "http://schema.org/ReservationConfirmed",
             "reservationFor": {"@type": "TrainTrip", "departureTime": "03/04/2027 09:12",
               "departureStation": {"@type": "TrainStation", "name": "Hamburg Hbf"}}}
            </script></body></html>
            """.replacingOccurrences(of: "\n", with: "\r\n")
        let result = SchemaOrgReader().readMail(Array(mail.utf8), source: .file("booking.eml"))
        guard case .train(let trip)? = result.reservations.first?.reservation.details else {
            Issue.record("no train: \(result.diagnostics)")
            return
        }
        #expect(trip.departure?.time?.description == "2027-04-03T09:12:00")
        #expect(result.diagnostics.first?.message.contains("a guess from the sender's country, DE (noreply@bahn.example.de)") == true)
        // The sender's country goes with the reservation, as evidence for places named ambiguously.
        #expect(result.reservations.first?.senderCountry == "DE")
    }

    @Test("an e-mail address's country: its country domain, not generic ones", arguments: [
        ("a@b.de", "DE"), ("a@b.co.uk", "GB"), ("a@b.com", nil), ("a@b.io", nil), ("a@b.fr", "FR"), ("nonsense", nil),
    ] as [(String, String?)])
    func senderCountry(address: String, country: String?) {
        #expect(DocumentDates.country(ofAddress: address) == country)
    }

    @Test("the same date written unambiguously elsewhere decides: Eurowings' 02-04-2018 beside ticket 20180204 is 4 February")
    func sameDateElsewhere() throws {
        let text = """
            [{"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "XXX007",
              "reservationFor": {"@type": "Flight", "flightNumber": "8103", "airline": {"@type": "Airline", "iataCode": "4U"},
                "departureAirport": {"@type": "Airport", "iataCode": "BRU"}, "departureTime": "02-04-2018 20:40",
                "arrivalAirport": {"@type": "Airport", "iataCode": "TXL"}, "arrivalTime": "02-04-2018 22:00"},
              "ticketNumber": "20180204 EW8103 BRUTXL"}]
            """
        let result = SchemaOrgReader().readJSONLD(Array(text.utf8), source: .file("ew.jsonld"))
        guard case .flight(let flight)? = result.reservations.first?.reservation.details else {
            Issue.record("no flight: \(result.diagnostics)")
            return
        }
        #expect(flight.departure?.time?.description == "2018-02-04T20:40:00")
        #expect(result.diagnostics.map(\.code.rawValue) == ["lenient-date", "lenient-date"])
        #expect(result.diagnostics.first?.message.contains("month first, as the same date is written elsewhere in the document (2018-02-04)") == true)
    }
}
