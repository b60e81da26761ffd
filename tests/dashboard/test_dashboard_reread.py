"""After a tick that acted, the dashboard is rendered from a second read that reads again
only what the tick wrote (`shell.reread`): it must be the dashboard the next, idle, tick
renders from a whole read, so that tick writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from architect.core.sprint import branch_for
from architect.core.story import filed_numbers
from architect.forge.protocol import Forge
from architect.shell.reread import Remembered
from tests.dashboard.test_dashboard_e2e import the_dashboard
from tests.lifecycle.test_tick_requests import Recorder
from tests.world import OPS, PROJECT, World, make_world


def acted_then_idle(world: World, *expected: str) -> None:
    """A tick that does `expected` (action kinds), then one that does nothing and leaves
    the dashboard as the first rendered it."""
    recorder = Recorder(world)
    report = world.tick(transport=recorder)
    assert report.ok, report.failed
    assert sorted(type(a).__name__ for a in report.applied) == sorted(expected)
    # The visions were listed once: the second read took them from the first.
    assert [q for q in recorder.listings(f"/repos/{PROJECT}/issues")
            if "labels=vision" in q] == ["state=open&labels=vision&type=issues&limit=50&page=1"]
    board = the_dashboard(world)
    idle = world.tick()
    assert idle.ok and idle.applied == []
    again = the_dashboard(world)
    assert again.body == board.body
    assert again.updated_at == board.updated_at  # not written again


def test_each_active_tick_renders_the_dashboard_the_next_idle_tick_would(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, max_open_pitches=2)
    wish, gift = world.vision("Wishlists"), world.vision("Gift cards")
    # A vision held by a sub-issue people filed: never written to, taken from the first read.
    held = world.vision("Loyalty points")
    world.client("alice").create_issue(PROJECT, title="Part 1",
                                       body=f"A slice.\n\nDecomposed from #{held}\n")
    acted_then_idle(world, "OpenPitch", "OpenPitch")
    prs = {vision: world.bot.list_pulls(OPS, state="open", head=branch_for(vision))[0]
           for vision in (wish, gift)}

    world.comment(prs[wish].number, "ACCEPT")
    world.comment(prs[gift].number, "REJECT: not this year")
    acted_then_idle(world, "StartQuestions", "RejectSprint")

    world.comment(prs[wish].number, "Q1: B\nQ2: A")  # every fork resolved: filed and merged
    acted_then_idle(world, "ProcessAnswers", "FileSprint", "FinishSprint")
    merged = world.bot.get_pull(OPS, prs[wish].number)
    assert merged.merged

    # A sprint a human closes gets its note; its vision leaves "in progress".
    checkout = world.vision("Checkout")
    acted_then_idle(world, "OpenPitch")
    (pr,) = world.bot.list_pulls(OPS, state="open", head=branch_for(checkout))
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    acted_then_idle(world, "NoteClosedSprint")

    # Every sub-issue closed: the vision is summarized and closed, and leaves the list.
    for sub in filed_numbers(merged.body):
        world.client("alice").edit_issue(PROJECT, sub, state="closed")
    acted_then_idle(world, "CompleteVision")
    assert world.bot.get_issue(PROJECT, wish).state == "closed"


def requests_of(world: World, read: Callable[[], object]) -> int:
    before = sum(world.bot.stats.by_method.values())
    read()
    return sum(world.bot.stats.by_method.values()) - before


def test_the_second_read_reads_again_what_was_written_named_or_may_have_joined_a_list(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    kept, named = world.vision("Kept"), world.vision("Named")
    other = world.setup.create_issue(PROJECT, "Not a vision yet", "x")
    ops = world.setup.create_issue(OPS, "A note", "x")
    forge, memory = Remembered.around(world.bot)

    def visions(of: Forge) -> list[int]:
        return [i.number for i in of.list_issues(PROJECT, labels=["vision"], type="issues")]

    assert sorted(visions(forge)) == [kept, named]
    assert requests_of(world, lambda: visions(memory.replay())) == 0  # nothing written
    forge.create_comment(OPS, ops, f"About {PROJECT}#{named}.")  # names it: a reference
    assert requests_of(world, lambda: visions(memory.replay())) == 1  # that one alone
    comments = forge.list_comments(PROJECT, kept)
    assert requests_of(world, lambda: memory.replay().list_comments(PROJECT, kept)) == 0
    forge.add_issue_labels(PROJECT, other, ["vision"])  # it may join the list: listed again
    assert sorted(visions(memory.replay())) == [kept, named, other]
    assert memory.replay().list_comments(PROJECT, kept) == comments
    # A comment edited on an issue the tick never read: everything is read again.
    unknown = world.client("alice").create_comment(OPS, ops, "by hand")
    forge.edit_comment(OPS, unknown.id, "edited")
    assert requests_of(world, lambda: memory.replay().list_comments(PROJECT, kept)) == 1
