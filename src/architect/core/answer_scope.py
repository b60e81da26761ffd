"""What a long answer comment says around its answers: the sentences that choose, the
stretch each question reference heads, and the words that hold answers back. Pure.

`core.answers` reads the forms of an answer line by line; this module reads what a
person reads around them in a comment of several paragraphs:

- `normalised`: a line in the plain shape the grammar reads (`#2 -> B` is `Q2: B`,
  `1️⃣ B` is `1) B`, a ticked box `- [x] B) …` is `B) …`, an unticked one says nothing).
- `sentences`: a text cut where its sentences end.
- `deferral`: the sentence by which a writer says they are not answering yet (`Not
  answering yet`, `I'll answer once I've talked to Bob`, `need input from security`,
  `Before I pick for Q3, …`), with the questions it defers.
- `approving_sentence`: a sentence of a long comment that takes every recommendation
  (`So: go with the defaults.`, `Both recommendations are fine.`), or a first line
  that is nothing but `yes`.
- `tables`: a Markdown table's rows in the shape the grammar reads (`| Q1 | | ✅ |`
  under `| | A | B |` is `Q1: B`).
- `not_the_pitch`: a request for changes that says it is about the answers, not the
  pitch (`Requesting changes because Q2's recommendation is wrong, not the pitch`).
- `read_under_quotes`: the line below a quote, read with what it quotes: a quoted option
  (`> B) On the server`) or quoted answers (`> Q1: B, Q2: A`) and a line that agrees
  (`agree with this one`, `+1 to all of this`) choose them; a quoted question (`> **Q2:**
  Can settings be exported?`) is the one the line below answers (`No, not for now.`).
- `doubt_scope`: of the sentences after an answer, those that can hold it back (short
  ones, or ones naming another letter); a paragraph of reasoning does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from architect.core import answer_reading, clauses, vocabulary
from architect.core.ledger import DesignFork

_KEYCAP = re.compile(r"(\d)\ufe0f?\u20e3")
# "#1 -> B, #2 -> B": a question by its number after a hash, at the line's start or after
# the answer before it.
_HASH_REF = re.compile(r"((?:^|[,;/|]|\s[-–—]\s)\s*(?:[-*+]\s+)?)#(\d{1,2})"
                       r"(?=\s*(?:->|=>|→|[:=)\-–—])\s*[A-Ha-h]\b)")
_UNTICKED = re.compile(r"^\s*[-*+]\s+\[\s\]\s")
_TICKED = re.compile(r"^(\s*)[-*+]\s+\[[xX✓✔]\]\s+")


def normalised(line: str) -> str:
    """The line in the shape the grammar reads; an unticked box is nobody's choice."""
    if _UNTICKED.match(line):
        return ""
    line = _TICKED.sub(r"\1", line)
    line = _KEYCAP.sub(r"\1)", line)
    # "Q!: B", "Q@ A": the digit typed with shift held (a US keyboard's 1 and 2).
    line = _SHIFTED_REF.sub(lambda m: f"Q{_SHIFTED[m.group(1)]}", line)
    line = _UNAPOSTROPHED.sub(lambda m: _SPELT[m.group(0).lower()], line)
    return shorthand(_HASH_REF.sub(r"\1Q\2", line))


# "i wouldnt pick b", "nvm 2 shd be b": the words typed without their apostrophe or in
# shorthand, spelt out so that a negation or a correction reads as one.
_SPELT = {typed: meant for typed, meant in vocabulary.CASUAL.items()
          if meant.endswith("n't") or typed in ("shd", "nvm")}
_UNAPOSTROPHED = re.compile(r"\b(?:" + "|".join(_SPELT) + r")\b", re.IGNORECASE)


