"""What a filed sub-issue and a pitch say to the people who read them on the forge."""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.core.render import pitch_markdown
from architect.core.schemas import Pitch, Verdict
from tests.world import OPS, PROJECT, World, make_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


def test_each_sub_issue_states_the_decisions_that_shaped_it_with_their_links(
    world: World,
) -> None:
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT. Keep it small.")
    world.tick()
    answer = world.comment(pr.number, "Q1: B\nQ2: A sharing can wait", by="bob")
    world.tick()

    filed = [i for i in world.bot.list_issues(PROJECT, state="all", labels=["backlog"])
             if f"Decomposed from #{vision}" in i.body]
    assert filed
    url = next(c.html_url for c in world.bot.list_comments(OPS, pr.number) if c.id == answer)
    decisions = [i.body.split("## Design decisions\n\n")[1].split("\n\n")[0] for i in filed
                 if "## Design decisions" in i.body]
    stated = "\n".join(decisions)
    assert (f"- Q1: Where are wishlists kept? **Decided:** B) In the database (@bob, "
            f"[comment]({url}))") in stated
    assert (f"- Q2: Can wishlists be shared? **Decided:** A) No — sharing can wait (@bob, "
            f"[comment]({url}))") in stated
    assert "- [Q1](" not in stated  # a bare link says nothing


def test_the_guidance_is_quoted_without_the_punctuation_after_accept(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT. Keep them in the database, please.")
    world.tick()

    questions = world.bot_comments(pr.number)[-1]
    assert "“Keep them in the database, please.”" in questions
    assert "“. Keep" not in questions


@pytest.mark.parametrize("written", ["GO: cheap and visible.", "**GO** — cheap and visible.",
                                     "GO. Cheap and visible.", "Cheap and visible."])
def test_the_recommendation_does_not_repeat_the_verdict(written: str) -> None:
    pitch = Pitch(what_this_enables="a", what_exists_today="b", complexity="c", risks="d",
                  cost_new_infra="e", verdict=Verdict.GO, recommendation=written)

    rendered = pitch_markdown(1, "Wishlists", pitch, repo="acme/shop")

    assert rendered.endswith("## Recommendation\n\n**GO** — Cheap and visible.")


def test_a_recommendation_that_only_starts_like_the_verdict_is_kept() -> None:
    pitch = Pitch(what_this_enables="a", what_exists_today="b", complexity="c", risks="d",
                  cost_new_infra="e", verdict=Verdict.NO_GO,
                  recommendation="NO-GOing back: the cost outweighs the gain.")

    assert pitch_markdown(1, "W", pitch, repo="acme/shop").endswith(
        "**NO-GO** — NO-GOing back: the cost outweighs the gain.")
