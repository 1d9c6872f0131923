"""A web server that only redirects, as CalDAV services' front doors do, for the tests.

    redirect_server.py well-known TARGET   /.well-known/caldav answers 301 to TARGET; every
                                           other path 404 (a server whose root is no DAV)
    redirect_server.py everything TARGET   every path answers 308 to TARGET + the path (a
                                           service moved to another host)

It listens on a free loopback port, prints the port on its first line, and serves every
method (PROPFIND, REPORT, PUT...) until killed.
"""
import http.server
import sys

mode, target = sys.argv[1], sys.argv[2].rstrip("/")


class Handler(http.server.BaseHTTPRequestHandler):
    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        if mode == "well-known" and self.path.rstrip("/") == "/.well-known/caldav":
            self.send_response(301)
            self.send_header("Location", target + "/")
        elif mode == "everything":
            self.send_response(308)
            self.send_header("Location", target + self.path)
        else:
            self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_PUT = do_DELETE = do_OPTIONS = do_PROPFIND = do_REPORT = do_MKCALENDAR = answer

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
