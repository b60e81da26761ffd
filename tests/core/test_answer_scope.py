"""core.answer_scope: what a long answer comment says around its answers, and what
`parse_comment` records from such comments."""

from __future__ import annotations

import pytest

from architect.core import answer_scope
from architect.core.answers import RECOMMENDED, parse_comment
from architect.core.ledger import DesignFork
from tests.builders import ATTACHMENT_FORKS, SETTINGS_FORKS

ATTACH, SETTINGS = ATTACHMENT_FORKS, SETTINGS_FORKS


def recorded(text: str, forks: tuple[DesignFork, ...] = ATTACH) -> dict[int, str]:
    """The letters a comment records, the recommendation spelled out."""
    rec = {f.number: f.recommended for f in forks}
    parsed = parse_comment(text, forks)
    return rec if parsed.approve_all else {
        a.question: rec[a.question] if a.choice == RECOMMENDED else a.choice
        for a in parsed.answers}


@pytest.mark.parametrize(("line", "shaped"), [
    ("#2 -> B", "Q2 -> B"), ("#12: A", "Q12: A"), ("1\ufe0f\u20e3 B", "1) B"),
    ("- [x] B) In S3", "B) In S3"),
    ("- [ ] A) On the local disk", ""), ("see #2 for context", "see #2 for context")])
def test_lines_are_put_in_the_shape_the_grammar_reads(line: str, shaped: str) -> None:
    assert answer_scope.normalised(line) == shaped


@pytest.mark.parametrize(("text", "deferred"), [
    ("Q1 and Q2 I'll answer once I've talked to Bob.", {1, 2}),
    ("Only answering Q3 for now, the other two need input from security.", {1, 2}),
    ("Not answering yet until I know that.", {1, 2, 3}),
    ("Before I pick for Q3, can someone explain the queue?", {3})])
def test_a_writer_not_answering_yet_defers_the_questions_named(text: str,
                                                               deferred: set[int]) -> None:
    held = answer_scope.deferral(text, ATTACH)
    assert held is not None and held.questions == deferred


def test_a_reason_with_a_condition_of_its_own_does_not_hold_the_answer_back() -> None:
    assert recorded("Cleanup: A. If the nightly job turns out to be too coarse we can "
                    "revisit, but I doubt it will.") == {3: "A"}
    assert recorded("Q1: B. If the budget allows.") == {}


@pytest.mark.parametrize(("text", "letters"), [
    ("Q1: B, because local disk won't scale.\n\nQ2: A. Attachments are part of the note; "
     "if you can read the note you should see them.\n\nQ3: A, nightly cron. A worker queue "
     "is overkill.", {1: "B", 2: "A", 3: "A"}),
    ("Everything as recommended, except visibility: uploader and admins only.",
     {1: "B", 2: "B", 3: "A"}),
    ("Recommended for 1 and 3, B for 2.", {1: "B", 2: "B", 3: "A"}),
    ("Agree with the recommendation for storage and cleanup. For who sees attachments, B.",
     {1: "B", 2: "B", 3: "A"}),
    ("I read all three twice.\n\n- object storage because we pay for the bucket,\n- cron "
     "because it's one line\n\nSo: go with the defaults. Ship it 🚀", {1: "B", 2: "A", 3: "A"}),
    ("B, B, A\n\nOops, no — I wrote those in the wrong order. So B, A, B.",
     {1: "B", 2: "A", 3: "B"}),
    ("B, B, A — no, sorry: B, A, A.", {1: "B", 2: "A", 3: "A"}),
    ("#1 -> B\n#2 -> B\n#3 -> A", {1: "B", 2: "B", 3: "A"}),
    ("Q1 b, Q2 b, q3 a 👍", {1: "B", 2: "B", 3: "A"}),
    ("Only answering Q3 for now, the other two need input from security.\n\nQ3: B. The "
     "worker queue has proper locking.", {3: "B"}),
    ("Has anyone estimated the cost for object storage vs. local disk? Can someone run the "
     "numbers before we lock in Q1?", {}),
    ("Either storage is fine by me. I'm leaning towards the note-level visibility.", {}),
])
def test_long_comments_record_what_their_writer_chose(text: str,
                                                     letters: dict[int, str]) -> None:
    assert recorded(text) == letters


def test_yes_and_then_why_takes_every_recommendation() -> None:
    assert recorded("yes\n\n(to expand a bit: server-side settings is what we promised, "
                    "and the export can come back later. Both recommendations are fine.)",
                    SETTINGS) == {1: "B", 2: "A"}


def test_talk_about_options_with_a_deferral_records_nothing() -> None:
    text = ("Is there any data on how big settings blobs get?\n\nI'm asking because I want "
            "to know whether the server option needs a cache layer. Not answering yet.")
    assert recorded(text, SETTINGS) == {}


@pytest.mark.parametrize(("text", "letters"), [
    ("Cleanup: worker queue, since it gives us retries.\n\nWait, re-reading the vision: "
     "there's nothing to retry. Cron is fine.", {3: "A"}),
    ("Worker queue for cleanup. Actually no — cron, let's keep it simple.", {3: "A"}),
    ("Local disk. Actually scratch that, S3 — we're going multi-node.", {1: "B"}),
    ("Q1 B, Q2 B, Q3 A. Q2 is the one I'd push back on the recommendation for.",
     {1: "B", 2: "B", 3: "A"}),
    ("For Q2 — does everyone who can see the note include share links?", {}),
])
def test_the_writers_last_word_and_a_question_asked(text: str, letters: dict[int, str]
                                                   ) -> None:
    assert recorded(text) == letters


@pytest.mark.parametrize(("text", "letters"), [
    ("Q2: B\n\nwait, export is a rabbit hole. Make that A.", {2: "A"}),
    ("For Q1 the second option, obviously. For Q2, the first option: no export.",
     {1: "B", 2: "A"}),
    ("Q2 — no export, A.", {2: "A"}), ("1b 2a — and please add the docs.", {1: "B", 2: "A"}),
    ("Q2: no idea", {}),
])
def test_settings_answers_in_other_shapes(text: str, letters: dict[int, str]) -> None:
    assert recorded(text, SETTINGS) == letters


def test_a_lowercase_letter_on_a_number_answers_only_as_a_list() -> None:
    assert recorded("1b 2b", SETTINGS) == {1: "B", 2: "B"}
    assert recorded("As section 2a of the spec says, sync is hard.", SETTINGS) == {}


@pytest.mark.parametrize(("text", "letters"), [
    ("browser storage, and skip the export", {1: "A", 2: "A"}),
    ("On export: no, let's not build it now. Nobody has asked for it.", {2: "A"}),
])
def test_a_yes_no_question_refused_in_words(text: str, letters: dict[int, str]) -> None:
    assert recorded(text, SETTINGS) == letters


def test_two_places_in_one_sentence_answer_two_questions() -> None:
    assert recorded("For the first question local disk, and for the third one a worker "
                    "queue. No opinion on visibility.") == {1: "A", 3: "B"}
