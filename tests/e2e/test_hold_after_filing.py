"""HOLD and RESUME on a sprint PR already filed (merged): nothing is held, one reply says
why, whether a re-plan proposal is open or not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_replan_e2e import filed, proposed
from tests.world import World, make_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


@pytest.mark.parametrize("word", ["HOLD: legal", "RESUME"])
def test_a_hold_on_a_filed_sprint_gets_one_reply(world: World, word: str) -> None:
    _, pr, _ = filed(world)
    world.comment(pr, word)
    world.tick()
    said = word.split(":", maxsplit=1)[0]
    assert world.bot_comments(pr)[-1].startswith(
        f"@alice, this sprint is filed, so `{said}` has nothing to act on")
    assert world.tick().decision.actions == ()


def test_a_hold_on_an_open_proposal_names_reject_and_proposes_nothing_new(
        world: World) -> None:
    pr = proposed(world)
    world.comment(pr, "HOLD")
    report = world.tick()
    assert [type(a).__name__ for a in report.applied] == ["ReplyAfterFiling"]
    reply = world.bot_comments(pr)[-1]
    assert reply.startswith("@alice, this sprint is filed, so `HOLD` has nothing to act on")
    assert "`REJECT: <reason>` drops re-plan proposal 1" in reply
    assert world.tick().decision.actions == ()
