"""How a comment leans on the pitch when it names no decision: words of judgement. Pure.

`core.clauses` reads clauses made of words of agreement and refusal ("LGTM", "nope");
people also judge in sentences of their own: "I don't think this sprint is
necessary", "Not a fan of this", "Too expensive for what it gives us", "Mi sembra
una buona idea". This module reads those by their *words of judgement* (a stem
lexicon, `vocabulary.JUDGE_GOOD` and `JUDGE_BAD`), each turned round by a negation
just before it ("not worth", "nicht sinnvoll"). It never decides: a lean is
*likely*, and gets one reply saying what was read and what to write.

Words of thanks, greeting and courtesy judge nothing ("Thanks for writing this up"):
they are not in the lexicon. A comment whose words lean both ways, or that hedges
or asks, leans nowhere for certain (`Lean.MIXED`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import StrEnum

from architect.core import vocabulary
from architect.core.clauses import distance, split


class Lean(StrEnum):
    GOOD = "good"
    BAD = "bad"
    MIXED = "mixed"


@dataclass(frozen=True)
class Judgement:
    lean: Lean
    words: tuple[str, ...]  # the words of judgement found, as written


_TOKEN = re.compile(r"[+\-]1\b|[^\W_]+(?:'[^\W_]+)?|[\U0001F300-\U0001FAFF\u2600-\u27BF]",
                    re.UNICODE)
# How far back a negation reaches: "not really a big fan" turns "fan" round.
_REACH = 4


Lexicon = tuple[tuple[tuple[str, ...], bool], ...]


@functools.lru_cache(maxsize=2)
def _lexicon(good: tuple[str, ...], bad: tuple[str, ...]) -> Lexicon:
    """Every entry of a good and a bad word list as its tokens, with its side; longest
    first (entries in a script without spaces are matched apart: `_unspaced_hits`)."""
    entries = [(_entry(e), True) for e in good if not _unspaced(e)]
    entries += [(_entry(e), False) for e in bad if not _unspaced(e)]
    return tuple(sorted((e for e in entries if e[0]), key=lambda e: -len(e[0])))


def _unspaced_hits(text: str, good: tuple[str, ...], bad: tuple[str, ...]
                   ) -> list[tuple[str, bool, bool]]:
    """The entries in a script without spaces (`不错`, `却下`) found where they stand:
    (the entry, its side, whether a negation turns it round: `不批准`, `承認しません`)."""
    found: list[tuple[int, str, bool]] = []
    for entries, side in ((good, True), (bad, False)):
        found += [(text.find(e), e, side) for e in entries if _unspaced(e) and e in text]
    # An entry inside a longer one found there is that one's ("必要" in "没什么必要").
    taken: list[tuple[int, int]] = []
    hits: list[tuple[str, bool, bool]] = []
    for at, entry, side in sorted(found, key=lambda f: -len(f[1])):
        end = at + len(entry)
        if any(a <= at and end <= b for a, b in taken):
            continue
        taken.append((at, end))
        hits.append((entry, side, _unspaced_negated(text, at, end)))
    return hits


# Chinese turns a word round before it (`不批准`, `没有同意`, `不太同意`); Japanese and
# Korean after it, in the verb's ending (`承認しません`, `承認できない`, `승인하지 않겠습니다`),
# Korean also before (`안 됩니다`). "非常" is "very", so 非 is no negation here.
_NEGATED_BEFORE = re.compile(r"(?:[不没沒别別未无無]|没有|沒有|不太|并不|並不|안\s|못\s)$")
_NEGATED_AFTER = re.compile(r"ない|ません|なかった|じゃな|ではな|無理|않|못|없")
_CLAUSE_END = re.compile(r"[。！？!?\n、，,.;；]")


def _unspaced_negated(text: str, start: int, end: int) -> bool:
    before = text[max(0, start - 3):start]
    after = text[end:end + 12]
    cut = _CLAUSE_END.search(after)
    return bool(_NEGATED_BEFORE.search(before)
                or _NEGATED_AFTER.search(after[:cut.start()] if cut else after))


# A comment this short judges the pitch with any word of judgement ("Nice, I like it").
_SHORT = 6


@functools.lru_cache(maxsize=1)
def _weak() -> frozenset[tuple[str, ...]]:
    return frozenset(_entry(w) for w in vocabulary.JUDGE_WEAK)


@functools.lru_cache(maxsize=1)
def _pitch_words() -> frozenset[str]:
    return frozenset(vocabulary.JUDGE_PITCH)


@functools.lru_cache(maxsize=1)
def _negations() -> frozenset[str]:
    return frozenset(t for n in vocabulary.JUDGE_NEGATIONS for t in _tokens(n))


def _entry(text: str) -> tuple[str, ...]:
    """A lexicon entry as the tokens it matches, a stem keeping its `*`."""
    return tuple(t for word in text.lower().replace("n't", " not").split()
                 for t in ([word] if word.endswith("*") else _tokens(word)))


def _tokens(text: str) -> list[str]:
    flat = text.lower().replace("’", "'")
    # "i dont like it": a casual spelling read as its word (`vocabulary.CASUAL`).
    typed = [vocabulary.CASUAL.get(t, t) for t in _TOKEN.findall(flat)]
    return _TOKEN.findall(" ".join(typed).replace("n't", " not"))


def _matches(tokens: list[str], at: int, entry: tuple[str, ...]) -> bool:
    """Whether `entry` starts at `at`: each of its tokens the start of the comment's
    token there (a stem: `necessar` meets "necessary"), single letters whole."""
    if at + len(entry) > len(tokens):
        return False
    for token, stem in zip(tokens[at:at + len(entry)], entry, strict=True):
        if stem.endswith("*"):
            if not token.startswith(stem[:-1]):
                return False
        elif token != stem:
            return False
    return True


def _about_a_part(text: str) -> bool:
    """Whether a clause of `text` speaks of something else than the pitch ("The risks
    section is honest"), so an everyday word of praise beside it is a remark on that."""
    weak = _weak()
    for clause in split(text):
        tokens = _tokens(clause)
        if len(tokens) >= 3 and not _pitch_words() & set(tokens) and not any(
                _matches(tokens, at, w) for w in weak for at in range(len(tokens))):
            return True
    return False


def _unspaced(entry: str) -> bool:
    return any(ord(c) >= 0x3000 for c in entry)


# "I don't think this is necessary": a negation on a verb of opinion turns round the
# judgement that follows it in the clause, however far.
_OPINION = frozenset({"think", "believe", "feel", "expect", "see", "find", "consider"})
_RAISED_REACH = 8


def _raised(tokens: list[str], at: int) -> bool:
    start = max(0, at - _RAISED_REACH)
    return any(tokens[i] in _negations() and tokens[i + 1] in _OPINION
               for i in range(start, at - 1))


def judge(text: str) -> Judgement | None:
    """The lean of `text` (a comment's own words: no quotes, code or bot text) by its
    words of judgement, or None when it has none."""
    tokens = _tokens(text[:4000])
    remark = _about_a_part(text[:4000])
    found = [(entry, good != negated) for entry, good, negated
             in _unspaced_hits(text[:4000], vocabulary.JUDGE_GOOD, vocabulary.JUDGE_BAD)]
    lexicon = _lexicon(vocabulary.JUDGE_GOOD, vocabulary.JUDGE_BAD)
    at = 0
    while at < len(tokens):
        entry = next((e for e in lexicon if _matches(tokens, at, e[0])), None)
        if entry is None:
            at += 1
            continue
        words, good = entry
        # An entry that carries its own negation ("not convinced", "pas convaincu") is
        # not turned round again by the one before it ("je ne suis pas convaincu").
        if words[0] not in _negations() and (_negated(tokens, at) or _raised(tokens, at)):
            good = not good
        if words in _weak() and (len(tokens) > _SHORT or remark) \
                and not _pitch_words() & set(tokens):
            at += len(words)  # "The risks section is honest, good": a remark on a part
            continue
        found.append((" ".join(tokens[at:at + len(words)]), good))
        at += len(words)
    if not found:
        return None
    sides = {good for _, good in found}
    lean = Lean.MIXED if len(sides) > 1 else Lean.GOOD if sides == {True} else Lean.BAD
    return Judgement(lean, tuple(w for w, _ in found))


@dataclass(frozen=True)
class Verb:
    """A verb that decides, found in a comment: its side and the words it was read from."""

    good: bool  # its side, turned round when negated
    said: str
    negated: bool = False  # "not approving", "Non lo approvo": it decides nothing


# The decision words a slip of one key (two in a long word) is read as, in a sentence.
_SLIP_TARGETS = (("approve", True), ("approved", True), ("approving", True),
                 ("accept", True), ("accepted", True), ("reject", False),
                 ("rejected", False), ("rejecting", False), ("declined", False))


def _slip(token: str) -> bool | None:
    if len(token) < 5 or not token.isalpha() or token in vocabulary.NOT_DECIDE_VERBS:
        return None
    for target, good in _SLIP_TARGETS:
        if token[0] == target[0] and distance(token, target) <= (2 if len(target) >= 8 else 1):
            return good
    return None


def _negated(tokens: list[str], at: int) -> bool:
    """A negation within reach before `at` ("not really ready to approve"); "say no and
    reject it" says no, it does not turn "reject" round."""
    for i in range(max(0, at - _REACH), at):
        if tokens[i] in _negations() and not (tokens[i] == "no" and i > 0
                                              and tokens[i - 1] in {"say", "a", "the", "un"}):
            return True
    return False


def decision_verbs(text: str) -> list[Verb]:
    """The verbs that decide in `text`, in order, each with its side; a negation just
    before one (or on a verb of opinion) turns it round, as in `judge`."""
    approve, refuse = vocabulary.DECIDE_VERBS_APPROVE, vocabulary.DECIDE_VERBS_REFUSE
    found = [Verb(side != negated, entry, negated)
             for entry, side, negated in _unspaced_hits(text[:4000], approve, refuse)]
    not_verbs = frozenset(vocabulary.NOT_DECIDE_VERBS)
    lexicon = _lexicon(approve, refuse)
    # A negation reaches no further than its sentence: "No. We decided against this."
    for sentence in _SENTENCES.split(text[:4000]):
        tokens = [t[2:] if t[:2] in ("j'", "l'", "d'") and len(t) > 4 else t
                  for t in _tokens(sentence)]
        # A negation after the verb reaches no further than its clause: "Ich lehne den
        # Pitch ab – der Datenschutz ist nicht geklärt" refuses; the reason is negated.
        ends = _clause_ends(sentence)
        for at, token in enumerate(tokens):
            # A word that only looks like a decision verb ("decided") still starts one
            # of several words ("decided against").
            entry = next((e for e in lexicon if (len(e[0]) > 1 or token not in not_verbs)
                          and _matches(tokens, at, e[0])), None)
            if entry is None and token in not_verbs:
                continue
            good = entry[1] if entry is not None else _slip(token)
            width = len(entry[0]) if entry is not None else 1
            if good is None:
                good, width = _separable(tokens, at)
            if good is None:
                continue
            negated = (_negated(tokens, at) or _raised(tokens, at)
                       or _negated_after(tokens[:ends[at]] if at < len(ends) else tokens,
                                         at + width)
                       or (entry is not None and _negated_by_suffix(tokens, at, entry[0])))
            found.append(Verb(good != negated, token, negated))
    return found


_CLAUSE_MARK = re.compile(r"\s[—–-]+\s|[—–,:;()]")


def _clause_ends(sentence: str) -> list[int]:
    """For each token of `sentence`, the index of the first token after its clause."""
    ends: list[int] = []
    count = 0
    for part in _CLAUSE_MARK.split(sentence):
        n = len(_tokens(part))
        ends += [count + n] * n
        count += n
    return ends


def _separable(tokens: list[str], at: int) -> tuple[bool | None, int]:
    """A German or Dutch verb whose particle ends the sentence (`Ich gebe das frei`, `Ik
    keur dit goed`): its side, and how far its negation may stand (up to the particle)."""
    for verb, particle, good in vocabulary.SEPARABLE_VERBS:
        if tokens[at] == verb and particle in tokens[at + 1:at + 9]:
            return good, 1
    return None, 1


def _negated_after(tokens: list[str], at: int) -> bool:
    """A negation after the verb, as German, Dutch and the Nordic languages place it
    (`Ich genehmige das nicht`, `Jag godkänner inte detta`)."""
    after = set(vocabulary.NEGATIONS_AFTER)
    return any(t in after for t in tokens[at:at + 8])


# Turkish negates in the verb's suffix (`onayla-mı-yorum`, `onayla-ma-m`) or in that of the
# auxiliary after a noun (`kabul et-mi-yorum`, `kabul ede-me-m`).
_SUFFIX_NEGATION = re.compile(r"m[ıiuü]yor|m[ae](?:z|d|m|y)")
_AUXILIARIES = ("et", "ed", "ol", "yap")


def _negated_by_suffix(tokens: list[str], at: int, entry: tuple[str, ...]) -> bool:
    stem = entry[0]
    if stem not in vocabulary.SUFFIX_NEGATED:
        return False
    rest = tokens[at][len(stem.rstrip("*")):]
    if at + 1 < len(tokens) and tokens[at + 1].startswith(_AUXILIARIES):
        rest += " " + tokens[at + 1][2:]
    return _SUFFIX_NEGATION.search(rest) is not None


_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+|[。！？]")
