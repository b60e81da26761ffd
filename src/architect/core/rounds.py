"""An answer round over the design-fork ledger. Pure.

`read_answers` applies what the answer grammar reads and keeps the rest for
the model; `settle` closes a round once no question is left open.
"""

from __future__ import annotations

import re
from dataclasses import replace

from architect.core import answer_reading, clauses, filing_replies, markers, render
from architect.core.actions import ProcessAnswers
from architect.core.answers import (
    QUESTION_REF,
    RECOMMENDED,
    ParsedAnswer,
    ParsedComment,
    parse_comment,
)
from architect.core.inputs import HumanComment
from architect.core.ledger import Answer, ForkStatus, Ledger
from architect.core.text import clean_text, one_line
from architect.core.view import SprintView
from architect.core.words import readable
from architect.forge.models import Comment


def forks_in_sync(ledger: Ledger, body: str) -> bool:
    """Whether the PR body shows the trusted ledger as `## Design forks`."""
    # Both sides cleaned alike: NFKC turns the "…" of a shortened line into "...".
    return clean_text(render.forks_section(ledger)) in clean_text(body)


def read_answers(view: SprintView) -> ProcessAnswers:
    """Apply what the grammar can read; keep the rest for the model."""
    assert view.ledger is not None
    ledger = view.ledger
    recorded: list[int] = []
    notes: list[str] = []
    free: list[HumanComment] = []
    sources: dict[int, str] = {}
    unread: list[tuple[int, str, str]] = []
    reviews = {r.id for r in view.new_reviews}
    for comment in (*view.new_comments, *view.new_reviews):
        review = comment.id in reviews and comment in view.new_reviews
        # Ordinals name the questions as they stood when the comment was written (a
        # review's id is numbered apart: it is read against the questions as they are).
        parsed = parse_comment(comment.body, (ledger if review else asked_when(
            view, comment.id, ledger)).forks)
        login = comment.user.login
        edited = not review and comment.id in view.edited
        mine = {a.question for a in parsed.answers}
        said_here = readable(comment.body)
        ledger, reopened = _reopen(ledger, comment, said_here, parsed, mine, notes, recorded)
        if parsed.discussion and not edited and not reopened:
            continue  # plain discussion: no word about it
        notes += [_doubt_note(number, words, why, login)
                  for number, words, why in parsed.doubted if number not in reopened]
        if parsed.approve_all or parsed.rest_recommended:
            held = tried_before(view, login, view.heard + 1 if review else comment.id) \
                if parsed.approve_all else {}
            words = one_line(said_here, 80)
            doubted = {number for number, _, _ in parsed.doubted}
            for fork in ledger.forks:
                if fork.status is not ForkStatus.OPEN or fork.number in mine | doubted:
                    # An explicit answer waiting on a follow-up stays as given; one the
                    # comment doubts or refuses ("Not the cron. The rest as recommended.")
                    # is named back, never filled with its recommendation.
                    continue
                if fork.number in held:
                    notes.append(_held_note(fork.number, login, held[fork.number],
                                            fork.letters))
                    continue
                answer = Answer(fork.recommended, _option_words(fork.option_text(fork.recommended)),
                                login, comment.html_url, comment.id)
                ledger = ledger.answer(fork.number, answer)
                recorded.append(fork.number)
                sources[fork.number] = words
        for item in parsed.answers:
            ledger = _record(ledger, item, comment, notes, recorded)
            sources[item.question] = item.said
        # "Agree with alice on Q1": a word for the answer as it stands, nothing to ask.
        unread += [(number, words, login) for number, words in parsed.unread
                   if number not in reopened and not _agreed(said_here, number)]
        if view.filing_problems:
            notes += filing_replies.note(
                filing_replies.read_replies([comment.body], view.filing_problems), login)
        if edited:
            notes.append(f"Read again: [the comment by @{login}]({comment.html_url}), "
                         "edited since it was read.")
        if parsed.leftover:
            free.append(HumanComment(comment.id, login, parsed.leftover, comment.html_url))
        elif parsed.is_empty and edited:
            notes.append(f"The edited comment by @{login} no longer carries an answer the "
                         "architect can read; what was recorded from it stands.")
        elif parsed.is_empty and not parsed.doubted:
            notes.append(f"The comment by @{login} carried no answer the architect could read.")
    said = tuple(HumanComment(c.id, c.user.login, c.body, c.html_url)
                 for c in (*sorted(view.new_comments, key=lambda c: c.id), *view.new_reviews)
                 if c.body.strip())
    return ProcessAnswers(
        view.sprint, view.slug, view.brief(view.accept_words), ledger,
        tuple(dict.fromkeys(recorded)), tuple(notes), tuple(free), said=said,
        read=tuple((c.id, markers.digest(c.body)) for c in view.new_comments),
        reviews=tuple(r.id for r in view.new_reviews),
        round=view.round, seen=view.heard, after=view.last_other,
        sources=tuple((n, w) for n, w in sources.items() if n in recorded),
        unread=tuple(unread))


