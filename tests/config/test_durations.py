from __future__ import annotations

from datetime import timedelta

import pytest

from architect.durations import DurationError, format_duration, parse_duration


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("90", timedelta(seconds=90)),
        (90, timedelta(seconds=90)),
        ("2s", timedelta(seconds=2)),
        ("15m", timedelta(minutes=15)),
        ("6h", timedelta(hours=6)),
        ("1d", timedelta(days=1)),
        (" 6H ", timedelta(hours=6)),
        ("1h30m", timedelta(minutes=90)),
        ("1h 30m", timedelta(minutes=90)),
    ],
)
def test_accepted_forms(text: str | int, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize("value", ["6x", "", "h", "1.5h", "-5m", "six hours", "6h!", True, 1.5])
def test_anything_else_names_the_value_and_the_accepted_forms(value: object) -> None:
    with pytest.raises(DurationError) as caught:
        parse_duration(value)

    message = str(caught.value)
    assert message.startswith(f"{value!r}".replace("'", '"') + " is not a duration; write")
    assert '"90" (seconds), "2s", "15m", "6h", "1d"' in message


@pytest.mark.parametrize("value", ["0", 0, "0s", "0h0m"])
def test_zero_is_refused(value: object) -> None:
    with pytest.raises(DurationError, match="is not longer than zero"):
        parse_duration(value)


@pytest.mark.parametrize("text", ["6h", "15m", "2s", "1d", "1h30m", "1d2h3m4s"])
def test_format_reads_back(text: str) -> None:
    assert format_duration(parse_duration(text)) == text


def test_format_of_seconds_uses_the_largest_units() -> None:
    assert format_duration(timedelta(seconds=90)) == "1m30s"
