"""A comment read as a person reads it: clauses, each with a polarity and a modality. Pure.

`core.words` reads the words the architect acts on; this module reads everything
else a person may mean by a comment, from the vocabularies of `core.vocabulary`:

- `split` cuts the readable text (no quotes, code or bot text: `words.readable`)
  into clauses at sentence marks, line ends, commas and dashes, and at `but`.
- `modality` says what a stretch of words does to a decision in it: sets a
  condition (`if …`, `unless …`), hedges (`maybe`, `not sure`), asks (`…?`),
  negates (`not yet`), or takes back what came before (`actually`, `scratch that`).
- `stance` reads a whole comment: the clauses of agreement or refusal (a clause
  that is nothing but such words, fillers and a slip of one keystroke), and the
  modality of the comment around them. The writer's last word wins: after a
  correction cue, only what follows counts.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import StrEnum

from architect.core import vocabulary


class Polarity(StrEnum):
    AGREE = "agree"
    REFUSE = "refuse"


class Modality(StrEnum):
    CERTAIN = "certain"
    CONDITIONAL = "conditional"
    HEDGED = "hedged"
    QUESTION = "question"
    NEGATED = "negated"
    MIXED = "mixed"  # agreement and refusal, neither taken back


@dataclass(frozen=True)
class Stance:
    """What a comment says about the pitch, beyond the words the architect acts on."""

    polarity: Polarity
    modality: Modality
    cue: str = ""  # the words that made it uncertain ("if you drop the DB part")
    said: str = ""  # the clause of agreement or refusal, as written


_SPLIT = re.compile(r"(?<=[.!?;])\s+|\n+|\s*[,;]\s*|\s+[—–-]+\s+|\s*[—–]\s*|\s+(?=but\b)",
                    re.IGNORECASE)
_LEAD = re.compile(r"^(?:but|and|so|also|then|though|however|aber|mais|pero|mas|ma|maar|ale)\b"
                   r"[\s,]*", re.IGNORECASE)
_PUNCT = re.compile(r"[\s.,;:!()\[\]*_~\"“”„«»…]+")


def normal(text: str) -> str:
    """Lower case, plain apostrophes, punctuation as spaces: " words like these "."""
    flat = text.lower().replace("’", "'").replace("‘", "'")
    return " " + _PUNCT.sub(" ", flat).strip() + " "


def split(text: str) -> list[str]:
    """The clauses of `text`, in order, each without its leading conjunction."""
    parts = (_LEAD.sub("", p.strip()).strip() for p in _SPLIT.split(text) if p and p.strip())
    return [p for p in parts if p.strip(" .!?-–—*_~")]


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[tuple[tuple[str, Polarity | None], ...], frozenset[str]]:
    """Every phrase (normalised) with its polarity (None for a filler), longest first,
    and the one-word phrases a slip of one keystroke may stand for."""
    phrases: dict[str, Polarity | None] = {}
    for words in vocabulary.FILLERS:
        phrases[normal(words).strip()] = None
    for table, polarity in ((vocabulary.APPROVE, Polarity.AGREE),
                            (vocabulary.REFUSE, Polarity.REFUSE)):
        for row in table.values():
            for words in row:
                key = normal(words).strip()
                if key:
                    phrases[key] = polarity
    ordered = tuple(sorted(phrases.items(), key=lambda kv: len(kv[0]), reverse=True))
    return ordered, frozenset(vocabulary.SLIPS)


def _spaced(phrase: str) -> bool:
    return phrase.isascii() or any(c.isalpha() and ord(c) < 0x3000 for c in phrase)


def polarity_of(clause: str, *, slips: bool = False) -> Polarity | None:
    """The polarity of a clause that is nothing but words of agreement or refusal (and
    fillers); None when anything else is said in it, or both polarities are.
    `slips`: the clause is the whole comment, and one word may be a slip of one key."""
    phrases, known = _tables()
    rest = normal(clause)
    found: set[Polarity] = set()
    for phrase, polarity in phrases:
        needle = f" {phrase} " if _spaced(phrase) else phrase
        while needle in rest:
            rest = rest.replace(needle, " ", 1)
            if polarity is not None:
                found.add(polarity)
    left = rest.split()
    if slips and not found and len(left) == 1 and left[0].isalpha() and len(left[0]) >= 4:
        slip = next((s for s in known if distance(left[0], s) == 1 and left[0][0] == s[0]),
                    None)
        if slip is not None:
            return next(p for w, p in phrases if w == slip)
    if left or len(found) != 1:
        return None
    return found.pop()


def _cue(text: str, cues: tuple[str, ...]) -> str:
    """The first cue of `cues` in `text` as whole words, or ""."""
    flat = normal(text)
    hits = [(flat.find(f" {normal(c).strip()} "), c) for c in cues]
    hits = [(at, c) for at, c in hits if at >= 0]
    return min(hits)[1] if hits else ""


def modality(text: str) -> tuple[Modality, str]:
    """What a stretch of words does to a decision or an answer in it, and its cue."""
    if (cue := _cue(text, vocabulary.CONDITIONS)):
        return Modality.CONDITIONAL, _from(text, cue)
    if (cue := _cue(text, vocabulary.HEDGES)):
        return Modality.HEDGED, _from(text, cue)
    if text.rstrip(" *_~)").endswith("?"):
        return Modality.QUESTION, text.strip()
    return Modality.CERTAIN, ""


def _from(text: str, cue: str) -> str:
    """The words of `text` from `cue` on, as written (for the reply)."""
    match = re.search(rf"(?<!\w){re.escape(cue)}(?!\w)", text.replace("’", "'"),
                      re.IGNORECASE)
    return text[match.start():].strip().rstrip(".!") if match else cue


def after_correction(text: str) -> str:
    """What follows the last cue of taking back (`Actually, …`, `Scratch that: …`),
    or the whole text when there is none: the writer's last word."""
    best = -1
    for cue in vocabulary.CORRECTIONS:
        for match in re.finditer(rf"(?<!\w){re.escape(cue.strip())}(?!\w)[\s,:;.!—–-]*",
                                 text.replace("’", "'"), re.IGNORECASE):
            if match.start() > 0:
                best = max(best, match.end())
    return text[best:] if best > 0 else text


def stance(text: str) -> Stance | None:
    """What a comment says about the pitch (`text`: its readable words), or None when no
    clause of it agrees or refuses."""
    last = after_correction(text)
    clauses = split(last)
    alone = len(clauses) == 1
    polar = [(c, p) for c in clauses if (p := polarity_of(c, slips=alone)) is not None]
    if not polar:
        return None
    others = [c for c in clauses if polarity_of(c, slips=alone) is None]
    said = ", ".join(c for c, _ in polar)
    kinds = {p for _, p in polar}
    if len(kinds) > 1:
        return Stance(polar[-1][1], Modality.MIXED, said=said)
    polarity = polar[0][1]
    for clause in others:
        mood, cue = modality(clause)
        if mood in (Modality.CONDITIONAL, Modality.HEDGED):
            return Stance(polarity, mood, cue, said)
    if any(modality(c)[0] is Modality.QUESTION for c in others):
        # "LGTM, but what about mobile?": a question for the people, not yet a decision.
        return Stance(polarity, Modality.QUESTION, next(
            c for c in others if modality(c)[0] is Modality.QUESTION), said)
    if any(c.rstrip().endswith("?") for c, _ in polar):
        return Stance(polarity, Modality.QUESTION, polar[0][0], said)
    return Stance(polarity, Modality.CERTAIN, said=said)


def distance(a: str, b: str) -> int:
    """Edit distance counting a swap of two neighbours as one (optimal string alignment)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]
