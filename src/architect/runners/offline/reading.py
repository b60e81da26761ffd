"""Reading free text: which option of which design fork a human's words pick."""

from __future__ import annotations

import re
from collections.abc import Sequence

from architect.core import clauses
from architect.core.answer_reading import SARCASTIC, doubt, judged_against
from architect.core.ledger import DesignFork
from architect.core.text import normalize, visible_text

_LETTER_PICK = re.compile(
    r"(?i:\boption)\s+\(?([A-Za-z])\)?(?![\w'])"
    r"|(?i:\b(?:go(?:ing)?\s+with|pick|choose|prefer|take|vote\s+for|let'?s\s+do))"
    r"\s+\(?([A-Z])\)?(?![\w'])"
)
# "I wouldn't go with B", "never pick A": a letter refused in its own clause, not picked.
_NEGATED_PICK = re.compile(r"(?:\b(?:not|never|no)\b|n'?t\b)[^.,;:!?]*$", re.IGNORECASE)
_SENTENCES = re.compile(r"(?<=[.!?…])\s+|\n+")
_CLAUSES = re.compile(r"[.,;:!?()]+\s|\s[—–-]+\s|\n")
_CLAUSE_NEGATION = re.compile(r"\b(?:not|no|never|nobody|nothing|without|neither|nor)\b"
                              r"|\w+n['’]t\b|\b(?:dont|doesnt|didnt|cant|wont|wouldnt|shouldnt"
                              r"|couldnt|isnt|arent)\b", re.IGNORECASE)
_QUESTION_REF = re.compile(r"\b(?:q|question\s*#?)\s*(\d{1,4})\b", re.IGNORECASE)
_ARTICLES = frozenset({"a", "an", "the"})
_NEGATIONS = frozenset(
    {
        "not",
        "no",
        "never",
        "without",
        "instead of",
        "rather than",
        "than",
        "over",
        "against",
        "not really",
    }
)


def read_answer(text: str, forks: Sequence[DesignFork]) -> dict[int, str]:
    """Fork number → letter, for each fork that free text answers unambiguously.

    Two readings: a letter ("option B", "go with B") for the one question the
    text names (`Q2`, "question 2") or the only open one; and an option's text
    (or its short name, before a parenthesis, dash or comma) said without a
    negation ("not SQLite", "rather than SQLite"). Conflicting readings of one
    fork cancel out: the human is asked again rather than misread.
    """
    # A sentence that asks ("does option B mean workspace admins?"), or that the core's
    # clause reader finds conditional or hedged ("if yes then B, otherwise A", "shayad
    # B"), picks nothing: the planner reads free text, it does not guess.
    # Quoted lines are someone else's words (the question's own options, often).
    text = "\n".join(line for line in visible_text(text)[:20_000].splitlines()
                     if not line.lstrip().startswith(">"))
    if SARCASTIC.search(text):
        return {}  # "Ah yes, a nightly cron job. The thing that silently stopped …": scorn
    text = " ".join(s for s in _SENTENCES.split(text)
                    if not s.rstrip(" *_)\"'”").endswith("?")
                    and doubt(s)[0] is clauses.Modality.CERTAIN)
    readings: dict[int, set[str]] = {}
    letters = {(m.group(1) or m.group(2)).upper() for m in _LETTER_PICK.finditer(text)
               if not _NEGATED_PICK.search(re.split(r"[.,;:!?]", text[:m.start()])[-1][-30:])}
    if len(letters) == 1:
        refs = {int(n) for n in _QUESTION_REF.findall(text)} & {f.number for f in forks}
        targets = [f for f in forks if f.number in refs] if refs else list(forks)
        if len(targets) == 1 and next(iter(letters)) in targets[0].letters:
            readings.setdefault(targets[0].number, set()).update(letters)
    # "I wouldn't put files on the local disk, we run 3 replicas": a clause with a
    # negation names no option, however many words lie between.
    said = " ".join(f" {normalize(c)} " for c in _CLAUSES.split(text)
                    if not _CLAUSE_NEGATION.search(c) and not judged_against(c))
    for fork in forks:
        # "Yes, they should be shareable" names "Yes, by link" only where one question is
        # open: with several, a bare yes is the reply's own word.
        named = _named_option(said, fork, common=len(forks) == 1)
        if named:
            readings.setdefault(fork.number, set()).add(named)
    return {n: next(iter(found)) for n, found in readings.items() if len(found) == 1}


def _named_option(said: str, fork: DesignFork, *, common: bool) -> str | None:
    matches: dict[str, str] = {}  # letter → the longest of its names that the text says
    for letter, text in fork.options:
        for name in _option_names(text, common=common):
            if len(name) > len(matches.get(letter, "")) and _said_positively(said, name):
                matches[letter] = name
    if not matches:
        return None
    letter, name = max(matches.items(), key=lambda kv: len(kv[1]))
    # "desktop notifications from a job" beats an option called "desktop notifications".
    others = [n for other, n in matches.items() if other != letter]
    return letter if all(len(n) < len(name) and n in name for n in others) else None


# Short names no reader can tell from a reply's own words while several questions are
# open ("Yes, as a JSON file" is not named by "Yes, this one").
_TOO_COMMON = frozenset({"yes", "no", "none", "nope", "ok", "okay", "sure", "both", "all"})


def _option_names(text: str, *, common: bool) -> set[str]:
    short = re.split(r"\s\(|\s[—–-]+\s|[,:;]\s", text, maxsplit=1)[0]
    return {n for n in (normalize(text), normalize(short)) if len(n) >= 3
            and (common or n not in _TOO_COMMON)}


def _said_positively(said: str, name: str) -> bool:
    needle = f" {name} "
    start = said.find(needle)
    while start != -1:
        before = [w for w in said[max(0, start - 60) : start].split()][-4:]
        while before and before[-1] in _ARTICLES:
            before.pop()
        tail = {" ".join(before[-k:]) for k in (1, 2) if len(before) >= k}
        if not tail & _NEGATIONS:
            return True
        start = said.find(needle, start + 1)
    return False
