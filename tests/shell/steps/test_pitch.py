"""The steps before the design starts (`shell.steps.pitch`), each run as a tick runs it."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import OpenPitch
from architect.shell.steps.hands import sprint_path
from architect.shell.steps.pitch import open_pitch
from tests.shell.steps.helpers import planned
from tests.world import OPS, PROJECT, make_world


def test_a_pitch_run_twice_is_one_pr_one_footer_one_notice(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    hands, action = planned(world, OpenPitch)
    assert action.vision_number == vision
    open_pitch(hands, action)
    open_pitch(hands, action)  # a run that lost the forge's answer finishes the same PR
    (pr,) = world.bot.list_pulls(OPS, state="all")
    assert (pr.title, pr.state, pr.head.ref) == (
        "architect: Wishlists", "open", f"architect/sprint-vision-{vision}")
    assert world.bot_comments(pr.number) == [
        "Reply `ACCEPT` to proceed with design questions, or `REJECT: <reason>` to decline."
        "\n\n<!-- architect: footer slug=1-wishlists -->"]
    (notice,) = world.bot_comments(vision, PROJECT)
    assert notice.startswith(f"Pitched as a sprint: http://forge.test/{OPS}/pulls/{pr.number} ")
    labels = {label.name for label in world.bot.get_issue(PROJECT, vision).labels}
    assert labels == {"vision", "in-progress"}
    sprint = world.bot.get_file(OPS, sprint_path(action.slug), ref=pr.head.ref)
    assert sprint is not None and sprint.path == "sprints/1-wishlists.md"
    assert sprint.text.startswith("# Sprint: Wishlists")
