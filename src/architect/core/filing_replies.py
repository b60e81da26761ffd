"""Replies to a failed filing check: which sub-issues to drop, which to keep and why. Pure.

The check names each sub-issue titled like an open issue ("Sub-issue `store` has
the title of the open issue [#76](…)"). People answer it as they would a
colleague: `drop it` (the one flagged), `drop both` / `drop all` / `drop them`
(every flagged one), `drop store`, `drop #76`, `keep #76: it differs because …`,
`keep store: …`. Whatever else they write goes to the model with the check.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from architect.core.schemas import SubIssue
from architect.core.words import readable

# How the check names a sub-issue that repeats an open issue (`core.filing.same_titles`).
_FLAGGED = re.compile(r"Sub-issue `([^`]+)` has the title of the open issue \[#(\d+)\]")
_DROP = re.compile(r"\b(?:drop|remove|skip|leave\s+out)\s+(?P<what>both|all(?:\s+of\s+them)?"
                   r"|them|it|that(?:\s+one)?|this(?:\s+one)?|#\d+|`[^`]+`|[A-Za-z0-9._-]+)",
                   re.IGNORECASE)
_KEEP = re.compile(r"\b(?:keep|file)\s+(?P<what>it|both|all|#\d+|`[^`]+`|[A-Za-z0-9._-]+)"
                   r"\s*(?:[:—–-]|,|\s+because\b)\s*(?P<why>[^\n]+)", re.IGNORECASE)
WORDS = ("`drop it`", "`drop both`", "`drop <id>` or `drop #N`",
         "`keep <id>: <how it differs>`")


@dataclass(frozen=True)
class FilingReply:
    drop: frozenset[str] = frozenset()  # sub-issue ids to leave out
    keep: dict[str, str] = field(default_factory=dict)  # sub-issue id → how it differs
    unclear: tuple[str, ...] = ()  # words that named no single flagged sub-issue

    @property
    def acts(self) -> bool:
        return bool(self.drop or self.keep)


def flagged(problems: Sequence[str]) -> dict[str, int]:
    """The sub-issues the check flagged as repeating an open issue: id → that issue."""
    found: dict[str, int] = {}
    for problem in problems:
        match = _FLAGGED.search(problem)
        if match:
            found[match.group(1)] = int(match.group(2))
    return found


def read_replies(bodies: Sequence[str], problems: Sequence[str]) -> FilingReply:
    """What the replies ask of the flagged sub-issues (later replies win)."""
    marked = flagged(problems)
    drop: set[str] = set()
    keep: dict[str, str] = {}
    unclear: list[str] = []
    for body in bodies:
        text = readable(body, inline_code=True)
        for match in _KEEP.finditer(text):
            ids = _targets(match.group("what"), marked)
            if ids:
                keep.update(dict.fromkeys(ids, match.group("why").strip()))
                drop.difference_update(ids)
            else:
                unclear.append(match.group(0).strip())
        for match in _DROP.finditer(text):
            ids = _targets(match.group("what"), marked)
            if ids:
                drop.update(ids)
                for sub in ids:
                    keep.pop(sub, None)
            elif match.group("what").lower() in ("it", "that", "this", "that one", "this one"):
                unclear.append(match.group(0).strip())
    return FilingReply(frozenset(drop), keep, tuple(unclear))


def _targets(what: str, marked: dict[str, int]) -> list[str]:
    word = what.strip("`").lower()
    if word in ("both", "all", "them", "all of them"):
        return list(marked)
    if word in ("it", "that", "this", "that one", "this one"):
        return list(marked) if len(marked) == 1 else []
    if word.startswith("#"):
        number = int(word[1:])
        return [sub for sub, issue in marked.items() if issue == number]
    return [sub for sub in marked if sub.lower() == word]


def applied(subs: Sequence[SubIssue], reply: FilingReply) -> tuple[SubIssue, ...]:
    """The plan with the dropped sub-issues left out (and out of every dependency), and
    each kept one saying how it differs from the open issue it is titled like."""
    kept = [s for s in subs if s.id not in reply.drop]
    out = []
    for sub in kept:
        depends = [d for d in sub.depends_on if d not in reply.drop]
        update: dict[str, object] = {"depends_on": depends}
        if sub.id in reply.keep:
            update["problem"] = f"{sub.problem.strip()}\n\nHow it differs from the open issue " \
                                f"of the same title: {reply.keep[sub.id]}"
        out.append(sub.model_copy(update=update))
    return tuple(out)


def note(reply: FilingReply, login: str) -> list[str]:
    """What the acknowledgment says it read from a reply to the filing check."""
    lines = []
    if reply.drop:
        lines.append(f"Filing check: leaving out {_ids(reply.drop)} (as @{login} asked).")
    if reply.keep:
        lines.append(f"Filing check: filing {_ids(reply.keep)} anyway, with the reason "
                     f"@{login} gave.")
    lines += [f"Filing check: “{words}” (by @{login}) names no single flagged sub-issue; "
              f"write {', '.join(WORDS)}." for words in reply.unclear]
    return lines


def _ids(ids: object) -> str:
    return ", ".join(f"`{i}`" for i in sorted(ids))  # type: ignore[call-overload]
