"""The architect's own sections of a text a human may edit too. Pure.

The PR body and the sprint file belong to the humans as much as to the
architect: a write replaces only `## Design forks` and `## Filed:` in the text
as it is now, and keeps whatever a person wrote around them.
"""

from __future__ import annotations

from collections.abc import Sequence

from architect.core import markers, render
from architect.core.ledger import Ledger

Sections = tuple[tuple[str, str], ...]  # (heading, the whole section), in their order


def own_sections(ledger: Ledger | None, filed: Sequence[int], *, repo: str) -> Sections:
    """What the architect keeps in a sprint's texts; a part not known yet is left alone."""
    found: list[tuple[str, str]] = []
    if ledger is not None:
        found.append((render.FORKS_HEADING, render.forks_section(ledger)))
    if filed:
        found.append((render.FILED_HEADING, render.filed_line(filed, repo=repo)))
    return tuple(found)


def with_sections(text: str, sections: Sections, *, anchor: str = markers.VISION_OPEN) -> str:
    """`text` with each of the architect's sections replaced (or added before `anchor`)."""
    for heading, section in sections:
        text = render.replace_section(text, heading, section, anchor=anchor)
    return text


def in_file(text: str, sections: Sections) -> str:
    return with_sections(text, sections, anchor=render.FILE_FOOTER)
