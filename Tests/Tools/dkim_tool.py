#!/usr/bin/env python3
"""Makes DKIM keys and signs e-mails with dkimpy, an implementation independent of the one
under test (libopendkim), for the test suite.

    dkim_tool.py newkey KEYS.txt FOLDER SELECTOR DOMAIN [rsa|ed25519]
        Makes a key pair: the private key goes to FOLDER/SELECTOR.DOMAIN.key, and the public
        key's TXT record is appended to KEYS.txt as OpenDKIM's TestPublicKeys writes it
        (SELECTOR._domainkey.DOMAIN v=DKIM1; k=...; p=...).

    dkim_tool.py sign FOLDER SELECTOR DOMAIN [--length] [--algorithm ed25519-sha256] < MESSAGE > SIGNED
        Signs the message on standard input (CRLF or LF line ends) with that key, and writes it
        with its DKIM-Signature field on top. --length adds a body-length tag (l=).
"""
import base64
import os
import subprocess
import sys

import dkim
import nacl.signing

HEADERS = [b"from", b"to", b"subject", b"date", b"message-id", b"mime-version", b"content-type"]


def newkey(keys, folder, selector, domain, kind="rsa"):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"{selector}.{domain}.key")
    if kind == "ed25519":
        key = nacl.signing.SigningKey.generate()
        with open(path, "wb") as out:
            out.write(base64.b64encode(bytes(key)))
        record = f"v=DKIM1; k=ed25519; p={base64.b64encode(bytes(key.verify_key)).decode()}"
    else:
        subprocess.run(["openssl", "genrsa", "-out", path, "2048"], check=True, capture_output=True)
        der = subprocess.run(["openssl", "rsa", "-in", path, "-pubout", "-outform", "DER"], check=True, capture_output=True).stdout
        record = f"v=DKIM1; k=rsa; p={base64.b64encode(der).decode()}"
    with open(keys, "a") as out:
        out.write(f"{selector}._domainkey.{domain} {record}\n")


def sign(folder, selector, domain, options):
    message = sys.stdin.buffer.read().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    with open(os.path.join(folder, f"{selector}.{domain}.key"), "rb") as handle:
        key = handle.read()
    algorithm = b"rsa-sha256"
    if "--algorithm" in options:
        algorithm = options[options.index("--algorithm") + 1].encode()
    present = {line.split(b":", 1)[0].strip().lower() for line in message.split(b"\r\n\r\n", 1)[0].split(b"\r\n") if b":" in line}
    signature = dkim.sign(
        message, selector.encode(), domain.encode(), key, signature_algorithm=algorithm,
        include_headers=[name for name in HEADERS if name in present], length="--length" in options)
    sys.stdout.buffer.write(signature + message)


def main(arguments):
    if arguments[:1] == ["newkey"] and len(arguments) in (5, 6):
        newkey(*arguments[1:])
    elif arguments[:1] == ["sign"] and len(arguments) >= 4:
        sign(arguments[1], arguments[2], arguments[3], arguments[4:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
