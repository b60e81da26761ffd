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

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from architect.core import answer_forms, answer_reading, answer_scope, clauses, markers
from architect.core import words as decision_words
from architect.core.ledger import DesignFork, ForkStatus
from architect.core.text import clean_text, keywords, strip_html_comments

RECOMMENDED = "recommended"

# A question named by its number ("Q2", "question 3"); the rounds read it too.
QUESTION_REF = re.compile(r"\b(?:Q|question\s*#?)\s*(\d{1,3})\b", re.IGNORECASE)
_REASON_MAX = 2000
_NEW_POINT = re.compile(r"^\s*(?:and|also|but|plus|btw|by the way|separately|p\.?s\.?)\b",
                        re.IGNORECASE)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_APPROVE_ALL = re.compile(
    r"^(yes|yep|lgtm|ok|okay|agreed|sounds good|\+1|go with (all )?(the )?recommendations?"
    r"|all recommended|accept (all )?(the )?recommendations?"
    r"|yes,? (?:to|for) (?:all|everything|all three|both))"
    # "yes 👍", "ok, thanks!": courtesy and emoji after the word change nothing of it.
    r"(?:[\s.!,]*(?:please|thanks|thank\s+you|thx|pls|[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]))*"
    r"[\s.!]*$",
    re.IGNORECASE,
)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_STRUCK = re.compile(r"~~[^~\n]+~~")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s+(?P<t>[^#\n]+?)\s*#*\s*$|\*\*(?P<b>[^*\n]+?)\*\*\s*:?\s*$)")
# "Q1: B from me. …": who the answer is from is no part of its reason.
_REASON_LEAD = re.compile(r"^[\s,.:;\-–—)]*(?:(?:from\s+me|for\s+me|here|too|as\s+well)\b"
                          r"[\s,.:;!\-–—]*)?(because|since|as)?\s*", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+")
_NEGATION = re.compile(r"\b(\w+n[’']t|not|no|never|without|instead|rather|than|over|against"
                       r"|anything\s+but|except)\b",
                       re.IGNORECASE)
_STOP = frozenset({"a", "an", "the", "in", "on", "of", "to", "by", "for", "and", "or", "with",
                   "from", "at", "as", "is", "be", "it", "its"})


@dataclass(frozen=True)
class Decision:
    word: str  # "ACCEPT" or "REJECT"
    rest: str  # the guidance or the reason after it, "" when none


def read_decision(body: str, bot_login: str) -> Decision | None:
    """A clear `ACCEPT` or `REJECT` (the registry of `core.words`), however it is dressed."""
    said = decision_words.read_clear(body, bot_login)
    if said is None or said.family is None:
        return None
    return Decision(said.family.value, said.rest)


def looks_like_decision(body: str, bot_login: str) -> bool:
    """A whole comment such as `LGTM` or 👍: agreement the architect cannot act on."""
    return decision_words.likely(decision_words.bare(body, bot_login)) is not None


@dataclass(frozen=True)
class ParsedAnswer:
    question: int
    choice: str  # a capital letter, or RECOMMENDED
    reason: str = ""
    said: str = field(default="", compare=False)  # the words that carried it, for the read-back


@dataclass(frozen=True)
class ParsedComment:
    answers: tuple[ParsedAnswer, ...] = ()
    approve_all: bool = False
    leftover: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    # Questions named with nothing readable after them: (question, the words), quoted back.
    unread: tuple[tuple[int, str], ...] = ()
    rest_recommended: bool = False  # "the rest as recommended"
    # Answers held back by their own words (`Q1: B if the budget allows`): (question,
    # the words, why), named in the acknowledgment and never recorded.
    doubted: tuple[tuple[int, str, str], ...] = ()
    discussion: bool = False  # nothing of an answer in it: no acknowledgment at all

    @property
    def is_empty(self) -> bool:
        return (not self.answers and not self.approve_all and not self.leftover
                and not self.rest_recommended)


def _lines(body: str) -> list[tuple[str, bool]]:
    """Each line of the comment, with whether answers may be read from it.

    Quoted lines and fenced code are kept (the model may need them as context)
    but never read as answers; inline code is blanked only for reading.
    """
    # ~~A~~ B: a letter struck through is taken back by its writer.
    text = _STRUCK.sub(" ", strip_html_comments(markers.after_pasted_marks(clean_text(body))))
    out: list[tuple[str, bool]] = []
    fence: str | None = None
    for line in answer_scope.tables(text.split("\n")):
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
        if stripped.startswith(">"):
            out.append((line, False))
        else:
            out.append((answer_scope.normalised(line), True))
    return out


def parse_comment(body: str, forks: Sequence[DesignFork] = ()) -> ParsedComment:
    """Read the answers of one comment; `forks` (the ledger's) lets ordinals and
    option words be read, and only where they name exactly one open question.

    One comment is read by several steps of a tick (the sprint's assessment, the answers
    round, `yes` against earlier tries, the re-plan): the reading is worked out once."""
    if len(body) > _CACHED_MAX:  # a page of text is read anew rather than kept
        return _read.__wrapped__(body, tuple(forks))
    return _read(body, tuple(forks))


@functools.lru_cache(maxsize=512)  # pure; the frozen reading is shared, never changed
def _read(body: str, forks: tuple[DesignFork, ...]) -> ParsedComment:
    """The whole reading of a comment: an ordered list as the questions it numbers, the
    words outside code, then the answers shown in code, named back."""
    return _in_code(body, _parsed(_numbered_as_questions(body, forks), forks), forks)


def _in_code(body: str, parsed: ParsedComment, forks: tuple[DesignFork, ...]) -> ParsedComment:
    """"Here you go: ```Q1: B / Q2: A```": answers in code are never read (anyone can paste
    code), but they are named back, never met with silence."""
    code = _code_of(body)
    if not code or not forks:
        return parsed
    taken = {a.question for a in parsed.answers} | {d[0] for d in parsed.doubted}
    shown = [(a.question, a.said or code, IN_CODE) for a in _parsed(code, forks).answers
             if a.question not in taken]
    if not shown:
        return parsed
    return replace(parsed, doubted=parsed.doubted + tuple(dict.fromkeys(shown)),
                   discussion=False)


IN_CODE = "written as code, which is never read as an answer (anyone can paste code)"


def _code_of(body: str) -> str:
    """The writer's code: fenced blocks and code spans outside quotes, one per line."""
    found: list[str] = []
    fence = False
    for line in strip_html_comments(body).split("\n"):
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
        elif fence:
            found.append(line)
        elif not stripped.startswith(">"):
            found += [span.strip("`") for span in _INLINE_CODE.findall(line)]
    return "\n".join(f for f in found if f.strip())


_CACHED_MAX = 20_000


def _parsed(body: str, forks: tuple[DesignFork, ...]) -> ParsedComment:
    lines = answer_scope.read_under_quotes(_lines(body), forks)
    readable = "\n".join(_INLINE_CODE.sub("", line) for line, ok in lines if ok).strip()
    if not readable and not any(line.strip() for line, _ in lines):
        return ParsedComment()
    if ((_APPROVE_ALL.match(readable) or answer_reading.approves_all(readable))
            and all(ok or not line.strip() for line, ok in lines)
            and not _names_more(readable, forks)) or (
            answer_reading.approves_all(readable) and forks
            and not _names_more(readable, forks)):
        return ParsedComment(approve_all=True)
    # "- storage: B / - visibility: A / - cleanup: B": one labelled letter per open question,
    # in order (a label the questions' words do not name takes its place); "s3/everyone/
    # cron": each part the words of one option of the question at its place.
    if (listed := answer_reading.labelled_list(readable, forks)
            or answer_reading.worded_list(readable, forks)) is not None:
        return ParsedComment(answers=tuple(ParsedAnswer(n, letter, said=said)
                                           for n, letter, said in listed))
    if answer_reading.open_forks(forks) and decision_words.likely(readable) is not None:
        # A bare 👍 or "sounds good" while questions are open: agreement, but with what is
        # not said (`yes` is the word the bot asks for); asked back, never silence.
        return ParsedComment(leftover=readable)
    # Talk is only told apart from answers while questions are open: once every fork is
    # resolved (a failed filing check), what is written is for the planner to hear.
    if answer_reading.open_forks(forks) and answer_reading.discussion(readable, forks) \
            and not _changed_to(readable, forks):
        return ParsedComment(discussion=True)
    answers: list[ParsedAnswer] = []
    explained: dict[int, list[str]] = {}  # index in `answers` → the lines that explain it
    words = {f.number: _fork_words(f) for f in forks}
    answered: set[int] = set()
    leftover_lines: list[str] = []
    unread: list[tuple[int, str]] = []
    rest = False
    quoted: int | None = None  # the question a quoted line just above names
    meaningful = False  # text outside quotes and code that is neither an answer nor its reason
    doubted: list[tuple[int, str, str]] = []
    alone = False  # whether the last answer read stood alone on its line
    for line, ok in lines:
        readable_line = _echo_read(_INLINE_CODE.sub("", line), forks) if ok else ""
        quoted, heading = _named_above(line, ok, quoted, forks)
        if heading:
            continue
        found, missed, rest_here = _line_read(readable_line, tuple(forks), frozenset(answered),
                                              quoted=quoted)
        # "for Q2 I would like …": a pronoun, not option I; the question is named, unread.
        missed += [(a.question, a.said) for a in found if _pronoun(forks, a)]
        found = [a for a in found if not _pronoun(forks, a)]
        found, held = _held_back(readable_line, found, forks)
        if not found and not held and not missed and answers:
            # "Wait, re-reading the vision: … Cron is fine.": a later word on an answer.
            found = _taken_back_to(readable_line, forks, answers[-1], alone)
        doubted.extend(held)
        if held and not found:
            continue  # named back in the acknowledgment; nothing here for the model
        if readable_line.strip():
            quoted = None
        rest = rest or rest_here
        unread.extend(missed)
        if found:
            answers.extend(found)
            answered.update(a.question for a in found)
            alone = len(found) == 1
        elif answers and not missed and not rest_here and _explains(
                readable_line, answers[-1].question, words):
            # A line after an answer explains it; a question, or words about another
            # question, are for the model to hear.
            explained.setdefault(len(answers) - 1, []).append(_reason(readable_line))
        elif not rest_here or missed:
            meaningful = meaningful or bool(readable_line.strip())
            if line.strip():
                leftover_lines.append(line)
        if found and missed and line.strip():
            meaningful = True
            leftover_lines.append(line)
    answers = _with_reasons(answers, explained)
    # Quotes and code go to the model only as context of something new said around them.
    leftover = "\n".join(leftover_lines).strip() if meaningful else ""
    return _comment_read(lines, readable, forks, answers, doubted, unread,
                         ParsedComment(leftover=leftover, rest_recommended=rest))


def _numbered_as_questions(body: str, forks: Sequence[DesignFork]) -> str:
    """"1) backend / 2) no": an ordered list with one item per open question, numbered as
    they are, answers them in order (as "Q1: backend / Q2: no" would)."""
    items = [(m, line[m.end():]) for line in body.split("\n")
             if (m := _NUMBERED.match(line)) is not None]
    still = [f.number for f in answer_reading.open_forks(forks)]
    if len(items) < 2 or [int(m.group("n")) for m, _ in items] != still or any(
            len(value.split()) > _ITEM_WORDS or answer_reading.stated_fact(value)
            for _, value in items):
        return body  # "1. we already run S3 / 2. it is cheaper": reasons, not picks
    return _NUMBERED.sub(lambda m: f"{m.group('lead')}Q{m.group('n')}: ", body)


_ITEM_WORDS = 5  # a pick in a list is a few words ("backend", "yes, as a JSON file")
_NUMBERED = re.compile(r"^(?P<lead>[ \t]*)(?P<n>\d{1,2})[.)][ \t]+(?=\S)", re.MULTILINE)


def _comment_read(lines: list[tuple[str, bool]], readable: str, forks: Sequence[DesignFork],
                  answers: list[ParsedAnswer], doubted: list[tuple[int, str, str]],
                  unread: list[tuple[int, str]], shell: ParsedComment) -> ParsedComment:
    """What the whole comment says of the answers its lines gave: the writer's last word
    on each question wins (`Edit: Q3 B actually`), the questions deferred keep none, a
    sentence taking every recommendation fills the rest."""
    last = {a.question: a for a in answers}
    answers, doubted = _deferred(readable, [a for a in answers if last[a.question] is a],
                                 [d for d in doubted if d[0] not in last], forks)
    answers, doubted, unread, deferred = _not_yet(readable, forks, answers, doubted, unread)
    answers, doubted = _condition_after(readable, answers, doubted)
    answers, doubted = _leading_condition(readable, answers, doubted)
    if deferred:  # the writer's talk around what they defer is not an answer to read
        shell = replace(shell, leftover="")
    if not shell.rest_recommended:
        answers += _approved_rest(lines, forks, answers, doubted, unread, deferred)
    answered = {a.question for a in answers} | {d[0] for d in doubted}
    doubted += [r for r in answer_reading.refused_alone(readable, forks) if r[0] not in answered]
    answers, doubted = _refused_in_words(readable, forks, answers, doubted, unread)
    chosen, kin = _likely(readable, forks, answers, doubted, unread)
    answers += chosen
    if kin and all(any(c in line for _, c, _ in kin)
                   for line in shell.leftover.splitlines() if line.strip()):
        # "keep it on the box itself": each line left is named back, with what it
        # likely meant and how to confirm it.
        shell = replace(shell, leftover="")
    doubted += kin
    last = {a.question: a for a in answers}
    return replace(shell, answers=tuple(answers), unread=tuple(
        u for u in unread if u[0] not in last and u[0] not in {d[0] for d in doubted}),
        doubted=tuple(doubted))


def _condition_after(readable: str, answers: list[ParsedAnswer],
                       doubted: list[tuple[int, str, str]]
                       ) -> tuple[list[ParsedAnswer], list[tuple[int, str, str]]]:
    """"Q1: B, Q2: A, Q3: A. Only once finance has confirmed the bucket budget.": the first
    sentence after the first that is a condition alone (in any paragraph, or "Both of these
    assume the privacy review agrees") holds back every answer said before it, not only
    the last."""
    said = answer_scope.sentences(readable)
    for sentence in said[1:]:
        held = clauses.condition_fragment(sentence) or _answers_assume(sentence)
        if not held or any(a.said and a.said in sentence for a in answers):
            continue
        before = readable[:readable.find(sentence)]
        return _held_on(held, [a for a in answers if a.said and a.said in before], answers,
                        doubted)
    return answers, doubted


def _held_on(condition: str, held: list[ParsedAnswer], answers: list[ParsedAnswer],
             doubted: list[tuple[int, str, str]]
             ) -> tuple[list[ParsedAnswer], list[tuple[int, str, str]]]:
    """`answers` less those `held` by `condition`, which are named back as conditional."""
    return [a for a in answers if a not in held], doubted + [
        (a.question, a.said, f"conditional (“{condition}”)") for a in held]


def _answers_assume(sentence: str) -> str:
    return sentence.strip().rstrip(".!") if _ANSWERS_ASSUME.match(sentence) else ""


# "Both of these assume the privacy review doesn't object": a sentence about the answers
# given that sets them a condition.
_ANSWERS_ASSUME = re.compile(
    r"^\W*(?:both(?:\s+of\s+(?:these|them|those))?|all\s+of\s+(?:this|these|the\s+above|that)"
    r"|(?:this|that|these|those|the\s+above|my\s+answers?|(?:these|my)\s+picks?)"
    r"|everything\s+above)\s+(?:\w+\s+){0,2}(?:assumes?|depends?\s+on|hinges?\s+on"
    r"|rests?\s+on|(?:is|are)\s+(?:contingent|conditional)\s+on|(?:is|are)\s+subject\s+to)\b",
    re.IGNORECASE)


def _leading_condition(readable: str, answers: list[ParsedAnswer],
                       doubted: list[tuple[int, str, str]]
                       ) -> tuple[list[ParsedAnswer], list[tuple[int, str, str]]]:
    """"Assuming we can reuse the users table: Q1 B, Q2 A.", "Pending the cost estimate
    from finance: B, A, A.": a condition that opens a sentence holds back every answer the
    sentence goes on to give, not only the first."""
    for sentence in answer_scope.sentences(readable):
        head = _CONDITION_HEAD.match(sentence)
        if head is None or clauses.NO_CONDITION_RE.search(head.group("cond")) or (
                answer_reading.doubt(head.group("cond"))[0] is not clauses.Modality.CONDITIONAL):
            continue
        rest = sentence[head.end():]
        answers, doubted = _held_on(head.group("cond").strip(), [
            a for a in answers if a.said and a.said in sentence
            and (a.said in rest or a.said.startswith(sentence[:head.end()].strip()))],
            answers, doubted)
    return answers, doubted


_CONDITION_HEAD = re.compile(
    r"^\W*(?P<cond>(?:only\s+|but\s+)?(?:if|assuming|provided|pending|as\s+long\s+as|so\s+long\s+as"
    r"|unless|subject\s+to|contingent\s+on|on\s+the\s+condition|sous\s+réserve"
    r"|vorausgesetzt|falls|wenn|si|se|siempre\s+que|desde\s+que|purché)\b[^:,;—–]{3,200}?)"
    r"(?:[:,;]|\s[—–]\s)", re.IGNORECASE)



def _refused_in_words(readable: str, forks: Sequence[DesignFork], answers: list[ParsedAnswer],
                      doubted: list[tuple[int, str, str]], unread: list[tuple[int, str]]
                      ) -> tuple[list[ParsedAnswer], list[tuple[int, str, str]]]:
    """"We don't need people to be able to download their prefs": a yes/no question the
    comment answers in no other way, refused in its own words; certain where it says not
    needed or not wanted, else named back as likely."""
    taken = {a.question for a in answers} | {d[0] for d in doubted} | {u[0] for u in unread}
    options = {f.number: dict(f.options) for f in forks}
    for number, letter, clause, certain in answer_reading.refused_in_words(readable, forks):
        if number in taken:
            continue
        taken.add(number)
        if certain and answer_reading.doubt(clause)[0] is clauses.Modality.CERTAIN:
            answers = [*answers, ParsedAnswer(number, letter, said=clause)]
        else:
            doubted = [*doubted, (number, clause, f"likely {letter}) "
                                  f"{options[number].get(letter, '')} (a refusal in words)")]
    return answers, doubted


def _not_yet(readable: str, forks: Sequence[DesignFork], answers: list[ParsedAnswer],
             doubted: list[tuple[int, str, str]], unread: list[tuple[int, str]]
             ) -> tuple[list[ParsedAnswer], list[tuple[int, str, str]], list[tuple[int, str]],
                        frozenset[int]]:
    """"Q1 and Q2 I'll answer once I've talked to Bob", "Not answering yet": the questions
    a writer defers keep nothing read from this comment; what was read is named back."""
    # Answered here: by a question named (`Q1: B`), not by words of talk around them.
    answered = frozenset(a.question for a in answers if QUESTION_REF.search(a.said))
    held = answer_scope.deferral(readable, forks, answered)
    if held is None:
        return answers, doubted, unread, frozenset()
    deferred = held.questions
    why = f"held back (“{held.words}”)"
    read = {a.question: a.said for a in answers if a.question in deferred}
    # Each question deferred is named back once, with what was read of it, if anything.
    named = {d[0] for d in doubted}
    return ([a for a in answers if a.question not in deferred],
            doubted + [(n, read.get(n, held.words), why) for n in sorted(deferred)
                       if n not in named],
            [u for u in unread if u[0] not in deferred], deferred)


def _approved_rest(lines: list[tuple[str, bool]], forks: Sequence[DesignFork],
                   answers: list[ParsedAnswer], doubted: list[tuple[int, str, str]],
                   unread: list[tuple[int, str]], deferred: frozenset[int]
                   ) -> list[ParsedAnswer]:
    """"So: go with the defaults." inside a long comment, or `yes` and then a paragraph of
    why: the recommendation for each open question the comment answers in no other way
    (one it doubts, defers or leaves unread keeps its doubt)."""
    if not answer_reading.open_forks(forks):
        return []
    said = answer_scope.approving_sentence(
        [_INLINE_CODE.sub("", line) for line, ok in lines if ok], forks)
    if not said:
        return []
    taken = ({a.question for a in answers} | {d[0] for d in doubted} | {u[0] for u in unread}
             | deferred)
    return [ParsedAnswer(f.number, RECOMMENDED, said=said)
            for f in answer_reading.open_forks(forks) if f.number not in taken]


def _likely(readable: str, forks: Sequence[DesignFork], answers: list[ParsedAnswer],
            doubted: list[tuple[int, str, str]], unread: list[tuple[int, str]]
            ) -> tuple[list[ParsedAnswer], list[tuple[int, str, str]]]:
    """"Put them in the MinIO bucket": an option named by a word of its kind, for a question
    the comment answers in no other way. Where its clause puts, uses or settles for it,
    certain, an answer; else likely, named back and never recorded."""
    taken = {a.question for a in answers} | {d[0] for d in doubted} | {u[0] for u in unread}
    options = {f.number: dict(f.options) for f in forks}
    chosen: list[ParsedAnswer] = []
    likely: list[tuple[int, str, str]] = []
    for number, letter, clause, kin, bare in answer_reading.likely(readable, forks):
        if number in taken or number in {a.question for a in chosen}:
            continue
        # "the cloud bucket, everyone who can see the note, and the cron job": an item of a
        # list whose other items pick options is a pick too; so is the kin word said alone.
        listed = bool(answers) and len(clause.split()) <= 4
        if ((_KIN_CHOSEN.search(clause) or listed or bare) and "?" not in clause
                and answer_reading.doubt(clause)[0] is clauses.Modality.CERTAIN):
            chosen.append(ParsedAnswer(number, letter, said=clause))
            likely = [entry for entry in likely if entry[0] != number]
        elif number not in {n for n, _, _ in likely}:
            likely.append((number, clause, f"likely {letter}) {options[number].get(letter, '')}"
                                           f" (“{kin}”, not the option's own words)"))
    for number, letter, clause, cue in answer_reading.stated(readable, forks):
        if number not in taken and number not in {a.question for a in chosen} | {
                n for n, _, _ in likely}:
            likely.append((number, clause, f"likely {letter}) {options[number].get(letter, '')}"
                                           f" (“{cue}”: what is so today, not a choice)"))
    return chosen, likely


# A clause that puts, uses or settles for what it names ("Put them in the bucket", "a
# scheduled job at 3am is plenty"): the word of the option's kind is chosen, not mused on.
_KIN_CHOSEN = re.compile(
    r"^\W*(?:(?:so|and|then)\s+)?(?:let'?s\s+)?(?:just\s+)?(?:put|use|store|keep|reuse|stick"
    r"|throw|dump|go\s+with|push|run|move|do|handle)\b|\b(?:is|are|would\s+be)\s+(?:plenty|enough|fine|good\s+enough)\b",
    re.IGNORECASE)


def _taken_back_to(line: str, forks: Sequence[DesignFork], last: ParsedAnswer, alone: bool
                   ) -> list[ParsedAnswer]:
    """A line led by a correction (`Wait, …`, `Oops, no —`) that says an option again: the
    answers it reads with every question open (`… Cron is fine.`), or a letter chosen
    (`Make that A.`) for the one answer just before it."""
    if not answer_scope.led_by_correction(line):
        return []
    again, _, _ = _line_read(line, tuple(forks), frozenset())
    again, held = _held_back(line, again, forks)
    if again or held:
        return again
    fork = next((f for f in forks if f.number == last.question), None)
    letter = answer_forms.chosen_letter(line)
    if alone and fork is not None and letter in fork.letters:
        return [ParsedAnswer(last.question, letter, said=line.strip())]
    return []


def _names_more(text: str, forks: Sequence[DesignFork]) -> bool:
    """"Your recommendation for the first two, and the worker queue for cleanup": words
    that pick an option that is not the recommendation, or name questions: not all of it
    as recommended."""
    if not forks:
        return False
    recommended = {(f.number, f.recommended) for f in forks}
    picked = {(q, c) for q, c, _ in answer_reading.by_words(text, forks)}
    picked |= set(answer_reading.by_question_words(text, forks))
    return (bool(picked - recommended) or answer_reading.labels_a_question(text, forks)
            or bool(answer_reading.recommended_for(text, forks))
            or bool(answer_reading.refused_alone(text, forks))  # "Not the cron. The rest …"
            # "The default for storage looks good": one question, by its words
            or bool(_FOR_SUBJECT.search(text) and answer_reading.questions_said(text, forks)))


_FOR_SUBJECT = re.compile(r"\b(?:for|on|about|re|regarding)\b", re.IGNORECASE)


def _with_reasons(answers: list[ParsedAnswer], explained: dict[int, list[str]]
                  ) -> list[ParsedAnswer]:
    """Each answer with the lines after it that explain it, as its reason."""
    out = list(answers)
    for index, more in explained.items():
        answer = out[index]
        reason = " ".join((answer.reason, *more)).strip()
        out[index] = ParsedAnswer(answer.question, answer.choice, _capped(reason), answer.said)
    return out


def _echo_read(line: str, forks: Sequence[DesignFork]) -> str:
    """"- Can they be exported? **No**": the question copied back, then its answer, read as
    `Q2: No` (a copied question alone heads the lines below: `_named_above`)."""
    echo = _echoed_question(line, tuple(forks))
    return f"Q{echo[0]}: {echo[1]}" if echo is not None and echo[1] else line


@functools.lru_cache(maxsize=1024)  # pure; `_echo_read` and `_named_above` ask per line
def _echoed_question(line: str, forks: tuple[DesignFork, ...]) -> tuple[int, str] | None:
    """A line that copies a question back (`**Q2:** Can settings be exported?`, `- Where
    are settings kept? **On the server**`): its number and the words after it, or None."""
    m = _ECHO.match(line)
    if m is None:
        return None
    asked = _content_words(m.group("q"))

    def alike(fork: DesignFork) -> bool:
        # Copied, maybe in other words ("Can they be exported?"), not a new question that
        # shares some of its words ("does "everyone who can see the note" include …?").
        own = _content_words(fork.question)
        return bool(own) and len(own & asked) >= max(2, -(-2 * len(own) // 3)) \
            and len(asked - own) <= 2

    if m.group("n") is not None:
        fork = next((f for f in forks if f.number == int(m.group("n"))), None)
        matched = [fork] if fork is not None and alike(fork) else []
    else:
        matched = [f for f in forks if alike(f)]
    if len(matched) != 1:
        return None
    return matched[0].number, m.group("v").strip(" *_")


_ECHO = re.compile(r"^[\s>*_-]*(?:(?:Q|question\s*)(?P<n>\d{1,2})[*_]*\s*[:.)—–-]?\s*[*_]*\s*)?"
                   r"(?P<q>[A-Za-z][^?\n]{5,160})\?[*_]*\s*(?P<v>[^?]*)$", re.IGNORECASE)


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


def _named_above(line: str, ok: bool, quoted: int | None, forks: Sequence[DesignFork]
                 ) -> tuple[int | None, bool]:
    """The question the lines below a quote (`> Q1 Where …`) or a heading (`## Storage`)
    answer, and whether this line is such a heading (nothing to read in it)."""
    if not ok:
        refs = set(QUESTION_REF.findall(line)) if line.lstrip().startswith(">") else set()
        # A quote of several questions' answers (`> Q1: B, Q2: A`) heads none of them.
        return (int(refs.pop()) if len(refs) == 1 else None if refs else quoted), False
    if (echo := _echoed_question(line, tuple(forks))) is not None and not echo[1]:
        return echo[0], True  # "**Q2:** Can settings be exported?", its answer below
    heading = _HEADING.match(line)
    if heading is None or not forks:
        return quoted, False
    named = answer_reading.label_number(heading.group("t") or heading.group("b"), forks)
    return (named, True) if named is not None else (quoted, False)


def _deferred(readable: str, answers: list[ParsedAnswer],
              doubted: list[tuple[int, str, str]], forks: Sequence[DesignFork]
              ) -> tuple[list[ParsedAnswer], list[tuple[int, str, str]]]:
    """"Q1 B, Q2 A. Hmm, let me think about this more before you record anything": every
    answer of the comment held back, named in the acknowledgment."""
    words = answer_reading.deferred(readable) if answers else ""
    # "No export. No idea yet about the storage question, I need to talk to infra first":
    # the sentence the deferral stands in names what it is about.
    sentence = next((s for s in answer_scope.sentences(readable) if words and words in s), words)
    named = answer_scope.named_questions(sentence, forks) if words else frozenset()
    if not words or (named and not named & {a.question for a in answers}):
        # "Q3: A. Let me check with ops about the storage one first.": the words that
        # hold back name another question (deferred on its own), not the answers given.
        return answers, doubted
    return [], doubted + [(a.question, a.said, f"held back (“{words}”)") for a in answers]


def _held_back(line: str, found: list[ParsedAnswer], forks: Sequence[DesignFork]
               ) -> tuple[list[ParsedAnswer], list[tuple[int, str, str]]]:
    """The answers of a line whose own words hold them back (a condition, a doubt, a
    question, `A or B`), apart; an answer its own words correct takes the last letter."""
    kept: list[ParsedAnswer] = []
    held: list[tuple[int, str, str]] = []
    for answer in found:
        context = _context(line, answer, forks)
        at = context.find(answer.said) if answer.said else -1
        if at > 0 and (other := _RELAYED.search(context[:at])) is not None:
            # "Alice mentioned she'd prefer localStorage for Q1": someone else's view.
            held.append((answer.question, context.strip(),
                         f"someone else's view (“{other.group(0).strip()}”)"))
            continue
        mood, cue = answer_reading.doubt(context)
        # "Q1 and Q3 as recommended. Still thinking about Q2": the question the doubt ends
        # on, cut from the context as the start of another answer, is what it is about.
        end = line.find(context) + len(context) if context and context in line else -1
        cut = QUESTION_REF.match(line, end) if end >= 0 and context.rstrip().endswith(
            cue.rstrip()) and _sentence_apart(context, answer.said, cue) else None
        if cut is not None:
            cue = f"{cue} {cut.group(0)}"
        if mood is not clauses.Modality.CERTAIN and not _about_another(cue, answer, forks):
            held.append((answer.question, context.strip(), f"{mood.value} (“{cue}”)"))
            continue
        letter = answer_reading.corrected(answer.reason)
        # Read back from the words that end on the letter taken, not the one taken back.
        kept.append(ParsedAnswer(answer.question, letter, "", context.strip() or answer.said)
                    if letter else answer)
    return kept, held


def _sentence_apart(context: str, said: str, cue: str) -> bool:
    """Whether a doubt stands in a sentence after the answer's own ("Q1: B. Still thinking
    about Q2"), not in its clause ("Q1: B probably, Q2 …")."""
    before = context[:context.rfind(cue.strip())]
    at = context.find(said) + len(said) if said and said in before else 0
    return bool(re.search(r"[.!?;](?:\s|$)", before[at:]))


def _about_another(cue: str, answer: ParsedAnswer, forks: Sequence[DesignFork]) -> bool:
    """Whether a doubt after an answer, in a later sentence of its own, is about another
    question by that question's words ("Q1: B. need to think about export a bit more"),
    or about the others ("No strong opinion on the other two")."""
    own = answer_scope.sentences(answer.said or "")
    if not cue or not own or cue in own[0] or own[0].strip() in cue:
        return False  # the doubt is in the answer's own sentence
    if answer_forms.OTHER_QUESTIONS.search(cue):
        return True  # "Q3: B. No strong opinion on the other two": not this one
    refs = {int(n) for n in QUESTION_REF.findall(cue)}
    if refs:
        return answer.question not in refs  # "Still thinking about Q2"
    if (place := answer_reading.place_named(cue, forks)) is not None:
        # "for the second one, A. no strong opinion on the first": another by its place.
        return place != answer.question
    named = answer_reading.question_named(cue, forks)
    return named is not None and named != answer.question


# Another person's view told by the writer: a name or pronoun, then a verb of saying or
# wanting ("Alice mentioned she'd prefer", "@bob wants", "legal said", "they'd rather").
_RELAYED = re.compile(
    r"(?:@[\w-]+|\b(?-i:[A-Z][a-z]+)|\b(?:he|she|they|legal|security|product|ops|management)\b)"
    r"\s+(?:(?:also|already|just|really|apparently)\s+)?(?:said|says|mentioned|mentions|thinks"
    r"|wants|wanted|prefers|preferred|suggested|suggests|proposed|asked\s+for|would\s+(?:rather|"
    r"prefer|like|go)|'d\s+(?:rather|prefer|like|go)|likes|voted|is\s+(?:for|pushing))\b",
    re.IGNORECASE)


def _context(line: str, answer: ParsedAnswer, forks: Sequence[DesignFork]) -> str:
    """The sentence an answer stands in, from its words to the next question named."""
    said = answer.said or ""
    if said == line.strip() and not QUESTION_REF.search(line) and len(
            sentences := answer_scope.sentences(said)) > 1:
        # "I don't mind where the files live as long as backups work. Visibility though: it
        # has to follow the note": read from the whole line, the answer is the sentence
        # that names its question, with what follows it
        naming = [k for k, s in enumerate(sentences)
                  if answer.question in answer_scope.named_questions(s, forks)]
        if len(naming) == 1 and naming[0] > 0:
            said = line = " ".join(sentences[naming[0]:])
    if said == line.strip() and (own := re.search(
            rf"(?<![\w.])(?:q\s*)?{answer.question}(?![\d.])", line, re.IGNORECASE)):
        # Read from the whole line ("idk about 1 and 3 yet but 2 = A"): from the turn
        # that starts the clause of its own question.
        start = _own_clause_start(line, 0, own.start())
        line = said = line[start:].strip() if start else line
    if said == line.strip() and len(answer_scope.sentences(said)) > 1:
        # Read from the whole line ("Storage: S3, B. I'm not sure whether we'll use the
        # AWS SDK …"): its first sentence, and the later ones that can still doubt it.
        head = said[:said.find(answer_scope.sentences(said)[1])]
        return head + answer_scope.later_doubts(said[len(head):])
    at = line.find(said) if said else 0
    at = max(at, 0)
    start = max(line.rfind(". ", 0, at), line.rfind("? ", 0, at), line.rfind("! ", 0, at),
                line.rfind(";", 0, at))
    start = start + 1 if start >= 0 else 0
    start = _own_clause_start(line, start, at)
    end_said = at + len(said)
    nxt = QUESTION_REF.search(line, end_said)
    stop = nxt.start() if nxt else len(line)
    sentence_end = re.search(r"[.!?](?:\s|$)", line[end_said:stop])
    if sentence_end is not None and sentence_end.group(0).startswith("?") and (
            _ASKS_BEFORE.search(line, start, at) or line[end_said:].lstrip(" *_").startswith("?")):
        # "did you mean B on Q2 because of the GDPR thing, or the RFP? If it's…": the
        # answer's own sentence is a question.
        return line[start:end_said + sentence_end.end()]
    if sentence_end is not None and nxt is not None:
        # "Q2 A. Still thinking about Q3": the doubt is about Q3, not Q2.
        return line[start:end_said + sentence_end.end()]
    if sentence_end is not None and not line[end_said:].lstrip().startswith(
            tuple("?")) and "?" not in line[end_said:end_said + sentence_end.end()]:
        # The sentence ends before the next question: later sentences are its reason,
        # read for a condition or a doubt only when they carry one right after.
        rest = line[end_said:stop]
        # The answer's own sentence, then the later ones that can still doubt it.
        return line[start:at] + said + (answer_scope.later_doubts(rest) if said.rstrip().endswith(
            (".", "!")) else answer_scope.doubt_scope(rest))
    return line[start:stop]


# "idk about 1 and 3 yet but 2 = A for sure": a clause turned before the answer, and
# the words before the turn are about other questions, so their doubt is not its own.
_CLAUSE_TURN = re.compile(r"\b(?:but|though|tho|while|whereas|aber|mais|pero|ma)\b|[,;—–]\s",
                          re.IGNORECASE)
_OTHER_REF = re.compile(answer_reading.OTHER_QUESTION.pattern
                        + r"|(?<![\w.])\d\b|\b(?:middle|other|rest|questions?)\b", re.IGNORECASE)


_ASKS_BEFORE = re.compile(answer_reading.ASKING, re.IGNORECASE)


def _own_clause_start(line: str, start: int, at: int) -> int:
    turns = list(_CLAUSE_TURN.finditer(line, start, at))
    if turns and _OTHER_REF.search(line, start, turns[-1].start()):
        return turns[-1].end()
    return start


def _capped(reason: str) -> str:
    # The reason travels in the ledger of every later comment: a page of it is enough.
    return reason if len(reason) <= _REASON_MAX else reason[: _REASON_MAX - 1] + "…"


_LED_BY_PLACE = re.compile(r"^\W*(?:second|third|fourth|last|2nd|3rd|4th|next)"
                           r"(?:\s+(?:one|question))?\s*[:=\-–—)]", re.IGNORECASE)


def _explains(line: str, question: int, words: dict[int, frozenset[str]]) -> bool:
    """Whether a line after the answer to `question` is its reason, not a new point:
    not a question, not led by "And"/"Also", about no other question."""
    if not line.strip() or line.rstrip().endswith("?") or _NEW_POINT.match(line):
        return False
    if any(int(n) != question for n in QUESTION_REF.findall(line)):
        return False
    if _LED_BY_PLACE.match(line):  # "second: lock it down …": the next question's line
        return False
    own = words.get(question, frozenset())
    others = {w for n, found in words.items() if n != question for w in found} - own
    return not keywords(line) & others


def _fork_words(fork: DesignFork) -> frozenset[str]:
    return keywords(" ".join((fork.question, *(text for _, text in fork.options))))


@functools.lru_cache(maxsize=4096)  # pure; a long comment often repeats its lines
def _read_once(line: str, forks: tuple[DesignFork, ...], answered: frozenset[int],
               quoted: int | None) -> tuple[tuple[ParsedAnswer, ...], tuple[tuple[int, str], ...],
                                           bool]:
    found, missed, rest = _read_line(line, forks, answered=set(answered), quoted=quoted)
    return tuple(found), tuple(missed), rest


def _line_read(line: str, forks: tuple[DesignFork, ...], answered: frozenset[int], *,
               quoted: int | None = None
               ) -> tuple[list[ParsedAnswer], list[tuple[int, str]], bool]:
    """`_read_line`, worked out once for a line repeated with the same questions."""
    found, missed, rest = _read_once(line, forks, answered, quoted)
    return list(found), list(missed), rest


def _read_line(line: str, forks: Sequence[DesignFork], *, answered: set[int],
               quoted: int | None = None,
               ) -> tuple[list[ParsedAnswer], list[tuple[int, str]], bool]:
    """The answers on one line, the questions it names but does not answer, and
    whether it takes the recommendation for the rest."""
    reading = answer_forms.read_line(line)
    open_forks = [f for f in forks if f.status is ForkStatus.OPEN and f.number not in answered]
    found: list[ParsedAnswer] = []
    missed: list[tuple[int, str]] = []
    if (lists := _lists(line, forks)) is not None:
        return lists, [], False
    excepted = answer_reading.recommended_except(line, forks)
    if excepted is not None:  # "Recommended for everything except Q2 — make that one B"
        return ([ParsedAnswer(n, RECOMMENDED, said=line.strip()) for n in excepted[0]]
                + [ParsedAnswer(n, letter, said=line.strip()) for n, letter in excepted[1]],
                [], False)
    for number, said in reading.unread:
        letter = _unread_answer(number, said, line, forks)
        if letter:
            found.append(ParsedAnswer(number, letter, said=said))
        else:
            missed.append((number, said))
    for number, letter in answer_reading.letter_forms(line, forks):
        if _pronoun(forks, ParsedAnswer(number, letter)):
            continue  # "For the second, I don't really care": the writer, not option I
        if not any(a.question == number for a in found):
            found.append(ParsedAnswer(number, letter, said=line.strip()))
            missed = [m for m in missed if m[0] != number]
    from_forms, unplaced = _forms_read(reading, line, forks, open_forks)
    found, missed = _shared(line, found + from_forms, missed + unplaced)
    if found or reading.rest_recommended or missed:
        # In the order the line says them, so that the writer's last word wins.
        found.sort(key=lambda a: line.find(a.said) if a.said else len(line))
        found += _beside_forms(line, forks, answered | {a.question for a in found})
        done = answered | {a.question for a in found}
        bare = answer_forms.bare_choice(line) if quoted is not None and quoted not in done \
            else None
        if quoted is not None and bare is not None:  # "> Q3 …" then "B here, … Q1 B."
            found.append(ParsedAnswer(quoted, _choice(bare.choice), "", bare.said))
        elif quoted is not None and quoted not in done and (
                asked := next((f for f in forks if f.number == quoted), None)) is not None \
                and (value := answer_reading.value_letter(line.split(".", maxsplit=1)[0], asked)):
            found.append(ParsedAnswer(quoted, value, said=line.split(".", maxsplit=1)[0].strip()))
        return found, missed, reading.rest_recommended
    if (under := _under_quote(line, forks, quoted, answered)) is not None:
        return under, missed, False
    if reading.forms:  # only ordinals that name no single question
        return [], missed, False
    # "first: B / second: B", "1B 2B 3B", "Q1はB、Q2はA", "A for both", "All B".
    paired = answer_reading.pairs(line, forks) or answer_reading.scoped(line, forks, answered)
    if paired:  # "First one: object storage. Second: A.": the others, by their words
        paired += _more_in_line(line, forks, {n for n, _ in paired})
        # "For the third one the worker queue, first two as recommended."
        paired += [(n, RECOMMENDED) for n in answer_reading.recommended_for(line, forks)
                   if n not in {q for q, _ in paired}]
    if not paired and (chosen := answer_reading.recommended_for(line, forks)):
        # "Your recommendation for the first two, and the worker queue for cleanup".
        paired = [(n, RECOMMENDED) for n in chosen] + [
            (n, c) for n, c in _more_in_line(line, forks, set(chosen))]
    if paired:
        return [ParsedAnswer(n, letter, said=line.strip()) for n, letter in paired], missed, False
    if (changed := _changed_to(line, forks)) is not None:
        return [changed], [], False
    if _BOTH_ASKED.match(line):
        return [], missed, False  # "both? like keep them on the server but cache …": no pick
    named = named_option(line, open_forks)
    # "Store on disk... actually no, S3": the options' own words, the last word winning;
    # "Storage: S3", "Exporting: not needed": a question named by its words, with its value.
    last_word = clauses.after_correction(line)
    by_words = answer_reading.by_words(last_word, open_forks) \
        if not line.rstrip().endswith("?") else []
    latest = {q: (q, c, w) for q, c, w in by_words}
    # "Worker queue for cleanup. Actually no — cron": a question named before a
    # correction keeps its answer only where the words after it give none.
    latest.update({q: (q, c, line.strip())
                   for q, c in answer_reading.by_question_words(last_word, forks)})
    for q, c in answer_reading.by_question_words(line, forks):
        latest.setdefault(q, (q, c, line.strip()))
    if latest and (named is None or len(latest) > 1 or named[0] not in latest
                   or last_word is not line):
        return [ParsedAnswer(q, c, said=w) for q, c, w in latest.values()], missed, False
    if named:
        return [ParsedAnswer(named[0], named[1], said=line.strip())], missed, False
    return [], missed, False


# Both options asked for at once, before any letter: the writer's idea, not a choice.
_BOTH_ASKED = re.compile(r"\W*(?:(?:why\s+not|what\s+about|how\s+about|or|maybe)\s+)?"
                         r"(?:both|a\s+mix|a\s+hybrid|a\s+bit\s+of\s+both)\b[^.!?\n]*\?",
                         re.IGNORECASE)


def _changed_to(line: str, forks: Sequence[DesignFork]) -> ParsedAnswer | None:
    """"Scratch what I said on the second one — support says people keep asking. Let's
    allow it.": a change of mind on one question, its new value in the last sentence."""
    cue = _CHANGE_OF_MIND.search(line)
    if cue is None:
        return None
    about = line[cue.end():]
    place = answer_reading.place_named(about.split(".", 1)[0], forks)
    named = {place} if place is not None else set(answer_scope.named_questions(about, forks))
    fork = next((f for f in forks if f.number in named), None) if len(named) == 1 else None
    last = (answer_scope.sentences(about) or [""])[-1]
    if fork is None or fork.status is not ForkStatus.OPEN or last.strip() == about.strip():
        return None
    letter = answer_reading.value_letter(last.strip().rstrip("."), fork)
    return ParsedAnswer(fork.number, letter, said=line.strip()) if letter else None


_CHANGE_OF_MIND = re.compile(r"\b(?:scratch\s+(?:that|what\s+i\s+said)|(?:i'?ve\s+)?changed\s+my"
                             r"\s+mind|on\s+second\s+thought)\s+(?:about|on|for|re:?)?\s*",
                             re.IGNORECASE)


def _forms_read(reading: answer_forms.LineReading, line: str, forks: Sequence[DesignFork],
                open_forks: Sequence[DesignFork]
                ) -> tuple[list[ParsedAnswer], list[tuple[int, str]]]:
    """The answers of a line's written forms, and the questions named by a form whose
    option cannot be placed ("the latter" of three options)."""
    found: list[ParsedAnswer] = []
    missed: list[tuple[int, str]] = []
    for form in reading.forms:
        question = form.question if form.question is not None else _ordinal(form.ordinal,
                                                                             open_forks)
        if question is None:
            continue  # "B for the first one" that could mean two questions: the model's
        if _negated_form(line, form.said):
            continue  # "I'd rather not do B for Q2": a letter refused, not chosen
        if form.said and _pronoun(forks, ParsedAnswer(question, form.choice.upper()[-1:])):
            # "Q2: I don't really care, whatever you recommend": the writer speaking; what
            # follows, up to the next question, is read as words after the question.
            at = max(line.find(form.said), 0)
            nxt = QUESTION_REF.search(line, at + len(form.said))
            said = line[at:nxt.start() if nxt else len(line)].strip()
            letter = _unread_answer(question, said, line, forks)
        elif form.choice in answer_scope.PLACED:  # "the latter for the first one"
            said = form.said
            letter = answer_scope.placed_option(
                form.choice, next((f for f in forks if f.number == question), None))
        else:
            choice = _choice(form.choice)
            if _DESCRIBED.match(form.reason) and (
                    later := answer_forms.chosen_letter(form.reason)) and later != choice \
                    and later in _letters_of(question, forks):
                # "Q2 — A is the recommended one, but we never export anything, so B": the
                # first letter described, the later one chosen.
                choice = later
            said = form.said if choice == _choice(form.choice) else line.strip()
            found.append(ParsedAnswer(question, choice, _without_option(
                _reason(form.reason), question, form.choice, forks), said))
            continue
        if letter:
            found.append(ParsedAnswer(question, letter, said=said))
        else:
            missed.append((question, said))
    return found, missed


# A letter's own words that describe it rather than choose it, before a "but".
_DESCRIBED = re.compile(r"\s*(?:is|'s|would\s+be|sounds|looks)\s+(?:the\s+)?(?:recommended"
                        r"|default|suggested|proposed|safe|obvious|tempting|nicer|easier"
                        r"|simpler|textbook)\b[^.!?]*?\bbut\b", re.IGNORECASE)


def _letters_of(question: int, forks: Sequence[DesignFork]) -> tuple[str, ...]:
    return next((tuple(f.letters) for f in forks if f.number == question), ())


_BARE_QUESTION = re.compile(r"\W*(?:Q|question\s*#?)\s*\d{1,2}\W*", re.IGNORECASE)
_TRAILING_JOIN = re.compile(r"\s*(?:[,&+/]|\b(?:and|y|und|et|e|i|и))\s*$", re.IGNORECASE)
_JOINED_REF = re.compile(r"\s*(?:,|&|\+|/|and|y|und|et|e|i|и)\s*(?:and\s+)?(?:Q|question\s*#?)"
                         r"\s*(?P<q>\d{1,2})\b", re.IGNORECASE)


# Where a list of questions may start: the line's or a sentence's start, or "for"/"both"
# ("+1 to alice on Q1, and Q2: A" lists nothing: Q1 is alice's answer agreed to).
_LIST_START = re.compile(r"(?:^|[.;:!?(]|\b(?:for|both|and|about|keep|leave|take|use|make|set"
                         r"|go\s+with)"
                         r"|\b(?:Q|question\s*#?)\s*\d{1,2}\s*"
                         r"(?:,|&|\+|/|and|y|und|et|e|i|и))\s*\**\s*$", re.IGNORECASE)


def _shared(line: str, found: list[ParsedAnswer], missed: list[tuple[int, str]]
            ) -> tuple[list[ParsedAnswer], list[tuple[int, str]]]:
    """`Q1 and Q3 go with the defaults`, `Q1, Q2 & Q3: B`: questions listed before one
    answer share it."""
    answer = {a.question: a for a in found}
    for number, said in sorted(missed, key=lambda m: -line.find(m[1])):
        at = line.find(said)
        ref = _TRAILING_JOIN.sub("", said)  # "Q2 &", "Q1 y": the question, then "and"
        joined = _JOINED_REF.match(line, at + len(ref)) \
            if at >= 0 and _BARE_QUESTION.fullmatch(ref) and _LIST_START.search(line[:at]) \
            else None
        if joined is not None and (next_one := answer.get(int(joined.group("q")))) is not None:
            end = line.find(next_one.said, at)
            span = line[at:end + len(next_one.said)] if end >= 0 else said
            choice = _shared_choice(next_one)
            if choice:
                answer[number] = ParsedAnswer(number, choice, next_one.reason, span.strip())
    shared = [a for n, a in answer.items() if a not in found]
    return found + shared, [m for m in missed if m[0] not in answer]


def _shared_choice(answer: ParsedAnswer) -> str:
    """What questions listed before `answer` share of it: its letter where it is written
    (`Q1 and Q3: B`), the recommendation where it is named (`Q1 and Q2 as recommended`:
    each question's own, not the letter the last one's resolves to); else nothing."""
    if answer.choice == RECOMMENDED or answer_reading.RECOMMEND.search(answer.said):
        return RECOMMENDED
    written = re.search(rf"(?<![A-Za-z'’]){answer.choice}(?![A-Za-z'’])", answer.said)
    return answer.choice if written else ""


def _lists(line: str, forks: Sequence[DesignFork]) -> list[ParsedAnswer] | None:
    """A line that is a list of letters, one per open question (`B, A, A`), or of
    questions with as many letters (`Q1/Q2/Q3: B/A/A`); None when it is neither."""
    if positional := answer_reading.positional(line, forks):
        return [ParsedAnswer(n, letter, said=line.strip()) for n, letter in positional]
    if (listed := answer_reading.listed(line, forks)) is not None:
        return [ParsedAnswer(n, letter, said=listed[1]) for n, letter in listed[0]]
    return None


def _beside_forms(line: str, forks: Sequence[DesignFork], done: set[int]
                  ) -> list[ParsedAnswer]:
    """The answers a line gives beside its written forms, for the questions not `done`."""
    found: list[ParsedAnswer] = []
    # "Option B on the first, option A on the rest": the rest after the named ones;
    # "Recommended for 1 and 3, B for 2": the questions it gives the recommendation;
    # "… y para la 2, también A", "Not for us. In browser localStorage, please; Q2: A":
    # the other questions of the line, in the other ways they are named.
    for step in range(3):
        taken = done | {a.question for a in found}
        more = (answer_reading.scoped(line, forks, taken) if step == 0 else
                [(n, RECOMMENDED) for n in answer_reading.recommended_for(line, forks)]
                if step == 1 else _more_in_line(line, forks, taken))
        found += [ParsedAnswer(n, letter, said=line.strip()) for n, letter in more
                  if n not in taken]
    return found


def _more_in_line(line: str, forks: Sequence[DesignFork], done: set[int]
                  ) -> list[tuple[int, str]]:
    """Answers a line gives beside those its grammar read: pairs (`para la 2, también A`),
    a question named by its words, the options' own words in a clause of their own."""
    # Places ("the second") count among all the open questions, as the writer saw them.
    found = {n: c for n, c in (*answer_reading.pairs(line, forks),
                               *answer_reading.letter_forms(line, forks)) if n not in done}
    rest = [f for f in forks if f.number not in done and f.status is ForkStatus.OPEN]
    # Outside the answers read (`Q2 A`), the options' words, the writer's last word winning:
    # "Local disk for storage. Hmm, actually, …, make that S3. Q2: A" is S3.
    unnamed = _READ_FORM.sub(" ", line)
    last = clauses.after_correction(unnamed)
    worded = [] if re.search(r"(?<![A-Za-z'’])[A-H](?![A-Za-z'’])", unnamed) else [
        (n, c) for n, c, _ in answer_reading.by_words(last, rest)]
    named = answer_reading.by_question_words(line, forks)
    for number, letter in (worded + named if last != unnamed else named + worded):
        if number not in done:
            found.setdefault(number, letter)
    return list(found.items())


_READ_FORM = re.compile(r"\b(?:Q|question\s*#?)\s*\d{1,3}\s*[:=\-–—→)]?\s*(?:option\s+)?[A-H]?\b",
                        re.IGNORECASE)


_FORM_NEGATION = re.compile(r"\b(?:not|never(?!\s+mind)|rather\s+not|\w+n[’']t)\b[^.;!?]*$",
                            re.IGNORECASE)


def _under_quote(line: str, forks: Sequence[DesignFork], quoted: int | None,
                 answered: set[int]) -> list[ParsedAnswer] | None:
    """A line under a quoted question (or answer) that names no question itself: its
    answer to that one, or None."""
    if quoted is not None and (bare := answer_forms.bare_choice(line)) is not None:
        return [ParsedAnswer(quoted, _choice(bare.choice), _reason(bare.reason), bare.said)]
    asked = next((f for f in forks if f.number == quoted), None)
    if asked is None:
        return None
    if lead := answer_reading.leading_letter(line, [asked]):
        # "> Q1: A" then "No, B. … anything on local disk is gone": the letter the reply
        # opens with, not an option its reasons name.
        return [ParsedAnswer(asked.number, lead, said=line.strip())]
    if (chosen := answer_forms.last_chosen(line)) is not None \
            and chosen.group("c") in asked.letters and not answer_reading.NEGATED.search(
                _DISAGREES.sub("", line[:chosen.start()], count=1)):
        # "> Q1: A" then "no, I'd go with B here — settings should follow the account" (not
        # "I wouldn't go with B here")
        return [ParsedAnswer(asked.number, chosen.group("c"), said=line.strip())]
    if value := answer_reading.value_letter(line, asked):
        # "> Q2 Can settings be exported?" then "No.": the quoted question's option; the
        # other questions the line answers in their own words ("Server. And skip the
        # export.") are read too.
        more = _more_in_line(line, [f for f in forks if f.number != asked.number],
                             answered | {asked.number})
        return [ParsedAnswer(asked.number, value, said=line.strip())] + [
            ParsedAnswer(n, c, said=line.strip()) for n, c in more]
    return None


# The "no" that disagrees with the quote above, before the writer's own pick.
_DISAGREES = re.compile(r"^\W*(?:no|nah|nope|nein|non|não)\b[\s,.!—–-]*", re.IGNORECASE)


def _negated_form(line: str, said: str) -> bool:
    """`I'd rather not do B for Q2`: a negation in the form's own clause (not the one
    before it: "We can't use S3, so Q1 is A" chooses A)."""
    at = line.find(said) if said else -1
    if at <= 0:
        return False
    before = _CLAUSE_BREAK.split(line[max(0, at - 40):at])[-1]
    return bool(_FORM_NEGATION.search(before))


_CLAUSE_BREAK = re.compile(r"[,;.!?:()]\s*(?:(?:so|then|thus|hence|therefore)\b)?|\s[—–-]\s"
                           r"|\b(?:so|hence|therefore)\b", re.IGNORECASE)


def _pronoun(forks: Sequence[DesignFork], answer: ParsedAnswer) -> bool:
    """An "I" read as a letter where the question has no option I (`Q2: I'd say B`):
    the writer speaking, not choosing (another unknown letter gets its note)."""
    fork = next((f for f in forks if f.number == answer.question), None)
    return answer.choice == "I" and fork is not None and "I" not in fork.letters


def _unread_answer(number: int, said: str, line: str, forks: Sequence[DesignFork]) -> str:
    """The answer to a question named without a letter the grammar reads: the option's
    own words after it (`Q1: on the server`) or before it (`Server-side for Q1`), a verb
    of choosing (`make it B`), a letter after a correction (`Q2 doch A`), or the
    recommendation (`keep Q2 on the recommendation`); "" when none."""
    mine = [f for f in forks if f.number == number]
    if answer_reading.NEW_OPTION_ASKED.search(said):
        return ""  # "Q2 is missing an option: "everyone in the workspace"": asked, not chosen
    unnamed = QUESTION_REF.sub(" ", said)
    last = clauses.after_correction(unnamed) or said
    named = named_option(last, mine)
    corrected = answer_reading.leading_letter(last, mine) if last is not said else ""
    letter = named[1] if named else answer_forms.chosen_letter(last) or corrected or next(
        (c for q, c in answer_reading.pairs(said, mine) if q == number), "")
    if not letter:
        words_named = [(q, c) for q, c, _ in answer_reading.by_words(last, mine, named=True)]
        letter = words_named[-1][1] if words_named else ""
        if len({c for _, c in words_named}) > 1 and last == unnamed and mine:
            # "Q3: Worker queue. Cron jobs silently fail on us": two options named and no
            # word taking one back: the one its head names; the later one is its reason.
            letter = answer_scope.first_option(last, mine[0])
    if not letter and (before := _BEFORE_REF.search(line)) is not None \
            and int(before.group("q")) == number:
        words_named = [(q, c) for q, c, _ in answer_reading.by_words(
            before.group("pre"), mine, named=True)]
        letter = words_named[-1][1] if words_named else ""
    if not letter and (paren := _PAREN_LETTER.search(said)) is not None \
            and mine and paren.group(1) in mine[0].letters:
        letter = paren.group(1)  # "Q1: en el navegador (A)"
    first = (answer_scope.sentences(last) or [""])[0]
    if not letter and mine and answer_reading.names_recommendation(first.lstrip(" :=-–—>)")):
        letter = RECOMMENDED  # "Q3 go with the defaults": the recommendation, as said
    if not letter and mine:  # "For Q1 the second option", "Q2 — no export, A."
        letter = answer_scope.first_option(last, mine[0]) \
            or answer_reading.refused_value(last, mine[0])
    if not letter and mine:  # "Q2 can't be A — … B please.": the letter said on its own
        letter = answer_reading.own_sentence_letter(last, mine[0])
    if not letter and mine:  # "Q1: bucket", "Q3: scheduled task": a word of its kind, alone
        letter = next((k for _, k, _, _, bare in answer_reading.likely(last, mine) if bare), "")
    rest = answer_forms.REST.sub(" ", last)  # "… The rest is fine as recommended": the rest's
    if not letter and (number in answer_reading.recommended_for(line, forks)
                       or answer_reading.RECOMMEND.search(rest)) \
            and not answer_scope.against_recommendation(last):
        letter = RECOMMENDED
    if mine and answer_reading.RECOMMEND.search(first) \
            and answer_scope.against_recommendation(first):
        # "Q2 is the one where I go against the recommendation. … than the note text is":
        # not the recommended option, whatever the reasons name; of two, the other one.
        others = [k for k in mine[0].letters if k != mine[0].recommended]
        if letter in (RECOMMENDED, mine[0].recommended):
            letter = ""  # the words name what the writer says they go against: asked back
        elif not letter and len(others) == 1:
            letter = others[0]
    return letter


_PAREN_LETTER = re.compile(r"\(\s*([A-H])\s*\)")
# "Server-side for Q1, please", "localStorage for Q1 — …": the option's words before the
# question they answer, in one clause.
_BEFORE_REF = re.compile(r"(?P<pre>[^.;,!?\n]{2,60}?)\s+(?:for|on)\s+(?:Q|question\s*#?)"
                         r"(?P<q>\d{1,3})\b", re.IGNORECASE)


def _ordinal(word: str, open_forks: Sequence[DesignFork]) -> int | None:
    """"The first one" is Q1 only when Q1 is also the first question still open (as the
    questions stood when the comment was written); "the last one" is the last open one."""
    if word == "last":
        return open_forks[-1].number if open_forks else None
    n = _ORDINALS.get(word, 0)
    if 0 < n <= len(open_forks) and open_forks[n - 1].number == n:
        return n
    return None


def named_option(line: str, forks: Sequence[DesignFork]) -> tuple[int, str] | None:
    """(question, letter) when the line says every distinctive word of exactly one option.

    Words that all options of a question share ("store", "in") name none of them;
    a negation anywhere ("not", "rather than") leaves the line to the model.
    """
    if _NEGATION.search(line) or line.rstrip().endswith("?"):
        return None
    # "Q1 has to be B imo, localStorage gets wiped …": an option judged bad is not named,
    # nor one a fact of today names ("fwiw we already store the theme on the server").
    said = set(_WORD.findall(" ".join(answer_reading.choosing_clauses(line)).lower()))
    hits: list[tuple[int, str]] = []
    for fork in forks:
        words = {letter: _content(text) for letter, text in fork.options}
        shared: set[str] = set.intersection(*words.values()) if words else set()
        named = [letter for letter, own in words.items()
                 if (distinctive := own - shared) and max(map(len, distinctive)) >= 4
                 and distinctive <= said]
        if len(named) == 1 and not _weighed(line, {k: w - shared for k, w in words.items()},
                                            named[0]):
            hits.append((fork.number, named[0]))
    return hits[0] if len(hits) == 1 else None


def _weighed(line: str, words: dict[str, set[str]], letter: str) -> bool:
    """"S3 vs local disk is the big one": the option named shares its clause with a word of
    another option of its question, so neither is chosen."""
    for clause in re.split(r"\s*\|\s*", line):
        for part in clauses.split(clause):
            said = set(_WORD.findall(part.lower()))
            if words[letter] & said and any(
                    {w for w in own if len(w) >= 2} & said for k, own in words.items()
                    if k != letter):
                return True
    return False


def _content(option_text: str) -> set[str]:
    short = re.sub(r"\((?:recommended|default)\)", "", option_text, flags=re.IGNORECASE)
    return {w for w in _WORD.findall(short.lower()) if w not in _STOP}


def _without_option(reason: str, question: int, choice: str, forks: Sequence[DesignFork]
                    ) -> str:
    """`Q1: B) On the server — it syncs`: the option's own text copied after its letter is
    not the reason (the acknowledgment names the option already)."""
    fork = next((f for f in forks if f.number == question), None)
    text = dict(fork.options).get(choice.strip().upper()[-1:], "") if fork else ""
    # ("Q2: A, not B" under an option "No": "not" is no copy of it.)
    if not text or not re.match(rf"{re.escape(text)}(?!\w)", reason, re.IGNORECASE):
        return reason
    return _reason(re.sub(r"^[\s*_]*(?:\*\*)?\(?(?:recommended|default)\)?(?:\*\*)?", "",
                          reason[len(text):], flags=re.IGNORECASE))


def _reason(raw: str) -> str:
    return _REASON_LEAD.sub("", raw).strip()


def _choice(raw: str) -> str:
    word = raw.strip().lower()
    if word in {"recommended", "rec", "default"}:
        return RECOMMENDED
    return raw.strip()[-1].upper()
