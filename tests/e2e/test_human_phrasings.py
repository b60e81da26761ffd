"""Decisions and answers as people really write them, end to end on the embedded forge.

Each test writes on a sprint PR as a human would, runs a tick through the real
client, checks what the humans see (comments, the PR, the ledger), then runs
another tick and checks that it adds nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.runners.base import Mode
from architect.runners.offline import OfflinePlanner
from architect.runners.scripted import ScriptedRunner
from tests.world import BOT, OPS, PROJECT, SETTINGS_VISION, World, make_world

SETTINGS = SETTINGS_VISION


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


def pitched(world: World) -> int:
    world.vision("Settings", SETTINGS)
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    return pr.number


def asked(world: World) -> int:
    number = pitched(world)
    world.comment(number, "ACCEPT")
    world.tick()
    assert "**Q1:** Where are settings kept?" in world.bot_comments(number)[-1]
    return number


def assert_second_tick_adds_nothing(world: World, number: int) -> None:
    before = (world.comments(number), world.bot.get_pull(OPS, number).body)
    assert world.tick().decision.actions == ()
    assert (world.comments(number), world.bot.get_pull(OPS, number).body) == before


# -- decisions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("REJECT", "(no reason given)"),
        ("REJECT.", "(no reason given)"),
        ("Reject - too big for now", "too big for now"),
        ("reject: too big for now", "too big for now"),
        ("_reject_", "(no reason given)"),
        ("**REJECT**: too big for now", "too big for now"),
        ("@architect-bot reject, too big for now", "too big for now"),
    ],
)
def test_a_rejection_counts_however_it_is_written(world: World, text: str, reason: str) -> None:
    number = pitched(world)
    world.comment(number, text)
    world.tick()
    pr = world.bot.get_pull(OPS, number)
    assert pr.state == "closed" and not pr.merged
    assert f"Rejected by @alice: {reason}" in world.bot_comments(number)[-1]
    assert "in-progress" not in world.bot.get_issue(PROJECT, 1).label_names
    assert world.tick().decision.actions == ()


@pytest.mark.parametrize(
    "text", ["**ACCEPT**", "@architect-bot accept", "Accept: keep it small", "ACCEPT."])
def test_an_acceptance_counts_however_it_is_written(world: World, text: str) -> None:
    number = pitched(world)
    world.comment(number, text)
    world.tick()
    assert "**Q1:** Where are settings kept?" in world.bot_comments(number)[-1]
    assert_second_tick_adds_nothing(world, number)


def test_a_comment_review_that_starts_with_accept_accepts(world: World) -> None:
    number = pitched(world)
    world.review(number, "COMMENT", "ACCEPT — keep the settings page small")
    world.tick()
    assert "**Q1:** Where are settings kept?" in world.bot_comments(number)[-1]
    assert_second_tick_adds_nothing(world, number)


def test_a_comment_review_that_starts_with_reject_rejects(world: World) -> None:
    number = pitched(world)
    world.comment(number, "ACCEPT")
    world.tick()
    world.review(number, "COMMENT", "Reject: we keep settings in the URL instead")
    world.tick()
    assert world.bot.get_pull(OPS, number).state == "closed"
    assert ("Rejected by @alice: we keep settings in the URL instead"
            in world.bot_comments(number)[-1])


def test_a_comment_review_without_the_word_decides_nothing(world: World) -> None:
    number = pitched(world)
    world.review(number, "COMMENT", "I accept most of it, but the page worries me.")
    world.tick()
    # Read like a comment (issue 27): one reply saying it decides nothing, no questions.
    bot = world.bot_comments(number)
    assert len(bot) == 2 and "nothing happened" in bot[-1]
    assert "**Q1:**" not in "".join(bot)
    assert world.tick().decision.actions == ()


@pytest.mark.parametrize("text", [
    "Works for me", "sounds good", "fine by me", "Sounds good from my side.", "👍", "+1",
    "@architect-bot 🚀", "LGTM, but what about mobile?", "Who owns this after the sprint?"])
def test_a_comment_that_looks_like_a_decision_gets_one_reply(world: World, text: str) -> None:
    number = pitched(world)
    comment_id = world.comment(number, text)
    world.tick()
    bot = world.bot_comments(number)
    assert len(bot) == 2
    reply = bot[-1]
    assert reply.startswith("@alice, I read “")
    assert "reply `ACCEPT`" in reply and "`REJECT: <reason>`" in reply
    assert f"<!-- architect: unclear comment={comment_id} -->" in reply
    assert "## Design forks" not in world.bot.get_pull(OPS, number).body
    assert_second_tick_adds_nothing(world, number)
    world.comment(number, "ACCEPT")
    world.tick()
    assert "**Q1:** Where are settings kept?" in world.bot_comments(number)[-1]


def test_each_lookalike_comment_gets_its_own_reply_once(world: World) -> None:
    number = pitched(world)
    first = world.comment(number, "Works for me")
    world.tick()
    second = world.comment(number, "👍", by="bob")
    world.tick()
    replies = [c for c in world.bot_comments(number) if "architect: unclear" in c]
    assert [f"comment={first}" in replies[0], f"comment={second}" in replies[1]] == [True, True]
    assert replies[1].startswith("@bob, ")
    assert_second_tick_adds_nothing(world, number)


@pytest.mark.parametrize(("text", "by"), [
    ("I wonder whether the settings page is too big for one sprint.", "alice"),
    ("@bob, what do you think about mobile?", "alice"),  # a question put to someone else
    ("Thanks for the write-up!", "stranger"),
    ("LGTM", BOT),
])
def test_discussion_and_strangers_get_no_reply(world: World, text: str, by: str) -> None:
    number = pitched(world)
    world.comment(number, text, by=by)
    world.tick()
    assert not [c for c in world.bot_comments(number) if "architect: unclear" in c]


def test_a_strangers_vote_is_told_once_who_may_steer(world: World) -> None:
    number = pitched(world)
    world.comment(number, "Works for me", by="stranger")
    world.tick()
    (reply,) = [c for c in world.bot_comments(number) if "architect: unclear" in c]
    assert reply.startswith("@stranger, I read “Works for me”, but only people with write access")
    assert world.bot.get_pull(OPS, number).state == "open"
    assert_second_tick_adds_nothing(world, number)


# -- answers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "recorded"),
    [
        ("q1 b", "Q1: B) On the server (@alice)"),
        ("Q2 B", "Q2: B) Yes, as a JSON file (@alice)"),
        ("1: A", "Q1: A) In browser localStorage (@alice)"),
        ("1) A", "Q1: A) In browser localStorage (@alice)"),
        ("Q1 — B", "Q1: B) On the server (@alice)"),
        ("A for Q1", "Q1: A) In browser localStorage (@alice)"),
        ("I'd go with B for the first one", "Q1: B) On the server (@alice)"),
        ("I'd go with B for the second one", "Q2: B) Yes, as a JSON file (@alice)"),
        ("I think browser localStorage is better", "Q1: A) In browser localStorage (@alice)"),
        ("Q1: A\nNothing to run on our side.\nIt works offline too.",
         "Q1: A) In browser localStorage — Nothing to run on our side. It works offline too. "
         "(@alice)"),
    ],
)
def test_an_answer_is_read_however_it_is_written(world: World, text: str, recorded: str) -> None:
    number = asked(world)
    world.comment(number, text)
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert f"Recorded:\n- {recorded}" in ack
    assert "could not read" not in ack
    assert ack.count("Still open") == 1
    assert ack.count("(@alice)") == 1
    assert "- **Answered by:** @alice" in world.bot.get_pull(OPS, number).body
    assert_second_tick_adds_nothing(world, number)


def test_words_that_name_no_single_option_are_left_to_the_model(world: World) -> None:
    number = asked(world)
    world.comment(number, "Not in browser localStorage, I think.")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Recorded:" not in ack
    assert "- **Status:** open" in world.bot.get_pull(OPS, number).body


def test_a_changed_answer_withdraws_the_follow_ups_of_the_old_option(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B")
    world.tick()
    assert "**Q3:** How are settings synced?" in world.bot_comments(number)[-1]
    body = world.bot.get_pull(OPS, number).body
    assert "### Q3: How are settings synced?" in body
    assert "- **Status:** open (a follow-up of Q1: B)" in body

    world.comment(number, "Actually, Q1: A. Printed line is fine.")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Recorded:\n- Q1: A) In browser localStorage — Printed line is fine. (@alice)" in ack
    assert "- Q3 is withdrawn: it followed Q1: B, and that answer changed." in ack
    assert "could not read" not in ack
    assert ack.count("Still open") == 1 and "Still open: Q2." in ack
    assert ack.count("(@alice)") == 1
    body = world.bot.get_pull(OPS, number).body
    assert "- **Status:** withdrawn (it followed Q1: B, and that answer changed)" in body
    assert_second_tick_adds_nothing(world, number)

    # Filing waits for Q2 only, not for the withdrawn Q3.
    world.comment(number, "Q2: A")
    world.tick()
    merged = world.bot.get_pull(OPS, number)
    assert merged.merged
    on_main = world.bot.get_file(OPS, "sprints/1-settings.md", ref="main")
    assert on_main is not None
    assert "- **Status:** withdrawn" in on_main.text
    filed = world.bot.list_issues(PROJECT, state="open", labels=["backlog"])
    assert filed and all("Q3" not in issue.body for issue in filed)
    assert world.tick().decision.actions == ()


def test_changing_an_answer_back_brings_its_follow_up_back(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B")
    world.tick()
    world.comment(number, "Q1: A")
    world.tick()
    world.comment(number, "Q1: B, after all")
    world.tick()
    body = world.bot.get_pull(OPS, number).body
    assert "- **Status:** open (a follow-up of Q1: B)" in body
    assert "Still open: Q2, Q3." in world.bot_comments(number)[-1]
    assert body.count("### Q3:") == 1 and "### Q4:" not in body


def _model_follow_up(hangs_on: dict[str, object]) -> dict[str, object]:
    """A model's answer round, as JSON: one follow-up that says which answer it hangs on."""
    return {"reply": "", "interpretations": [], "follow_ups": [{
        "question": "Which server region?", "recommended": "A", "hangs_on": hangs_on,
        "options": [{"letter": "A", "text": "EU"}, {"letter": "B", "text": "US"}]}]}


