"""What the model is told about the project (`shell.context`): read on first use, kept for
the tick, the journal on the bot's `.profile` repo when it has one."""

from __future__ import annotations

from pathlib import Path

from architect.shell.context import TickContext
from architect.shell.journal import LocalJournal, ProfileJournal
from tests.world import BOT, OPS, PROJECT, World, make_world


def context(world: World) -> TickContext:
    return TickContext(world.bot, world.config, world.bot.current_user())


def test_the_projects_files_are_read_once_a_tick(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.put_file(OPS, "prerequisites.md", "1. Wishlists\n")
    ctx = context(world)
    project = ctx.project
    assert project.vision_md == "# Shop\n\nA small web shop.\n"
    assert project.agents_md.startswith("# Agents") and project.prerequisites_md == (
        "1. Wishlists\n")
    world.setup.put_file(PROJECT, "VISION.md", "# Changed\n")
    assert ctx.project.vision_md == "# Shop\n\nA small web shop.\n"  # kept for the tick
    assert context(world).project.vision_md == "# Changed\n"  # the next tick reads it again


def test_without_a_profile_repo_the_journal_is_local_and_no_formula_overrides(
        tmp_path: Path) -> None:
    ctx = context(make_world(tmp_path))
    assert ctx.profile is None and ctx.profile_repo is None
    assert isinstance(ctx.journal, LocalJournal) and ctx.formula_override is None


def test_the_bots_profile_repo_holds_the_journal_and_the_formula(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.create_repo(BOT, ".profile")
    world.setup.put_file(f"{BOT}/.profile", "formula.toml", "[pitch]\n")
    ctx = context(world)
    assert ctx.profile_repo == f"{BOT}/.profile"
    assert isinstance(ctx.journal, ProfileJournal) and ctx.formula_override == "[pitch]\n"