# Cyrillic option letters as a Russian or Ukrainian team writes them (а, б, в: the first,
# second and third option, whatever Latin letter they look like).
_CYRILLIC_LETTERS = "абвгАБВГ"
_CYRILLIC = str.maketrans(_CYRILLIC_LETTERS, "ABCDABCD")
_LETTER_TOKEN = rf"(?:[a-hA-H]|[{_CYRILLIC_LETTERS}])"
# "b,a", "b a a", "wfm: b/a/a", "1 — Б, 2 — А": a line that is nothing but letters (with
# their question numbers, or a word of assent before them) is a list of answers, whatever
# their case or alphabet.
_LETTERS_ONLY = re.compile(
    r"^\W*(?:(?:wfm|sgtm|lgtm|ok(?:ay)?|fine|mine|my\s+(?:picks?|votes?)|votes?|answers?|\+1)"
    r"\s*[:,;.!\-—–]*\s*|(?:[^\W\d_][\w']*\s+){0,2}[^\W\d_][\w']*\s*:\s*)?"
    rf"(?P<list>(?:[Qq]?\d\s*[:=.)\-—–>]*\s*)?{_LETTER_TOKEN}"
    rf"(?:\s*[,/;&|\s\-—–]\s*(?:[Qq]?\d\s*[:=.)\-—–>]*\s*)?{_LETTER_TOKEN})*)"
    r"(?:\s+(?:pls|please|thx|thanks|for\s+(?:both|all|now)))?[\s.!👍✅]*$")
# "q1; b.", "2 = a", "middle one a": a small letter right after what names a question,
# at the end of its clause, is an option letter, not a word.
_SMALL_AFTER_REF = re.compile(
    r"(?P<ref>(?<![\w])(?:[Qq]\d{1,2}|\d|(?:first|second|third|middle|last)\s+(?:one|question))"
    r"\s*[:;=\-–—>)]*\s*(?:(?:should|shd|would|will|must)\s+be\s+|is\s+|becomes\s+)?)"
    r"(?P<c>[a-h])(?=\s*$|\s*[,;.!/)]|\s+(?:[Qq]?\d|for\s+sure|pls|please"
    r"|thx|obvs|imo|then|too|and\b))",
    re.IGNORECASE)
# "b for both", "a for all three": one letter for every question.
_SMALL_FOR_ALL = re.compile(r"(?<![\w'’])(?P<c>[a-h])(?=\s+(?:for|on)\s+(?:both|all|every))")


def shorthand(line: str) -> str:
    """A line typed in shorthand, its option letters written as the grammar reads them
    (`b,a` is `B,A`, `q1; b.` is `q1; B.`); a line of prose is left as it is (`a nightly
    job` keeps its article)."""
    if len(line) > 80:
        return line
    if (whole := _LETTERS_ONLY.match(line)) is not None and re.search(
            rf"[a-z{_CYRILLIC_LETTERS}]", whole.group("list")):
        listed = whole.group("list")
        return line.replace(listed, re.sub(_LETTER_TOKEN, lambda m: m.group(0).translate(
            _CYRILLIC).upper(), listed), 1)
    line = _SMALL_AFTER_REF.sub(lambda m: m.group("ref") + m.group("c").upper(), line)
    return _SMALL_FOR_ALL.sub(lambda m: m.group("c").upper(), line)


_SHIFTED = {"!": "1", "@": "2"}
_SHIFTED_REF = re.compile(r"(?<![\w@])[Qq]([!@])(?=\s*[:=\-–—]?\s*[A-Ha-h](?![\w'’]))")


# -- tables: a letter ticked in its column, or letters under their questions -------------

_TICK = re.compile(r"^(?:✅|✔️?|✓|☑️?|[xX]|\*\*[xX]\*\*|👍|yes|\(x\))$")
_RULE = re.compile(r"^:?-{2,}:?$")
_COLUMN_REF = re.compile(r"^(?:\*\*)?(?:Q|question\s*)\d{1,2}(?:\*\*)?:?$", re.IGNORECASE)


def _cells(line: str) -> list[str] | None:
    stripped = line.strip()
    if not stripped.startswith("|"):
        return None
    cells = [c.strip() for c in stripped.strip("|").split("|")]
    return cells if len(cells) >= 2 else None


