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

    polarity: Polarity | None  # None: a doubt about no side ("Maybe.")
    modality: Modality
    cue: str = ""  # the words that made it uncertain ("if you drop the DB part")
    said: str = ""  # the clause of agreement or refusal, as written
    # Said in words that decide (`vocabulary.DECIDE`: "Approved.", "NACK"), not merely
    # agree: certain, acted on.
    strong: bool = False
    rest: str = ""  # the other clauses: the guidance or the reason


_SPLIT = re.compile(r"(?<=[.!?;])\s+|\n+|\s*[,;]\s*|\s+[—–-]+\s+|\s*[—–]\s*|\s+(?=but\b)"
                    r"|\s*(?<!\d):(?!\d)\s*|\s*[：。，！？；、]\s*", re.IGNORECASE)
_LEAD = re.compile(r"^(?:but|and|so|also|then|though|however|aber|mais|pero|mas|ma|maar|ale)\b"
                   r"[\s,]*", re.IGNORECASE)
_PUNCT = re.compile(r"[\s.,;:!()\[\]*_~\"“”„«»…：。，！；、]+")


def normal(text: str) -> str:
    """Lower case, plain apostrophes, punctuation as spaces: " words like these "."""
    flat = text.lower().replace("’", "'").replace("‘", "'")
    words = _PUNCT.sub(" ", flat).split()
    return " " + " ".join(vocabulary.CASUAL.get(w, w) for w in words) + " "


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
                            (vocabulary.REFUSE, Polarity.REFUSE),
                            ({"decide": vocabulary.DECIDE_APPROVE}, Polarity.AGREE),
                            ({"decide": vocabulary.DECIDE_REFUSE}, Polarity.REFUSE)):
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
    phrases, _ = _tables()
    rest = normal(clause)
    found: set[Polarity] = set()
    for phrase, polarity in phrases:
        needle = f" {phrase} " if _spaced(phrase) else phrase
        while needle in rest:
            rest = rest.replace(needle, " ", 1)
            if polarity is not None:
                found.add(polarity)
    left = rest.split()
    if slips and not found and (slip := slip_of(left)):
        return next(p for w, p in phrases if w == slip)
    if left or len(found) != 1:
        return None
    return found.pop()


def slip_of(left: list[str]) -> str:
    """The word of `vocabulary.SLIPS` one keystroke from the one word left, or ""."""
    if len(left) != 1 or not left[0].isalpha() or len(left[0]) < 4:
        return ""
    return next((s for s in _tables()[1] if distance(left[0], s) == 1 and left[0][0] == s[0]),
                "")


