"""The filing's steps (`shell.steps.filing`): the plan's sub-issues filed on the project
repo, then the sprint finished: merged, and the vision told what was filed."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import FileSprint, FinishSprint, ProcessAnswers
from architect.shell.steps.design import process_answers
from architect.shell.steps.filing import file_sprint, finish_sprint
from tests.shell.steps.helpers import planned, planned_with
from tests.world import OPS, PROJECT, make_world


def test_the_answered_sprint_files_its_sub_issues_then_merges_and_tells_the_vision(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = world.accepted()
    world.comment(pr, "yes")
    process_answers(*planned(world, ProcessAnswers))
    file_sprint(*planned(world, FileSprint))
    subs = sorted((i for i in world.bot.list_issues(PROJECT, state="open")
                   if "backlog" in i.label_names), key=lambda i: i.number)
    assert [s.title for s in subs] == ["Store wishlist items", "Wishlist API endpoints",
                                       "Wishlist page"]
    assert subs[0].body.endswith(
        f"(sprint PR: http://forge.test/{OPS}/pulls/{pr})\n\n"
        "<!-- decomposed-from: #1, sprint: 1-wishlists, id: store -->")
    assert not world.bot.get_pull(OPS, pr).merged  # the finish is a step of its own
    finish_sprint(*planned(world, FinishSprint))
    assert world.bot.get_pull(OPS, pr).merged
    told = world.bot_comments(1, PROJECT)[-1]
    assert told.startswith(f"Its sprint (PR #{pr}) filed these sub-issues:\n\n"
                           f"- #{subs[0].number} Store wishlist items\n")
    assert planned_with(world)[1].decision.actions == ()
