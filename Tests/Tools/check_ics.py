#!/usr/bin/env python3
"""Checks iCalendar files the way subscribers' calendars will read them.

Each file must parse in python `icalendar`, Home Assistant's strict `ical` and `vobject`, and
follow RFC 5545 rules these parsers let through: CRLF line ends, at most 75 octets per line, no
escape sequence split by a fold, valid UTF-8 without control characters, balanced BEGIN/END,
UID and DTSTAMP in every VEVENT, a VTIMEZONE for every TZID used, DTEND after DTSTART, and
VTIMEZONE onsets (DTSTART, RDATE) in local time (section 3.6.5). Times written with a TZID must
exist in the tz database and occur once: a time in a spring-forward gap, or in the hour that
repeats when clocks go back (RFC 5545 reads its first occurrence, Thunderbird its second), is a
problem, since clients disagree on it.
"""
import logging
import re
import sys
import warnings

logging.disable(logging.CRITICAL)
warnings.simplefilter("ignore")

from datetime import datetime, timezone  # noqa: E402
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError  # noqa: E402

import icalendar  # noqa: E402
import vobject  # noqa: E402
from ical.calendar_stream import IcsCalendarStream  # noqa: E402

CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def structure_problems(raw: bytes) -> list[str]:
    problems = []
    if not raw.endswith(b"\r\n"):
        problems.append("the file does not end with CRLF")
    physical = raw.split(b"\r\n")
    if physical and physical[-1] == b"":
        physical.pop()
    for number, line in enumerate(physical, 1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {number}: a bare CR or LF")
            break
        if len(line) > 75:
            problems.append(f"line {number}: {len(line)} octets, more than 75")
            break
    for number, (line, following) in enumerate(zip(physical, physical[1:]), 1):
        if following[:1] in (b" ", b"\t"):
            backslashes = len(line) - len(line.rstrip(b"\\"))
            if backslashes % 2 == 1:
                problems.append(f"line {number}: an escape sequence is split by a fold")
                break
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return problems + [f"not UTF-8: {error}"]
    logical = re.sub(r"\r\n[ \t]", "", text).split("\r\n")
    for number, line in enumerate(logical, 1):
        if CONTROL.search(line.replace("\t", "")):
            problems.append(f"content line {number}: a control character")
            break
    stack = []
    for line in logical:
        if line.startswith("BEGIN:"):
            stack.append(line[6:])
        elif line.startswith("END:"):
            if not stack or stack.pop() != line[4:]:
                problems.append(f"unbalanced {line}")
                break
    if stack:
        problems.append(f"{stack[-1]} is not closed")
    defined = {line[5:] for line in logical if line.startswith("TZID:")}
    used = set()
    for line in logical:
        head = line.split(":", 1)[0]
        used.update(m.strip('"') for m in re.findall(r';TZID=("[^"]*"|[^;:]*)', head))
    for zone in sorted(used - defined):
        problems.append(f"TZID {zone} has no VTIMEZONE")
    body = "\n".join(logical)
    for event in re.findall(r"^BEGIN:VEVENT$(.*?)^END:VEVENT$", body, re.M | re.S):
        own = re.sub(r"^BEGIN:VALARM$.*?^END:VALARM$", "", event, flags=re.M | re.S)
        for name in ("UID", "DTSTAMP"):
            if not re.search(rf"^{name}[;:]", own, re.M):
                problems.append(f"a VEVENT has no {name}")
    return problems


def time_problems(raw: bytes) -> list[str]:
    """VTIMEZONE onsets not in local time; TZID times that do not exist or occur twice."""
    problems = []
    text = re.sub(r"\r\n[ \t]", "", raw.decode("utf-8", errors="replace")).replace("\r\n", "\n")
    for zone in re.findall(r"^BEGIN:VTIMEZONE\n(.*?)^END:VTIMEZONE$", text, re.M | re.S):
        name = (re.findall(r"^TZID:(.*)$", zone, re.M) or ["?"])[0]
        for line in re.findall(r"^(?:DTSTART|RDATE)[;:].*$", zone, re.M):
            if line.endswith("Z") or re.search(r"[:,]\d{8}T\d{6}Z", line) or ";TZID=" in line:
                problems.append(f"VTIMEZONE {name}: {line} is not a local time (RFC 5545 3.6.5)")
                break
    for event in re.findall(r"^BEGIN:VEVENT\n(.*?)^END:VEVENT$", text, re.M | re.S):
        uid = (re.findall(r"^UID:(.*)$", event, re.M) or ["?"])[0]
        pattern = r'^(DTSTART|DTEND);(?:[^:]*;)?TZID="?([^:;"]+)"?(?:;[^:]*)?:(\d{8}T\d{6})$'
        for name, zone, value in re.findall(pattern, event, re.M):
            try:
                tz = ZoneInfo(zone)
            except (ZoneInfoNotFoundError, ValueError):
                continue
            local = datetime.strptime(value, "%Y%m%dT%H%M%S")
            first, second = local.replace(tzinfo=tz, fold=0), local.replace(tzinfo=tz, fold=1)
            if first.astimezone(timezone.utc).astimezone(tz).replace(tzinfo=None) != local:
                problems.append(f"{uid}: {name} {local} does not exist in {zone} (a spring-forward gap)")
            elif first.utcoffset() != second.utcoffset():
                problems.append(f"{uid}: {name} {local} occurs twice in {zone}: clients disagree on it; write the instant in UTC")
    return problems


def parser_problems(raw: bytes) -> list[str]:
    problems = []
    text = raw.decode("utf-8", errors="replace")
    try:
        calendar = icalendar.Calendar.from_ical(raw)
        for event in calendar.walk("VEVENT"):
            if event.errors:
                problems.append(f"icalendar: {event.errors}")
            start, end = event.get("dtstart"), event.get("dtend")
            if start is not None and end is not None:
                try:
                    if end.dt < start.dt:
                        problems.append(f"icalendar: DTEND before DTSTART in {event.get('uid')}")
                except TypeError:
                    problems.append(f"icalendar: DTSTART and DTEND of {event.get('uid')} are not comparable")
    except Exception as error:  # any failure to read is a finding
        problems.append(f"icalendar: {error}")
    try:
        IcsCalendarStream.calendar_from_ics(text)
    except Exception as error:
        problems.append(f"ical (strict): {str(error)[:300]}")
    try:
        for component in vobject.readComponents(text):
            component.serialize()
    except Exception as error:
        problems.append(f"vobject: {error}")
    return problems


def main(paths: list[str]) -> int:
    failed = 0
    for path in paths:
        with open(path, "rb") as handle:
            raw = handle.read()
        problems = structure_problems(raw) + time_problems(raw) + parser_problems(raw)
        if problems:
            failed += 1
            print(f"{path}:")
            for problem in problems[:12]:
                print(f"  {problem}")
    print(f"{len(paths) - failed} clean, {failed} with problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
