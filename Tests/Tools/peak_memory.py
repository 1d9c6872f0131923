#!/usr/bin/env python3
"""Runs a command and prints its peak resident memory in kilobytes on the last line of standard
error, after the command's own output; exits with the command's status.

    peak_memory.py COMMAND [ARGUMENT ...]
"""
import resource
import subprocess
import sys

completed = subprocess.run(sys.argv[1:])
print(f"peak-kb {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}", file=sys.stderr)
sys.exit(completed.returncode)
