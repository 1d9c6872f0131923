#!/usr/bin/env python3
"""The benchmark corpus: N schema.org reservations as one JSON-LD array, the same for a given N.

    make_reservations.py N OUT.json

The eight kinds of reservation Siri Event Suggestions knows take turns (flight, stay, rental
car, table, ticketed event, train, bus, boat). Times carry the UTC offset their place keeps on
that day (from the tz database, through zoneinfo), so the corpus crosses daylight-saving
changes; one reservation in twenty is cancelled. Every one is made out to "Traveller N", which
the benchmark's changed corpus renames for every hundredth. 100,000 reservations make ~95 MB.
"""
import json
import random
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

# Airports with their zones (codes and zones from the tz database's and IATA's public lists).
AIRPORTS = [
    ("HEL", "Helsinki-Vantaa", "Europe/Helsinki"),
    ("LHR", "London Heathrow", "Europe/London"),
    ("SFO", "San Francisco International", "America/Los_Angeles"),
    ("ORD", "Chicago O'Hare", "America/Chicago"),
    ("HND", "Tokyo Haneda", "Asia/Tokyo"),
    ("SIN", "Singapore Changi", "Asia/Singapore"),
    ("MAD", "Madrid-Barajas", "Europe/Madrid"),
    ("AKL", "Auckland", "Pacific/Auckland"),
]
# Cities: name, region, country code, zone, latitude, longitude.
CITIES = [
    ("Helsinki", "", "FI", "Europe/Helsinki", 60.1699, 24.9384),
    ("Lyon", "", "FR", "Europe/Paris", 45.764, 4.8357),
    ("Chicago", "IL", "US", "America/Chicago", 41.8781, -87.6298),
    ("Osaka", "", "JP", "Asia/Tokyo", 34.6937, 135.5023),
    ("Toronto", "ON", "CA", "America/Toronto", 43.6532, -79.3832),
    ("Melbourne", "VIC", "AU", "Australia/Melbourne", -37.8136, 144.9631),
    ("Munich", "", "DE", "Europe/Berlin", 48.1351, 11.582),
]
KINDS = ["flight", "lodging", "car", "food", "event", "train", "bus", "boat"]
TRANSIT = {
    "train": ("TrainReservation", "TrainTrip", "TrainStation", "trainNumber", "departureStation", "arrivalStation"),
    "bus": ("BusReservation", "BusTrip", "BusStation", "busNumber", "departureBusStop", "arrivalBusStop"),
    "boat": ("BoatReservation", "BoatTrip", "BoatTerminal", "identifier", "departureBoatTerminal", "arrivalBoatTerminal"),
}


def local(moment, zone):
    """The wall-clock time `moment` (naive) in `zone`, with the offset the zone keeps then."""
    return moment.replace(tzinfo=ZoneInfo(zone)).isoformat()


def address(city, n):
    name, region, country = city[0], city[1], city[2]
    fields = {"@type": "PostalAddress", "streetAddress": f"{n % 700 + 3} Harbour Road", "addressLocality": name,
              "postalCode": f"{(n * 37) % 90000 + 10000}", "addressCountry": country}
    if region:
        fields["addressRegion"] = region
    return fields


def place(kind, name, city, n, with_geo=False):
    fields = {"@type": kind, "name": name, "address": address(city, n)}
    if with_geo:
        fields["geo"] = {"@type": "GeoCoordinates", "latitude": city[4], "longitude": city[5]}
    return fields


