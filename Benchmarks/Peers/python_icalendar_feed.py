#!/usr/bin/env python3
"""The script a user would write instead of reservation-feed with Python's `icalendar` package:
schema.org reservations in, one feed out, an event per reservation with a UID from its number,
a title, the place's text, notes, and UTC-converted times. The peer of `generate` in the
benchmark suite.

    python_icalendar_feed.py IN.json OUT.ics
"""
import json
import sys
from datetime import datetime, timedelta

from icalendar import Calendar, Event


def place_text(place):
    if not place:
        return ""
    address = place.get("address") or {}
    parts = [place.get("name"), address.get("streetAddress"), address.get("addressLocality"), address.get("addressCountry")]
    return ", ".join(part for part in parts if part)


TRANSIT = {"TrainReservation": ("Train", "departureStation", "arrivalStation"),
           "BusReservation": ("Bus", "departureBusStop", "arrivalBusStop"),
           "BoatReservation": ("Boat", "departureBoatTerminal", "arrivalBoatTerminal")}


def event(reservation):
    kind, item = reservation["@type"], reservation.get("reservationFor", {})
    when = datetime.fromisoformat
    if kind == "FlightReservation":
        title = f"Flight {item['airline']['iataCode']} {item['flightNumber']} to {item['arrivalAirport']['iataCode']}"
        where, start, end = item["departureAirport"]["name"], when(item["departureTime"]), when(item["arrivalTime"])
    elif kind == "LodgingReservation":
        title, where = f"Stay at {item['name']}", place_text(item)
        start, end = when(reservation["checkinTime"]), when(reservation["checkoutTime"])
    elif kind == "RentalCarReservation":
        title, where = f"Car: {item['rentalCompany']['name']}", place_text(reservation["pickupLocation"])
        start, end = when(reservation["pickupTime"]), when(reservation["dropoffTime"])
    elif kind == "FoodEstablishmentReservation":
        title, where = f"Dinner at {item['name']}", place_text(item)
        start = when(reservation["startTime"])
        end = start + timedelta(hours=2)
    elif kind == "EventReservation":
        title, where = item["name"], place_text(item.get("location"))
        start = when(item["startDate"])
        end = when(item["endDate"]) if "endDate" in item else start + timedelta(hours=2)
    else:
        mode, origin, destination = TRANSIT[kind]
        title, where = f"{mode} to {item[destination]['name']}", place_text(item[origin])
        start, end = when(item["departureTime"]), when(item["arrivalTime"])
    calendar_event = Event()
    calendar_event.add("uid", f"{reservation['reservationId']}@python-peer")
    calendar_event.add("dtstamp", datetime(2026, 1, 1))
    calendar_event.add("summary", title)
    calendar_event.add("location", where)
    calendar_event.add("dtstart", start)
    calendar_event.add("dtend", end)
    notes = [f"Booking {reservation['reservationId']}"]
    if "underName" in reservation:
        notes.append(f"For {reservation['underName'].get('name', '')}")
    calendar_event.add("description", "\n".join(notes))
    if "url" in reservation:
        calendar_event.add("url", reservation["url"])
    if reservation.get("reservationStatus", "").endswith("Cancelled"):
        calendar_event.add("status", "CANCELLED")
    return calendar_event


def main():
    calendar = Calendar()
    calendar.add("prodid", "-//reservation-feed benchmarks//python peer//EN")
    calendar.add("version", "2.0")
    with open(sys.argv[1]) as file:
        for reservation in json.load(file):
            calendar.add_component(event(reservation))
    with open(sys.argv[2], "wb") as file:
        file.write(calendar.to_ical())


if __name__ == "__main__":
    main()
