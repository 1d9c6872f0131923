"""An independent CalDAV client for the tests, on the `caldav` library (PyPI).

    caldav_tool.py list   URL USER PASSWORD           JSON: every event of the calendar
    caldav_tool.py edit   URL USER PASSWORD UID TEXT  a person's edit: SUMMARY becomes TEXT
    caldav_tool.py delete URL USER PASSWORD UID       a person's deletion
    caldav_tool.py add    URL USER PASSWORD UID TEXT  a person's own event, on 20 June 2030
    caldav_tool.py feed   FILE                        JSON: every event of an .ics feed, as list does
    caldav_tool.py calendars URL USER PASSWORD        JSON: the account's calendars, found from any
                                                      address of it (url, name, components)

USER may be empty for a server without authentication. `list` prints, for each event: its href,
UID, SUMMARY, DTSTART and DTEND (ISO 8601, with the zone's name), STATUS, SEQUENCE and the
resource's text.
"""
import json
import sys

import caldav
import icalendar


def calendar(url, user, password):
    client = caldav.DAVClient(url=url, username=user or None, password=password or None)
    return caldav.Calendar(client=client, url=url)


def when(value):
    if value is None:
        return None
    moment = value.dt
    zone = getattr(getattr(moment, "tzinfo", None), "key", None) or (str(moment.tzinfo) if getattr(moment, "tzinfo", None) else None)
    return moment.isoformat() + (f"[{zone}]" if zone else "")


def find(cal, uid):
    for event in cal.events():
        if str(event.icalendar_component.get("uid")) == uid:
            return event
    raise SystemExit(f"no event {uid}")


def describe(component, href, data):
    return {
        "href": href,
        "uid": str(component.get("uid")),
        "summary": str(component.get("summary")),
        "start": when(component.get("dtstart")),
        "end": when(component.get("dtend")),
        "status": str(component.get("status")) if component.get("status") else None,
        "sequence": int(component.get("sequence", 0)),
        "data": data,
    }


def main():
    if sys.argv[1] == "feed":
        with open(sys.argv[2], "rb") as file:
            feed = icalendar.Calendar.from_ical(file.read())
        out = sorted((describe(c, None, None) for c in feed.walk("VEVENT")), key=lambda e: e["uid"])
        print(json.dumps(out, indent=1))
        return
    command, url, user, password = sys.argv[1:5]
    if command == "calendars":
        client = caldav.DAVClient(url=url, username=user or None, password=password or None)
        out = []
        for found in client.principal().calendars():
            try:
                components = found.get_supported_components()
            except Exception:
                components = None
            out.append({"url": str(found.url), "name": found.get_display_name(), "components": components})
        print(json.dumps(sorted(out, key=lambda c: c["url"]), indent=1))
        return
    cal = calendar(url, user, password)
    if command == "list":
        out = []
        for event in cal.events():
            data = event.data
            component = icalendar.Calendar.from_ical(data).walk("VEVENT")[0]
            out.append(describe(component, str(event.url), data))
        out.sort(key=lambda e: e["uid"])
        print(json.dumps(out, indent=1))
    elif command == "edit":
        uid, text = sys.argv[5:7]
        event = find(cal, uid)
        component = event.icalendar_component
        component["summary"] = text
        component["sequence"] = int(component.get("sequence", 0)) + 1
        event.save()
    elif command == "delete":
        find(cal, sys.argv[5]).delete()
    elif command == "add":
        uid, text = sys.argv[5:7]
        cal.save_event(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\n"
            f"UID:{uid}\r\nDTSTAMP:20300101T000000Z\r\nDTSTART;VALUE=DATE:20300620\r\nSUMMARY:{text}\r\n"
            "END:VEVENT\r\nEND:VCALENDAR\r\n"
        )
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main()