def reservation(n, rng, first_day):
    kind = KINDS[n % len(KINDS)]
    city = CITIES[(n // len(KINDS)) % len(CITIES)]
    start = first_day + timedelta(days=rng.randrange(365), hours=rng.randrange(7, 21), minutes=15 * rng.randrange(4))
    common = {
        "@context": "https://schema.org",
        "reservationId": f"BK{n:08d}",
        "reservationStatus": "https://schema.org/" + ("ReservationCancelled" if rng.random() < 0.05 else "ReservationConfirmed"),
        "underName": {"@type": "Person", "name": f"Traveller {n}"},
        "url": f"https://bookings.example/{n}",
    }
    if kind == "flight":
        origin, destination = rng.sample(AIRPORTS, 2)
        arrival = (start.replace(tzinfo=ZoneInfo(origin[2])) + timedelta(minutes=rng.randrange(50, 840)))
        arrival = arrival.astimezone(ZoneInfo(destination[2])).replace(tzinfo=None)
        return {**common, "@type": "FlightReservation", "airplaneSeat": f"{n % 38 + 1}{'ABCDEF'[n % 6]}",
                "reservationFor": {
                    "@type": "Flight", "flightNumber": str(n % 1900 + 100),
                    "airline": {"@type": "Airline", "name": "Bench Airways", "iataCode": "BQ"},
                    "departureAirport": {"@type": "Airport", "name": origin[1], "iataCode": origin[0]},
                    "arrivalAirport": {"@type": "Airport", "name": destination[1], "iataCode": destination[0]},
                    "departureTime": local(start, origin[2]), "arrivalTime": local(arrival, destination[2]),
                    "departureTerminal": str(n % 3 + 1), "departureGate": f"{'ABC'[n % 3]}{n % 40 + 1}"}}
    if kind == "lodging":
        nights = rng.randrange(1, 10)
        return {**common, "@type": "LodgingReservation",
                "reservationFor": {**place("LodgingBusiness", f"Harbour Hotel {city[0]} {n % 40}", city, n, with_geo=True),
                                   "telephone": "+358 9 123 4567"},
                "checkinTime": local(start.replace(hour=14, minute=0), city[3]),
                "checkoutTime": local((start + timedelta(days=nights)).replace(hour=12, minute=0), city[3])}
    if kind == "car":
        return {**common, "@type": "RentalCarReservation",
                "reservationFor": {"@type": "Car", "name": "Economy", "model": "Yaris", "brand": {"@type": "Brand", "name": "Toyota"},
                                   "rentalCompany": {"@type": "Organization", "name": "Bench Car Hire"}},
                "pickupLocation": place("Place", f"{city[0]} Station desk", city, n),
                "dropoffLocation": place("Place", f"{city[0]} Airport desk", city, n + 5),
                "pickupTime": local(start, city[3]), "dropoffTime": local(start + timedelta(days=rng.randrange(1, 8)), city[3])}
    if kind == "food":
        return {**common, "@type": "FoodEstablishmentReservation", "partySize": n % 8 + 1,
                "reservationFor": {**place("FoodEstablishment", f"Trattoria {n % 83}", city, n), "telephone": "+33 4 12 34 56 78"},
                "startTime": local(start.replace(hour=20, minute=0), city[3])}
    if kind == "event":
        event = {**place("Event", f"Recital {n % 257}", city, n), "startDate": local(start.replace(hour=19, minute=30), city[3])}
        event["location"] = place("Place", f"{city[0]} Concert Hall", city, n)
        del event["address"]
        if n % 4 == 0:
            event["endDate"] = local(start.replace(hour=22, minute=0), city[3])
        return {**common, "@type": "EventReservation", "reservationFor": event,
                "reservedTicket": {"@type": "Ticket", "ticketedSeat": {"@type": "Seat", "seatRow": "K", "seatNumber": str(n % 25 + 1)}}}
    reservation_type, trip_type, stop_type, number_key, from_key, to_key = TRANSIT[kind]
    trip = {"@type": trip_type, number_key: f"{kind[0].upper()}{n % 900 + 10}",
            from_key: place(stop_type, f"{city[0]} Central", city, n),
            to_key: place(stop_type, f"{city[0]} Harbour", city, n + 11),
            "departureTime": local(start, city[3]),
            "arrivalTime": local(start + timedelta(minutes=rng.randrange(20, 420)), city[3])}
    trip["provider"] = {"@type": "Organization", "name": f"Bench {kind.capitalize()} Lines"}
    return {**common, "@type": reservation_type, "reservationFor": trip}


def main():
    count, output = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(2026)
    first_day = datetime(2027, 2, 1)
    with open(output, "w") as file:
        json.dump([reservation(n, rng, first_day) for n in range(count)], file, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