def _record(ledger: Ledger, item: ParsedAnswer, comment: Comment, notes: list[str],
            recorded: list[int]) -> Ledger:
    """One answer into the ledger; a question or letter that does not exist is named."""
    login = comment.user.login
    target = ledger.get(item.question)
    if target is None:
        notes.append(f"Q{item.question} (from @{login}) does not exist; the questions "
                     f"are Q1–Q{ledger.next_number - 1}.")
        return ledger
    letter = target.recommended if item.choice == RECOMMENDED else item.choice
    before = target.answer
    if (before is not None and before.option not in (None, letter)
            and before.by.lower() != login.lower() and target.status is not ForkStatus.WITHDRAWN):
        # Two people who may steer, two answers: nobody's is recorded until they agree.
        notes.append(f"Q{target.number} is contested: @{before.by} answered {before.option} and "
                     f"@{login} answered {letter}. Nothing is filed until it is settled: agree on "
                     f"one letter, and one of you writes it again (`Q{target.number}: <letter>`).")
        while target.number in recorded:
            recorded.remove(target.number)
        return ledger.with_fork(replace(target, answer=None, status=ForkStatus.OPEN,
                                        contested=f"@{before.by}: {before.option}; "
                                                  f"@{login}: {letter}"))
    if letter not in target.letters:
        # Never mapped to another letter: named, with the words it was read from.
        said = f" — “{one_line(item.said, 80)}” by @{login}" if item.said else ""
        notes.append(f"Q{target.number}: {letter} is not one of the options "
                     f"({', '.join(target.letters)}){said}; nothing was recorded for it, "
                     "answer again with one of them.")
        return ledger
    text = _option_words(target.option_text(letter))
    if item.reason:
        text = f"{text} — {item.reason}"
    recorded.append(target.number)
    return ledger.answer(target.number, Answer(letter, text, login, comment.html_url,
                                               comment.id))


def _reopen(ledger: Ledger, comment: Comment, said_here: str, parsed: ParsedComment,
            mine: set[int], notes: list[str], recorded: list[int]) -> tuple[Ledger, set[int]]:
    """A later comment that doubts an answered question, or names it in words that cannot
    be read (`wait, are we sure about Q3?`, `for Q2 I really want …`), takes the answer
    back: nothing is filed on an answer its writer, or another who may steer, has since
    put in doubt. The question is open again and the note says why. The writer's own
    plain word on it (`Q3 is what I expected`) leaves their answer standing."""
    login = comment.user.login
    unclear = "the architect could not read it as an answer"
    doubts = [(n, w, f"it reads as {why}", True) for n, w, why in parsed.doubted] + [
        (n, w, unclear, _in_doubt(w)) for n, w in parsed.unread
        if not _agreed(said_here, n)] + [
        (n, parsed.leftover, unclear, _in_doubt(parsed.leftover))
        for n in dict.fromkeys(int(m.group(1)) for m in QUESTION_REF.finditer(said_here))
        if parsed.leftover and not _agreed(said_here, n)] + [
        # "On second thought, make storage local": named by its own words, changed.
        (n, said_here, unclear, True) for n in sorted(_named_by_words(said_here, ledger))
        if (parsed.leftover or parsed.discussion) and _in_doubt(said_here)] + [
        # "nvm ignore me, still thinking abt it": the writer's own answers of this round
        # (an answer acknowledged before is changed by naming it).
        (f.number, said_here, "it takes back what they wrote before", True)
        for f in ledger.forks if f.answer is not None and f.answer.by.lower() == login.lower()
        and f.number in recorded and _withdraws(said_here, parsed)]
    reopened: set[int] = set()
    for number, words, why, doubtful in doubts:
        fork = ledger.get(number)
        if (number in mine or number in reopened or fork is None or fork.answer is None
                or fork.status is ForkStatus.WITHDRAWN
                or (fork.answer.comment_id or 0) >= comment.id):
            continue
        before = fork.answer
        mine_before = before.by.lower() == login.lower()
        if mine_before and not doubtful:
            continue
        said = f"“{one_line(words, 120)}”"
        # What the words might change it to, read back, never recorded: one letter to write.
        maybe = answer_reading.value_letter(clauses.after_correction(words, leading=True), fork)
        write = (f"if you meant {maybe}) {one_line(fork.option_text(maybe), 80)}, write "
                 f"`Q{number}: {maybe}`" if maybe and maybe != before.option else
                 f"write `Q{number}: <letter>` when it is decided")
        notes.append(
            f"Q{number} is open again: @{login} answered {before.option}, then wrote "
            f"{said} about it: {why}. Nothing is filed until it is settled: {write}."
            if mine_before else
            f"Q{number} is contested: @{before.by} answered {before.option}, and @{login} "
            f"wrote {said} about it: {why}. Nothing is filed until it is settled: agree on "
            f"one letter, and one of you writes it (`Q{number}: <letter>`).")
        ledger = ledger.with_fork(replace(
            fork, answer=None, status=ForkStatus.OPEN,
            contested="" if mine_before else f"@{before.by}: {before.option}; @{login}: "
                                             f"“{one_line(words, 80)}”"))
        while number in recorded:
            recorded.remove(number)
        reopened.add(number)
    return ledger, reopened


