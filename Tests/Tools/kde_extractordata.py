#!/usr/bin/env python3
"""Makes KDE Itinerary's extractor test documents into what a person receives.

KDE keeps each test document of `autotests/extractordata/VENDOR/` apart from the message it came
in: the document (the text of an e-mail or of a PDF ticket, a page, a calendar file) and, beside
it, `context.eml` with the sender (and sometimes the date) that KDE's extractor is told. This tool
runs them as e-mails, so each is made one again:

- a `.txt` or `.html` with a context becomes an e-mail from that sender whose body it is;
- a `.ics` with a context becomes an e-mail from that sender with the calendar file attached;
- anything without a context (pages, calendar files, whole e-mails) is copied as it is.

The date of each message is the context's, or else the one `DATES` gives: a day before the
journey, as the booking would have been sent, since KDE's extractor completes dates without a
year from it.

Usage: kde_extractordata.py KDE-EXTRACTORDATA-FOLDER OUTPUT-FOLDER
"""

import email.policy
import pathlib
import sys
from email.message import EmailMessage

# A message date for each document whose context has none (RFC 5322).
DATES = {
    "deutschebahn/deutschebahn_two-leg-return.txt": "Tue, 02 Nov 2027 14:00:00 +0100",
    "deutschebahn/deutschebahn_one-leg-single-international.txt": "Sun, 29 Aug 2027 10:00:00 +0200",
    "deutschebahn/deutschebahn_one-leg-return-no-seat.txt": "Mon, 08 Feb 2027 10:00:00 +0100",
    "deutschebahn/20220726-copenhagen-amsterdam-NL.ics": "Tue, 26 Jul 2022 13:00:00 +0200",
    "deutschebahn/20220726-frankfurt-cologne-paris.ics": "Tue, 26 Jul 2022 11:46:00 +0200",
    "deutschebahn/20220726-hamburg-dortmund-ES.ics": "Tue, 26 Jul 2022 12:57:00 +0200",
    "deutschebahn/20220726-praha-vienna-CZ.ics": "Tue, 26 Jul 2022 13:12:00 +0200",
    "deutschebahn/20220726-rovereto-randa-IT.ics": "Tue, 26 Jul 2022 13:18:00 +0200",
    "deutschebahn/20220726-stockholm-hannover-DK.ics": "Tue, 26 Jul 2022 13:15:00 +0200",
    "deutschebahn/20220726-strasbourg-munich-FR.ics": "Tue, 26 Jul 2022 12:53:00 +0200",
    "deutschebahn/20220726-warsaw-luxembourg-PL.ics": "Tue, 26 Jul 2022 13:21:00 +0200",
    "deutschebahn/20240822-berlin-paris.ics": "Mon, 19 Aug 2024 16:23:51 +0200",
    "regiojet/regiojet_bus_en-one-leg-single.txt": "Thu, 30 Jul 2015 10:00:00 +0200",
    "regiojet/regiojet_bus_cs-one-leg-single.txt": "Thu, 28 Jun 2012 10:00:00 +0200",
    "regiojet/single-leg-event.ics": "Tue, 01 Jan 2019 13:34:56 +0100",
    "eurowings/eurowings_1.txt": "Sun, 23 Apr 2017 11:10:45 +0200",
    "fcm/fcmtravel_2.txt": "Mon, 10 Oct 2016 10:00:00 +0200",
    "fcm/fcmtravel_3.txt": "Thu, 23 Apr 2009 10:00:00 +0200",
    "brusselsairlines/brusselsairlines_1.html": "Mon, 16 Jan 2017 10:00:00 +0100",
}
DEFAULT_DATE = "Mon, 01 Jan 2018 10:00:00 +0100"


def headers(context: pathlib.Path) -> dict[str, str]:
    """The header fields of a context file: `From`, and `Date` when it has one."""
    fields = {}
    for line in context.read_text(encoding="utf-8").splitlines():
        name, _, value = line.partition(":")
        if value:
            fields[name.strip()] = value.strip()
    return fields


def message(context: dict[str, str], document: pathlib.Path, key: str) -> bytes:
    """An e-mail from the context's sender carrying the document."""
    mail = EmailMessage(policy=email.policy.SMTP)
    mail["From"] = context["From"]
    mail["To"] = "john.doe@example.org"
    mail["Subject"] = f"Your booking ({document.stem})"
    mail["Date"] = context.get("Date", DATES.get(key, DEFAULT_DATE))
    mail["Message-ID"] = f"<{document.stem}@kitinerary.test>"
    content = document.read_bytes()
    if document.suffix == ".ics":
        mail.set_content("Your booking is attached.\n", cte="8bit")
        mail.add_attachment(
            content, maintype="text", subtype="calendar", cte="8bit", filename=document.name, params={"charset": "utf-8"})
        mail.set_boundary(f"=={document.stem}==")
    else:
        subtype = "html" if document.suffix == ".html" else "plain"
        mail.set_content(content.decode("utf-8"), subtype=subtype, cte="8bit")
    return mail.as_bytes()


def main() -> None:
    source, output = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    output.mkdir(parents=True, exist_ok=True)
    for document in sorted(source.glob("*/*")):
        if document.name == "context.eml" or document.suffix not in {".txt", ".html", ".ics", ".eml"}:
            continue
        key = f"{document.parent.name}/{document.name}"
        context = document.parent / "context.eml"
        target = output / document.parent.name
        target.mkdir(exist_ok=True)
        if context.exists() and document.suffix != ".eml":
            (target / f"{document.stem}.eml").write_bytes(message(headers(context), document, key))
        elif document.suffix != ".txt":
            (target / document.name).write_bytes(document.read_bytes())
        else:
            sys.exit(f"{key}: a text without a context: KDE's extractor is told nothing of where it came from")


if __name__ == "__main__":
    main()