@functools.lru_cache(maxsize=8)
def _cue_pattern(cues: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for all of `cues` (whole words, on `normal` text), and each cue by its
    normal form."""
    forms = {normal(c).strip(): c for c in cues}
    spaced = sorted((f for f in forms if _spaced(f)), key=len, reverse=True)
    unspaced = sorted((f for f in forms if not _spaced(f)), key=len, reverse=True)
    alternatives = "|".join([rf"(?<= )(?:{re.escape(f)})(?= )" for f in spaced]
                            + [re.escape(f) for f in unspaced])
    return re.compile(alternatives), forms


def _cue(text: str, cues: tuple[str, ...]) -> str:
    """The first cue of `cues` in `text` as whole words, or ""."""
    pattern, forms = _cue_pattern(cues)
    flat = normal(text)
    # "maybe? A is fine too": a cue the writer asks about is still said ("for now?" is a
    # cue of its own, so the mark is kept for the first look)
    match = pattern.search(flat) or pattern.search(flat.replace("?", " "))
    return forms[match.group(0)] if match else ""


# A condition that sets none on the choice: an escape hatch for later ("If anything
# changes we can revisit"), or a filler ("If you ask me: …").
NO_CONDITION = (r"\bif\b[^.!?]{0,60}?\b(?:we\s+can|we\s+could|we'?ll|we\s+will|happy\s+to"
                r"|feel\s+free\s+to|let'?s|just)\s+(?:always\s+|easily\s+|simply\s+)?(?:revisit"
                r"|reconsider|change|switch|swap|move|migrate|come\s+back|re-?evaluate|revert"
                r"|add|ping|reopen)\b"
                # "if someone asks, it's a half-day job later": a need that may come later
                r"|\bif\s+(?:someone|anyone|somebody|people|users|customers|they)\s+(?:really\s+)?"
                r"(?:asks?|ask\s+for\s+it|wants?\s+it|needs?\s+it|complains?)\b[^.!?]{0,50}?"
                r"\b(?:later|then|afterwards)\b"
                r"|\bif\s+(?:you\s+ask\s+me|it\s+helps|anyone\s+(?:cares|asks|wonders)"
                r"|that\s+matters|i'?m\s+honest|memory\s+serves)\b")
NO_CONDITION_RE = _NO_CONDITION = re.compile(NO_CONDITION, re.IGNORECASE)


@functools.lru_cache(maxsize=4096)  # pure; a long comment repeats its lines
def modality(text: str) -> tuple[Modality, str]:
    """What a stretch of words does to a decision or an answer in it, and its cue."""
    if (cue := _cue(_NO_CONDITION.sub(" ", _PAST_REASON.sub(" ", text)), vocabulary.CONDITIONS)):
        return Modality.CONDITIONAL, _from(text, cue)
    if (wanted := precondition(text)):
        return Modality.CONDITIONAL, wanted
    if (cue := _cue(text, vocabulary.HEDGES)):
        return Modality.HEDGED, _from(text, cue)
    if text.rstrip(" *_~)").endswith("?"):
        return Modality.QUESTION, text.strip()
    return Modality.CERTAIN, ""


# A sentence of its own that is only a condition ("Provided we drop the export part.",
# "One thing though: only if we keep the scope to settings."): it holds back what was
# said before it, however far it stands from it. A condition with a clause of its own
# after it ("If we have time, let's add X") is guidance, not this.
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_FRAGMENT_LEAD = re.compile(
    r"^[\W_]*(?:(?:one\s+(?:thing|condition|caveat|catch)(?:\s+though)?|but|though|and|however"
    r"|only|just|strictly|aber|mais|pero|ma|mas|maar|ale)(?:[\s,:;—–-]+|$))*", re.IGNORECASE)
_ALWAYS_RESTRICTS = re.compile(r"^\W*(?:only\s+(?:if|when|once|after)|provided|providing"
                               r"|on\s+(?:the\s+)?condition|as\s+long\s+as|so\s+long\s+as"
                               r"|contingent\s+on|conditional\s+on|subject\s+to)\b",
                               re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def condition_fragment(text: str) -> str:
    """The first sentence of `text` that is a condition and nothing else, as written, or
    ""."""
    for sentence in _SENTENCES.split(text):
        if _NO_CONDITION.search(sentence):
            continue
        rest = _FRAGMENT_LEAD.sub("", sentence.strip())
        if not rest or not normal(rest).startswith(_CONDITION_STARTS):
            continue
        if modality(rest)[0] is not Modality.CONDITIONAL:
            continue  # "After reading it again, …": a reason past, no condition
        only = bool(_ALWAYS_RESTRICTS.match(sentence.strip()) or _ALWAYS_RESTRICTS.match(rest))
        if (only or len(split(rest)) == 1) and not _MAIN_CLAUSE.search(rest):
            return sentence.strip().rstrip(".!")
    return ""


# "Once the cleanup lands we should also add metrics": a clause of its own after the
# condition, guidance for later, not a condition on what was said before.
_MAIN_CLAUSE = re.compile(r"\b(?:we|i|you|they|someone|somebody|let'?s)\s+(?:should|could|can"
                          r"|will|'ll|need\s+to|must|might|may|want\s+to)\b", re.IGNORECASE)
_CONDITION_STARTS = tuple(f" {normal(c).strip()} " for c in vocabulary.CONDITIONS
                          if c not in ("als", "si", "se"))


# "I'd want the scope cut in half first": what the writer would need done before, a
# condition in all but the word.
_PRECONDITION = re.compile(r"\b(?:i'd|i\s+would|we'd|we\s+would)\s+(?:want|need|like|prefer"
                           r"|expect|ask\s+for)\b[^.!?]*\bfirst\b", re.IGNORECASE)


def precondition(text: str) -> str:
    """What the writer would need done first (`I'd like to hear what bob thinks first`),
    or ""."""
    first = _PRECONDITION.search(text.replace("’", "'"))
    return text[first.start():].strip().rstrip(".!") if first else ""


# "After reading Bob's point, reject", "after seeing the numbers": what the writer has
# done, a reason, not a condition still to be met.
_PAST_REASON = re.compile(r"\b(?:after|once)\s+(?:re-?)?(?:reading|seeing|talking|thinking"
                          r"|looking|hearing|checking|discussing|reviewing|going)\b"
                          # "I changed my mind after the call this morning": a time past
                          r"|\b(?:after|when)\b(?=[^.!?]{0,60}\b(?:yesterday|this\s+morning"
                          r"|last\s+(?:week|night|time)|earlier\s+today|this\s+afternoon)\b)"
                          # "When will this ship?": the question word, no condition
                          r"|\bwhen\s+(?=(?:will|would|is|are|was|were|do|does|did|can|could"
                          r"|should|shall)\b)",
                          re.IGNORECASE)


def _from(text: str, cue: str) -> str:
    """The words of `text` from `cue` on, as written (for the reply)."""
    match = re.search(rf"(?<!\w){re.escape(cue)}(?!\w)", text.replace("’", "'"),
                      re.IGNORECASE)
    return text[match.start():].strip().rstrip(".!") if match else cue


@functools.lru_cache(maxsize=1)
def _corrections() -> re.Pattern[str]:
    cues = sorted({c.strip() for c in vocabulary.CORRECTIONS}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, cues)) + r")(?!\w)[\s,:;.!—–-]*",
                      re.IGNORECASE)


_NOT_A_CUE = re.compile(r"(?:\b(?:the|a|an|this|that|every|one|to|can'?t|long|no|will|can"
                        r"|could|should|please)|'ll)\s*$", re.IGNORECASE)


def _not_a_cue(flat: str, match: re.Match[str]) -> bool:
    """Whether a cue of correction is none here: "I'd rather we didn't" (a preference),
    "instead of a nightly sweep" (refuses what follows it), "the moment someone clears
    their browser", "can't wait" (the word, not the cue)."""
    cue = match.group(0).lower()
    if cue.strip(" ,") in ("moment", "wait", "pardon", "correction", "edit") \
            and _NOT_A_CUE.search(flat[:match.start()]):
        return True  # "the moment someone clears their browser", "can't wait": no cue
    if cue.startswith("instead"):
        return bool(re.match(r"\s*of\b", flat[match.end():], re.IGNORECASE))
    return cue.startswith("rather") and bool(
        re.search(r"(?:'d|\bwould|\bhad)\s*$", flat[:match.start()], re.IGNORECASE))


def after_correction(text: str, *, leading: bool = False) -> str:
    """What follows the last cue of taking back (`Actually, …`, `Scratch that: …`),
    or the whole text when there is none: the writer's last word. `leading`: `text`
    follows something already said (an answer's reason), so a cue at its start counts."""
    best = -1
    flat = text.replace("’", "'")
    for match in _corrections().finditer(flat):
        if _not_a_cue(flat, match):
            continue
        if match.start() > 0 or leading:
            best = match.end()
            # "ignore my accept. REJECT: …": what is ignored is the rest of its sentence
            if _TAKES_OBJECT.search(match.group(0)) and (
                    end := _SENTENCE_END.search(flat, match.end())) is not None \
                    and flat[end.end():].strip():
                best = end.end()
    return text[best:] if best > 0 else text


_TAKES_OBJECT = re.compile(r"\b(?:ignore|disregard)\s+(?:my|that|this)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)")


_DOUBT_AFTER = re.compile(
    r"\b(?:not\s+sure|let\s+me|i\s+need|need\s+to|have\s+to\s+check|haven'?t|hold\s+off"
    r"|ignore|wait|get\s+back|re-?read|before\s+deciding|not\s+yet|later|think)\b|\?"
    # the same doubt or check to make, in the languages of `vocabulary`
    r"|\b(?:twijfel\w*|zweif\w*|prüf\w*|nachdenken|vérifi\w*|dout\w*|revis\w*|verific\w*"
    r"|dud\w*|dúvid\w*|controll\w*|controler\w*|dubbi\w*|sprawdz\w*|wątpi\w*|провер\w*"
    r"|сомнева\w*|kontrol\w*|emin\s+değil\w*)|确认|確認|考え|再考|想想",
    re.IGNORECASE)


def taken_back(text: str) -> tuple[str, str] | None:
    """The words after the writer takes back what they said before ("Approved. Hmm, wait
    — I haven't checked the SSO part", "Zatwierdzam... a jednak nie"), when those words
    decide nothing of their own; "" when nothing is taken back. A cue of
    `vocabulary.TAKE_BACK` takes back alone; the others ("actually", "edit") only with a
    doubt after them ("Actually, let me check the numbers first"). Returns (what came
    before the cue, what follows it), or None."""
    flat = text.replace("’", "'")
    last = first = None
    for match in _corrections().finditer(flat):
        if _not_a_cue(flat, match):
            continue
        if match.start() > 0 and not (normal(match.group(0)).strip() == "wait"
                                      and not re.search(r"[,;:.!—–-]", match.group(0))):
            last = match  # "could the export wait for v2?" is the verb, not "Wait, no"
            # Cues in a row ("Yok, dur, geri alıyorum —") take back what came before them.
            if first is None or flat[first.end():match.start()].strip(" ,:;.!—–-hm"):
                first = match
    if last is None or first is None:
        return None
    after = flat[last.end():].strip()
    cue = normal(last.group(0).rstrip(" ,:;.!—–-")).strip()
    strong = cue in {normal(c).strip() for c in vocabulary.TAKE_BACK}
    if strong or _DOUBT_AFTER.search(after):
        return text[:first.start()], after
    return None


# A decision said in a comment is said near its start or its end: the words read for it
# are capped, so that a page of text costs no more than a paragraph.
READ_MAX = 4000


def capped(text: str) -> str:
    if len(text) <= 2 * READ_MAX:
        return text
    return text[:READ_MAX] + "\n" + text[-READ_MAX:]


def _has(clause: str, phrases: frozenset[str]) -> str:
    """The longest phrase of `phrases` said in `clause` as whole words, or ""."""
    flat = normal(clause)
    hits = [p for p in phrases if (f" {p} " if _spaced(p) else p) in flat]
    return max(hits, key=len) if hits else ""


@functools.lru_cache(maxsize=1)
def _sets() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The phrases that decide, those that only mention a side (unambiguous enough to be
    read inside a longer clause), and the fillers."""
    strong = frozenset(normal(w).strip() for w in vocabulary.DECIDE)
    polar = frozenset(p for p, pol in _tables()[0] if pol is not None)
    # Short everyday words ("no", "go", "ok", "pass") say a side only in a clause of
    # their own; inside a sentence they are just words.
    mention = frozenset(p for p in polar if len(p) > 3 or not p.isalpha() or p in strong)
    fillers = frozenset(p for p, pol in _tables()[0] if pol is None)
    return strong, mention - {"against", "support", "ready", "fine", "great", "nice",
                              "pass", "proceed", "sure", "agree", "disagree", "perfect"}, fillers


def names_a_go(text: str) -> bool:
    """Whether `text` says one of the phrases that decide (`vocabulary.DECIDE`: "good to go",
    "ship it", "approved"), as whole words: a question with one in it is about the decision."""
    return bool(_has(text, frozenset(p for p in _sets()[0] if len(p) > 3)))


def _only(clause: str, cues: tuple[str, ...]) -> str:
    """The cue of `cues` a clause consists of, with fillers ("Maybe.", "Not sure yet")."""
    rest = normal(clause)
    found = ""
    for cue in sorted((normal(c).strip() for c in cues), key=len, reverse=True):
        if f" {cue} " in rest:
            rest = rest.replace(f" {cue} ", " ", 1)
            found = found or cue
    fillers = _sets()[2] | {"yet", "really", "for now"}
    left = [w for w in rest.split() if w not in fillers]
    return found if found and not left else ""


def _family(clause: str) -> Polarity:
    phrases = _tables()[0]
    flat = normal(clause)
    for phrase, polarity in phrases:
        if polarity is not None and (f" {phrase} " if _spaced(phrase) else phrase) in flat:
            return polarity
    return Polarity.AGREE


def stance(text: str) -> Stance | None:
    """What a comment says about the pitch (`text`: its readable words), or None when no
    clause of it agrees, refuses or doubts."""
    last = after_correction(capped(text))
    parts = split(last)
    alone = len(parts) == 1
    strong_words, mentions, _ = _sets()
    polar: list[tuple[str, Polarity]] = []
    others: list[str] = []
    for clause in parts:
        polarity = polarity_of(clause, slips=alone)
        if polarity is not None:
            polar.append((clause, polarity))
            continue
        others.append(clause)
        held = _held(clause, mentions)
        if held is not None:
            return held
    if not polar or _remark_on_a_part(polar, others):
        return None
    said = ", ".join(c for c, _ in polar)
    rest = " ".join(others).strip()
    strong = any(_has(c, strong_words) or slip_of(normal(c).split()) in strong_words
                 for c, _ in polar)
    if len({p for _, p in polar}) > 1:
        return Stance(polar[-1][1], Modality.MIXED, said=said)
    polarity = polar[0][1]
    if any(c.rstrip(" *_~").endswith("?") for c, _ in polar):
        return Stance(polarity, Modality.QUESTION, polar[0][0], said)
    question = next((c for c in others if modality(c)[0] is Modality.QUESTION), "")
    if question:
        # "LGTM, but what about mobile?": a question for the people, not yet a decision.
        return Stance(polarity, Modality.QUESTION, question, said)
    return Stance(polarity, Modality.CERTAIN, said=said, strong=strong, rest=rest)


def _remark_on_a_part(polar: list[tuple[str, Polarity]], others: list[str]) -> bool:
    """"The risks section is honest, good.": an everyday word of praise beside a sentence
    about something else than the pitch is a remark on that part, not a vote."""
    weak = {normal(w).strip().rstrip("*") for w in vocabulary.JUDGE_WEAK}
    if not others or not all(normal(c).strip() in weak for c, _ in polar):
        return False
    pitch = set(vocabulary.JUDGE_PITCH)
    return not any(pitch & set(normal(o).split()) for o in others)


# "I'll go through these after standup": going somewhere or over something, not "go".
_GOING_ELSEWHERE = re.compile(r"\b(?:go(?:ing)?|goes)\s+(?:through|over|back|home|off|out"
                              r"|look|read|check|think)\b", re.IGNORECASE)


def _held(clause: str, mentions: frozenset[str]) -> Stance | None:
    """A clause that holds a decision back: a doubt of its own ("Maybe."), a condition
    alone ("Only if the cost comes down"), or a side named with a condition, a doubt, a
    negation or a question ("OK with this on the condition that …", "No LGTM yet")."""
    if (cue := _only(clause, vocabulary.HEDGES)):
        return Stance(None, Modality.HEDGED, _from(clause, cue), clause)
    flat = normal(clause)
    if flat.startswith((" only if ", " only when ", " not unless ", " provided that ")):
        return Stance(Polarity.AGREE, Modality.CONDITIONAL, clause.strip(), clause)
    named = _has(_GOING_ELSEWHERE.sub(" ", clause), mentions) or _short_side(clause) \
        or _decision_word(clause)
    if not named:
        return None
    polarity = _family(clause) if not _decision_word(clause) else (
        Polarity.REFUSE if named.startswith(("rej", "decl", "no")) else Polarity.AGREE)
    mood, cue = modality(clause)
    if mood is Modality.CERTAIN and _negated(flat, named):
        mood, cue = Modality.NEGATED, clause.strip()
    if mood is Modality.CERTAIN:
        return None
    return Stance(polarity, mood, cue, clause)


_DECISION_WORD = re.compile(r"\b(?:accept(?:ed|ing|able)?|reject(?:ed|ing)?|approv(?:e|ed|ing|al)"
                            r"|declin(?:e|ed|ing)|no-?go|lgtm)\b", re.IGNORECASE)


def _short_side(clause: str) -> str:
    """A short everyday word of a side ("yes", "go", "fine") where it can only mean one:
    first in the clause, or in a clause of a few words ("Tentatively yes")."""
    words = normal(clause).split()
    polar = {p for p, pol in _tables()[0] if pol is not None and " " not in p}
    if words and words[0] in polar:
        return words[0]
    if len(words) <= 3:
        return next((w for w in words if w in polar), "")
    return ""


def _decision_word(clause: str) -> str:
    match = _DECISION_WORD.search(clause)
    return match.group(0).lower() if match else ""


def _negated(flat: str, named: str) -> bool:
    """Whether a negation stands before the side named in the clause (`not approving`,
    `No LGTM from me yet`), or a "yet" after it."""
    at = flat.find(f" {named} ") if _spaced(named) else flat.find(named)
    if at < 0:
        at = flat.find(named)
    before = flat[:max(at, 0) + 1]
    words = set(before.split())
    neg = {normal(n).strip() for n in vocabulary.NEGATIONS}
    return bool(words & neg) or any(f" {n} " in before for n in neg if " " in n) \
        or " yet " in flat[at:]


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