# A later comment that takes back everything its writer said before, naming no question.
_WITHDRAWN = re.compile(
    r"\bignore\s+(?:me|my\s+(?:last|previous|earlier)\b|that|what\s+i\s+(?:said|wrote))"
    r"|\bdisregard\b|\bscratch\s+(?:all\s+)?(?:that|this|my\s+\w+)|\bforget\s+(?:it|what\s+i)"
    r"|\b(?:vergiss|ignoriert?)\s+(?:das|es|mich)|\bignorez\b|\bolvid[aá]\b|\bignora\b",
    re.IGNORECASE)


def _withdraws(said_here: str, parsed: ParsedComment) -> bool:
    """`nvm ignore me, still thinking abt it`: no answer, no question named, and words
    that take back what came before."""
    return (not parsed.answers and not QUESTION_REF.search(said_here)
            and bool(_WITHDRAWN.search(readable(said_here))))


def takes_back(body: str, ledger: Ledger) -> bool:
    """Whether a comment that reads as plain talk still puts an answer in doubt (`On second
    thought, make storage local`): it names a question and changes or doubts: not talk."""
    text = readable(body)
    if _WITHDRAWN.search(text):
        return True  # "ignore my last comment": the writer's answers before, taken back
    return _in_doubt(text) and bool(QUESTION_REF.search(text)
                                    or _named_by_words(text, ledger, answered=False))


def _named_by_words(text: str, ledger: Ledger, *, answered: bool = True) -> set[int]:
    """The questions (`answered`: with an answer) `text` names by their own words (`the
    storage`, `cleanup`)."""
    named = [replace(f, status=ForkStatus.OPEN) for f in ledger.forks
             if (f.answer is not None or not answered) and f.status is not ForkStatus.WITHDRAWN]
    return answer_reading.questions_said(text, named)


def _agreed(text: str, number: int) -> bool:
    """Whether every clause of `text` that names Q`number` agrees with it as it stands."""
    found = [_clause_of(text, m.start()) for m in QUESTION_REF.finditer(text)
             if int(m.group(1)) == number]
    return bool(found) and all(_agrees(c) for c in found)


def _clause_of(text: str, at: int) -> str:
    """The clause of `text` that holds position `at`."""
    start = 0
    for part in clauses.split(text):
        found = text.find(part, start)
        if found <= at < found + len(part) + 1:
            return part
        start = max(start, found)
    return text


_AGREES = re.compile(
    r"^\W*(?:i\s+|we\s+)?(?:\+1|👍|agree\w*|same(?:\s+here)?|fine\s+with|happy\s+with"
    r"|ok(?:ay)?\s+with|good\s+with|(?:i'?m|we'?re)\s+(?:fine|happy|ok|okay|good)\s+with"
    r"|second(?:ed)?|me\s+too|likewise|einverstanden|d'accord|de\s+acuerdo|d'accordo|同意|賛成"
    # "Q1 stays.", "Q2 unchanged", "keep Q1 as it is", "Q2 zostaje A": the answer left as it
    # is, and nothing more said of it ("Q2 remains open" doubts it)
    r"|(?:Q|question\s*#?)\s*\d{1,2}\s*(?::\s*)?(?:(?:stays|remains|bleibt|reste|se\s+queda|fica"
    r"|zostaje|rimane|resta)(?:\s+(?:as\s+(?:is|it\s+(?:is|was)|before)|the\s+same|unchanged"
    r"|(?-i:[A-H])))?|unchanged|is\s+unchanged|as\s+before)\W*$"
    r"|(?:keep|leave)\s+(?:Q|question\s*#?)\s*\d{1,2}\s+(?:as\s+(?:is|it\s+(?:is|was)|before)"
    r"|unchanged)\W*$)",
    re.IGNORECASE)


