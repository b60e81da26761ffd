"""Retries: what is retried, how long the client waits, and when it gives up."""

from __future__ import annotations

import httpx
import pytest

from architect.errors import ForgeConflict, ForgeNotFound, ForgeUnavailable
from architect.forge.http import RetryPolicy

from .fakes import FORGE, Scripted, Sleeps, client_for, comment, error, user


def test_get_503_then_200_is_retried_and_succeeds() -> None:
    forge, sleeps = Scripted(httpx.Response(503), httpx.Response(200, json=user())), Sleeps()
    client = client_for(forge, sleeps=sleeps)

    assert client.current_user().login == "alice"
    assert client.stats.requests == 2
    assert client.stats.retries == 1
    assert len(sleeps) == 1


@pytest.mark.parametrize("status", [502, 503, 504])
def test_get_gives_up_after_the_bounded_attempts(status: int) -> None:
    forge, sleeps = Scripted(httpx.Response(status)), Sleeps()
    client = client_for(forge, sleeps=sleeps)

    with pytest.raises(ForgeUnavailable) as caught:
        client.get_issue("o/r", 1)

    assert client.stats.requests == 4
    assert len(sleeps) == 3
    message = str(caught.value)
    assert FORGE in message
    assert f"HTTP {status}" in message
    assert "/api/v1/repos/o/r/issues/1" in message


def test_backoff_grows_with_jitter_and_stays_bounded() -> None:
    policy = RetryPolicy(base_delay=1.0, max_delay=4.0, rng=lambda: 1.0)
    low = RetryPolicy(base_delay=1.0, max_delay=4.0, rng=lambda: 0.0)

    assert [policy.backoff(n) for n in (1, 2, 3, 4)] == [1.0, 2.0, 4.0, 4.0]
    assert [low.backoff(n) for n in (1, 2, 3, 4)] == [0.5, 1.0, 2.0, 2.0]


def test_429_retry_after_seconds_is_honoured() -> None:
    limited = httpx.Response(429, headers={"Retry-After": "7"})
    forge, sleeps = Scripted(limited, httpx.Response(200, json=[])), Sleeps()
    client = client_for(forge, sleeps=sleeps)

    assert client.list_labels("o/r") == []
    assert sleeps == [7.0]


def test_429_retry_after_http_date_is_measured_against_the_response_date() -> None:
    headers = {
        "Retry-After": "Wed, 15 Jan 2025 10:00:12 GMT",
        "Date": "Wed, 15 Jan 2025 10:00:00 GMT",
    }
    forge = Scripted(httpx.Response(429, headers=headers), httpx.Response(200, json=[]))
    sleeps = Sleeps()

    client_for(forge, sleeps=sleeps).list_labels("o/r")

    assert sleeps == [12.0]


def test_a_retry_after_beyond_the_budget_gives_up_at_once() -> None:
    forge, sleeps = Scripted(httpx.Response(503, headers={"Retry-After": "3600"})), Sleeps()
    client = client_for(forge, sleeps=sleeps)

    with pytest.raises(ForgeUnavailable, match="retry budget"):
        client.current_user()
    assert sleeps == []
    assert client.stats.requests == 1


def test_total_delay_is_bounded() -> None:
    forge, sleeps = Scripted(httpx.Response(503)), Sleeps()
    policy = RetryPolicy(
        attempts=10, base_delay=4.0, max_delay=8.0, max_total_delay=10.0, sleep=sleeps
    )
    client = client_for(forge, retry=policy)

    with pytest.raises(ForgeUnavailable):
        client.current_user()
    assert sum(sleeps) <= 10.0


def test_get_read_timeout_is_retried() -> None:
    forge = Scripted(httpx.ReadTimeout("timed out"), httpx.Response(200, json=user()))

    assert client_for(forge).current_user().login == "alice"


def test_post_on_read_timeout_is_not_retried() -> None:
    forge, sleeps = Scripted(httpx.ReadTimeout("timed out")), Sleeps()
    client = client_for(forge, sleeps=sleeps)

    with pytest.raises(ForgeUnavailable) as caught:
        client.create_comment("o/r", 3, "hello")

    assert client.stats.requests == 1
    assert sleeps == []
    assert "may have been applied" in str(caught.value)


def test_post_on_connect_error_is_retried() -> None:
    forge = Scripted(httpx.ConnectError("connection refused"), httpx.Response(201, json=comment(9)))
    client = client_for(forge)

    assert client.create_comment("o/r", 3, "hello").id == 9
    assert [r.method for r in forge.requests] == ["POST", "POST"]


def test_post_on_429_is_retried() -> None:
    forge = Scripted(httpx.Response(429), httpx.Response(201, json=comment(9)))

    assert client_for(forge).create_comment("o/r", 3, "hello").id == 9


@pytest.mark.parametrize("status", [502, 503, 504])
def test_a_write_answered_5xx_is_not_retried(status: int) -> None:
    forge = Scripted(httpx.Response(status))
    client = client_for(forge)

    with pytest.raises(ForgeUnavailable):
        client.edit_issue("o/r", 3, state="closed")
    assert client.stats.requests == 1


@pytest.mark.parametrize(
    ("answer", "expected"),
    [(error(404), ForgeNotFound), (error(409, "sha does not match"), ForgeConflict)],
)
def test_a_4xx_is_never_retried(answer: httpx.Response, expected: type[Exception]) -> None:
    for call in ("get", "put"):
        forge = Scripted(answer)
        client = client_for(forge)
        with pytest.raises(expected):
            if call == "get":
                client.get_pull("o/r", 3)
            else:
                client.update_file("o/r", "a.md", "x", sha="s", branch="main", message="m")
        assert client.stats.requests == 1


def test_an_unreachable_forge_is_named_after_the_retries() -> None:
    forge = Scripted(httpx.ConnectError("[Errno 111] Connection refused"))
    client = client_for(forge)

    with pytest.raises(ForgeUnavailable) as caught:
        client.list_issues("o/r")

    message = str(caught.value)
    assert FORGE in message
    assert "Connection refused" in message
    assert "after 4 attempts" in message
    assert client.stats.requests == 4


def test_every_request_has_a_timeout() -> None:
    forge = Scripted(httpx.Response(200, json=user()))
    client = client_for(forge, timeout=12.5)

    client.current_user()

    timeouts = forge.requests[0].extensions["timeout"]
    assert timeouts == {"connect": 12.5, "read": 12.5, "write": 12.5, "pool": 12.5}


def test_stats_count_every_attempt_per_method_and_reset() -> None:
    forge = Scripted(httpx.Response(503), httpx.Response(200, json=user()))
    client = client_for(forge)
    client.current_user()
    forge.answers = [httpx.Response(201, json=comment(1))]
    client.create_comment("o/r", 1, "x")

    assert (client.stats.requests, dict(client.stats.by_method)) == (3, {"GET": 2, "POST": 1})
    client.stats.reset()
    assert (client.stats.requests, dict(client.stats.by_method)) == (0, {})
