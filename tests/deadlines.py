"""How long a test waits for an event before it calls the event missing.

Every wait in the suite ends as soon as its event happens (a log line, a file, a socket
that answers, a process that exits), so a long deadline costs nothing while the code works:
it is only how long a failing test takes to say so. What it must not be is short: on two
cores with other work beside the suite, a Python child takes seconds to start where it takes
0.3 s on an idle machine. A deadline is written as the idle figure and stretched here, by
ARCHITECT_TEST_DEADLINE_SCALE (default 10): never a fixed short sleep, never a race.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

SCALE = float(os.environ.get("ARCHITECT_TEST_DEADLINE_SCALE") or 10)


def within(seconds: float) -> float:
    """`seconds` (what the wait takes on an idle machine) as a deadline on a busy one."""
    return seconds * SCALE


def wait_for(check: Callable[[], bool], seconds: float, what: str = "the event") -> float:
    """Poll `check` until it holds; the seconds it took. Fails after `within(seconds)`."""
    start = time.monotonic()
    deadline = start + within(seconds)
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {within(seconds):.0f} s")
        time.sleep(0.02)
    return time.monotonic() - start
