"""`model_timeout` as a wall clock for one call of an API runner, and its retries.

The SDKs' `timeout` is per attempt and per read: a server that trickles
bytes never trips it, and the SDK retries a timed-out attempt into a server
still busy with the first (llama.cpp serves one request at a time). So a
runner call has one `Deadline`; every request runs in a worker thread that
the caller waits for only until the deadline, with the SDK's own retries off
(`max_retries=0`) and the transient failures retried here while time is
left. A timed-out attempt is final for the call: it is never sent again.
At the deadline the request is cancelled (its connection closed) and the
call fails with `WallClockOut`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

R = TypeVar("R")

# What the SDKs retry themselves (openai and anthropic `_should_retry`): a lock
# timeout, a conflict, a rate limit, and the server's errors.
RETRYABLE = frozenset({408, 409, 429})
MAX_BACKOFF_S = 8.0


class WallClockOut(Exception):
    """The call's deadline passed: the request in flight was cancelled."""


@dataclass
class Deadline:
    """The end of one runner call, on the monotonic clock."""

    seconds: float
    started: float = field(default_factory=time.monotonic)

    def left(self) -> float:
        return self.started + self.seconds - time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.started


def call_within(call: Callable[[], R], seconds: float, cancel: Callable[[], None]) -> R:
    """`call()`, or `WallClockOut` once `seconds` pass; `cancel` then closes what it opened.

    The worker is a daemon thread: an abandoned request never holds the
    process at exit, and its own socket timeout (the time that was left)
    ends it soon after the deadline.
    """
    outcome: list[Any] = []
    done = threading.Event()

    def work() -> None:
        try:
            outcome.append((True, call()))
        except BaseException as exc:  # handed to the caller's thread as it is
            outcome.append((False, exc))
        finally:
            done.set()

    threading.Thread(target=work, name="model-request", daemon=True).start()
    if not done.wait(max(seconds, 0.0)):
        cancel()
        raise WallClockOut
    ok, value = outcome[0]
    if ok:
        return value  # type: ignore[no-any-return]
    raise value


def retry_wait(attempt: int, headers: Mapping[str, str] | None) -> float:
    """Seconds before retry number `attempt` (0-based): the server's `retry-after`, else
    the SDKs' backoff (0.5 s doubling, at most 8 s)."""
    if headers:
        for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
            value: str | None = headers.get(name)
            if value is None:
                continue
            try:
                return max(float(value) / scale, 0.0)
            except ValueError:
                continue  # an HTTP date: fall back to the backoff
    return min(0.5 * 2.0**attempt, MAX_BACKOFF_S)


def retryable(status: int) -> bool:
    return status in RETRYABLE or status >= 500