def test_a_models_follow_up_is_withdrawn_when_its_answer_changes(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B")
    model = ScriptedRunner({Mode.ANSWERS: [_model_follow_up({"question": 1, "option": "B"})]},
                           fallback=OfflinePlanner())
    world.tick(runner=model)
    assert "**Q3:** Which server region?" in world.bot_comments(number)[-1]
    world.comment(number, "Q1: A")
    world.tick()
    body = world.bot.get_pull(OPS, number).body
    assert "- **Status:** withdrawn (it followed Q1: B, and that answer changed)" in body
    assert "Still open: Q2." in world.bot_comments(number)[-1]


def test_a_follow_up_hung_on_no_real_answer_hangs_on_nothing(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B")
    model = ScriptedRunner({Mode.ANSWERS: [_model_follow_up({"question": 9, "option": "B"})]},
                           fallback=OfflinePlanner())
    world.tick(runner=model)
    body = world.bot.get_pull(OPS, number).body
    assert "### Q3: Which server region?" in body
    assert "follow-up of" not in body


@pytest.mark.parametrize("text", [
    "Thanks! I'll go through these after lunch.",
    "Good questions. Let me think about these over the weekend.",
    "Reminder that the settings budget review is Thursday, bring numbers if you have them.",
])
def test_talk_on_the_design_questions_gets_no_acknowledgment(world: World, text: str) -> None:
    number = asked(world)
    before = len(world.bot_comments(number))
    world.comment(number, text)
    world.tick()
    assert len(world.bot_comments(number)) == before
    assert_second_tick_adds_nothing(world, number)


def test_an_approval_whose_wish_is_not_blocking_approves(world: World) -> None:
    number = pitched(world)
    world.review(number, "APPROVED", "Approving this, though I'd love it if the page had "
                                     "clearer acceptance criteria (not blocking).")
    world.tick()
    assert "**Q1:** Where are settings kept?" in world.bot_comments(number)[-1]


def test_an_approval_that_asks_to_wait_for_someone_gets_one_reply(world: World) -> None:
    number = pitched(world)
    world.review(number, "APPROVED", "Approving so I'm not the blocker here, but please wait "
                                     "for bob's review before anything moves.")
    world.tick()
    reply = world.bot_comments(number)[-1]
    assert "with a condition (“please wait for bob's review before anything moves”)" in reply
    assert "**Q1:**" not in "".join(world.bot_comments(number))
    assert_second_tick_adds_nothing(world, number)