def tables(lines: Sequence[str]) -> list[str]:
    """Each line of a Markdown table in the shape the grammar reads: under a header of
    letters (`| | A | B |`), a row that ticks one of them (`| Q1 | | ✅ |`) is `Q1: B`;
    under a header of questions (`| Q1 | Q2 |`), a row of letters (`| B | A |`) is
    `Q1: B; Q2: A`; a row ticking two letters offers both (`Q2: A or B`, a doubt).
    Anything else is left as written."""
    out: list[str] = []
    header: list[str] | None = None
    for line in lines:
        cells = _cells(line)
        read = ""
        if cells is None:
            header = None
        elif all(_RULE.match(c) for c in cells):
            pass
        elif header is None:
            header = cells
        else:
            read = _table_row(header, cells)
        out.append(read or line)
    return out


def _table_row(header: list[str], cells: list[str]) -> str:
    if cells[0] and all(re.fullmatch(r"[A-H]", h) for h in header[1:]) and len(header) > 1:
        ticked = [header[k] for k, c in enumerate(cells[1:len(header)], start=1)
                  if _TICK.match(c)]
        # Two ticked: the writer offers both ("Q2: A or B"), a doubt named back.
        return f"{cells[0]}: {' or '.join(ticked)}" if ticked else ""
    if all(_COLUMN_REF.match(h) for h in header) and len(cells) == len(header) \
            and all(re.fullmatch(r"\**[A-H]\**", c) for c in cells):
        return "; ".join(f"{h.strip('*:')}: {c.strip('*')}" for h, c in zip(header, cells,
                                                                         strict=True))
    return ""


# -- agreeing with an option quoted just above ------------------------------------------

_QUOTED_OPTION = re.compile(r"^\s*>\s*(?:[-*+]\s+)?(?P<c>[A-H])\)\s*(?P<words>.+?)\s*$")
_AGREES = re.compile(
    r"^\s*(?:\+1|👍|agreed?(?:\s+with\s+(?:this|that)(?:\s+one)?)?|this(?:\s+one)?(?=[\s.!,]*(?:$|\.|!))"
    r"|(?:yes|yep|exactly)(?=[\s.!,]*(?:$|\.|!))|(?:this|that)\s+one(?:,?\s+please)?"
    r"|that(?:'s|\s+is)\s+(?:the\s+one|right))(?:[\s.!,]+|$)", re.IGNORECASE)


def read_under_quotes(lines: Sequence[tuple[str, bool]], forks: Sequence[DesignFork]
                      ) -> list[tuple[str, bool]]:
    """The first line below a quote, read as its writer means it with the quote above:

    - `> B) On the server (recommended)` then `agree with this one. and no export`: the
      quoted option, when its letter and words are one question's (`Q1: B. and no export`);
    - `> Q1: B, Q2: A, Q3: A` then `+1 to all of this`: the quoted answers, the writer's;
    - `> **Q2:** Can settings be exported?` then `No, not for now.`: an answer to that
      question (`Q2: No, not for now.`), when the line names no question of its own.

    Every other line as written."""
    out: list[tuple[str, bool]] = []
    option: tuple[int, str] | None = None
    answers: list[str] = []  # the quoted lines that are answers, since the last text
    question: int | None = None
    for line, ok in lines:
        if not ok:
            if len(line) > _QUOTED_LINE_MAX:  # a page on one line quotes no option
                option, question, answers = None, None, []
            elif line.strip(" >"):
                option = _quoted_option(line, forks)
                question = _quoted_question(line, forks)
                if len(line) <= _ANSWER_LINE_MAX and _QUOTED_ANSWERS.match(line):
                    answers.append(line.strip(" >"))
                else:
                    answers = []
            out.append((line, ok))
            continue
        agrees = _AGREES.match(line)
        read = line
        if option is not None and agrees is not None:
            read = f"Q{option[0]}: {option[1]}. {line[agrees.end():]}".rstrip()
        elif answers and agrees is not None:
            read = f"{'; '.join(answers[-_QUOTED_ANSWERS_MAX:])}. {line[agrees.end():]}".rstrip()
        elif question is not None and line.strip() and not answer_reading.QREF.search(line):
            read = f"Q{question}: {line.strip()}"
        if line.strip():
            option, question, answers = None, None, []
        out.append((read, ok))
    return out


