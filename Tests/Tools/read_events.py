#!/usr/bin/env python3
"""Reads the events of iCalendar files with python `icalendar`, a parser of its own, and prints
them as JSON: a list per file of objects, each property's name and its value as text (unescaped,
unfolded; dates and times as written, with `;TZID=...` before a zone's), for tests that check what
a feed says through a reader that is not this project's.

    Tests/Tools/python Tests/Tools/read_events.py FEED.ics...
"""
import json
import sys

import icalendar


def text(name, value):
    if hasattr(value, "to_ical") and name in ("DTSTART", "DTEND", "DTSTAMP", "LAST-MODIFIED", "RECURRENCE-ID"):
        written = value.to_ical().decode()
        zone = value.params.get("TZID")
        value_type = value.params.get("VALUE")
        prefix = f";TZID={zone}" if zone else (f";VALUE={value_type}" if value_type else "")
        return f"{prefix}:{written}" if prefix else written
    if isinstance(value, list):
        return ",".join(text(name, item) for item in value)
    if hasattr(value, "to_ical") and not isinstance(value, str):
        written = value.to_ical()
        return written.decode() if isinstance(written, bytes) else str(written)
    return str(value)


files = []
for path in sys.argv[1:]:
    with open(path, "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    events = []
    for event in calendar.walk("VEVENT"):
        fields = {}
        for name, value in event.property_items(recursive=False):
            if name in ("BEGIN", "END") or name in fields:
                continue
            fields[name] = text(name, value)
        events.append(fields)
    files.append(events)
json.dump(files, sys.stdout, ensure_ascii=False)
