"""Decisions and answers written on the vision of an open sprint, end to end.

They belong on the sprint PR: the architect does not act on them from the vision
(people reading the PR would not see why it moved), but answers each once, on the
vision, with a link to the PR and the words understood there. Plain discussion on
the vision stays unanswered, and a second tick adds nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.world import OPS, PROJECT, SETTINGS_VISION, World, make_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


def pitched(world: World) -> tuple[int, int]:
    vision = world.vision("Settings", SETTINGS_VISION)
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    return vision, pr.number


def replies_on_vision(world: World, vision: int) -> list[str]:
    return [b for b in world.bot_comments(vision, repo=PROJECT) if "architect: unclear" in b]


def assert_second_tick_adds_nothing(world: World, vision: int, number: int) -> None:
    before = (world.comments(vision, repo=PROJECT), world.comments(number))
    world.tick()
    assert (world.comments(vision, repo=PROJECT), world.comments(number)) == before


@pytest.mark.parametrize("text", ["ACCEPT", "REJECT: too big", "LGTM"])
def test_a_decision_on_the_vision_gets_one_reply_pointing_to_the_pr(
        world: World, text: str) -> None:
    vision, number = pitched(world)
    pr_comments = world.comments(number)
    world.comment(vision, text, repo=PROJECT)
    world.tick()
    (reply,) = replies_on_vision(world, vision)
    assert reply.startswith("@alice, I read “")
    assert f"{OPS}#{number}" in reply and "`ACCEPT`" in reply and "`REJECT: <reason>`" in reply
    # Not acted on: the pitch still awaits its decision, nothing new on the PR.
    pr = world.bot.get_pull(OPS, number)
    assert pr.state == "open"
    assert world.comments(number) == pr_comments
    assert_second_tick_adds_nothing(world, vision, number)


def test_an_answer_on_the_vision_while_questions_are_open_points_to_the_pr(world: World) -> None:
    vision, number = pitched(world)
    world.comment(number, "ACCEPT")
    world.tick()
    pr_comments = world.comments(number)
    world.comment(vision, "Q1: B", repo=PROJECT)
    world.tick()
    (reply,) = replies_on_vision(world, vision)
    assert f"{OPS}#{number}" in reply and "`Q1: B`" in reply
    assert world.comments(number) == pr_comments  # nothing recorded
    assert_second_tick_adds_nothing(world, vision, number)


def test_discussion_on_the_vision_stays_unanswered(world: World) -> None:
    vision, number = pitched(world)
    world.comment(vision, "Interesting idea, let me read the code first", repo=PROJECT)
    world.tick()
    assert replies_on_vision(world, vision) == []
    assert_second_tick_adds_nothing(world, vision, number)


def test_a_strangers_decision_on_the_vision_gets_the_one_reply_naming_who_may_steer(
        world: World) -> None:
    vision, number = pitched(world)
    world.comment(vision, "ACCEPT", by="stranger", repo=PROJECT)
    world.comment(vision, "REJECT: no", by="stranger", repo=PROJECT)
    world.tick()
    (reply,) = replies_on_vision(world, vision)
    # The rule, and whom it names this tick: the ops repo's writers, bots left out.
    assert reply.startswith("@stranger, I read “ACCEPT”, but only people with write access "
                            f"to {OPS} (@acme, @alice, @bob) may accept")
    assert f"{OPS}#{number}" in reply
    assert world.bot.get_pull(OPS, number).state == "open"
    assert_second_tick_adds_nothing(world, vision, number)
