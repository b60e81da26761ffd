"""Fixtures every suite may take, and the fast lane's one rule."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
from collections.abc import Generator, Iterator
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


@contextlib.contextmanager
def _no_process(item: pytest.Item) -> Iterator[None]:
    """Popen refuses every program but `git` while a fast-lane test is set up, runs and is
    torn down: a module's or a session's fixture, set up for its first test, counts too."""
    real_init = subprocess.Popen.__init__

    def guarded(self: subprocess.Popen[bytes], args: object, *rest: object,
                **kwargs: object) -> None:
        program = _program(args)
        if program not in ALLOWED:
            raise AssertionError(
                f"{item.nodeid} starts a process ({program}): mark it "
                "@pytest.mark.slow, or test the same thing in-process")
        real_init(self, args, *rest, **kwargs)  # type: ignore[arg-type]

    subprocess.Popen.__init__ = guarded  # type: ignore[assignment]
    try:
        yield
    finally:
        subprocess.Popen.__init__ = real_init  # type: ignore[method-assign]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _guarded(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _guarded(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _guarded(item))


def _guarded(item: pytest.Item) -> Generator[None, object, object]:
    if item.get_closest_marker("slow") is not None:
        return (yield)
    with _no_process(item):
        return (yield)


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

