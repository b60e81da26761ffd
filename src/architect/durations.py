"""Durations as people write them in a config or on the command line.

``"90"`` or ``90`` is seconds; ``"2s"``, ``"15m"``, ``"6h"``, ``"1d"`` carry a
unit; parts combine (``"1h30m"``). A duration is always longer than zero: every
duration here is an interval or a timeout, and zero means a busy loop or an
instant failure.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta

ACCEPTED_FORMS = '"90" (seconds), "2s", "15m", "6h", "1d", or parts combined such as "1h30m"'

_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_PART = re.compile(r"(\d+)\s*([smhd])", re.IGNORECASE)
_WHOLE = re.compile(r"(?:\d+\s*[smhd]\s*)+", re.IGNORECASE)


class DurationError(ValueError):
    """A value that is not a duration; the message names it and the accepted forms."""


def parse_duration(value: object) -> timedelta:
    """Parse ``value`` (a string, or a whole number of seconds) into a positive timedelta."""
    if isinstance(value, timedelta):
        seconds = value.total_seconds()
    elif isinstance(value, bool) or not isinstance(value, int | str):
        raise DurationError(f"{_show(value)} is not a duration; write {ACCEPTED_FORMS}")
    elif isinstance(value, int):
        seconds = value
    else:
        seconds = _parse_text(value)
    if seconds <= 0:
        raise DurationError(f"{_show(value)} is not longer than zero; write {ACCEPTED_FORMS}")
    return timedelta(seconds=seconds)


def _parse_text(text: str) -> int:
    stripped = text.strip()
    if stripped.isdigit():
        return int(stripped)
    if not _WHOLE.fullmatch(stripped):
        raise DurationError(f"{_show(text)} is not a duration; write {ACCEPTED_FORMS}")
    return sum(int(n) * _SECONDS[unit.lower()] for n, unit in _PART.findall(stripped))


def _show(value: object) -> str:
    return json.dumps(value) if isinstance(value, str) else repr(value)


def format_duration(duration: timedelta) -> str:
    """The shortest text `parse_duration` reads back: 6h, 1h30m, 90s -> "1m30s"."""
    remaining = int(duration.total_seconds())
    if remaining <= 0:
        return "0s"
    parts = []
    for unit, size in sorted(_SECONDS.items(), key=lambda item: -item[1]):
        count, remaining = divmod(remaining, size)
        if count:
            parts.append(f"{count}{unit}")
    return "".join(parts)
