"""Fixtures every suite may take, and the fast lane's one rule."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.world import DIALECTS

# The fast lane (`-m "not slow"`) is everything that starts no process: a Python
# interpreter, the `architect` command, a server or a binary takes a second or more on two
# busy cores, so a test that starts one is marked `slow`. `git` is let through: the code
# map runs `git ls-files` in every pitch, and it answers in milliseconds.
ALLOWED = frozenset({"git"})


def _program(args: object) -> str:
    """The name of the program a Popen call starts (`args` as Popen takes it)."""
    if isinstance(args, str):
        return Path(args.split()[0]).name if args.split() else ""
    if isinstance(args, bytes | os.PathLike):
        return Path(os.fsdecode(args)).name
    first = next(iter(args), "") if isinstance(args, list | tuple) else ""
    return Path(os.fsdecode(first)).name if first else ""


@pytest.fixture(autouse=True)
def _fast_lane_starts_no_process(request: pytest.FixtureRequest,
                                 monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if request.node.get_closest_marker("slow") is not None:
        yield
        return
    real_init = subprocess.Popen.__init__

    def guarded(self: subprocess.Popen[bytes], args: object, *rest: object,
                **kwargs: object) -> None:
        program = _program(args)
        if program not in ALLOWED:
            raise AssertionError(
                f"{request.node.nodeid} starts a process ({program}): mark it "
                "@pytest.mark.slow, or test the same thing in-process")
        real_init(self, args, *rest, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(subprocess.Popen, "__init__", guarded)
    yield


@pytest.fixture(autouse=True)
def _ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """Each test starts with SIGINT as a terminal gives it: Python's KeyboardInterrupt. A
    runner's worker may have it ignored, and an ignored SIGINT is inherited by every child,
    so a forge or demo a test stops with Ctrl-C would never stop."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture(params=DIALECTS)
def dialect(request: pytest.FixtureRequest) -> str:
    """The forge API the architect speaks: each test that takes it runs on both."""
    return str(request.param)

