"""The grammar of what humans write on a sprint PR: decisions and answers.

Deterministic and pure. Decisions: a comment or review whose first word is
``ACCEPT`` or ``REJECT``, in any case, with any punctuation after it, in
Markdown emphasis (``**ACCEPT**``), after a mention of the bot
(``@architect-bot accept``). Answers: ``Q2: B``, ``q2 b``, ``2) B``,
``Q1 — B because …``, ``Q1=A; Q3: C``, ``B for Q1``, ``B for the first one``,
``Q2: recommended``, the words of exactly one option (``browser localStorage
is better``), and a bare ``yes``/``lgtm`` (take every recommendation).
Lines after an answer explain it. Quoted lines (``> Q1: A``), fenced or
inline code and HTML comments are never read. What the grammar cannot read
is returned as `leftover` text, for the model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from architect.core.ledger import DesignFork, ForkStatus
from architect.core.text import clean_text, keywords, strip_html_comments

RECOMMENDED = "recommended"

# What may end a loosely written answer ("q1 b", "1: A"): the end of the line, a
# sentence mark, a dash or "because". "1) A bit more context" is not an answer.
_END = r"(?=\s*$|\s*[.,;!?)](?:\s|$)|\s+[-–—:]\s|\s+(?:because|since|as)\b)"
_ANSWER = re.compile(
    r"""\bQ\s*(?P<num>\d{1,3})\s*(?:[:=\-–—)]|\bis\b)\s*
        (?P<choice>recommended|rec\b|default\b|option\s+[A-Z]\b|[A-Z](?![A-Za-z0-9]))
        (?P<reason>[^;\n]*)""",
    re.IGNORECASE | re.VERBOSE,
)
_LOOSE = re.compile(
    rf"""(?:\bQ\s*(?P<q>\d{{1,3}})\s+|^\s*(?:[-*+]\s+)?(?P<n>\d{{1,2}})\s*[:.)=]\s*)
         (?P<choice>[A-Z]){_END}(?P<reason>[^;\n]*)""",
    re.IGNORECASE | re.VERBOSE,
)
_QUESTION_REF = re.compile(r"\b(?:Q|question\s*#?)\s*(\d{1,3})\b", re.IGNORECASE)
_REASON_MAX = 2000
_NEW_POINT = re.compile(r"^\s*(?:and|also|but|plus|btw|by the way|separately|p\.?s\.?)\b",
                        re.IGNORECASE)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
# The letter is a capital here: "a for loop" is English, "A for Q1" an answer.
_FOR = re.compile(
    r"""\b(?:option\s+)?(?P<choice>[A-Z])\s+(?:for|on)\s+
        (?:(?:Q|question\s*\#?)\s*(?P<num>\d{1,3})\b
          |the\s+(?P<ord>first|second|third|fourth|fifth)(?:\s+(?:one|question|fork))?\b)
        (?P<reason>[^;\n]*)""",
    re.VERBOSE,
)
_APPROVE_ALL = re.compile(
    r"^(yes|yep|lgtm|ok|okay|agreed|sounds good|\+1|go with (all )?(the )?recommendations?"
    r"|all recommended|accept (all )?(the )?recommendations?)[.!]*$",
    re.IGNORECASE,
)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_REASON_LEAD = re.compile(r"^[\s,.:;\-–—)]*(because|since|as)?\s*", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+")
_NEGATION = re.compile(r"\b(not|no|never|without|instead|rather|than|over|against|isn't|don't)\b",
                       re.IGNORECASE)
_STOP = frozenset({"a", "an", "the", "in", "on", "of", "to", "by", "for", "and", "or", "with",
                   "from", "at", "as", "is", "be", "it", "its"})


_DECISION = re.compile(r"^[*_~]{0,3}(?P<word>accept|reject)(?![A-Za-z])(?P<rest>.*)\Z",
                       re.IGNORECASE | re.DOTALL)
_REST_LEAD = re.compile(r"^[\s*_~:.,;!\-–—]+")
_LOOKALIKE = re.compile(
    r"^(?:lgtm|approved?|approving|go|go ahead|go for it|let'?s do it|ship it"
    r"|looks good(?: to me)?|sounds good"
    r"|yes|agreed|\+1|:\+1:|:thumbsup:|\U0001F44D[\U0001F3FB-\U0001F3FF]?)[\s.!]*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Decision:
    word: str  # "ACCEPT" or "REJECT"
    rest: str  # the guidance or the reason after it, "" when none


def read_decision(body: str, bot_login: str) -> Decision | None:
    """`ACCEPT` or `REJECT` as the first word, however it is dressed."""
    match = _DECISION.match(_bare(body, bot_login))
    # "Reject? Not sure yet" asks; it does not decide.
    if match is None or match.group("rest").lstrip("*_~ ").startswith("?"):
        return None
    rest = _REST_LEAD.sub("", match.group("rest")).rstrip()
    if match.group(0)[0] in "*_~":
        rest = rest.rstrip("*_~").rstrip()
    return Decision(match.group("word").upper(), rest)


def looks_like_decision(body: str, bot_login: str) -> bool:
    """A whole comment such as `LGTM` or 👍: agreement the architect cannot act on."""
    return bool(_LOOKALIKE.match(_bare(body, bot_login).strip("*_~ ")))


def _bare(body: str, bot_login: str) -> str:
    """The comment without HTML comments, surrounding space and a leading @bot."""
    text = strip_html_comments(clean_text(body)).strip()
    mention = re.match(rf"@{re.escape(bot_login)}(?![\w-])[\s,:]*", text, re.IGNORECASE)
    return text[mention.end():] if mention else text


@dataclass(frozen=True)
class ParsedAnswer:
    question: int
    choice: str  # a capital letter, or RECOMMENDED
    reason: str = ""


@dataclass(frozen=True)
class ParsedComment:
    answers: tuple[ParsedAnswer, ...] = ()
    approve_all: bool = False
    leftover: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def is_empty(self) -> bool:
        return not self.answers and not self.approve_all and not self.leftover


def _lines(body: str) -> list[tuple[str, bool]]:
    """Each line of the comment, with whether answers may be read from it.

    Quoted lines and fenced code are kept (the model may need them as context)
    but never read as answers; inline code is blanked only for reading.
    """
    text = strip_html_comments(clean_text(body))
    out: list[tuple[str, bool]] = []
    fence: str | None = None
    for line in text.split("\n"):
        stripped = line.lstrip()
        if fence is not None:
            out.append((line, False))
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            out.append((line, False))
            continue
        out.append((line, not stripped.startswith(">")))
    return out


def parse_comment(body: str, forks: Sequence[DesignFork] = ()) -> ParsedComment:
    """Read the answers of one comment; `forks` (the ledger's) lets ordinals and
    option words be read, and only where they name exactly one open question."""
    lines = _lines(body)
    readable = "\n".join(_INLINE_CODE.sub("", line) for line, ok in lines if ok).strip()
    if not readable and not any(line.strip() for line, _ in lines):
        return ParsedComment()
    if _APPROVE_ALL.match(readable) and all(ok or not line.strip() for line, ok in lines):
        return ParsedComment(approve_all=True)
    answers: list[ParsedAnswer] = []
    explained: dict[int, list[str]] = {}  # index in `answers` → the lines that explain it
    words = {f.number: _fork_words(f) for f in forks}
    answered: set[int] = set()
    leftover_lines: list[str] = []
    meaningful = False  # text outside quotes and code that is neither an answer nor its reason
    for line, ok in lines:
        readable_line = _INLINE_CODE.sub("", line) if ok else ""
        found = _read_line(readable_line, forks, answered=answered)
        if found:
            answers.extend(found)
            answered.update(a.question for a in found)
        elif answers and _explains(readable_line, answers[-1].question, words):
            # A line after an answer explains it; a question, or words about another
            # question, are for the model to hear.
            explained.setdefault(len(answers) - 1, []).append(_reason(readable_line))
        else:
            meaningful = meaningful or bool(readable_line.strip())
            if line.strip():
                leftover_lines.append(line)
    for index, more in explained.items():
        answer = answers[index]
        reason = " ".join((answer.reason, *more)).strip()
        answers[index] = ParsedAnswer(answer.question, answer.choice, _capped(reason))
    # Quotes and code go to the model only as context of something new said around them.
    leftover = "\n".join(leftover_lines).strip() if meaningful else ""
    return ParsedComment(answers=tuple(answers), leftover=leftover)


def _capped(reason: str) -> str:
    # The reason travels in the ledger of every later comment: a page of it is enough.
    return reason if len(reason) <= _REASON_MAX else reason[: _REASON_MAX - 1] + "…"


def _explains(line: str, question: int, words: dict[int, frozenset[str]]) -> bool:
    """Whether a line after the answer to `question` is its reason, not a new point:
    not a question, not led by "And"/"Also", about no other question."""
    if not line.strip() or line.rstrip().endswith("?") or _NEW_POINT.match(line):
        return False
    if any(int(n) != question for n in _QUESTION_REF.findall(line)):
        return False
    own = words.get(question, frozenset())
    others = {w for n, found in words.items() if n != question for w in found} - own
    return not keywords(line) & others


def _fork_words(fork: DesignFork) -> frozenset[str]:
    return keywords(" ".join((fork.question, *(text for _, text in fork.options))))


def _read_line(line: str, forks: Sequence[DesignFork], *,
               answered: set[int]) -> list[ParsedAnswer]:
    for pattern in (_ANSWER, _LOOSE):
        found = [ParsedAnswer(int(m.group("num") if pattern is _ANSWER else m.group("q")
                                  or m.group("n")),
                              _choice(m.group("choice")), _reason(m.group("reason")))
                 for m in pattern.finditer(line)]
        if found:
            return found
    open_forks = [f for f in forks if f.status is ForkStatus.OPEN and f.number not in answered]
    for match in _FOR.finditer(line):
        number = int(match.group("num")) if match.group("num") else _ordinal(
            _ORDINALS[match.group("ord").lower()], open_forks)
        if number is not None:
            return [ParsedAnswer(number, match.group("choice"), _reason(match.group("reason")))]
    named = named_option(line, open_forks)
    return [ParsedAnswer(named[0], named[1])] if named else []


def _ordinal(n: int, open_forks: Sequence[DesignFork]) -> int | None:
    """"The first one" is Q1 only when Q1 is also the first question still open."""
    if n <= len(open_forks) and open_forks[n - 1].number == n:
        return n
    return None


def named_option(line: str, forks: Sequence[DesignFork]) -> tuple[int, str] | None:
    """(question, letter) when the line says every distinctive word of exactly one option.

    Words that all options of a question share ("store", "in") name none of them;
    a negation anywhere ("not", "rather than") leaves the line to the model.
    """
    if _NEGATION.search(line) or line.rstrip().endswith("?"):
        return None
    said = set(_WORD.findall(line.lower()))
    hits: list[tuple[int, str]] = []
    for fork in forks:
        words = {letter: _content(text) for letter, text in fork.options}
        shared: set[str] = set.intersection(*words.values()) if words else set()
        for letter, own in words.items():
            distinctive = own - shared
            if distinctive and max(map(len, distinctive)) >= 4 and distinctive <= said:
                hits.append((fork.number, letter))
    return hits[0] if len(hits) == 1 else None


def _content(option_text: str) -> set[str]:
    short = re.sub(r"\((?:recommended|default)\)", "", option_text, flags=re.IGNORECASE)
    return {w for w in _WORD.findall(short.lower()) if w not in _STOP}


def _reason(raw: str) -> str:
    return _REASON_LEAD.sub("", raw).strip()


def _choice(raw: str) -> str:
    word = raw.strip().lower()
    if word in {"recommended", "rec", "default"}:
        return RECOMMENDED
    return raw.strip()[-1].upper()
