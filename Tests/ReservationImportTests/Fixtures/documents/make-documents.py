#!/usr/bin/env python3
"""Writes the documents without markup that the tests hand to KDE's extractor: a boarding pass as
a PDF and as an Apple Wallet pass, both carrying the same IATA boarding pass barcode (BCBP), and
a PDF that carries no booking at all. Invented data; run from this folder to write them again:

    python3 -m venv /tmp/documents && /tmp/documents/bin/pip install segno fpdf2
    /tmp/documents/bin/python make-documents.py
"""
import datetime
import hashlib
import io
import json
import zipfile

import segno
from fpdf import FPDF

# Passenger DOE/JOHN, booking ABC123, Helsinki to Stockholm Arlanda on AY 123, day 180 of the
# year (29 June), seat 12C, sequence number 45: the fields of an IATA BCBP (Resolution 792).
BCBP = "M1DOE/JOHN            EABC123 HELARNAY 0123 180Y012C0045 100"


def barcode_png() -> bytes:
    out = io.BytesIO()
    segno.make(BCBP, error="m", micro=False).save(out, kind="png", scale=6, border=4)
    return out.getvalue()


def pdf(lines, image=None) -> bytes:
    document = FPDF()
    document.set_creation_date(datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))  # the same bytes every run
    document.add_page()
    document.set_font("Helvetica", size=14)
    for line in lines:
        document.cell(0, 10, line, new_x="LMARGIN", new_y="NEXT")
    if image:
        document.image(io.BytesIO(image), x=20, y=40, w=60)
    return bytes(document.output())


def pkpass() -> bytes:
    pass_json = {
        "formatVersion": 1, "passTypeIdentifier": "pass.com.example.boarding", "serialNumber": "ABC123-AY123",
        "teamIdentifier": "EXAMPLE", "organizationName": "Finnair", "description": "Boarding pass",
        "relevantDate": "2026-06-29T09:00:00+03:00",
        "boardingPass": {
            "transitType": "PKTransitTypeAir",
            "headerFields": [{"key": "gate", "label": "Gate", "value": "22"}],
            "primaryFields": [{"key": "origin", "label": "Helsinki", "value": "HEL"},
                              {"key": "destination", "label": "Stockholm", "value": "ARN"}],
            "auxiliaryFields": [{"key": "boarding", "label": "Boarding", "value": "2026-06-29T09:00:00+03:00",
                                 "dateStyle": "PKDateStyleNone", "timeStyle": "PKDateStyleShort"}],
        },
        "barcodes": [{"format": "PKBarcodeFormatQR", "message": BCBP, "messageEncoding": "iso-8859-1"}],
        "barcode": {"format": "PKBarcodeFormatQR", "message": BCBP, "messageEncoding": "iso-8859-1"},
    }
    data = json.dumps(pass_json, indent=2).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in (("pass.json", data), ("manifest.json", json.dumps({"pass.json": hashlib.sha1(data).hexdigest()}).encode())):
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            archive.writestr(info, content)
    return out.getvalue()


if __name__ == "__main__":
    with open("boarding-pass.pdf", "wb") as out:
        out.write(pdf(["Boarding pass - Finnair AY 123 Helsinki - Stockholm", "DOE/JOHN  Seat 12C  Booking ABC123"], barcode_png()))
    with open("boarding-pass.pkpass", "wb") as out:
        out.write(pkpass())
    with open("invoice.pdf", "wb") as out:
        out.write(pdf(["Invoice 2026-0042", "Consulting, 3 hours: 300.00 EUR"]))
