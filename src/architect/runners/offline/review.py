"""Requests for changes: read from a review, kept in the pitch, filed with the plan.

A REQUEST_CHANGES review reaches the planner once, in revise mode. Its points
are written into the revised pitch's Risks as `Raised in review: …` lines and
carried into every later revision; the filing reads them back from the pitch,
which lives in the PR body, the only state that survives a restart. There each
point shapes the plan: an acceptance criterion of the task it names, or a
sub-issue of its own when it names none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from architect.core.revision import review_points
from architect.core.schemas import SubIssue
from architect.core.text import keywords, normalize, one_line, slugify, visible_text
from architect.runners.offline.common import RAISED, clip, kind_of, sentence
from architect.runners.offline.risks import spot_infra
from architect.runners.offline.vision import StructuredVision

ASKED = "Asked in review: "  # in a sub-issue's acceptance criteria
MAX_NOTES = 10
NOTE_LIMIT = 200  # short enough that the Risks bullet holds it whole, so it reads back whole
MAX_CRITERIA = 5  # the filing check's limit
# Words that say "do something" without saying what: they name no task.
_FILLER = keywords(
    "cover covers covering please sure handle handles support supports mention mentions "
    "consider think want wants need needs maybe adding added make include includes "
    "including missing forgot forget question"
)
_LEAD = re.compile(r"^(?:(?:also|please|pls|and|plus|then|could you|can you|we should)\b[\s,]*)+",
                   re.IGNORECASE)


def feedback_notes(feedback: str) -> list[str]:
    """The points of a review body: its bullets, or the whole text as one point."""
    return review_points(feedback)


# -- a point that asks to drop part of the plan ---------------------------------------

DROPPED = "Dropped in review: "  # in the pitch's Complexity: `id` — the task's text
RULED_OUT = "Ruled out in review: "  # in the pitch's Complexity: a kind of infra
_DROP = re.compile(
    r"(?:^|[\s,;:.!?…(])(?:drop|remove|cut|skip|leave\s+out|no|without|not)\s+(?:the\s+|a\s+|an\s+|any\s+)?"
    r"([^\s,;:.!?…()][^,;:.!?…()]{0,80})", re.IGNORECASE)
_VAGUE = keywords("part parts bit bits piece pieces thing things stuff task tasks work for now "
                  "needed necessary")
# Short words that name a part (`keywords` keeps words of 4 letters and more).
_SHORT = frozenset({"ui", "gui", "db", "api", "sql", "web", "cli", "csv", "pdf", "xml"})


def _words(text: str) -> frozenset[str]:
    short = {w for w in re.findall(r"[a-z0-9]+", text.lower()[:2000]) if w in _SHORT}
    return keywords(text) | short


# Words a reviewer uses for a part that the tasks name otherwise.
_ALIKE = tuple(_words(group) for group in (
    "ui gui frontend front page pages screen screens view views web form forms button",
    "server servers service services hosted backend daemon api",
    "database databases db postgres postgresql mysql sqlite",
    "accounts account login signup users authentication",
))


def drop_requests(point: str) -> list[str]:
    """What a point asks to leave out ("Drop the UI part", "No hosted server"), as said."""
    return [m.group(1).strip() for m in _DROP.finditer(visible_text(point))
            if _words(m.group(1)) - _VAGUE - _FILLER]


def match_score(asked: str, task: str) -> int:
    """How well a task is the part a drop request names: its words in common, its kinds
    of infra, and the reviewer's words for it (0: not that part)."""
    wanted = _words(asked) - _VAGUE - _FILLER
    words = _words(task)
    kinds = {k for k, _ in spot_infra(asked)} & {k for k, _ in spot_infra(task)}
    alike = sum(1 for group in _ALIKE if wanted & group and words & group
                and not wanted & words & group)
    return len(wanted & words) + len(kinds) + alike


def named_tasks(asks: Sequence[str], tasks: Sequence[tuple[str, str]]) -> list[str]:
    """The ids of the tasks each drop request names best ((id, text) pairs in): a request
    naming one task by its words drops that one, not every task sharing a word with it."""
    found: list[str] = []
    for asked in asks:
        scores = [(match_score(asked, text), ident) for ident, text in tasks]
        best = max((score for score, _ in scores), default=0)
        found += [ident for score, ident in scores if best and score == best]
    return list(dict.fromkeys(found))


