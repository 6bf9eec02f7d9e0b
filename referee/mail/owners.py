"""Who holds a claim on the outbox: this process's name, and whether the process behind another name
is dead, so that what it claimed is sent at once rather than when its lease ends.

A name is ``host:pid:start``: the host, the process id, and the moment the process started (in the
kernel's clock ticks since boot, from ``/proc``; empty where there is no ``/proc``). A process on
this host is dead when no process has its id, or when the one that has it started at another
moment (the id was given again). A process on another host cannot be checked from here: its claims
wait for their lease.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path


def process_name() -> str:
    """This process's name in the outbox's claims: host, process id and start."""
    return f"{socket.gethostname()}:{os.getpid()}:{_started(os.getpid())}"


def is_dead(name: str) -> bool:
    """Whether the process called ``name`` surely no longer runs (False when it cannot be told)."""
    host, _, rest = name.partition(":")
    number, _, start = rest.partition(":")
    if host != socket.gethostname() or not number.isdigit():
        return False
    pid = int(number)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass  # a process of another user has the id
    return bool(start) and _started(pid) not in ("", start)


def _started(pid: int) -> str:
    """When process ``pid`` started, in clock ticks since boot ("" if it cannot be read)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    fields = stat.rpartition(")")[2].split()  # the command name, in parentheses, may hold spaces
    return fields[19] if len(fields) > 19 else ""
