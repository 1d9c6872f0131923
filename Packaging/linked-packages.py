#!/usr/bin/env python3
"""The Swift packages built into the programs, for the Debian package's copyright and NOTICE.

    linked-packages.py BUILD_FOLDER PROGRAM... --copyright FILE --notice FILE

BUILD_FOLDER is SwiftPM's folder of a release build (.build/release). The modules each PROGRAM
links are read from SwiftPM's link list beside it (PROGRAM.product/Objects.LinkFileList); a
package fetched into .build/checkouts is built in when one of its modules is. For each such
package this writes a DEP-5 paragraph (its licence, its copyright lines)
and its NOTICE, which the Apache License asks to pass on, to the notice file. The paragraphs
are written to the copyright FILE given (build-deb puts them after the general paragraph, so the
more particular ones after them win). A package whose
licence is not the Apache License 2.0 stops the build: its terms must be read and written down
by a person before it ships.
"""

import argparse
import pathlib
import re
import sys


def linked_modules(build: pathlib.Path, programs: list[str]) -> set[str]:
    modules = set()
    for program in programs:
        link_list = build / f"{program}.product" / "Objects.LinkFileList"
        if not link_list.is_file():
            sys.exit(f"linked-packages: {link_list} is missing: build {program} in release mode first")
        for line in link_list.read_text().splitlines():
            match = re.search(r"/([^/]+)\.build/[^/]+$", line.strip().strip("'\""))
            if match:
                modules.add(match.group(1))
    return modules


def package_modules(checkout: pathlib.Path) -> set[str]:
    """The module names a package's Sources folder holds (SwiftPM's default layout)."""
    sources = checkout / "Sources"
    if not sources.is_dir():
        return set()
    return {entry.name.replace("-", "_") for entry in sources.iterdir() if entry.is_dir()}


def copyright_lines(checkout: pathlib.Path) -> list[str]:
    lines = []
    for name in ("NOTICE.txt", "NOTICE", "LICENSE.txt", "LICENSE"):
        path = checkout / name
        if path.is_file():
            for line in path.read_text(errors="replace").splitlines():
                line = line.strip()
                if re.match(r"^Copyright\b.*\d{4}", line) and "[yyyy]" not in line and line not in lines:
                    lines.append(line.removeprefix("Copyright").removeprefix(" (c)").strip())
        if lines:
            break
    if not lines:
        # No NOTICE: the holders the source files' headers name.
        for source in sorted((checkout / "Sources").rglob("*.swift"))[:50]:
            match = re.search(r"Copyright \(c\) ([0-9][0-9, -]*[0-9] .+)", source.read_text(errors="replace")[:1500])
            holder = match and re.sub(r"^[0-9, -]+", "", match.group(1)).strip()
            if holder and all(not line.endswith(holder) for line in lines):
                lines.append(match.group(1).strip())
    return lines or [f"the {checkout.name} authors"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=pathlib.Path)
    parser.add_argument("programs", nargs="+")
    parser.add_argument("--checkouts", type=pathlib.Path, default=pathlib.Path(".build/checkouts"))
    parser.add_argument("--copyright", type=pathlib.Path, required=True)
    parser.add_argument("--notice", type=pathlib.Path, required=True)
    arguments = parser.parse_args()

    modules = linked_modules(arguments.build, arguments.programs)
    paragraphs, notices = [], []
    for checkout in sorted(arguments.checkouts.iterdir()):
        if not checkout.is_dir() or not (package_modules(checkout) & modules):
            continue
        license_file = next((checkout / n for n in ("LICENSE.txt", "LICENSE") if (checkout / n).is_file()), None)
        if license_file is None or "Apache License" not in license_file.read_text(errors="replace")[:2000] \
                or "Version 2.0" not in license_file.read_text(errors="replace")[:2000]:
            sys.exit(f"linked-packages: {checkout.name} is built into the programs and its licence is not "
                     "the Apache License 2.0: write its terms into Packaging/debian/copyright.in by hand")
        holders = "\n           ".join(copyright_lines(checkout))
        paragraphs.append(
            f"Files: .build/checkouts/{checkout.name}/*\n"
            f"Copyright: {holders}\n"
            "License: Apache-2.0\n"
            f"Comment: Swift package {checkout.name}, fetched by SwiftPM at the version the build resolved\n"
            " and linked into the programs; its NOTICE is in /usr/share/doc/reservation-feed/NOTICE.\n")
        for name in ("NOTICE.txt", "NOTICE"):
            if (checkout / name).is_file():
                notices.append(f"{'=' * 79}\n{checkout.name}\n{'=' * 79}\n\n"
                               + (checkout / name).read_text(errors="replace").strip() + "\n")
                break
    if not paragraphs:
        sys.exit("linked-packages: no package of .build/checkouts is linked: is BUILD_FOLDER a release build?")

    arguments.copyright.write_text("\n".join(paragraphs))
    arguments.notice.write_text(
        "The programs of this package are built with these Swift packages, under the Apache License 2.0\n"
        "(/usr/share/common-licenses/Apache-2.0). Their notices, as each package gives them:\n\n"
        + "\n".join(notices))
    print(f"linked-packages: {len(paragraphs)} packages built into {', '.join(arguments.programs)}", file=sys.stderr)


if __name__ == "__main__":
    main()