# -- a point that narrows a task: kept, with the scope the review sets ------------------

NARROWED = "Narrowed in review: "  # in the pitch's Complexity: `id` — the scope as said
# Words that keep a part but limit it: "only CSV", "just a read-only page".
_RESTRICT = re.compile(r"\b(?:only|just|solely|merely|limited\s+to|nothing\s+but|"
                       r"no\s+more\s+than|at\s+most)\b", re.IGNORECASE)
# Where a point turns from the part it names to the scope it sets.
_TURN = re.compile(r"\s*(?::|;|\bbut\b|\bexcept\b|—|–|\s-\s)\s*", re.IGNORECASE)
_KEEP = re.compile(r"^\s*(?:keep|leave|retain)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Narrowing:
    """A point that keeps a part of the plan but limits it: the words that name the part,
    the scope as the review says it, and what that scope leaves out."""

    part: str
    scope: str
    left_out: tuple[str, ...]


def narrowing(point: str) -> Narrowing | None:
    """The narrowing a point asks for ("Keep the export but only CSV, no PDF", "The UI
    part: just a read-only page"), or None when it asks no limit."""
    text = one_line(visible_text(point), NOTE_LIMIT).rstrip(".!")
    clauses = [c.strip() for c in _TURN.split(text) if c.strip()]
    limiting = next((i for i, c in enumerate(clauses) if _RESTRICT.search(c)), None)
    if limiting is None:
        # "Keep the export but no PDF": a kept part, limited by what it leaves out.
        if len(clauses) < 2 or not _KEEP.match(clauses[0]) or not drop_requests(
                " ".join(clauses[1:])):
            return None
        limiting = 1
    if limiting == 0:  # "Export only CSV": the part before the limit, the limit after
        found = _RESTRICT.search(clauses[0])
        start = found.start() if found else 0
        part, scope = clauses[0][:start], ", ".join([clauses[0][start:], *clauses[1:]])
    else:
        part, scope = " ".join(clauses[:limiting]), ", ".join(clauses[limiting:])
    part = _KEEP.sub("", part).strip() or text
    left_out = tuple(drop_requests(scope))
    return Narrowing(part, scope, left_out)


def narrowed_in(pitch_markdown: str) -> dict[str, str]:
    """The tasks earlier revisions narrowed, by id, with the scope the review set."""
    found = {}
    for line in written_in(pitch_markdown, "Complexity", NARROWED):
        m = re.match(r"`([^`]+)`\s+—\s+(.+)$", line)
        if m:
            found[m.group(1)] = m.group(2).strip()
    return found


def scoped(sub: SubIssue, scope: str) -> SubIssue:
    """A sub-issue narrowed by a review: its solution and criteria say the scope, and a
    criterion of the vision about what the review left out gives way."""
    left_out = [_words(w) - _VAGUE - _FILLER for w in drop_requests(scope)]
    kept = [c for c in sub.acceptance_criteria
            if not any(words and words <= _words(c) for words in left_out)]
    criteria = [f"{NARROWED}{scope}", *kept][:MAX_CRITERIA]
    solution = f"As the review narrowed it: {sentence(scope)}\n\n{sub.proposed_solution}"
    return sub.model_copy(update={"acceptance_criteria": criteria,
                                  "proposed_solution": solution})


def ruled_out(asked: str) -> list[str]:
    """The kinds of infra a drop request rules out ("No hosted server": a service)."""
    return [kind for kind, _ in spot_infra(asked)]


def written_in(pitch_markdown: str, heading: str, prefix: str) -> list[str]:
    """The lines an earlier revision wrote into a section of the pitch after `prefix`."""
    parts = re.split(rf"(?m)^## {re.escape(heading)}[ \t]*$", visible_text(pitch_markdown),
                     maxsplit=1)
    if len(parts) < 2:
        return []
    section = re.split(r"(?m)^## ", parts[1], maxsplit=1)[0]
    return [line[2 + len(prefix):].strip() for line in section.split("\n")
            if line.startswith("- " + prefix) and line[2 + len(prefix):].strip()]


def dropped_ids(pitch_markdown: str) -> list[str]:
    """The tasks earlier revisions dropped, by id (`- Dropped in review: `id` — …`)."""
    return [m.group(1) for line in written_in(pitch_markdown, "Complexity", DROPPED)
            if (m := re.match(r"`([^`]+)`", line))]


def raised_in(pitch_markdown: str) -> list[str]:
    """The review points an earlier revision wrote into the pitch's Risks."""
    risks = re.split(r"(?m)^## Risks[ \t]*$", visible_text(pitch_markdown), maxsplit=1)
    if len(risks) < 2:
        return []
    section = re.split(r"(?m)^## ", risks[1], maxsplit=1)[0]
    return [
        line[2 + len(RAISED) :].strip()
        for line in section.split("\n")
        if line.startswith("- " + RAISED) and line[2 + len(RAISED) :].strip()
    ][:MAX_NOTES]


def carried(earlier: Sequence[str], new: Sequence[str]) -> list[str]:
    """Every review's points, oldest first, each once."""
    found: dict[str, str] = {}
    for note in [*earlier, *new]:
        found.setdefault(normalize(note), note)
    return list(found.values())[-MAX_NOTES:]


def shape(
    plan: Sequence[tuple[SubIssue, str]], notes: Sequence[str], *, vision: int,
    common: frozenset[str] = frozenset(),
) -> list[SubIssue]:
    """The plan with each review point in it; `plan` pairs a sub-issue with its task's text."""
    subs = [sub for sub, _ in plan]
    words = [keywords(text) - common for _, text in plan]
    extra: list[SubIssue] = []
    for note in notes:
        wanted = keywords(note) - _FILLER - common
        overlaps = [len(wanted & w) for w in words]
        best = max(range(len(overlaps)), key=lambda i: overlaps[i], default=-1)
        if best >= 0 and overlaps[best]:
            subs[best] = _with_criterion(subs[best], f"{ASKED}{note}")
        else:
            extra.append(_own_sub_issue(note, vision, taken={s.id for s in [*subs, *extra]}))
    return [*subs, *extra]


def _with_criterion(sub: SubIssue, criterion: str) -> SubIssue:
    """The review's points go last; the vision's shared criteria give way to stay in limit."""
    asked = [c for c in sub.acceptance_criteria if c.startswith(ASKED)] + [criterion]
    rest = [c for c in sub.acceptance_criteria if not c.startswith(ASKED)]
    own, shared = rest[-1:], rest[:-1]
    room = max(MAX_CRITERIA - len(own) - len(asked), 0)
    criteria = [*shared[:room], *own, *asked][-MAX_CRITERIA:]
    return sub.model_copy(update={"acceptance_criteria": criteria})


def _own_sub_issue(note: str, vision: int, *, taken: set[str]) -> SubIssue:
    title = sentence(_LEAD.sub("", note).strip() or note).rstrip(".")
    base = f"review-{slugify(title, max_len=40) or 'point'}"
    ident, n = base, 1
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    return SubIssue(
        id=ident,
        title=clip(title, 120),
        kind=kind_of(title),
        problem=(
            f"The review of the sprint pitch for vision #{vision} asked for it: “{note}”. "
            "No task of the vision's checklist covers it."
        ),
        proposed_solution=sentence(title),
        acceptance_criteria=[f"{clip(title, 200)} works as described", f"{ASKED}{note}"],
    )


def without(vision: StructuredVision, dropped: Sequence[str]) -> StructuredVision:
    """The vision with the tasks a review dropped left out (and what waited on them freed)."""
    if not dropped:
        return vision
    gone = set(dropped)
    names = gone | {normalize(i.text) for i in vision.items if i.id in gone}
    kept = tuple(replace(i, after=tuple(a for a in i.after if a not in names
                                        and normalize(a) not in names))
                 for i in vision.items if i.id not in gone)
    return replace(vision, items=kept)
