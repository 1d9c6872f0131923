#!/usr/bin/env python3
"""Times several builds of reservation-feed on one input, taking turns, for what a change bought.

Each build runs once untimed, then ROUNDS times, the order reversed every other round so that
whatever else the machine does slows them alike. Wall-clock time is from fork to exit; CPU time
and peak memory come from wait4. Prints medians, and the least wall time seen.

    compare_builds.py ROUNDS INPUT.json BUILD...
    compare_builds.py ROUNDS CHANGED.json --previous FEED.ics BUILD...
    compare_builds.py ROUNDS --version BUILD...

With --previous, each run regenerates a copy of FEED.ics (made by generating INPUT's unchanged
twin) from CHANGED.json, as a cron job does when 1 % of the bookings changed. With --version,
each run is `BUILD --version`: the program loading and exiting. For start-up, give a small
INPUT (`make_reservations.py 10`) and a few hundred rounds; times are then printed in ms.

To make the builds: `git worktree add /tmp/at-COMMIT COMMIT && swift build -c release
--product reservation-feed --package-path /tmp/at-COMMIT`, then copy .build/release/reservation-feed.
"""

import os
import shutil
import statistics
import sys
import tempfile
import time


def run(build, input_path, output, previous, now):
    if input_path is None:
        argv = [build, "--version"]
    else:
        if previous:
            shutil.copy(previous, output)
        elif os.path.exists(output):
            os.remove(output)
        argv = [build, "generate", input_path, "-o", output, "--now", now, "-q"]
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.execv(build, argv)
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"{build} failed with status {status}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss / 1024}


def main():
    arguments = sys.argv[1:]
    if len(arguments) < 3:
        sys.exit(__doc__)
    rounds, input_path, arguments = int(arguments[0]), arguments[1], arguments[2:]
    if input_path == "--version":
        input_path = None
    previous = None
    if arguments[0] == "--previous":
        previous, arguments = arguments[1], arguments[2:]
    builds = arguments
    now = "2026-01-02T00:00:00Z" if previous else "2026-01-01T00:00:00Z"
    folder = tempfile.mkdtemp(prefix="compare-builds-")
    outputs = {build: os.path.join(folder, f"{index}.ics") for index, build in enumerate(builds)}
    samples = {build: [] for build in builds}
    for build in builds:
        run(build, input_path, outputs[build], previous, now)
    for round_ in range(rounds):
        for build in builds if round_ % 2 == 0 else reversed(builds):
            samples[build].append(run(build, input_path, outputs[build], previous, now))
    for build in builds:
        taken = samples[build]
        wall = statistics.median(s['wall'] for s in taken)
        # Start-up is a matter of milliseconds; a feed's run, of seconds.
        scale, unit, digits = (1000, "ms", 2) if wall < 0.5 else (1, "s", 3)
        print(
            f"{build}: wall {wall * scale:.{digits}f} {unit}"
            f" (least {min(s['wall'] for s in taken) * scale:.{digits}f} {unit}),"
            f" CPU {statistics.median(s['cpu'] for s in taken) * scale:.{digits}f} {unit},"
            f" peak {max(s['peak'] for s in taken):.0f} MB"
        )
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
