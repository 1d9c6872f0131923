"""Radicale as `python -m radicale` runs it, with its storage not syncing each write to disk.

    radicale_without_fsync.py HOST:PORT FOLDER USERS-FILE

For the benchmark's large calendar only: filling it would otherwise take Radicale's 30 ms a write
(20,000 writes, ten minutes) before anything is measured. Radicale offers the switch to its own
tests only (`_filesystem_fsync`, a privileged option), so it is set here.
"""
import sys

from radicale import config, server

hosts, folder, users = sys.argv[1:4]
configuration = config.load()
configuration.update(
    {
        "server": {"hosts": hosts},
        "storage": {"filesystem_folder": folder},
        "auth": {"type": "htpasswd", "htpasswd_filename": users, "htpasswd_encryption": "plain"},
        "logging": {"level": "warning"},
    },
    "benchmark",
)
configuration.update({"storage": {"_filesystem_fsync": "False"}}, "benchmark", privileged=True)
server.serve(configuration)
