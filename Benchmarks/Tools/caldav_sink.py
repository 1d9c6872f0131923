"""A CalDAV calendar that only takes writes, for filling the benchmark's large calendar.

    caldav_sink.py FOLDER

Prints its port, then answers as one empty calendar at /sink/ would: PROPFIND says it is a
calendar, sync-collection lists nothing, and each PUT's body is saved in FOLDER under the
resource's name. The files are then laid into Radicale's storage as they are: Radicale checks
every new event's UID against the whole calendar, so filling it with 20,000 PUTs takes the better
part of an hour, against seconds this way. The events are exactly what publish writes.
"""
import http.server
import os
import sys

folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)
MULTISTATUS = (
    '<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
    "%s</d:multistatus>"
)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def answer(self, status, text=b"", extra=()):
        self.send_response(status)
        for name, value in extra:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)

    def do_PROPFIND(self):
        self.body()
        response = (
            "<d:response><d:href>/sink/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/>"
            "</d:resourcetype><d:displayname>sink</d:displayname></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
        )
        self.answer(207, (MULTISTATUS % response).encode(), [("Content-Type", "application/xml")])

    def do_REPORT(self):
        self.body()
        self.answer(207, (MULTISTATUS % "<d:sync-token>sink-1</d:sync-token>").encode(), [("Content-Type", "application/xml")])

    def do_PUT(self):
        data = self.body()
        name = os.path.basename(self.path.rstrip("/"))
        with open(os.path.join(folder, name), "wb") as file:
            file.write(data)
        self.answer(201, extra=[("ETag", '"%s"' % name)])

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