def _agrees(clause: str) -> bool:
    """`Agree with alice on Q1`, `I'm fine with Q1 and Q3`: a word for the answer as it
    stands, which leaves it standing."""
    text = clause.replace("’", "'")
    return bool(_AGREES.match(text)) and not _in_doubt(text) and not re.search(
        r"\b(?:not|n't|don'?t|no)\b", text, re.IGNORECASE)


def _in_doubt(words: str) -> bool:
    """Words that question, hedge, condition or take back (`are we sure?`, `hmm, not
    so sure now`): not a plain remark about an answer."""
    text = _COURTESY.sub(" ", readable(words))
    return ("?" in text or clauses.modality(text)[0] is not clauses.Modality.CERTAIN
            or clauses.after_correction(text, leading=True) != text
            or bool(_CHANGES.search(text)))


# A condition on a favour asked of someone, not on an answer ("bring numbers if you have
# them", "if anyone can get a quote").
_COURTESY = re.compile(r"\bif\s+(?:you|anyone|someone|somebody)\s+(?:have|has|can|could|get|got)"
                       r"\s+(?:them|it|one|any|some|the\s+time|a\s+(?:minute|moment|sec))\b"
                       r"|\bif\s+possible\b", re.IGNORECASE)


# Words of changing an answer given before ("changing my answer", "flip Q3", "nvm").
_CHANGES = re.compile(r"\b(?:chang(?:e|es|ed|ing)\s+(?:my|our|the|that)\b|switch\w*|flip\w*"
                      r"|revers\w*|revis\w*|retract\w*|withdraw\w*|reconsider\w*|undo"
                      r"|nvm|never\s*mind|not\s+sure\s+any\s*more)\b", re.IGNORECASE)


def asked_when(view: SprintView, comment_id: int, ledger: Ledger) -> Ledger:
    """The ledger the bot last showed before `comment_id` was written."""
    shown = [held for at, held in view.asked if at < comment_id]
    return shown[-1] if shown else ledger


def tried_before(view: SprintView, login: str, before: int) -> dict[int, str]:
    """Questions `login` tried to answer in an earlier comment the grammar could not fully
    read, still open: a `yes` must not answer them with the recommendation."""
    assert view.ledger is not None
    tried: dict[int, str] = {}
    first = view.asked[0][0] if view.asked else 0
    for comment in view.sprint.comments:
        if comment.user.login != login or not first < comment.id < before:
            continue
        parsed = parse_comment(comment.body, asked_when(view, comment.id, view.ledger).forks)
        for number, words in parsed.unread:
            tried.setdefault(number, words)
        for number, words, _ in parsed.doubted:  # `Q2: maybe JSON`: tried, not decided
            tried.setdefault(number, words)
        for item in parsed.answers:
            fork = view.ledger.get(item.question)
            if fork is not None and item.choice not in (*fork.letters, RECOMMENDED):
                tried.setdefault(item.question, item.said)
    return {n: w for n, w in tried.items()
            if (fork := view.ledger.get(n)) is not None and fork.status is ForkStatus.OPEN}


def _doubt_note(number: int, words: str, why: str, login: str) -> str:
    """An answer held back by its own words: what was read, why, and what to write."""
    return (f"Q{number}: nothing recorded from “{one_line(words, 120)}” by @{login}: it reads "
            f"as {why}, not an answer yet. When it is decided, write `Q{number}: <letter>`.")


def _held_note(number: int, login: str, words: str, letters: tuple[str, ...]) -> str:
    return (f"Q{number} is still open: `yes` does not cover it, because @{login} wrote "
            f"“{one_line(words, 120)}” about it and the architect could not read that. Answer "
            f"it with one of {', '.join(letters)} (`Q{number}: {letters[0]}`) or "
            f"`Q{number}: recommended`.")


def _option_words(text: str) -> str:
    return text.strip() or "(option text missing)"


def settle(ledger: Ledger) -> Ledger:
    """No question is left open: answers that waited on a follow-up are settled."""
    if ledger.open:
        return ledger
    return Ledger(tuple(replace(f, status=ForkStatus.RESOLVED)
                        if f.answer and f.status is ForkStatus.ANSWERED else f
                        for f in ledger.forks))