# A quoted line that is answers, and nothing else: `> Q1: B, Q2: A`, `> 1b 2a` (a short
# line: answers are; and a page of quoted lines keeps only the last few).
_ANSWER_LINE_MAX = 200
_QUOTED_LINE_MAX = 1000
_QUOTED_ANSWERS_MAX = 10
_QUOTED_ANSWERS = re.compile(  # each item atomic: no backtracking into a line of spaces
    r"^\s*>\s*(?:[-*+]\s+)?(?>\**(?:Q|question\s*#?)?\s*\d{1,2}\**\s*[:=\-–—).]?\s*\(?[A-H]\)?"
    r"\s*[,;/]?\s*)++$", re.IGNORECASE)
# The bot's question as quoted: `> **Q2:** Can settings be exported?`.
_QUOTED_QUESTION = re.compile(r"^\s*>\s*\**(?:Q|question\s*#?)\s*(?P<q>\d{1,2})\s*[:.)]?\**\s*"
                              r"(?P<words>.+?)\s*$", re.IGNORECASE)


def _quoted_question(line: str, forks: Sequence[DesignFork]) -> int | None:
    """The open question a quoted line asks in the bot's words, else None."""
    match = _QUOTED_QUESTION.match(line)
    if match is None:
        return None
    fork = next((f for f in answer_reading.open_forks(forks)
                 if f.number == int(match.group("q"))), None)
    words = match.group("words").strip(" *_").lower()
    return fork.number if fork is not None and words == fork.question.strip().lower() else None


def _quoted_option(line: str, forks: Sequence[DesignFork]) -> tuple[int, str] | None:
    match = _QUOTED_OPTION.match(line)
    if match is None:
        return None
    words = re.sub(r"\*\*\(?(?:recommended|default)\)?\*\*|\((?:recommended|default)\)", "",
                   match.group("words"), flags=re.IGNORECASE).strip(" *_").lower()
    named = [(f.number, c) for f in answer_reading.open_forks(forks) for c, text in f.options
             if c == match.group("c") and text.strip().lower() == words]
    return named[0] if len(named) == 1 else None


# -- a request for changes about the answers, not the pitch ------------------------------

_NOT_THE_PITCH = re.compile(
    r"\bnot\s+(?:because\s+of|about|for|over|with)\s+(?:the\s+)?(?:pitch|sprint|plan)\b"
    r"|\bnothing\s+(?:to\s+do\s+with|wrong\s+with|against)\s+the\s+(?:pitch|sprint|plan)\b"
    r"|\b(?:the\s+)?(?:pitch|sprint|plan)\s+(?:itself\s+)?(?:is|looks)\s+(?:fine|good|ok|okay)\b",
    re.IGNORECASE)


def not_the_pitch(text: str) -> bool:
    """Whether a request for changes says it is not about the pitch ("because Q2's
    recommendation is wrong for us, not because of the pitch itself"): its answers are
    read as a comment's, and the pitch is not revised."""
    return bool(_NOT_THE_PITCH.search(text))


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[.!?])(?=[A-Z][a-z])|\n+")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


# -- not answering yet -------------------------------------------------------------------

_CHOOSING_NOTHING = (
    r"\bnot\s+(?:picking|choosing|deciding|voting|weighing\s+in)\b"
    r"|\bnot\s+(?:saying|claiming)\s+(?:that|this|it)\s+(?:decides|settles)\b"
    r"|\b(?:just|only|purely)\s+(?:for\s+)?(?:context|fyi|background|info)\b"
    r"|\bfor\s+context\s+only\b|\bnot\s+an?\s+(?:answer|vote)\b"
    # "FYI the bucket we'd use is in eu-central. Doesn't change anything here, just noting it."
    r"|\bjust\s+noting\b|\b(?:doesn'?t|does\s+not)\s+change\s+anything\b")
_NOTHING_CHOSEN = re.compile(_CHOOSING_NOTHING, re.IGNORECASE)
# The call left to someone else: the questions not answered here are theirs.
_LEFT_TO = (r"\bleave\s+(?:the\s+(?:call|decision|choice)|it)\s+(?:up\s+)?to\s+@?\w+"
            r"|\b(?:i'?ll|i\s+will|let'?s)\s+let\s+@?\w+\s+(?:decide|pick|choose"
            r"|make\s+the\s+call)\b")
