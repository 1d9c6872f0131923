#!/usr/bin/env python3
"""Makes DKIM keys and signs e-mails with dkimpy, an implementation independent of the one
under test (libopendkim), for the test suite.

    dkim_tool.py newkey KEYS.txt FOLDER SELECTOR DOMAIN [rsa|ed25519] [--testing]
        Makes a key pair: the private key goes to FOLDER/SELECTOR.DOMAIN.key, and the public
        key's TXT record is appended to KEYS.txt as OpenDKIM's TestPublicKeys writes it
        (SELECTOR._domainkey.DOMAIN v=DKIM1; k=...; p=...). --testing publishes it in testing
        mode (t=y, RFC 6376 section 3.6.1).

    dkim_tool.py sign FOLDER SELECTOR DOMAIN [--length] [--algorithm ed25519-sha256|rsa-sha1]
                 [--canonicalization HEADER/BODY] [--timestamp SECONDS] [--expire SECONDS]
                 [--headers NAME:NAME...] < MESSAGE > SIGNED
        Signs the message on standard input (CRLF or LF line ends) with that key, and writes it
        with its DKIM-Signature field on top. --length adds a body-length tag (l=);
        --canonicalization sets c= (relaxed/simple when not given, dkimpy's default);
        --timestamp sets t= (now when not given) and --expire adds x=, both in seconds since 1970;
        --headers sets the fields h= signs, in that order (each present field of From, To,
        Subject, Date, Message-ID, MIME-Version and Content-Type when not given), so that a
        signature can leave out Date, say.
"""
import base64
import os
import subprocess
import sys

import dkim
import nacl.signing

HEADERS = [b"from", b"to", b"subject", b"date", b"message-id", b"mime-version", b"content-type", b"content-transfer-encoding"]


class Signer(dkim.DKIM):
    """dkimpy's signer, with the signature's times chosen: its sign() writes t= as now and no x=."""

    def __init__(self, message, timestamp=None, expire=None, **options):
        super().__init__(message, **options)
        self.timestamp = timestamp
        self.expire = expire

    def gen_header(self, fields, include_headers, canon_policy, header_name, pk, standardize=False):
        chosen = []
        for name, value in fields:
            if name == b"t" and self.timestamp is not None:
                value = str(self.timestamp).encode()
            chosen.append((name, value))
            if name == b"t" and self.expire is not None:
                chosen.append((b"x", str(self.expire).encode()))
        return super().gen_header(chosen, include_headers, canon_policy, header_name, pk, standardize)


def option(options, name):
    """The value after --name, if given."""
    return options[options.index(name) + 1] if name in options else None


def newkey(keys, folder, selector, domain, kind="rsa", testing=False):
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
    if testing:
        record += "; t=y"
    with open(keys, "a") as out:
        out.write(f"{selector}._domainkey.{domain} {record}\n")


def sign(folder, selector, domain, options):
    message = sys.stdin.buffer.read().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    with open(os.path.join(folder, f"{selector}.{domain}.key"), "rb") as handle:
        key = handle.read()
    algorithm = (option(options, "--algorithm") or "rsa-sha256").encode()
    canonicalization = tuple(part.encode() for part in (option(options, "--canonicalization") or "relaxed/simple").split("/"))
    timestamp, expire = option(options, "--timestamp"), option(options, "--expire")
    present = {line.split(b":", 1)[0].strip().lower() for line in message.split(b"\r\n\r\n", 1)[0].split(b"\r\n") if b":" in line}
    chosen = option(options, "--headers")
    headers = [name.strip().lower().encode() for name in chosen.split(":")] if chosen else [name for name in HEADERS if name in present]
    signer = Signer(message, timestamp=timestamp and int(timestamp), expire=expire and int(expire), signature_algorithm=algorithm)
    # dkimpy insists on From among the signed fields (RFC 6376, section 5.4), as it should.
    signature = signer.sign(
        selector.encode(), domain.encode(), key, canonicalize=canonicalization, include_headers=headers, length="--length" in options)
    sys.stdout.buffer.write(signature + message)


def main(arguments):
    testing = "--testing" in arguments
    if testing:
        arguments = [argument for argument in arguments if argument != "--testing"]
    if arguments[:1] == ["newkey"] and len(arguments) in (5, 6):
        newkey(*arguments[1:], testing=testing)
    elif arguments[:1] == ["sign"] and len(arguments) >= 4:
        sign(arguments[1], arguments[2], arguments[3], arguments[4:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
