"""Comments read as a person reads them (issue 27), end to end on the embedded forge.

Each test writes what a reviewer would, runs ticks through the real client and checks
what the people see: the PR's state, the bot's replies, what was filed and on which
answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.core import markers
from architect.core.schemas import CommentReading, SpanReading
from architect.runners.base import Mode
from architect.runners.offline import OfflinePlanner
from architect.runners.scripted import ScriptedRunner
from tests.world import ATTACHMENTS_VISION, OPS, World, make_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


def pitched(world: World) -> int:
    world.vision("Attachments", ATTACHMENTS_VISION)
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    return pr.number


def asked(world: World) -> int:
    number = pitched(world)
    world.comment(number, "ACCEPT")
    world.tick()
    assert "**Q3:** How are expired files cleaned up?" in world.bot_comments(number)[-1]
    return number


def questions_posted(world: World, number: int) -> bool:
    return any(isinstance(m, markers.QuestionsMark) for body in world.bot_comments(number)
               for m in markers.marks_in(body))


def filed_on(world: World) -> str:
    """The sprint file as merged: the answers the filing was made on."""
    on_main = world.bot.get_file(OPS, "sprints/1-attachments.md", ref="main")
    assert on_main is not None, "the sprint was not filed"
    return on_main.text


def test_a_conditional_accept_asks_back_and_files_nothing(world: World) -> None:
    number = pitched(world)
    world.comment(number, "accept if you drop the DB part")
    world.tick()
    reply = world.bot_comments(number)[-1]
    assert "with a condition (“if you drop the DB part”)" in reply
    assert "nothing happened" in reply
    assert not questions_posted(world, number)
    assert world.bot.get_pull(OPS, number).state == "open"
    assert world.tick().decision.actions == ()  # asked once


def test_an_approval_held_back_by_a_condition_stays_held_after_its_reply(
        world: World) -> None:
    number = pitched(world)
    world.review(number, "APPROVED", "Approving on the condition that the endpoint stays "
                 "behind a feature flag.")
    world.tick()
    assert "with a condition" in world.bot_comments(number)[-1]
    assert world.tick().decision.actions == ()  # not an approval on the next tick either
    assert not questions_posted(world, number)


def test_a_likely_reading_is_confirmed_before_it_acts(world: World) -> None:
    number = pitched(world)
    world.comment(number, "Sounds good from my side.")
    world.tick()
    reply = world.bot_comments(number)[-1]
    assert "I read “Sounds good from my side.” as agreement" in reply
    assert "reply `ACCEPT`" in reply
    assert not questions_posted(world, number)
    world.comment(number, "ACCEPT")
    world.tick()
    assert questions_posted(world, number)


def test_a_judgement_in_words_of_its_own_is_read_back_as_likely(world: World) -> None:
    number = pitched(world)
    world.comment(number, "I don't think this sprint is necessary.")
    world.tick()
    reply = world.bot_comments(number)[-1]
    assert "I read “I don't think this sprint is necessary.” as a refusal" in reply
    assert "`REJECT: <reason>`" in reply
    assert world.bot.get_pull(OPS, number).state == "open"  # read back, not acted on
    assert world.tick().decision.actions == ()


def test_a_comment_review_is_read_like_a_comment(world: World) -> None:
    number = pitched(world)
    world.review(number, "COMMENT", "Sounds good from my side.")
    world.tick()
    reply = world.bot_comments(number)[-1]
    assert "I read “Sounds good from my side.” as agreement" in reply
    assert markers.UnclearMark(0, review=True).render().split("comment=")[0] in reply
    assert not questions_posted(world, number)
    assert world.tick().decision.actions == ()  # the review is answered once
    world.review(number, "COMMENT", "Approved. Keep the list small.", by="bob")
    world.tick()
    assert questions_posted(world, number)


def test_answers_in_a_review_are_read_like_a_comments(world: World) -> None:
    number = asked(world)
    review = world.review(number, "APPROVED", "LGTM. Answers: Q1 B, Q2 A, Q3 A.")
    world.tick()
    (ack,) = [c for c in world.bot_comments(number) if c.startswith("Recorded:")]
    assert "- Q1: B) In S3-compatible object storage (@alice)" in ack
    assert f"reviews={review}" in ack  # the round names the review it read
    assert "Sprint filed" in world.bot_comments(number)[-1]  # every question answered
    assert world.tick().decision.actions == ()  # read once


def test_a_hedge_is_never_recorded(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: A or B — honestly not sure yet\nQ2: A\nQ3: A")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Q1: nothing recorded from “Q1: A or B — honestly not sure yet” by @alice" in ack
    assert "Still open: Q1." in ack
    assert not world.bot.get_pull(OPS, number).merged
    world.comment(number, "Q1: B")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    assert "- **Answer:** B) In S3-compatible object storage" in filed_on(world)


def test_a_self_correction_records_the_last_letter_and_says_so(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: A. Hmm, actually no, B.\nQ2: A\nQ3: A")
    world.tick()
    ack = next(c for c in world.bot_comments(number) if c.startswith("Recorded:"))
    assert "- Q1: B) In S3-compatible object storage (@alice)" in ack
    assert "actually no, B.”" in ack  # read back from the words that took it back
    assert "On the local disk" not in markers.strip_markers(ack)
    assert "could not read" not in ack.lower()
    assert world.bot.get_pull(OPS, number).merged
    assert "B) In S3-compatible object storage" in filed_on(world)


def test_a_change_of_mind_in_a_later_comment_is_applied_before_the_filing(
        world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: A, Q2: A, Q3: A")
    world.comment(number, "Changed my mind on Q2, make it B.")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    answers = [line for line in filed_on(world).splitlines() if line.startswith("- **Answer:**")]
    assert answers == ["- **Answer:** A) On the local disk",
                       "- **Answer:** B) Only the uploader and admins",
                       "- **Answer:** A) A nightly cron job"]


def test_a_contested_question_blocks_the_filing_until_settled(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: A, Q2: A, Q3: A")
    world.comment(number, "Q1: B — the disks on those nodes are tiny.", by="bob")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Q1 is contested: @alice answered A and @bob answered B" in ack
    assert "- **Contested:** @alice: A; @bob: B; nothing is filed" in world.bot.get_pull(
        OPS, number).body  # named in the design forks too
    assert not world.bot.get_pull(OPS, number).merged
    assert world.tick().decision.actions == ()  # nothing filed while it is contested
    assert not world.bot.get_pull(OPS, number).merged
    world.comment(number, "Fair point, Q1: B then.")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    assert "B) In S3-compatible object storage" in filed_on(world)
    assert "Contested" not in filed_on(world)


def test_a_later_doubt_on_an_answer_takes_it_back_before_the_filing(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B, Q2: A, Q3: A")
    world.comment(number, "Hang on, is Q3 even allowed on the new cluster? Checking with ops.")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Q3 is open again: @alice answered A, then wrote" in ack
    assert "Every design fork is resolved" not in ack
    assert not world.bot.get_pull(OPS, number).merged
    assert world.tick().decision.actions == ()  # said once; nothing filed meanwhile
    world.comment(number, "Ops say fine: Q3: A.")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged


def test_a_change_named_by_the_questions_words_is_read_back_before_the_filing(
        world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B, Q2: A, Q3: A")
    world.comment(number, "Hmm, switching my answer for the cleanup to the queue thing.")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Q3 is open again: @alice answered A, then wrote" in ack
    assert "if you meant B) A background worker queue, write `Q3: B`" in ack
    assert not world.bot.get_pull(OPS, number).merged
    world.comment(number, "Q3: B")
    world.tick()
    assert "B) A background worker queue" in filed_on(world)


def test_another_steerers_unread_word_on_an_answer_blocks_it(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B, Q2: A, Q3: A")
    world.comment(number, "Not comfortable with where Q2 landed, tbh.", by="bob")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Q2 is contested: @alice answered A, and @bob wrote" in ack
    assert not world.bot.get_pull(OPS, number).merged
    world.comment(number, "Talked it over: Q2: B.", by="bob")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    assert "B) Only the uploader and admins" in filed_on(world)


def test_another_steerers_agreement_with_an_answer_leaves_it_standing(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B, Q2: A, Q3: A")
    world.comment(number, "Agree with alice on Q2, and fine with Q1 too.", by="bob")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "contested" not in ack and "Could not read" not in ack
    assert world.bot.get_pull(OPS, number).merged


def test_a_model_reading_whose_span_is_not_in_the_comment_is_refused(tmp_path: Path) -> None:
    runner = ScriptedRunner({Mode.READ: [CommentReading(readings=[
        SpanReading(intent="accept", span="ship it today"),
        SpanReading(intent="accept", span="Sounds good"),
    ])]}, fallback=OfflinePlanner())
    world = make_world(tmp_path, runner=runner)
    number = pitched(world)
    world.comment(number, "Sounds good from my side.")
    world.tick()
    reply = world.bot_comments(number)[-1]
    assert "A model reading was refused: “ship it today” is not in the comment's own words" \
        in reply
    assert "The model read: accept, from “Sounds good” (to confirm, write `ACCEPT`)" in reply
    assert not questions_posted(world, number)  # a model's reading is only read back
    assert [r.mode for r in runner.requests].count(Mode.READ) == 1
    assert world.tick().decision.actions == ()


def test_no_model_reading_when_the_rules_are_certain(tmp_path: Path) -> None:
    runner = ScriptedRunner({}, fallback=OfflinePlanner())
    world = make_world(tmp_path, runner=runner)
    number = pitched(world)
    world.comment(number, "Approved.")
    world.tick()
    assert questions_posted(world, number)
    assert Mode.READ not in [r.mode for r in runner.requests]


def test_a_request_for_changes_of_an_answer_is_read_as_the_answer(world: World) -> None:
    number = asked(world)
    world.review(number, "REQUEST_CHANGES",
                 "Q2 must be B. Contracts require it: only the uploader and admins.")
    world.comment(number, "Q1: B, Q3: A")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    assert "B) Only the uploader and admins" in filed_on(world)
    assert world.tick().decision.actions == ()  # not taken for a revision on a later tick


def test_a_request_for_changes_of_the_plan_as_well_revises_it(world: World) -> None:
    number = asked(world)
    world.review(number, "REQUEST_CHANGES", "Please split the data model part out, and Q2 "
                 "should be B.")
    world.tick()
    assert any(c.startswith("Revised the pitch after the review by @alice")
               for c in world.bot_comments(number))


def test_a_later_comment_that_takes_everything_back_reopens_before_the_filing(
        world: World) -> None:
    number = asked(world)
    world.comment(number, "s3/everyone/cron")
    world.comment(number, "nvm ignore me, still thinking abt it")
    world.tick()
    ack = world.bot_comments(number)[-1]
    for q in (1, 2, 3):
        assert f"Q{q} is open again: @alice answered" in ack
    assert "it takes back what they wrote before" in ack
    assert not world.bot.get_pull(OPS, number).merged
    assert world.tick().decision.actions == ()  # said once; nothing filed meanwhile
    world.comment(number, "ok decided: b a b")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    assert "B) A background worker queue" in filed_on(world)


def test_a_condition_after_every_answer_holds_them_all_and_files_nothing(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B, Q2: A, Q3: A. Only once finance has confirmed the bucket "
                          "budget though.")
    world.tick()
    ack = world.bot_comments(number)[-1]
    for question in (1, 2, 3):
        assert f"Q{question}: nothing recorded from" in ack
    assert "it reads as conditional (“Only once finance has confirmed the bucket budget" in ack
    assert not world.bot.get_pull(OPS, number).merged
    assert world.tick().decision.actions == ()  # said once
    world.comment(number, "Finance confirmed. Q1: B, Q2: A, Q3: A.")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged


def test_an_accept_with_a_condition_in_a_paragraph_of_its_own_asks_back(world: World) -> None:
    number = pitched(world)
    world.comment(number, "ACCEPT\n\nOne thing though: only if we keep the scope to "
                          "attachments on notes.")
    world.tick()
    reply = world.bot_comments(number)[-1]
    assert "with a condition (“One thing though: only if we keep the scope" in reply
    assert not questions_posted(world, number)


def test_an_approval_that_asks_to_wait_starts_nothing(world: World) -> None:
    number = pitched(world)
    world.review(number, "APPROVED", "Approving so the checks can run, but please don't start "
                                     "the design questions yet.")
    world.tick()
    assert "nothing happened" in world.bot_comments(number)[-1]
    assert not questions_posted(world, number)
    assert world.tick().decision.actions == ()


def test_an_option_named_by_its_tool_alone_is_recorded(world: World) -> None:
    number = asked(world)
    world.comment(number, "minio")
    world.comment(number, "sidekiq", by="bob")
    world.tick()
    acks = "\n".join(c for c in world.bot_comments(number) if c.startswith("Recorded:"))
    assert "- Q1: B) In S3-compatible object storage (@alice) — read from “minio”" in acks
    assert "- Q3: B) A background worker queue (@bob) — read from “sidekiq”" in acks


def test_answers_pasted_as_code_are_named_back_not_recorded(world: World) -> None:
    number = asked(world)
    world.comment(number, "Here you go:\n\n```\nQ1: B\nQ2: A\nQ3: A\n```")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "it reads as written as code, which is never read as an answer" in ack
    assert not world.bot.get_pull(OPS, number).merged


def test_a_review_whose_state_was_a_slip_is_read_by_its_words(world: World) -> None:
    number = pitched(world)
    world.review(number, "REQUEST_CHANGES", "oops, wrong button. ACCEPT")
    world.tick()
    assert questions_posted(world, number)
    assert not any(body.startswith("Revised the pitch") for body in world.bot_comments(number))


def test_agreement_with_a_quoted_sentence_about_accepting_gets_one_reply(world: World) -> None:
    number = pitched(world)
    world.comment(number, "> I think we should accept this\n\nsame", by="bob")
    world.tick()
    reply = world.bot_comments(number)[-1]
    assert reply.startswith("@bob, I read") and "nothing happened" in reply
    assert not questions_posted(world, number)
    assert world.tick().decision.actions == ()


def test_a_condition_opening_the_answers_sentence_files_nothing(world: World) -> None:
    number = asked(world)
    world.comment(number, "Pending the storage cost estimate from finance: B, A, A.")
    world.tick()
    ack = world.bot_comments(number)[-1]
    for question in (1, 2, 3):
        assert f"Q{question}: nothing recorded from" in ack
    assert "it reads as conditional (“Pending the storage cost estimate from finance" in ack
    assert not world.bot.get_pull(OPS, number).merged


def test_a_later_comment_that_keeps_one_answer_and_changes_another(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B, Q2: A, Q3: A")
    world.comment(number, "Thinking about it more, the worker is already there. Changing Q3 "
                          "to B. Q1 stays, Q2 unchanged.")
    world.tick()
    assert not any("is open again" in body for body in world.bot_comments(number))
    world.tick()
    filed = filed_on(world)
    assert "B) In S3-compatible object storage" in filed
    assert "B) A background worker queue" in filed
