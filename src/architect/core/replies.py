"""The one reply to a comment the architect will not act on: why, and what it says. Pure.

A comment by someone who may steer, on a pitch still awaiting its decision, that
is neither a decision nor plain discussion gets one reply (`Why`); so does the
first decision or answer of each person who may not steer. Every reply says
what was read, that nothing happened, and the words the architect acts on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum

from architect.core import answer_forms, answer_reading, clauses, markers, render, vocabulary, words
from architect.core.answers import parse_comment
from architect.core.ledger import DesignFork
from architect.core.text import one_line


class Why(StrEnum):
    LIKELY = "likely"  # "LGTM", "+1", "abgelehnt": a decision, but not one to act on
    NOT_DECISION = "not a decision"  # "Don't accept this yet", "Reject? Not sure"
    WRONG_PR = "wrong PR"  # "Q1: B" on a pitch that has no questions yet
    NOT_STEERER = "not a steerer"  # "REJECT" by someone who may not steer


_QUESTION = re.compile(r"\b(?:Q|question\s*#?)\s*\d{1,3}\b", re.IGNORECASE)
_OPTION = re.compile(r"\boption\s+[A-Z]\b|^\s*\(?[A-Z]\)?\s*$", re.MULTILINE)
_HOW = ("- To go ahead: reply `ACCEPT` (anything after it is guidance for the design "
        "questions), or approve the PR with a review.\n"
        "- To decline: reply `REJECT: <reason>`.")


def why_unclear(body: str, bot_login: str) -> Why | None:
    """Why a comment of someone who may steer, on a pitch awaiting its decision, needs a
    reply; None for a decision (it acts) or plain discussion (it is left alone)."""
    if markers.MARK_OPEN in words.readable(body, inline_code=True):
        return None  # a paste of the bot's own text (its marker in it) is nobody's decision
    reading = words.read(body, bot_login)
    if reading.sense is words.Sense.DECISION:
        return None
    if reading.sense is words.Sense.LIKELY:
        return Why.LIKELY
    text = words.unquoted(body, bot_login)
    if _QUESTION.search(text) or _OPTION.search(text) or parse_comment(text).answers:
        return Why.WRONG_PR
    if reading.sense is words.Sense.NOT_DECISION:
        return Why.NOT_DECISION
    if answer_forms.bare_choice(text) is not None:
        return Why.WRONG_PR
    return None


def wants_steering(body: str, bot_login: str, *, started: bool,
                   forks: Sequence[DesignFork] = ()) -> bool:
    """Whether a comment by someone who may not steer reads like a decision or an answer
    (once the questions are asked, a bare `yes` takes every recommendation: an answer)."""
    if markers.MARK_OPEN in words.readable(body, inline_code=True):
        return False  # a paste of the bot's own text
    reading = words.read(body, bot_login)
    text = words.unquoted(body, bot_login)
    stance = clauses.stance(text)
    if reading.sense is words.Sense.DECISION or (
            reading.sense is words.Sense.NOT_DECISION and not _own_question(reading)
    ) or (reading.sense is words.Sense.NOT_DECISION
          and words.names_a_decision(text)) or (
            reading.sense is words.Sense.LIKELY
            and (not _praise(stance.said) if stance is not None else bool(_VOTE.match(text)))):
        # "+1, would love this!", "+1 would love this, I lose my settings every week" and
        # "you should reject this" are as much a say as "ACCEPT"; "Nice writeup", "Nice,
        # thanks for working on it!" are praise, and "Is there an issue I can subscribe
        # to?" a question about the feature.
        return True
    parsed = parse_comment(text, forks)
    # What the round would take up from someone who may steer (not discussion) and names
    # an option's letter: "| B | A | A |", "Yo elegiría B y A", "我投B和A".
    lettered = bool(forks) and not parsed.discussion and _LETTER.search(text) is not None \
        and bool(set(_LETTER.findall(text)) & {o[0] for f in forks for o in f.options})
    # "Vai de recomendado mesmo": the recommendations taken up, in words the round asks
    # back about from someone who may steer.
    recommended = bool(forks) and not parsed.discussion and bool(
        answer_reading.RECOMMEND.search(text))
    return bool(parsed.answers or parsed.unread or parsed.doubted or lettered
                or recommended) or (started and parsed.approve_all)


# A vote that leads a comment whose agreement has no clause of its own ("+1 would love
# this, I lose my settings every week"): a say, unlike "Nice writeup".
_VOTE = re.compile(r"^\W*(?:\+1|👍|lgtm)(?!\w)", re.IGNORECASE)
# A capital letter standing alone (not the pronoun "I"), as an option is named. Latin
# letters around it make it part of a word; a CJK character does not ("我投B和A").
_LETTER = re.compile(r"(?<![A-Za-zÀ-ÿ'’])[A-HJ](?![A-Za-zÀ-ÿ'’])")


def _own_question(reading: words.Reading) -> bool:
    """A question that weighs no side: the writer's own, about the feature."""
    return reading.family is None and reading.modality is clauses.Modality.QUESTION


