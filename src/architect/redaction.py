"""Redaction: the one way a secret is masked, wherever text leaves the process.

The forge client masks its token in error messages (`Secret.redact`), the
runners mask credentials in prompts and in the model's error text, and the
log masks every secret it was told about. All three use `Redactor` and show
the same `MASK`, so a reader learns one sign for "a secret was here".

By value, a secret is masked in each of its usual spellings (raw, URL- or
JSON-escaped), longest first so a secret containing another is masked whole.
By shape (`shapes=True`, the log's choice), text that looks like a credential
is masked too: ``Authorization: token …``/``Bearer …`` headers, ``KEY=value``
and ``?token=`` pairs whose key names a secret, and URL userinfo.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from urllib.parse import quote, quote_plus

# Readable in a log line, an error message and a model prompt alike, and, unlike
# `***`, no Markdown syntax in the comments and prompts it may end up in.
MASK = "[redacted]"
# A shorter "secret" would mask every occurrence of a common syllable; such a
# value protects nothing anyway.
MIN_SECRET_LENGTH = 4

_KEY = r"[\w.-]*(?:token|secret|password|passwd|api[_-]?key|apikey|private[_-]?key)"
_SHAPES: tuple[tuple[re.Pattern[str], str], ...] = (
    # Authorization: token abc / Bearer abc / Basic abc, also as a dict repr or JSON.
    (
        re.compile(
            r"(?i)(\bauthorization\b[\"']?\s*[:=]\s*[\"']?)((?:token|bearer|basic)\s+)?[^\s\"',;]+"
        ),
        rf"\1\2{MASK}",
    ),
    # A bare "Bearer <long credential>" outside a header.
    (re.compile(r"(?i)\b(bearer\s+)[\w.~+/=-]{8,}"), rf"\1{MASK}"),
    # FORGE_TOKEN=abc, ?access_token=abc&…, password="abc".
    (re.compile(rf"(?i)\b({_KEY})=([\"']?)[^\s\"'&,;]+"), rf"\1=\2{MASK}"),
    # {"token": "abc"} and {'api_key': 'abc'}.
    (re.compile(rf"(?i)([\"']{_KEY}[\"']\s*:\s*[\"'])[^\"']+"), rf"\1{MASK}"),
    # http://user:pass@host, https://token@host.
    (re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@\"']+@"), rf"\1{MASK}@"),
)

_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD", re.IGNORECASE)


class Redactor:
    """Masks the given secrets in their usual spellings; with `shapes`, secret-shaped text too."""

    def __init__(self, secrets: Iterable[str], *, shapes: bool = False) -> None:
        forms: set[str] = set()
        for value in secrets:
            if len(value) >= MIN_SECRET_LENGTH:
                forms |= {value, quote(value, safe=""), quote_plus(value)}
                forms.add(json.dumps(value)[1:-1])
        ordered = sorted(forms, key=len, reverse=True)
        self._values = re.compile("|".join(map(re.escape, ordered))) if ordered else None
        self._shapes = _SHAPES if shapes else ()

    def redact(self, text: str) -> str:
        if self._values is not None:
            text = self._values.sub(MASK, text)
        for pattern, replacement in self._shapes:
            text = pattern.sub(replacement, text)
        return text

    def redact_value(self, value: object) -> object:
        """`value` with every string inside it redacted (for JSON extra fields)."""
        if isinstance(value, str):
            return self.redact(value)
        if isinstance(value, dict):
            return {self.redact(str(k)): self.redact_value(v) for k, v in value.items()}
        if isinstance(value, list | tuple | set | frozenset):
            return [self.redact_value(v) for v in value]
        if value is None or isinstance(value, bool | int | float):
            return value
        return self.redact(str(value))


def redact(text: str, secrets: Iterable[str]) -> str:
    """`text` with every one of `secrets` masked."""
    return Redactor(secrets).redact(text)


def secret_values(env: Mapping[str, str]) -> tuple[str, ...]:
    """The values of the environment variables that look like credentials."""
    return tuple(v for k, v in env.items() if _SECRET_NAME.search(k) and len(v) >= 8)