_NOT_YET = re.compile(
    r"\bnot\s+answering\b|\b(?:can'?t|cannot|won'?t)\s+answer\b"
    # "…, aber lass uns das morgen im Weekly klären", "but let's discuss it at standup":
    # the answer left to a talk still to have
    r"|\b(?:lass\s+uns|let'?s|let\s+us)\s+(?:\w+\s+){0,8}?(?:klären|besprechen|discuss"
    r"|talk\s+(?:it\s+)?(?:through|over|about))\b|\b(?:lo\s+hablamos|on\s+en\s+parle"
    r"|vamos\s+conversar|ne\s+parliamo)\b"
    r"|\b(?:i'?ll|i\s+will|we'?ll|will)\s+(?:\w+\s+){0,2}answer\b(?!\s+(?:is|was|here|below))"
    r"|\banswer\s+(?:properly\s+|it\s+|them\s+)?later\b"
    r"|\bbefore\s+(?:i|we)\s+(?:pick|answer|choose|decide|lock|commit|vote)\b"
    r"|\bbefore\s+(?:answering|picking|choosing|deciding|locking)\b"
    r"|\bneeds?\s+input\s+from\b|\bneed\s+to\s+(?:ask|check\s+with|talk\s+to|hear\s+from)\b"
    r"|\b(?:need|have|want)\s+to\s+(?:double[-\s]?check|re-?check|confirm|verify)\s+"
    r"(?:q\s*\d|questions?\b|that\b|this\b|it\b|with\b|first\b|before\b|them\b)"
    r"|\bto\s+be\s+confirmed\b|\btbd\b"
    r"|\b(?:i'?ll|i\s+will|let\s+me)\s+think\s+about\s+it\b"
    r"|\blet'?s\s+see\s+what\s+@?\w+\s+thinks?\b|\bnot\s+the\s+right\s+person\s+to\s+decide\b"
    r"|\bnot\s+my\s+call\b|\bonly\s+answering\b|\bno\s+answer\s+(?:yet|from\s+me)\b"
    # The writer saying they choose nothing: "Not picking anything yet", "not saying that
    # decides it, just context", "I'll leave the call to @alice".
    rf"|{_CHOOSING_NOTHING}|{_LEFT_TO}",
    re.IGNORECASE)
_ONLY = re.compile(r"\bonly\s+answering\b", re.IGNORECASE)


def _deferring_clause(sentence: str) -> str:
    """The clause of `sentence` that holds its words of deferring."""
    match = _NOT_YET.search(sentence)
    if match is None:
        return ""
    start = max((m.end() for m in re.finditer(r"[;:—–]|\bbut\b", sentence[:match.start()],
                                              re.IGNORECASE)), default=0)
    end = re.search(r"[,;:—–.]|\bbut\b", sentence[match.end():])
    stop = match.end() + (end.start() if end else len(sentence))
    if (label := _LABEL_BEFORE.search(sentence[:start])) is not None \
            and not _NUMBER_REF.search(sentence[start:stop]):
        start = label.start()  # "…, Q3: not sure yet, need to check": Q3's own clause
    return sentence[start:stop]


