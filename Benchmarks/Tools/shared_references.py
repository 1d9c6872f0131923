#!/usr/bin/env python3
"""Finds the objects whose reference counts several threads of one `generate` keep changing.

A reference count changed by two threads in turn moves its cache line between their processors
at every change. This counts, for each object retained during a run, how often the thread that
retains it differs from the one that retained it last, and names the objects (by their class)
and the places in the code where it happens most.

    shared_references.py BUILD INPUT.json [--jobs N]

It needs Linux `perf` with uprobes (run as root): it puts a probe on `swift_retain` in the
Swift runtime the build uses, records a run with call chains, and removes the probe. Keep the
input small (1,500 reservations take some 1.5 million retains and a minute to analyse).
Objects that are never freed (the runtime's empty array and dictionary) are left out: their
counts do not change.
"""

import bisect
import collections
import os
import re
import subprocess
import sys
import tempfile

IMMORTAL = ("__EmptyArrayStorage", "__EmptyDictionarySingleton", "__EmptySetSingleton", "__StaticArrayStorage")


def runtime_of(build):
    for line in subprocess.run(["ldd", build], capture_output=True, text=True).stdout.splitlines():
        if "libswiftCore.so" in line:
            return line.split("=>")[1].split()[0]
    sys.exit("the build does not link libswiftCore.so")


def symbols(path):
    table = []
    for line in subprocess.run(["nm", "--defined-only", path], capture_output=True, text=True).stdout.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3:
            table.append((int(parts[0], 16), parts[2]))
    table.sort()
    return table, [address for address, _ in table]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    build, source = os.path.realpath(sys.argv[1]), sys.argv[2]
    jobs = sys.argv[sys.argv.index("--jobs") + 1] if "--jobs" in sys.argv else "2"
    runtime = runtime_of(build)
    subprocess.run(["perf", "probe", "-q", "-d", "probe_libswiftCore:swift_retain"], capture_output=True)
    subprocess.run(["perf", "probe", "-q", "-x", runtime, "-a", "swift_retain obj=%di:u64 isa=+0(%di):u64"], check=True)
    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "perf.data")
        try:
            subprocess.run(
                ["perf", "record", "-q", "-g", "-e", "probe_libswiftCore:swift_retain", "-o", data, build, "generate", source,
                 "-o", os.path.join(folder, "feed.ics"), "--now", "2026-01-01T00:00:00Z", "-q", "--jobs", jobs],
                check=True, capture_output=True)
        finally:
            subprocess.run(["perf", "probe", "-q", "-d", "probe_libswiftCore:swift_retain"], capture_output=True)
        script = subprocess.run(["perf", "script", "-i", data, "--show-mmap-events", "-F", "tid,trace,ip,sym"],
                                capture_output=True, text=True).stdout

    classes, sites, last, switches = {}, collections.defaultdict(collections.Counter), {}, collections.Counter()
    bases, current, frames = {}, None, []

    def finish():
        if current is None:
            return
        thread, obj, isa = current
        if obj == 0 or obj >= 1 << 63:  # nil, or not a pointer the runtime counts
            return
        classes[obj] = isa
        if obj in last and last[obj] != thread:
            switches[obj] += 1
        last[obj] = thread
        callers = [frame for frame in frames if not frame.startswith("swift_retain")][:2]
        sites[obj][" < ".join(frame[:90] for frame in callers)] += 1

    for line in script.splitlines():
        if "PERF_RECORD_MMAP" in line:
            match = re.search(r"\[(0x[0-9a-f]+)\(0x[0-9a-f]+\) @ (0x[0-9a-f]+|0) .*r-xp (\S+)", line)
            if match and match.group(3) not in bases:
                bases[match.group(3)] = int(match.group(1), 16) - int(match.group(2), 16)
            continue
        header = re.match(r"^\s*(\d+)\s.*obj=(\d+) isa=(\d+)", line)
        if header:
            finish()
            frames = []
            current = (header.group(1), int(header.group(2)), int(header.group(3)))
        elif line.strip():
            parts = line.split(None, 1)
            frames.append(parts[1].strip() if len(parts) > 1 else "?")
    finish()

    tables = {path: (base,) + symbols(path) for path, base in bases.items() if path in (runtime, build)}

    def class_name(address):
        best = None
        for base, table, keys in tables.values():
            offset = address - base
            index = bisect.bisect_right(keys, offset) - 1
            if index >= 0 and offset - table[index][0] < 4096 and (best is None or offset - table[index][0] < best[0]):
                best = (offset - table[index][0], table[index][1])
        return best[1][:70] if best else f"{address:#x} (a generic class, its metadata made at run time)"

    by_class, by_site, total = collections.Counter(), collections.Counter(), 0
    for obj, count in switches.items():
        name = class_name(classes[obj])
        if any(immortal in name for immortal in IMMORTAL):
            continue
        total += count
        by_class[name] += count
        retains = sum(sites[obj].values())
        for site, times in sites[obj].items():
            by_site[site] += count * times / retains
    print(f"changes of thread between retains of one object: {total}")
    print("by class:")
    for name, count in by_class.most_common(12):
        print(f"  {count:7d}  {name}")
    print("by the code that retains:")
    for site, count in by_site.most_common(20):
        print(f"  {count:7.0f}  {site}")


if __name__ == "__main__":
    main()
