#!/usr/bin/env python3
"""A small CalDAV server on loopback that answers as a compromised or buggy one would, for the
tests of what `publish` and `calendars` do with such answers.

    hostile_caldav.py LOG MODE

Listens on 127.0.0.1 and 127.0.0.2 on the same free port, prints the port, and appends each
request it gets to LOG as a JSON line: {"address", "method", "path", "authorization"}. The
calendar is /cal/; PUTs into it are kept (so a first run can publish), and MODE says how it
answers a listing (a `calendar-query` REPORT; `sync-collection` is refused, so the client lists):

- `honest`: the kept resources, at their own hrefs;
- `outside`: the kept resources at hrefs outside the calendar instead: /other/NAME,
  /cal/../victim/NAME, /cal/%2e%2e/victim2/NAME and http://127.0.0.2:PORT/NAME;
- `silence`: the listing's status line and headers, then nothing, for as long as the client waits;
- `announce`: the calendar's own PROPFIND answered with headers announcing 999,999,999,999 bytes,
  then nothing;
- `flood`: a listing that never ends (chunked), of events of 64 KB each, well-formed all along;
- `swarm`: a listing that never ends, of tiny responses naming resources outside the calendar;
- `crowd`: an honest calendar of 20,000 events of the person's own (no digest of this tool's)
  beside the kept resources;
- `deep`: a listing whose one response holds elements nested 200,000 deep.

The mode can be changed while it runs by writing a new one to LOG + ".mode".
"""
import http.server
import json
import os
import socketserver
import sys
import threading
import time

LOG, MODE = sys.argv[1], sys.argv[2]
kept = {}
lock = threading.Lock()


def mode():
    try:
        with open(LOG + ".mode") as handle:
            return handle.read().strip() or MODE
    except OSError:
        return MODE


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *arguments):
        pass

    def record(self):
        entry = {
            "address": self.server.server_address[0], "method": self.command, "path": self.path,
            "authorization": "Authorization" in self.headers,
        }
        with lock, open(LOG, "a") as handle:
            handle.write(json.dumps(entry) + "\n")

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def answer(self, status, body=b"", headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_PROPFIND(self):
        self.record()
        request = self.body()
        if mode() == "announce":
            self.send_response(207)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "999999999999")
            self.end_headers()
            self.wfile.flush()
            time.sleep(3600)
            return
        if self.path.rstrip("/") == "/cal" and b"resourcetype" in request:
            body = (
                '<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
                '<d:response><d:href>/cal/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype>'
                '</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>').encode()
            self.answer(207, body, {"Content-Type": "application/xml"})
        else:
            self.answer(404)

    def do_REPORT(self):
        self.record()
        request = self.body()
        if b"sync-collection" in request:
            self.answer(501)
            return
        current = mode()
        if current == "silence":
            self.send_response(207)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.flush()
            time.sleep(3600)
            return
        if current in ("flood", "swarm"):
            self.endless(current)
            return
        if current == "deep":
            body = ('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response>' + "<d:x>" * 200000
                    + "</d:x>" * 200000 + "</d:response></d:multistatus>").encode()
            self.answer(207, body, {"Content-Type": "application/xml"})
            return
        port = self.server.server_address[1]
        responses = []
        with lock:
            items = list(kept.items())
        for name, (tag, data) in items:
            if current == "outside":
                hrefs = [f"/other/{name}", f"/cal/../victim/{name}", f"/cal/%2e%2e/victim2/{name}", f"http://127.0.0.2:{port}/{name}"]
            else:
                hrefs = [f"/cal/{name}"]
            for href in hrefs:
                text = data.decode().replace("&", "&amp;").replace("<", "&lt;")
                responses.append(
                    f"<d:response><d:href>{href}</d:href><d:propstat><d:prop><d:getetag>{tag}</d:getetag>"
                    f"<c:calendar-data>{text}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")
        if current == "crowd":
            responses += crowd()
        body = ('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
                + "".join(responses) + "</d:multistatus>").encode()
        self.answer(207, body, {"Content-Type": "application/xml"})

    def endless(self, current):
        """A multistatus that goes on for as long as the client reads it, in chunks."""
        self.send_response(207)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

        def chunk(data):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

        try:
            chunk(b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">')
            number = 0
            while True:
                if current == "flood":
                    text = ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:flood-%d\r\nDESCRIPTION:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
                            % (number, "x" * 65536))
                    data = (f'<d:response><d:href>/cal/flood-{number}.ics</d:href><d:propstat><d:prop><d:getetag>"{number}"</d:getetag>'
                            f'<c:calendar-data>{text}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>')
                    number += 1
                else:
                    data = "".join(f"<d:response><d:href>/o/{number + index}</d:href></d:response>" for index in range(1000))
                    number += 1000
                chunk(data.encode())
        except OSError:
            pass

    def do_PUT(self):
        self.record()
        data = self.body()
        if not self.path.startswith("/cal/"):
            self.answer(201, headers={"ETag": '"elsewhere"'})
            return
        name = self.path[len("/cal/"):]
        tag = '"%d"' % (time.time_ns() % 1000000)
        with lock:
            kept[name] = (tag, data)
        self.answer(201, headers={"ETag": tag})

    def do_DELETE(self):
        self.record()
        with lock:
            kept.pop(self.path[len("/cal/"):], None)
        self.answer(204)

    def do_GET(self):
        self.record()
        self.answer(404)


def crowd():
    """20,000 events of the person's own, as a calendar that is used for more than bookings holds."""
    responses = []
    for number in range(20000):
        text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Person//Calendar//EN\r\nBEGIN:VEVENT\r\n"
                f"UID:own-{number}@example.org\r\nDTSTAMP:20300101T000000Z\r\n"
                f"DTSTART:2030{1 + number % 12:02d}{1 + number % 28:02d}T{number % 24:02d}0000Z\r\nDURATION:PT1H\r\n"
                f"SUMMARY:Meeting {number}\r\nLOCATION:Room {number % 40}\, Building B\r\n"
                "DESCRIPTION:" + "Agenda: the quarter's plans\\, the budget and what comes next. " * 12 + "\r\n"
                "END:VEVENT\r\nEND:VCALENDAR\r\n")
        responses.append(
            f'<d:response><d:href>/cal/own-{number}.ics</d:href><d:propstat><d:prop><d:getetag>"own-{number}"</d:getetag>'
            f'<c:calendar-data>{text}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>')
    return responses


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


first = Server(("127.0.0.1", 0), Handler)
port = first.server_address[1]
second = Server(("127.0.0.2", port), Handler)
for server in (first, second):
    threading.Thread(target=server.serve_forever, daemon=True).start()
print(port, flush=True)
try:
    while True:
        time.sleep(3600)
except KeyboardInterrupt:
    pass
