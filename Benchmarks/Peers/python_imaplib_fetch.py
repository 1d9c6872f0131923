#!/usr/bin/env python3
"""The script a user would write to fetch an IMAP folder with Python's imaplib: log in, select
the folder read-only, and download every message (in batches of 100, BODY.PEEK[]) into a folder,
one file per UID. The peer of `reservation-feed-mail sync` in the benchmark suite.

    python_imaplib_fetch.py HOST PORT CAFILE USER PASSWORD FOLDER OUT-FOLDER
"""
import imaplib
import os
import re
import ssl
import sys

host, port, cafile, user, password, folder, out = sys.argv[1:8]
os.makedirs(out, exist_ok=True)
imap = imaplib.IMAP4_SSL(host, int(port), ssl_context=ssl.create_default_context(cafile=cafile))
imap.login(user, password)
imap.select('"' + folder + '"', readonly=True)
status, data = imap.uid("SEARCH", None, "ALL")
uids = data[0].split()
for start in range(0, len(uids), 100):
    batch = b",".join(uids[start:start + 100]).decode()
    status, parts = imap.uid("FETCH", batch, "(UID BODY.PEEK[])")
    for part in parts:
        if not isinstance(part, tuple):
            continue
        uid = re.search(rb"UID (\d+)", part[0]).group(1).decode()
        with open(os.path.join(out, uid + ".eml"), "wb") as handle:
            handle.write(part[1])
imap.logout()
print(len(uids))
