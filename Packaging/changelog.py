#!/usr/bin/env python3
"""Debian's changelog (debian/changelog) made from CHANGELOG.md, newest entry first.

    changelog.py CHANGELOG.md --maintainer 'Name <address>'

Each `## VERSION — YYYY-MM-DD` entry becomes one Debian entry of that version and day; its
paragraphs and list items become the entry's items, rewrapped to Debian's 80 columns, with
Markdown's code quotes and emphasis taken off.
"""

import argparse
import datetime
import email.utils
import re
import sys
import textwrap

HEADING = re.compile(r"^## (\S+) — (\d{4}-\d{2}-\d{2})$")


def plain(text: str) -> str:
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"\*\*([^*]*)\*\*", r"\1", text)
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)


def items(lines: list[str]) -> list[str]:
    """The entry's paragraphs and list items (nested items joined to theirs), as plain text."""
    found, current = [], []
    for line in lines:
        if not line.strip():
            if current:
                found.append(" ".join(current))
                current = []
        elif line.startswith("- "):
            if current:
                found.append(" ".join(current))
            current = [line[2:].strip()]
        else:
            current.append(line.strip().removeprefix("- "))
    if current:
        found.append(" ".join(current))
    return [plain(item) for item in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("changelog")
    parser.add_argument("--maintainer", required=True)
    parser.add_argument("--package", default="reservation-feed")
    arguments = parser.parse_args()

    entries, current = [], None
    with open(arguments.changelog, encoding="utf-8") as file:
        for line in file.read().splitlines():
            if line.startswith("## "):
                match = HEADING.match(line)
                if not match:
                    sys.exit(f"changelog: {arguments.changelog}: '{line}' is not '## VERSION — YYYY-MM-DD'")
                current = (match.group(1), match.group(2), [])
                entries.append(current)
            elif current:
                current[2].append(line)
    if not entries:
        sys.exit(f"changelog: {arguments.changelog} has no '## VERSION — YYYY-MM-DD' entry")

    out = []
    for index, (version, day, lines) in enumerate(entries):
        out.append(f"{arguments.package} ({version}) unstable; urgency=medium\n")
        for item in items(lines):
            out.append(textwrap.fill(item, width=78, initial_indent="  * ", subsequent_indent="    ",
                                     break_on_hyphens=False))
        # Debian's changelog wants every entry later than the one before it: versions released
        # on one day are stamped from noon on, an hour apart, in the order they came.
        same_day_before = sum(1 for _, older_day, _ in entries[index + 1:] if older_day == day)
        stamp = datetime.datetime.fromisoformat(day).replace(tzinfo=datetime.timezone.utc) + datetime.timedelta(
            hours=12 + same_day_before)
        out.append(f"\n -- {arguments.maintainer}  {email.utils.format_datetime(stamp)}\n")
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
