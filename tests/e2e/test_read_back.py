"""The read-back cannot mislead: what was recorded, from which words, and what was not read.

End to end on the embedded forge, with the settings vision (Q1: where are settings
kept, A localStorage / B server, recommended B; Q2: export, A no / B JSON, recommended A).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.world import OPS, SETTINGS_VISION, World, make_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


def asked(world: World) -> int:
    world.vision("Settings", SETTINGS_VISION)
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    world.comment(pr.number, "ACCEPT")
    world.tick()
    return pr.number


def body(world: World, number: int) -> str:
    return world.bot.get_pull(OPS, number).body


def test_several_answers_on_one_line_are_each_recorded_from_their_own_words(
        world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: A, Q2: B")
    world.tick()
    ack = next(c for c in world.bot_comments(number) if "Recorded:" in c)
    assert "- Q1: A) In browser localStorage (@alice) — read from “Q1: A”" in ack
    assert "- Q2: B) Yes, as a JSON file (@alice) — read from “Q2: B”" in ack
    assert "Q2: B" not in ack.split("- Q1: ")[1].split("\n")[0].split("read from")[0]


def test_an_edited_ordinal_answer_moves_the_ledger_with_the_edit(world: World) -> None:
    number = asked(world)
    answer = world.comment(number, "B for the first one")
    world.tick()
    assert "- **Answer:** B) On the server" in body(world, number)

    world.client("alice").edit_comment(OPS, answer, "A for the first one (changed my mind)")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Read again:" in ack
    assert "- Q1: A) In browser localStorage — (changed my mind) (@alice)" in ack
    assert "- **Answer:** A) In browser localStorage" in body(world, number)
    assert world.tick().decision.actions == ()


def test_what_names_a_question_but_cannot_be_read_is_quoted_back(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q1: B, Q2: maybe later")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "- Q1: B) On the server (@alice) — read from “Q1: B”" in ack
    assert "“Q2: maybe later” by @alice, about Q2" in ack
    assert "- **Status:** open" in body(world, number).split("### Q2:")[1]


def test_yes_does_not_cover_a_question_its_writer_tried_to_answer(world: World) -> None:
    number = asked(world)
    world.comment(number, "Q2: maybe JSON, let me check")
    world.tick()
    world.comment(number, "yes")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "- Q1: B) On the server (@alice)" in ack
    assert "Q2 is still open: `yes` does not cover it" in ack
    assert "Q2:" not in ack.split("Recorded:")[1].split("\n\n")[0]
    assert "- **Status:** open" in body(world, number).split("### Q2:")[1]
    # Someone else's yes is theirs to give.
    world.comment(number, "yes", by="bob")
    world.tick()
    acks = [c for c in world.bot_comments(number) if "Recorded:" in c]
    assert "- Q2: A) No (@bob)" in acks[-1]


def test_someone_who_may_not_steer_is_told_once_per_pr(world: World) -> None:
    world.vision("Settings", SETTINGS_VISION)
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    first = world.comment(pr.number, "REJECT: too big", by="stranger")
    world.tick()
    world.comment(pr.number, "ACCEPT", by="stranger")
    world.tick()
    replies = [c for c in world.bot_comments(pr.number) if "architect: unclear" in c]
    assert len(replies) == 1
    assert f"comment={first} who=stranger" in replies[0]
    assert "only people with write access" in replies[0]
    assert world.bot.get_pull(OPS, pr.number).state == "open"
    assert world.tick().decision.actions == ()


def test_the_reply_to_someone_who_may_not_steer_names_the_reviewers(tmp_path: Path) -> None:
    world = make_world(tmp_path, reviewers=("alice", "bob"))
    world.vision("Settings", SETTINGS_VISION)
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    world.comment(pr.number, "Accepted.", by="stranger")
    world.tick()
    assert "only @alice, @bob (the project's `reviewers`) may accept" in \
        world.bot_comments(pr.number)[-1]


def test_answers_on_a_pitch_awaiting_its_decision_are_told_where_they_belong(
        world: World) -> None:
    world.vision("Settings", SETTINGS_VISION)
    world.vision("Exports", SETTINGS_VISION)
    world.tick()
    asking, pitch = sorted(pr.number for pr in world.bot.list_pulls(OPS, state="open"))
    world.comment(asking, "ACCEPT")
    world.tick()
    answer = world.comment(pitch, "Q1: B")
    world.tick()
    reply = world.bot_comments(pitch)[-1]
    assert reply.startswith("@alice, I read “Q1: B” as an answer to a design question")
    assert f"(open questions: #{asking})" in reply
    assert f"<!-- architect: unclear comment={answer} -->" in reply
    assert "## Design forks" not in world.bot.get_pull(OPS, pitch).body
    assert "- **Status:** open" in body(world, asking)  # nothing recorded anywhere
    assert world.tick().decision.actions == ()
