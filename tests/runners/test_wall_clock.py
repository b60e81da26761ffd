"""The wall clock of one runner call: the wait before a retry, and a call given up on."""

from __future__ import annotations

import threading

import pytest

from architect.runners.wall_clock import WallClockOut, call_within, retry_wait, retryable


def test_the_servers_retry_after_wins_over_the_backoff() -> None:
    assert retry_wait(0, {"retry-after-ms": "250"}) == 0.25
    assert retry_wait(3, {"retry-after": "2"}) == 2.0
    # An HTTP date is not read: the backoff of the SDKs instead, doubling up to 8 s.
    assert retry_wait(0, {"retry-after": "Wed, 21 Oct 2026 07:28:00 GMT"}) == 0.5
    assert [retry_wait(n, None) for n in range(6)] == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0]


def test_what_is_retried_is_what_the_sdks_retry() -> None:
    assert [s for s in (400, 401, 404, 408, 409, 422, 429, 500, 503, 529) if retryable(s)] == [
        408, 409, 429, 500, 503, 529]  # fmt: skip


def test_a_call_that_outlasts_its_time_is_cancelled_and_given_up() -> None:
    release, cancelled = threading.Event(), threading.Event()

    def stuck() -> str:
        release.wait(10)
        return "too late"

    with pytest.raises(WallClockOut):
        call_within(stuck, 0.2, cancelled.set)
    release.set()

    assert cancelled.is_set()


def test_a_call_in_time_gives_its_value_or_its_own_error() -> None:
    def fails() -> str:
        raise KeyError("the SDK's error, as it was")

    assert call_within(lambda: "answer", 5.0, lambda: None) == "answer"
    with pytest.raises(KeyError, match="the SDK's error"):
        call_within(fails, 5.0, lambda: None)
