"""The python peer of `reservation-feed publish`: a cron script as people write it with the
`caldav` library (PyPI). It reads a feed `reservation-feed generate` made from the same input,
and saves each of its events into the calendar as a resource of its own (one PUT each,
`Calendar.save_event`), which creates the events on a first run and replaces them all on the
next: the script does not know which changed.

    python_caldav_publish.py FEED.ics CALENDAR-URL USER PASSWORD
"""
import sys

import caldav
import icalendar


def main():
    feed_path, url, user, password = sys.argv[1:5]
    with open(feed_path, "rb") as file:
        feed = icalendar.Calendar.from_ical(file.read())
    zones = {str(zone.get("tzid")): zone for zone in feed.walk("VTIMEZONE")}
    client = caldav.DAVClient(url=url, username=user, password=password)
    calendar = caldav.Calendar(client=client, url=url)
    for event in feed.walk("VEVENT"):
        document = icalendar.Calendar()
        document.add("prodid", "-//peer//python caldav//EN")
        document.add("version", "2.0")
        for prop in ("dtstart", "dtend"):
            value = event.get(prop)
            tzid = value.params.get("TZID") if value is not None else None
            if tzid and tzid in zones and zones[tzid] not in document.subcomponents:
                document.add_component(zones[tzid])
        document.add_component(event)
        calendar.save_event(document.to_ical().decode())


if __name__ == "__main__":
    main()