_LABEL_BEFORE = re.compile(r"\b(?:Q|question\s*#?)\s*\d{1,2}\s*[:—–]\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Deferral:
    words: str  # the sentence that says it
    questions: frozenset[int]  # the questions it defers


def every(forks: Sequence[DesignFork]) -> frozenset[int]:
    return frozenset(f.number for f in answer_reading.open_forks(forks))


def deferral(text: str, forks: Sequence[DesignFork], answered: frozenset[int] = frozenset()
             ) -> Deferral | None:
    """The first sentence saying the writer is not answering (some of) the questions yet.

    It defers the questions it names (`Q1 and Q2 I'll answer once …`, `how we clean
    them up … I'll let her answer`), all but those it names after `only answering`, or,
    naming none, the questions of its paragraph not `answered` there (`Question on Q2:
    …? I can't answer until I know`); else every question not `answered`."""
    deferred: set[int] = set()
    first = ""
    for paragraph in (p for p in text.split("\n") if p.strip()):
        for sentence in sentences(paragraph):
            if _NOT_YET.search(sentence) is None:
                continue
            first = first or sentence
            if _ONLY.search(sentence):
                deferred |= every(forks) - named_questions(sentence, forks)
                continue
            if _NOTHING_CHOSEN.search(sentence) and not named_questions(sentence, forks):
                deferred |= every(forks)  # "Not picking anything yet": not even Q1 above
                continue
            # "Q1 B, Q2 A, Q3 A but I need to double-check Q2": the clause of the words
            # that defer names what they defer, before the sentence does.
            deferred |= (named_questions(_deferring_clause(sentence), forks)
                         or named_questions(sentence, forks)
                         or (named_questions(paragraph, forks) - answered)
                         or (every(forks) - answered))
    return Deferral(first, frozenset(deferred)) if first else None


_NUMBER_REF = re.compile(r"\b(?:Q|question\s*#?)\s*(\d{1,2})\b|(?<![\w#])(\d)(?=\s+(?:and|&|,)\s+"
                         r"(?:Q|question\s*)?\d\b)|(?<=and\s)(?:Q|question\s*)?(\d)\b",
                         re.IGNORECASE)


def named_questions(text: str, forks: Sequence[DesignFork]) -> frozenset[int]:
    """The questions a stretch names by number (`Q1 and Q2`, `Q3`) or by their own
    words (`how we clean them up`)."""
    numbers = {int(next(g for g in m.groups() if g)) for m in _NUMBER_REF.finditer(text)}
    numbers |= answer_reading.questions_said(text, forks)
    return frozenset(n for n in numbers if any(f.number == n for f in forks))


# -- every recommendation, said in one sentence of a longer comment ---------------------

_BARE_YES = re.compile(r"^\W*(?:yes|yep|yeah|lgtm|agreed|sounds\s+good|\+1)\W*$",
                       re.IGNORECASE)


def approving_sentence(lines: Sequence[str], forks: Sequence[DesignFork]) -> str:
    """The sentence that takes every recommendation (`Go with your recommendations across
    the board.`), naming no question or option of its own; or a first line that is
    nothing but `yes`; "" when none."""
    said = [line for line in lines if line.strip()]
    if said and _BARE_YES.match(said[0]) and len(said) > 1:
        return said[0].strip()
    for line in said:
        for sentence in sentences(line):
            if len(sentence) > 200 or not answer_reading.approves_all(sentence):
                continue
            if answer_reading.recommended_for(sentence, forks) or answer_reading.by_words(
                    sentence, forks) or answer_reading.by_question_words(sentence, forks) \
                    or answer_reading.labels_a_question(sentence, forks) \
                    or answer_reading.QREF.search(sentence) or answer_reading.ORDINAL.search(
                        sentence):
                # "your recommendation for the first two", "For the first question I'd go
                # with the recommendation": not all of them
                continue
            return sentence
    return ""


# -- which sentences after an answer can still hold it back ------------------------------

_SHORT = 6
_LETTER = re.compile(r"(?<![A-Za-z'’])(?!I\b)[A-H](?![A-Za-z'’])")


def doubt_scope(rest: str) -> str:
    """Of the words after an answer, those that can hold it back: its own sentence, and
    later sentences that are short (`Not sure though.`, `If the budget allows.`) or
    name a letter (`Could be A too.`). A later sentence of reasoning with a condition of
    its own (`If the nightly job is too coarse we can revisit`) is about something else."""
    parts = sentences(rest)
    if len(parts) <= 1:
        return rest
    return " " + parts[0] + later_doubts(" ".join(parts[1:]))


def later_doubts(text: str) -> str:
    """The sentences of `text` that can still doubt an answer said before them."""
    kept = [p for p in sentences(text) if len(p.split()) <= _SHORT or _LETTER.search(p)
            or _HEDGE_LED.match(p) or clauses.condition_fragment(p)]
    return "".join(" " + p for p in kept)


# A sentence that opens with a doubt doubts what was just said, however long it runs on
# ("Not sure the infra budget covers another table with that many writes.").
_HEDGE_LED = re.compile(r"^\W*(?:(?:but|hmm+|honestly|tbh|so|really)[\s,]+)?(?:i'?m\s+)?"
                        r"(?:not\s+(?:sure"
                        r"|certain|convinced)|unsure|not\s+100\s*%|torn|on\s+the\s+fence|undecided"
                        r"|both\s+(?:are\s+|seem\s+)?(?:defensible|fine|valid|reasonable)"
                        r"|i\s+(?:keep\s+changing\s+my\s+mind|can'?t\s+decide|go\s+back\s+and\s+forth)"
                        r"|(?:i\s+)?(?:don'?t|do\s+not)\s+know\s+yet|idk|dunno)\b"
                        r"(?!\s+(?:why|how|what|whether|if)\b)",
                        re.IGNORECASE)


# -- a later word on an answer -----------------------------------------------------------

_CORRECTION_LEAD = re.compile(
    r"^\W*(?:wait|actually|oops|hmm+|scratch\s+that|strike\s+that|on\s+second\s+thoughts?"
    r"|edit|update|correction|no\s+wait|sorry|changed\s+my\s+mind|make\s+that|never\s+mind"
    r"|thinking\s+about\s+it\s+(?:more|again)|re-?reading)\b", re.IGNORECASE)


def led_by_correction(line: str) -> bool:
    """Whether a line starts by taking back what came before (`Wait, re-reading …`)."""
    return _CORRECTION_LEAD.match(line) is not None


# -- the first option a question's stretch names -----------------------------------------

_NTH_OPTION = re.compile(r"^\W*(?:the\s+)?(?P<n>first|second|third|fourth|last)\s+(?:option|one)\b",
                         re.IGNORECASE)
_PLACES = {"first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1}
_HEAD_END = re.compile(r"[.!?](?:\s|$)|\s[—–]\s|\b(?:because|since|as\s+long\s+as)\b",
                       re.IGNORECASE)


# "the former", "the latter": the first and the last of a question's two options.
PLACED = ("former", "latter")
_PLACED_OPTION = re.compile(r"^\W*(?:the\s+)?(?P<p>former|latter)\b", re.IGNORECASE)


def placed_option(word: str, fork: DesignFork | None) -> str:
    """The letter "the former" or "the latter" names of `fork`; "" when it has more than
    two options (the latter of three is no choice a reader can be sure of)."""
    if fork is None or len(fork.letters) != 2:
        return ""
    return fork.letters[0] if word.lower() == "former" else fork.letters[-1]


def first_option(stretch: str, fork: DesignFork) -> str:
    """The option the words after a question reference name first, in their own sentence
    up to a reason (`the second option, obviously — …`, `— no export, A.`): by place, by
    letter, by the option's words; "" when none, or when its clauses name two."""
    own = sentences(stretch)
    if not own or "?" in own[0]:
        return ""  # "For Q2 — what exactly would the JSON contain?": asked, not chosen
    if (m := _NTH_OPTION.match(stretch)) is not None:
        at = _PLACES[m.group("n").lower()]
        return fork.letters[at] if at < len(fork.letters) else ""
    if (m := _PLACED_OPTION.match(stretch)) is not None:
        return placed_option(m.group("p"), fork)
    head = stretch.lstrip(" :=-–—>)")
    end = _HEAD_END.search(head)
    head = head[:end.start()] if end else head
    found = {letter for clause in re.split(r"\s*[,;:]\s*", head)
             if (letter := answer_reading.value_letter(clause, fork))}
    return found.pop() if len(found) == 1 else ""


_AGAINST = re.compile(r"\bpush(?:ing)?\s+back\b|\bdisagree\w*|\bagainst\b|\bnot\b|\bn'?t\b"
                      r"|\bdeviat\w*|\bdiffer\w*|\binstead\s+of\b|\brather\s+than\b"
                      r"|\bover(?:rule|ride)\w*", re.IGNORECASE)


def against_recommendation(text: str) -> bool:
    """`Q2 is the one I'd push back on the recommendation for`: the recommendation named
    to be refused, not taken; not "I don't really care, whatever you recommend"."""
    return _AGAINST.search(text) is not None and not answer_reading.takes_default(text)
