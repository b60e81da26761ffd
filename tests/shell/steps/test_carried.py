"""What a new pitch takes over from a stopped sprint (`shell.steps.carried`): its answered
forks and the sections people added to its sprint file; a rejected one carries nothing."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from architect.core.actions import OpenPitch
from architect.shell.steps.carried import carried_over
from architect.shell.steps.pitch import open_pitch
from tests.shell.steps.helpers import planned
from tests.world import OPS, PROJECT, SteppingClock, World, make_world

START = SteppingClock().start
FILE = "sprints/1-wishlists.md"


def stopped(world: World) -> tuple[int, str]:
    """A sprint with Q1 answered and a person's section, stopped: its vision closed too long;
    and its sprint file as the architect wrote it."""
    pr = world.accepted()
    world.comment(pr, "Q1: A")
    world.tick()
    branch = "architect/sprint-vision-1"
    old = world.bot.get_file(OPS, FILE, ref=branch)
    assert old is not None
    world.setup.put_file(OPS, FILE, old.text.replace(
        "\n## Vision issues", "\n## Notes from legal\n\nKeep no personal data.\n\n"
        "## Vision issues", 1), branch=branch)
    world.setup.edit_issue(PROJECT, 1, state="closed", token=world.tokens["alice"])
    world.tick()
    world.tick(at=START + timedelta(days=2))
    assert world.bot.get_pull(OPS, pr).state == "closed"
    world.setup.edit_issue(PROJECT, 1, state="open", token=world.tokens["alice"])
    return pr, old.text


def test_the_answers_and_a_persons_section_carry_to_the_new_pitch(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    old, written = stopped(world)
    hands, pitch = planned(world, OpenPitch, at=START + timedelta(days=2, hours=1))
    carried = carried_over(hands, hands.history(1), written)
    assert carried.pr == old and carried.ledger is not None
    assert [(f.number, f.answer.option if f.answer else None) for f in carried.ledger.forks] == [
        (1, "A")]
    assert carried.sections == ("## Notes from legal\n\nKeep no personal data.",)
    open_pitch(hands, pitch)
    new = max(p.number for p in world.bot.list_pulls(OPS, state="open"))
    (note,) = [c for c in world.bot_comments(new) if c.startswith("The last sprint PR")]
    assert note.startswith(f"The last sprint PR of this vision (#{old}) stopped before it was "
                           "filed.")


def test_a_sprint_turned_down_with_a_reason_carries_nothing(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = world.accepted()
    world.comment(pr, "Q1: A")
    world.tick()
    world.comment(pr, "REJECT: not this quarter")
    world.tick()
    world.comment(1, "Please pitch it again", repo=PROJECT)
    hands, _ = planned(world, OpenPitch)
    carried = carried_over(hands, hands.history(1), "# Sprint: Wishlists\n")
    assert (carried.pr, carried.ledger, carried.sections) == (0, None, ())
