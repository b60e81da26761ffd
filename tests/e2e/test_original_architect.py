"""Teams moving from the original bash architect: its sprint PRs are taken over.

It posted the same footer as the architect, without the hidden marker, and its
dev-bot merged some sprint PRs under its own name.
"""

from __future__ import annotations

from pathlib import Path

from architect.forge.client import ForgeClient
from tests.world import OPS, PROJECT, World, make_world

BASH_FOOTER = ("Reply `ACCEPT` to proceed with design questions, or `REJECT: <reason>` to "
               "decline.")


def _bash_sprint(world: World, vision: int, title: str, *, by: ForgeClient) -> int:
    branch = f"architect/sprint-vision-{vision}"
    by.create_branch(OPS, branch, "main")
    by.create_file(OPS, f"sprints/{vision}.md", f"# {title}\n", branch=branch,
                   message="sprint: pitch")
    pr = by.create_pull(OPS, title=f"architect: {title}",
                        body=f"## Vision issues\n\n- #{vision} — {title}\n\n## Complexity\n\n"
                             "Small.", head=branch, base="main")
    return pr.number


def test_the_bash_footer_counts_and_the_sprint_goes_on(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.bot.add_issue_labels(PROJECT, vision, ["in-progress"])
    number = _bash_sprint(world, vision, "Wishlists", by=world.bot)
    world.bot.create_comment(OPS, number, BASH_FOOTER)

    report = world.tick()
    assert report.ok, report.failed
    assert world.bot_comments(number) == [BASH_FOOTER]  # no second footer
    assert len(world.sprint_prs()) == 1

    world.comment(number, "ACCEPT")
    assert world.tick().ok
    assert any("Q1" in body for body in world.bot_comments(number)[1:])


def test_a_merged_bash_sprint_counts_whoever_opened_it(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    dev_bot = world.client("deploy-bot")
    number = _bash_sprint(world, vision, "Wishlists", by=dev_bot)
    dev_bot.merge_pull(OPS, number, style="merge")
    assert world.bot.get_pull(OPS, number).merged

    report = world.tick()
    assert report.ok, report.failed
    assert world.bot.list_pulls(OPS, state="open") == []
    assert any(f"vision #{vision}: not pitched: a sprint for it was merged" in note
               for note in report.decision.notes)
