"""The facts a tick's preconditions need, each read once and only when an action needs it:
the ops repo's branches, the labels, who writes; and a step the tick's own writes make due
is checked as the decided ones are, before the model is asked for anything the forge
would refuse."""

from __future__ import annotations

from pathlib import Path

from architect.core.steering import Steering
from architect.shell.forge_facts import (
    ProjectLabels,
    missing_vision_label,
    ops_branches,
    with_writers,
)
from tests.world import BOT, OPS, PROJECT, World, make_world


def test_a_filing_the_answers_make_due_is_checked_before_the_model_plans(
        tmp_path: Path) -> None:
    """Answers that resolve every fork go on to the filing in the same tick; when the
    architect may no longer write on the project repo, that filing is blocked with the
    reason before the model is asked for a plan, and the answers still land."""
    world = make_world(tmp_path)
    number = world.accepted()
    world.setup.add_collaborator(PROJECT, BOT, "read")
    world.comment(number, "yes")

    report = world.tick()

    assert [type(a).__name__ for a in report.applied] == ["ProcessAnswers"]
    ((blocked, why),) = report.blocked
    assert type(blocked).__name__ == "FileSprint"
    assert why == (f"{PROJECT}: @{BOT} may not write issues, labels and comments here: give "
                   f"@{BOT} write access (Settings → Collaborators)")
    assert report.model_calls == 1  # the answers only: no plan was asked for
    assert not any("<!-- architect:plan" in body for body in world.bot_comments(number))
    assert world.bot.list_issues(PROJECT, state="open", labels=["backlog"]) == []

    world.setup.add_collaborator(PROJECT, BOT, "write")
    again = world.tick()
    assert [type(a).__name__ for a in again.applied] == ["FileSprint", "FinishSprint"]
    assert world.bot.get_pull(OPS, number).merged


def _requests(world: World) -> int:
    return sum(world.bot.stats.by_method.values())


def test_the_primary_branch_is_one_request_and_an_empty_ops_repo_has_no_branch(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    before = _requests(world)
    assert ops_branches(world.bot, world.config) == frozenset({"main"})
    assert _requests(world) - before == 1
    world.setup.create_repo("acme", "bare-ops", auto_init=False)
    world.setup.add_collaborator("acme/bare-ops", BOT, "write")
    bare = world.config.model_copy(update={"ops_repo": "acme/bare-ops"})
    assert ops_branches(world.bot, bare) == frozenset()
    renamed = world.config.model_copy(update={"primary_branch": "trunk"})
    world.setup.put_file(OPS, "x.md", "x\n", branch="ops/other")
    assert ops_branches(world.bot, renamed) == frozenset({"main", "ops/other"})


def test_a_missing_vision_label_is_named_with_what_to_run(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    assert missing_vision_label(world.bot, world.config) == []
    other = world.config.model_copy(update={"architect": world.config.architect.model_copy(
        update={"vision_label": "idea"})})
    assert missing_vision_label(world.bot, other) == [
        f"{PROJECT}: label 'idea' is missing: run `architect init` to create it"]


def test_the_writers_are_the_ops_repos_assignees_read_in_one_request(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.add_collaborator(OPS, "stranger", "read")
    steering = Steering(bot_login=BOT, reviewers=frozenset())
    before = _requests(world)
    known = with_writers(world.bot, world.config, steering)
    assert _requests(world) - before == 1
    assert known.writers is not None
    assert {BOT, "alice", "bob", "deploy-bot"} <= known.writers
    assert "stranger" not in known.writers  # a reader may not steer


def test_the_project_labels_are_read_once_however_often_asked(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    labels = ProjectLabels(world.bot, PROJECT)
    before = _requests(world)
    first = labels()
    assert {"vision", "in-progress", "backlog"} <= {x.name for x in first}
    assert labels() is first and _requests(world) - before == 1