def _praise(said: str) -> bool:
    """Whether the agreement is nothing but praise (`vocabulary.PRAISE`): a thank-you
    from a user, not a vote."""
    praise = {clauses.normal(p).strip() for p in vocabulary.PRAISE}
    parts = [clauses.normal(p).strip() for p in said.split(",")]
    return bool(parts) and all(p in praise for p in parts)


def reply(why: str, login: str, text: str, comment_id: int, reviewers: tuple[str, ...],
          asking: tuple[int, ...] = (), writers: Sequence[str] = (), *,
          review: bool = False, read_back: str = "") -> str:
    """The one reply to a comment, with its marker; `asking` names the sprint PRs whose
    design questions are open (where answers written here may belong); `writers`, those
    who may steer when `reviewers` is empty (`Steering.steerers`)."""
    quoted = one_line(text, 80)
    if why == Why.NOT_STEERER:
        return _not_steerer(login, quoted, comment_id, reviewers, writers, review=review)
    if why == Why.LIKELY and words.read(text, "").family is words.Family.REJECT:
        head = f"@{login}, I read “{quoted}” as a refusal, but the architect acts only on a " \
               "decision it cannot misread, so nothing happened yet."
    elif why == Why.LIKELY:
        body = render.unclear_decision_comment(login, text, comment_id, review=review)
        if not read_back:
            return body
        head, _, rest = body.partition("\n\n")
        return f"{head}\n\n{read_back}\n\n{rest}"
    elif why == Why.WRONG_PR:
        head = (f"@{login}, I read “{quoted}” as an answer to a design question, but this pitch "
                "is still awaiting its decision and has no design questions yet, so nothing was "
                "recorded. Answers belong here once the questions are posted (after `ACCEPT`), "
                "or on the sprint PR whose questions you meant"
                + (f" (open questions: {', '.join(f'#{n}' for n in asking)})." if asking
                   else "."))
    else:
        head = f"@{login}, I read “{quoted}” as {_not_deciding(text)}, so nothing happened."
    said = f"\n\n{read_back}" if read_back else ""
    return (f"{head}{said}\n\n{_HOW}\n\n"
            f"{markers.UnclearMark(comment_id, review=review).render()}")


def _not_deciding(text: str) -> str:
    said = words.unquoted(text, "")
    reading = words.read(text, "")
    family = "an approval" if reading.family is words.Family.ACCEPT else "a refusal"
    cue = one_line(reading.cue, 80)
    match reading.modality:
        case clauses.Modality.CONDITIONAL:
            return (f"{family} with a condition (“{cue}”), not a decision: say whether it "
                    "holds, then write the decision")
        case clauses.Modality.HEDGED:
            return f"{family} with a doubt (“{cue}”), not a decision"
        case clauses.Modality.MIXED:
            return "both agreement and refusal, not a decision either way"
        case clauses.Modality.QUESTION:
            return "a question, not a decision"
    if said.rstrip().endswith("?"):
        return "a question, not a decision"
    if words.negated(said):
        return "not a decision (it says not to, or not yet)"
    return "a sentence about a decision, not the decision itself"


NAMED = 5  # steerers a reply names before "and N more"


def who_may_steer(reviewers: Sequence[str], writers: Sequence[str], rule: str) -> str:
    """Whom a reply to someone who may not steer names: the `reviewers`, or else the rule
    (`rule`: "people with write access to …") with the writers read this tick, a few by
    name so that the reader knows whom to ask."""
    if reviewers:
        return ", ".join(f"@{r}" for r in reviewers) + " (the project's `reviewers`)"
    if not writers:
        return rule
    named = ", ".join(f"@{w}" for w in writers[:NAMED])
    more = f" and {len(writers) - NAMED} more" if len(writers) > NAMED else ""
    return f"{rule} ({named}{more})"


def _not_steerer(login: str, quoted: str, comment_id: int, reviewers: tuple[str, ...],
                 writers: Sequence[str], *, review: bool = False) -> str:
    who = who_may_steer(reviewers, writers, "people with write access to this repository")
    what = f"your review (“{quoted}”)" if review and quoted else (
        "your review" if review else f"“{quoted}”")
    return (f"@{login}, I read {what}, but only {who} may accept, reject or answer the "
            "design questions of this sprint, so nothing happened. Ask one of them, or a "
            "maintainer to add you. (This note is posted once per person on this PR.)\n\n"
            + markers.UnclearMark(comment_id, login, review=review).render())
