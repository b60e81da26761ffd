"""The model's reading of a comment the rules could not read for certain, checked. Pure.

The `read` mode answers with intents and letters, each with the span of the comment
it came from. Nothing is taken on the model's word: a span must occur in the
comment's own unquoted text (`words.unquoted`, compared without case or runs of
space), and a letter must be an option of its question. What passes is only
*likely*: it is read back to the writer with what to write to confirm, and nothing
is filed or decided on it until they do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from architect.core import words
from architect.core.ledger import Ledger
from architect.core.schemas import CommentReading
from architect.core.text import one_line


@dataclass(frozen=True)
class Checked:
    """What the model's reading of one comment comes to, after the checks."""

    kept: tuple[str, ...] = ()  # each reading kept, in words ("accept, from “…”")
    refused: tuple[str, ...] = ()  # each reading refused, and why


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def check(reading: CommentReading, body: str, ledger: Ledger | None) -> Checked:
    own = _flat(words.unquoted(body, ""))
    kept: list[str] = []
    refused: list[str] = []
    for item in reading.readings:
        span = one_line(item.span, 100)
        if item.intent == "none":
            continue
        if not item.span.strip() or _flat(item.span) not in own:
            refused.append(f"“{span}” is not in the comment's own words")
            continue
        if item.intent == "answer":
            fork = ledger.get(item.question) if ledger and item.question else None
            if fork is None or item.option not in fork.letters:
                refused.append(f"Q{item.question}: {item.option} is not an option of an open "
                               "question")
                continue
            kept.append(f"Q{fork.number}: {item.option}, from “{span}” (to confirm, write "
                        f"`Q{fork.number}: {item.option}`)")
        else:
            word = "ACCEPT" if item.intent == "accept" else "REJECT: <reason>"
            kept.append(f"{item.intent}, from “{span}” (to confirm, write `{word}`)")
    return Checked(tuple(kept), tuple(refused))


def read_back(checked: Checked) -> str:
    """The paragraph of the reply that says what the model read, and what it may not."""
    lines = [f"- The model read: {k}." for k in checked.kept]
    lines += [f"- A model reading was refused: {r}." for r in checked.refused]
    return "\n".join(lines)
