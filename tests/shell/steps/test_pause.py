"""The steps of a paused sprint (`shell.steps.pause`): a vision that slipped pauses its
sprint with one note, and its return resumes it."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import PauseSprint, ResumeSprint
from architect.shell.steps.pause import pause_sprint, resume_sprint
from tests.shell.steps.helpers import planned
from tests.world import OPS, PROJECT, make_world


def test_a_closed_vision_pauses_its_sprint_and_reopening_it_resumes(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = world.accepted()
    world.setup.edit_issue(PROJECT, 1, state="closed", token=world.tokens["alice"])
    hands, pause = planned(world, PauseSprint)
    assert pause.reason == "its vision acme/shop#1 was closed"
    pause_sprint(hands, pause)
    note = world.bot_comments(pr)[-1]
    assert note.startswith("Paused: its vision acme/shop#1 was closed.\n\n")
    assert "put the `vision` label back within 1d of this note (`stop_after`)" in note
    assert world.bot.get_pull(OPS, pr).state == "open"  # everything it holds stays
    world.setup.edit_issue(PROJECT, 1, state="open", token=world.tokens["alice"])
    hands, resume = planned(world, ResumeSprint)
    resume_sprint(hands, resume)
    assert world.bot_comments(pr)[-1].startswith(
        "Resumed: the vision is open and labelled again, so the sprint goes on")
    assert world.tick().decision.actions == ()  # said once: the next tick has nothing to add
