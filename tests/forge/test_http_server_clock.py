"""The forge's clock from the Date header (forge/http.py `server_clock`): a reverse proxy
that adds its own Date beside the forge's leaves the first one readable."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx

from architect.forge.http import retry_after, server_clock

FORGE = "Wed, 15 Jan 2025 10:00:00 GMT"
PROXY = "Wed, 15 Jan 2025 10:00:01 GMT"
AT = datetime(2025, 1, 15, 10, 0, tzinfo=UTC)


def test_one_date_is_the_forges_clock() -> None:
    assert server_clock(httpx.Headers({"Date": FORGE})) == AT


def test_a_proxys_second_date_field_leaves_the_first_value_readable() -> None:
    assert server_clock(httpx.Headers([("Date", FORGE), ("Date", PROXY)])) == AT


def test_two_dates_folded_into_one_line_are_read_by_the_first() -> None:
    assert server_clock(httpx.Headers({"Date": f"{FORGE}, {PROXY}"})) == AT


def test_no_date_or_garbage_is_no_clock() -> None:
    assert server_clock(httpx.Headers()) is None
    assert server_clock(httpx.Headers({"Date": "yesterday"})) is None


def test_retry_after_as_a_date_is_measured_against_the_first_date() -> None:
    headers = httpx.Headers([("Date", FORGE), ("Date", PROXY)])
    wait = retry_after("Wed, 15 Jan 2025 10:00:30 GMT", date=server_clock(headers),
                       now=datetime(2030, 1, 1, tzinfo=UTC))
    assert wait == 30.0
