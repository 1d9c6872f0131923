// Building a feed from reservation values with the ReservationFeed library, without files.
// Run it with `swift run library-usage`; the README shows this program and its output.

import ReservationFeed

let dinner = Reservation(
    details: .restaurant(
        RestaurantTable(
            place: Place(
                name: "EPIC Steak",
                address: PostalAddress(street: "369 The Embarcadero", city: "San Francisco", region: "CA", countryCode: "US")),
            startTime: try DateTimeValue(iso8601: "2030-06-14T19:30:00-07:00[America/Los_Angeles]"),
            partySize: 2)),
    reservationNumber: "IWDSCA",
    status: .confirmed,
    holderName: "John Appleseed")

let build = try FeedBuilder().build(from: [dinner], now: try Instant(iso8601: "2030-06-01T09:00:00Z"))
for diagnostic in build.diagnostics { print(diagnostic) }
for event in build.feed.events {
    print("\(event.summary) | \(event.start) → \(event.end.map { "\($0)" } ?? "?") | \(event.location ?? "")")
}
print(try build.feed.iCalendarText(), terminator: "")
