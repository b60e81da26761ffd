"""The order in which visions are pitched: the ops repo's `prerequisites.md`.

Only list items outside fenced code and HTML comments count; every pattern is
anchored or bounded, so a megabyte of hostile text is read in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from architect.core.text import normalize, visible_text

_FENCE_LINE = re.compile(r"^[ \t]*(```|~~~)[^\n]*$", re.MULTILINE)
_BULLET = re.compile(r"(\s*)(?:[-*+]|\d{1,9}[.)])(?:\s+(.*)|$)")
_LINK = re.compile(r"\[([^\[\]]{0,500})\]\([^()]{0,2000}\)")
_DASH_SPLIT = re.compile(r"\s+(?:—|–|--)\s+")


def prerequisite_order(text: str, visions: Iterable[tuple[int, str]]) -> list[int]:
    """The order in which to pitch `visions` ((number, title) pairs).

    `prerequisites.md` is a markdown list, first item first. An item names a
    vision by a leading `#N` or by its title (case and punctuation ignored);
    anything after ` — ` or ` (` is a note. Visions it does not name follow,
    by number.
    """
    pairs = sorted(visions)
    known = {number for number, _ in pairs}
    titles: dict[str, int] = {}
    for number, title in pairs:
        titles.setdefault(normalize(title), number)
    order: list[int] = []
    for line in _outside_code(visible_text(text)).split("\n"):
        found = _prerequisite(line, known, titles)
        if found is not None and found not in order:
            order.append(found)
    return order + sorted(known - set(order))


def _outside_code(text: str) -> str:
    """`text` without its fenced code blocks; an unclosed fence runs to the end."""
    parts: list[str] = []
    fence = ""
    pos = 0
    for match in _FENCE_LINE.finditer(text):
        if fence:
            if match.group(1) == fence:
                fence, pos = "", match.end()
            continue
        parts.append(text[pos : match.start()])
        fence = match.group(1)
    if not fence:
        parts.append(text[pos:])
    return "\n".join(parts)


def _prerequisite(line: str, known: set[int], titles: dict[str, int]) -> int | None:
    bullet = _BULLET.match(line)
    if not bullet:
        return None
    content = _LINK.sub(r"\1", " ".join((bullet.group(2) or "").split()))
    content = re.sub(r"^\[[ xX]\]\s*", "", content).strip(" *_`~")
    ref = re.match(r"#(\d{1,9})\b", content)
    if ref:
        number = int(ref.group(1))
        return number if number in known else None
    head = _DASH_SPLIT.split(content, maxsplit=1)[0].split(" (", 1)[0]
    name = normalize(head)
    if name in titles:
        return titles[name]
    full = normalize(content)
    matches = [n for t, n in titles.items() if t and (full == t or full.startswith(t + " "))]
    return matches[0] if len(matches) == 1 else None
