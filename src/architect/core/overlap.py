"""Does a planned sub-issue repeat an open issue of the backlog? Pure and deterministic.

Before sub-issues are filed, each one is compared with the project repo's open
issues. Two measures, both on normalised words (lower case, punctuation gone,
stop words dropped, a plural `s` folded), so that "Add a due date to todos" and
"Todos: add due dates" meet:

- the title's word overlap (Jaccard), the strongest sign of a duplicate;
- the body's word overlap, which confirms or weakens it.

The score is ``0.7 * title + 0.3 * body`` when both sides have a body, else the
title alone. A pair at or over the threshold is a near-duplicate (listed with
its link on the plan comment); a pair whose normalised titles are equal is an
exact duplicate, which the filing check refuses.

The open issues compared are those the forge's issue search ranks nearest to
the vision's title (for the model's prompt) and to each planned title
(`search_words`): one page each, never the whole backlog.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

TITLE_WEIGHT = 0.7
DEFAULT_THRESHOLD = 0.6
MAX_SEARCH_WORDS = 6
_WORD = re.compile(r"[a-z0-9]+")
# Words that carry no meaning of their own in an issue title or body.
STOP_WORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "has",
    "have", "how", "i", "if", "in", "into", "is", "it", "its", "of", "on", "or", "our", "should",
    "so", "that", "the", "their", "them", "then", "there", "these", "this", "to", "was", "we",
    "when", "which", "will", "with", "you", "your", "not", "no", "all", "any", "add", "adds",
    "added", "make", "makes", "new", "use", "uses", "using",
})


@dataclass(frozen=True)
class PlannedItem:
    """A sub-issue of the plan, as far as the comparison needs it."""

    key: str  # the plan's id for the sub-issue
    title: str
    text: str = ""


@dataclass(frozen=True)
class OpenIssue:
    number: int
    title: str
    body: str
    url: str


@dataclass(frozen=True)
class Overlap:
    key: str
    issue: OpenIssue
    score: float
    exact: bool

    def describe(self) -> str:
        kind = "the same title as" if self.exact else f"{self.score:.0%} like"
        return f"`{self.key}` has {kind} #{self.issue.number} “{self.issue.title}”"


def words(text: str) -> frozenset[str]:
    """The meaningful words of `text`, normalised so that spelling variants meet."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return frozenset(_stem(w) for w in _WORD.findall(folded) if w not in STOP_WORDS)


def _stem(word: str) -> str:
    # Only the plural: enough for titles, and never merges unrelated words.
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def search_words(title: str) -> str:
    """What to ask the forge's issue search for to find issues like `title`.

    Its meaningful words, the longest last: bleve ORs them (each fuzzy) and ranks an
    issue that matches more of them higher, while the database indexer keeps only the
    last word's LIKE, where the most telling word serves best. Numbers are left out
    (bleve reads `12` as issue #12); the stem ("todo" for "todos") is what LIKE needs.
    """
    found = sorted((w for w in words(title) if not w.isdigit()), key=lambda w: (len(w), w))
    return " ".join(found[-MAX_SEARCH_WORDS:])


def normalised_title(title: str) -> str:
    folded = unicodedata.normalize("NFKC", title).casefold()
    return " ".join(_WORD.findall(folded))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def similarity(item: PlannedItem, issue: OpenIssue) -> float:
    title = jaccard(words(item.title), words(issue.title))
    mine, theirs = words(item.text), words(issue.body)
    if not mine or not theirs:
        return title
    return TITLE_WEIGHT * title + (1 - TITLE_WEIGHT) * jaccard(mine, theirs)


def find_overlaps(plan: Sequence[PlannedItem], backlog: Iterable[OpenIssue], *,
                  threshold: float = DEFAULT_THRESHOLD) -> list[Overlap]:
    """Each planned item's overlaps with the open issues, best first per item.

    An exact title match is always reported, whatever the threshold.
    """
    issues = list(backlog)
    found: list[Overlap] = []
    for item in plan:
        title = normalised_title(item.title)
        hits = []
        for issue in issues:
            exact = bool(title) and title == normalised_title(issue.title)
            score = 1.0 if exact else similarity(item, issue)
            if exact or score >= threshold:
                hits.append(Overlap(item.key, issue, round(score, 3), exact))
        found.extend(sorted(hits, key=lambda o: (-o.score, o.issue.number)))
    return found


def exact_duplicates(overlaps: Iterable[Overlap]) -> list[Overlap]:
    return [o for o in overlaps if o.exact]
