"""Least privilege: with FORGE_FILER_TOKEN, the architect's own token can be read-only
on the project repo; the filer performs the writes there (labels, sub-issues)."""

from __future__ import annotations

from pathlib import Path

import httpx

from architect.forge.client import ForgeClient
from architect.shell.tick import run_tick
from tests.world import BASE, BOT, OPS, PROJECT, SteppingClock, World, make_world


def read_only_architect(tmp_path: Path) -> tuple[World, ForgeClient]:
    """The architect's token reads the project repo; the filer's writes there."""
    world = make_world(tmp_path)
    world.setup.add_collaborator(PROJECT, BOT, "read")
    world.tokens["filer"] = world.setup.create_user("architect-filer")
    world.setup.add_collaborator(PROJECT, "architect-filer", "write")
    filer = ForgeClient(BASE, world.tokens["filer"],
                        transport=httpx.WSGITransport(app=world.forge.wsgi))
    return world, filer


def tick(world: World, filer: ForgeClient) -> None:
    """A tick that files through `filer`; it must succeed."""
    report = run_tick(world.bot, world.runner, world.config, SteppingClock(), filer=filer)
    assert report.ok, report.failed


def test_a_read_only_architect_files_through_the_filer(tmp_path: Path) -> None:
    world, filer = read_only_architect(tmp_path)

    vision = world.vision("Wishlists")
    tick(world, filer)
    assert "in-progress" in world.bot.get_issue(PROJECT, vision).label_names
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    tick(world, filer)
    world.comment(pr.number, "yes")
    dry = run_tick(world.bot, world.runner, world.config, SteppingClock(), filer=filer,
                   dry_run=True)
    assert [type(a).__name__ for a in dry.applied] == ["ProcessAnswers", "FileSprint",
                                                       "FinishSprint"]
    assert world.bot.list_issues(PROJECT, state="open", labels=["backlog"]) == []
    tick(world, filer)
    filed = world.bot.list_issues(PROJECT, state="open", labels=["backlog"])
    assert len(filed) == 3
    assert {issue.user.login for issue in filed} == {"architect-filer"}
    assert world.bot.get_pull(OPS, pr.number).merged


def test_a_rejection_note_goes_through_the_filer_and_is_read_as_the_architects(
        tmp_path: Path) -> None:
    world, filer = read_only_architect(tmp_path)

    vision = world.vision("Wishlists")
    tick(world, filer)
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "REJECT: too big for one sprint")
    tick(world, filer)
    assert world.bot.get_pull(OPS, pr.number).state == "closed"
    assert "in-progress" not in world.bot.get_issue(PROJECT, vision).label_names
    # Every note on the vision (the story of its pitch, then the rejection) is the filer's.
    notes = [c for c in world.bot.list_comments(PROJECT, vision)]
    assert [c.user.login for c in notes] == ["architect-filer", "architect-filer"]
    assert "rejected by @alice: too big for one sprint" in notes[-1].body
    # The filer's note is the architect's own: the vision waits, nothing is added.
    tick(world, filer)
    assert len(world.bot.list_comments(PROJECT, vision)) == 2
    assert world.bot.list_pulls(OPS, state="open") == []
    world.comment(vision, "Smaller then: only the list itself.", repo=PROJECT)
    tick(world, filer)
    (again,) = world.bot.list_pulls(OPS, state="open")
    assert again.number != pr.number
