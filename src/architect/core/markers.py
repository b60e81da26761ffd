"""Hidden markers: how the architect recognises its own marks on the forge.

Every comment the architect writes ends with one HTML comment such as
``<!-- architect: questions round=2 -->``; some also carry a JSON payload
(``<!-- architect: ledger {...} -->``). Markers are what make a write whose
response was lost recognisable on the next tick, so it is never repeated.

A marker counts only in content the bot itself authored: `bot_markers` takes
the comment's author and the bot's login and ignores everything else, so a
human who pastes a marker into a comment changes nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from architect.core.text import html_comment_spans
from architect.forge.models import Comment

_MARKER = re.compile(r"<!--\s*architect:\s*(?P<kind>[a-z][a-z-]*)(?P<rest>.*)-->\Z", re.DOTALL)
_ATTR = re.compile(r"([a-z_]+)=(\S+)")
_VISION = re.compile(r"<!--\s*architect:\s*vision=#(\d+)\s*-->")
_DECOMPOSED = re.compile(
    r"<!--\s*decomposed-from:\s*#(?P<vision>\d+),\s*sprint:\s*(?P<slug>[^,\s]+),\s*id:\s*(?P<id>[^\s>]+)\s*-->"
)


@dataclass(frozen=True)
class Marker:
    kind: str
    attrs: dict[str, str]
    payload: Any = None


def marker(kind: str, payload: Any = None, **attrs: object) -> str:
    """Render a marker; a payload is JSON that can never close the comment early."""
    parts = [f"<!-- architect: {kind}"]
    parts.extend(f"{key}={value}" for key, value in attrs.items())
    if payload is not None:
        parts.append(_safe_json(payload))
    return " ".join(parts) + " -->"


def _safe_json(payload: Any) -> str:
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    # "--" may not appear inside an HTML comment; "\u002d" is the same "-" to JSON.
    while "--" in text:
        text = text.replace("--", "-\\u002d")
    return text.replace(">", "\\u003e")


def _marker_matches(text: str) -> Iterator[tuple[tuple[int, int], re.Match[str]]]:
    # Each HTML comment is found by a linear scan and matched on its own: a regex
    # over the whole text would be quadratic on a body full of unclosed comments.
    for start, end in html_comment_spans(text):
        match = _MARKER.match(text, start, end)
        if match:
            yield (start, end), match


def parse_markers(text: str) -> Iterator[Marker]:
    for _, match in _marker_matches(text):
        rest = match.group("rest").strip()
        payload: Any = None
        brace = rest.find("{")
        bracket = rest.find("[")
        starts = [i for i in (brace, bracket) if i >= 0]
        if starts:
            start = min(starts)
            try:
                payload = json.loads(rest[start:])
            except json.JSONDecodeError:
                payload = None
            rest = rest[:start]
        attrs = dict(_ATTR.findall(rest))
        yield Marker(match.group("kind"), attrs, payload)


def bot_markers(comments: Iterable[Comment], bot_login: str) -> Iterator[tuple[Comment, Marker]]:
    """Markers in comments the bot wrote, oldest first; anything else is ignored."""
    for comment in comments:
        if comment.user.login != bot_login:
            continue
        for found in parse_markers(comment.body):
            yield comment, found


def vision_marker(number: int) -> str:
    return f"<!-- architect: vision=#{number} -->"


def find_vision_number(text: str) -> int | None:
    match = _VISION.search(text)
    return int(match.group(1)) if match else None


def decomposed_marker(vision: int, slug: str, sub_id: str) -> str:
    return f"<!-- decomposed-from: #{vision}, sprint: {slug}, id: {sub_id} -->"


@dataclass(frozen=True)
class DecomposedFrom:
    vision: int
    slug: str
    sub_id: str


def find_decomposed(text: str) -> DecomposedFrom | None:
    match = _DECOMPOSED.search(text)
    if not match:
        return None
    return DecomposedFrom(int(match.group("vision")), match.group("slug"), match.group("id"))


def strip_markers(text: str) -> str:
    parts: list[str] = []
    pos = 0
    for (start, end), _ in _marker_matches(text):
        parts.append(text[pos:start])
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def neutralize(text: str) -> str:
    """Text the architect did not write (a model's answer, an error that quotes one) may
    not carry hidden markers of its own into the forge."""
    return text.replace("<!--", "&lt;!--").replace("-->", "--&gt;")
