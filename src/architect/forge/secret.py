"""`Secret`: a string that never shows itself.

A token wrapped in `Secret` prints as ``Secret('[redacted]')`` in reprs,
f-strings, log lines and tracebacks; only `reveal()` hands out the value, and
the forge client calls it in exactly one place (the Authorization header).
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping

from architect.redaction import MASK, Redactor


class Secret:
    """An opaque holder for a credential; compares in constant time."""

    __slots__ = ("_redactor", "_value")

    def __init__(self, value: str) -> None:
        self._value = value
        self._redactor = Redactor((value,))  # built once: the client redacts every log line

    @classmethod
    def from_env(cls, env: Mapping[str, str], *names: str) -> Secret | None:
        """The first non-empty variable among `names` (e.g. FORGE_ARCHITECT_TOKEN, FORGE_TOKEN)."""
        for name in names:
            value = env.get(name, "").strip()
            if value:
                return cls(value)
        return None

    def reveal(self) -> str:
        """The value itself: only for the wire, never for a message."""
        return self._value

    def redact(self, text: str) -> str:
        """`text` with every occurrence of the value masked (the forge may echo a token back)."""
        return self._redactor.redact(text)

    def __bool__(self) -> bool:
        return bool(self._value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Secret):
            return NotImplemented
        return hmac.compare_digest(self._value.encode(), other._value.encode())

    def __hash__(self) -> int:
        return hash(Secret)  # equal secrets must hash alike; the hash says nothing of the value

    def __repr__(self) -> str:
        return f"Secret('{MASK}')" if self._value else "Secret('')"

    def __str__(self) -> str:
        return MASK if self._value else ""

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[object, ...]:
        # Pickling would write the value to disk or a queue; refuse loudly.
        raise TypeError("a Secret cannot be pickled")
