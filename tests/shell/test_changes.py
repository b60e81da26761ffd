"""Incremental ticks (issue 13.7): with nothing changed since the last full read, a tick
asks three questions and stops; every human signal that moves `updated_at` (and an edited
comment on the ops repo, which does not) makes it read fully; the periodic full read
catches what no `since` can see.

The forge's clock steps one second per reading (tests/world.py); the architect's own
clock is set by each test, as `full_read_every` is measured on it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from architect.core.sprint import branch_for
from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import TickReport, run_tick
from tests.shell.test_tick_requests import Recorder
from tests.world import BASE, BOT, OPS, PROJECT, World, make_world

T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def tick(world: World, at: datetime = T0, *, dry_run: bool = False,
         recorder: Recorder | None = None,
         should_stop: Callable[[], bool] = lambda: False) -> TickReport:
    forge = world.client(BOT, recorder or Recorder(world))
    return run_tick(forge, OfflinePlanner(), world.config, lambda: at, dry_run=dry_run,
                    changes=Changes.of(world.config), should_stop=should_stop)


def settle(world: World, at: datetime = T0) -> None:
    """Ticks until one has nothing new to see: full reads until one writes nothing, and
    one more while the forge's clock has not proved the newest second over."""
    quiet = 0
    for _ in range(6):
        report = tick(world, at)
        if report.incremental:
            return
        quiet = 0 if report.applied else quiet + 1
        assert quiet <= 2, "a tick that wrote nothing was followed by two full reads"
    raise AssertionError("the architect kept writing")


@pytest.fixture
def world(tmp_path: Path) -> World:
    """A pitched, accepted sprint PR whose design questions wait for answers."""
    world = make_world(tmp_path)
    world.accepted()
    settle(world)
    return world


def sprint(world: World) -> int:
    (pr,) = world.bot.list_pulls(OPS, state="open")
    return pr.number


def as_owner(world: World) -> httpx.Client:
    return httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi),
                        base_url=f"{BASE}/api/v1",
                        headers={"Authorization": f"token {world.tokens['acme']}"})


def test_with_nothing_changed_a_tick_asks_three_questions_and_writes_nothing(
        world: World) -> None:
    recorder = Recorder(world)
    report = tick(world, recorder=recorder)
    assert report.incremental
    assert report.decision.actions == ()
    assert recorder.seen == [("GET", f"/repos/{PROJECT}/issues"), ("GET", f"/repos/{OPS}/issues"),
                             ("GET", f"/repos/{OPS}/issues/comments")]
    again = Recorder(world)
    assert tick(world, recorder=again).incremental and len(again.seen) == 3


def test_after_its_own_writes_it_reads_once_more_then_idles(world: World) -> None:
    number = sprint(world)
    world.comment(number, "Q1: B")
    answered = tick(world)
    assert not answered.incremental and answered.applied  # acknowledged the answer
    assert not tick(world).incremental  # its own comment moved the PR
    assert tick(world).incremental
    assert any("Q1: B" in c for c in world.bot_comments(number))


def human_comment(world: World, number: int, vision: int) -> None:
    world.comment(number, "Still thinking about Q2.", by="bob")


def review(world: World, number: int, vision: int) -> None:
    world.review(number, "COMMENT", "Reads well.", by="bob")


def label_on_the_vision(world: World, number: int, vision: int) -> None:
    world.client("alice").add_issue_labels(PROJECT, vision, ["backlog"])


def vision_edited(world: World, number: int, vision: int) -> None:
    world.client("alice").edit_issue(PROJECT, vision, body="Let shoppers keep a wishlist.")


def sprint_closed(world: World, number: int, vision: int) -> None:
    world.client("alice").edit_pull(OPS, number, state="closed")


def branch_deleted(world: World, number: int, vision: int) -> None:
    world.client("alice").delete_branch(OPS, branch_for(vision))


def dependency(world: World, number: int, vision: int) -> None:
    other = world.client("alice").create_issue(PROJECT, title="Accounts first", body="x")
    settle(world)  # the new issue is seen; only the dependency is new below
    world.client("alice").add_dependency(PROJECT, vision, depends_on=other.number)


def answer_edited(world: World, number: int, vision: int) -> None:
    """No `updated_at` moves: the ops repo's comments are watched for it."""
    mine = world.client("alice").create_comment(OPS, number, "Q1: A")
    settle(world)
    world.client("alice").edit_comment(OPS, mine.id, "Q1: B")


SIGNALS: list[Callable[[World, int, int], None]] = [
    human_comment, review, label_on_the_vision, vision_edited, sprint_closed, branch_deleted,
    dependency, answer_edited]


@pytest.mark.parametrize("signal", SIGNALS, ids=lambda f: f.__name__)
def test_each_human_signal_makes_the_next_tick_read_fully(
        world: World, signal: Callable[[World, int, int], None],
        caplog: pytest.LogCaptureFixture) -> None:
    number = sprint(world)
    vision = world.bot.list_issues(PROJECT, labels=["vision"])[0].number
    assert tick(world).incremental
    signal(world, number, vision)
    with caplog.at_level(logging.INFO, logger="architect"):
        report = tick(world)
    assert not report.incremental
    assert "reading the forge: something changed on the forge" in caplog.messages


def test_the_periodic_full_read_catches_a_deleted_comment(world: World) -> None:
    """A deletion moves nothing a `since` can see: the footer comes back on the full read."""
    number = sprint(world)
    footer = next(c for c in world.bot.list_comments(OPS, number)
                  if c.user.login == BOT and "footer" in c.body)
    with as_owner(world) as owner:
        assert owner.delete(f"/repos/{OPS}/issues/comments/{footer.id}").status_code == 204
    assert tick(world, T0 + timedelta(hours=5)).incremental  # interval (6h) not yet over
    assert not any("footer" in c for c in world.bot_comments(number))
    report = tick(world, T0 + timedelta(hours=6))
    assert not report.incremental
    assert any("footer" in c for c in world.bot_comments(number))


def test_full_read_every_is_its_own_setting(tmp_path: Path) -> None:
    world = make_world(tmp_path, extra='interval = "5m"\nfull_read_every = "1h"')
    world.vision("Wishlists")
    settle(world)
    assert tick(world, T0 + timedelta(minutes=59)).incremental
    assert not tick(world, T0 + timedelta(hours=1)).incremental


def test_a_changed_project_file_reads_fully(tmp_path: Path) -> None:
    """Nothing moved on the forge, but a second pitch slot is open now: it is used."""
    world = make_world(tmp_path, max_open_pitches=1)
    world.vision("Wishlists")
    world.vision("Gift cards")
    settle(world)
    assert tick(world).incremental
    assert len(world.sprint_prs()) == 1
    world.config = world.config.model_copy(update={"architect": world.config.architect
                                                   .model_copy(update={"max_open_pitches": 2})})
    report = tick(world)
    assert not report.incremental
    assert len(world.sprint_prs()) == 2


def test_a_tick_stopped_before_its_work_leaves_it_to_the_next_full_read(
        world: World) -> None:
    """SIGTERM before the answer was read: nothing was written, so nothing moved on the
    forge since the look; the next tick must still read fully and do the work."""
    number = sprint(world)
    world.comment(number, "Q1: B")
    stopped = tick(world, should_stop=lambda: True)
    assert not stopped.incremental and stopped.decision.actions and not stopped.applied
    resumed = tick(world)
    assert not resumed.incremental and resumed.applied
    assert any("Q1: B" in c for c in world.bot_comments(number))


def test_a_dry_run_always_reads_fully(world: World) -> None:
    recorder = Recorder(world)
    report = tick(world, dry_run=True, recorder=recorder)
    assert not report.incremental
    assert ("GET", "/user") in recorder.seen


def test_a_new_state_dir_reads_fully(world: World) -> None:
    assert tick(world).incremental
    Changes.of(world.config).path.unlink()
    assert not tick(world).incremental


def test_a_reminder_falls_due_while_nothing_changes_and_the_tick_reads_fully_for_it(
        tmp_path: Path) -> None:
    """Nothing happens on the forge for days, and full reads are a week apart: the ticks
    stay incremental until the open questions' reminder is due (3 days), then one reads
    fully and sends it."""
    world = make_world(tmp_path, extra='full_read_every = "7d"')
    world.accepted()
    settle(world)
    assert tick(world, T0 + timedelta(days=1)).incremental
    report = tick(world, T0 + timedelta(days=3))
    assert not report.incremental
    assert [type(a).__name__ for a in report.applied] == ["NudgeSprint"]
    assert "This is the only reminder for this round." in world.bot_comments(sprint(world))[-1]


def test_a_paused_sprint_stops_on_time_though_nothing_changes(tmp_path: Path) -> None:
    """Its vision lost the label: paused, the ticks stay incremental until `stop_after`
    (1d) is over, then one reads fully and stops the sprint."""
    world = make_world(tmp_path, extra='full_read_every = "7d"')
    world.accepted()
    settle(world)
    world.client("alice").remove_issue_label(PROJECT, 1, "vision")
    assert [type(a).__name__ for a in tick(world).applied] == ["PauseSprint"]
    settle(world)
    assert tick(world, T0 + timedelta(hours=12)).incremental
    report = tick(world, T0 + timedelta(days=1))
    assert not report.incremental
    assert [type(a).__name__ for a in report.applied] == ["StopSprint"]


def test_an_unanswered_replan_proposal_is_reminded_on_time_though_nothing_changes(
        tmp_path: Path) -> None:
    """A filed sprint's re-plan proposal nobody answers: the ticks stay incremental until
    its reminder is due (`remind_after`, 3 days), then one reads fully and sends it."""
    world = make_world(tmp_path, extra='full_read_every = "7d"')
    world.accepted()
    (pr,) = [p.number for p in world.bot.list_pulls(OPS, state="open")]
    world.comment(pr, "Q1: B\nQ2: recommended")
    settle(world)
    assert world.bot.get_pull(OPS, pr).merged
    world.comment(pr, "REPLAN: drop the wishlist page")
    settle(world)
    assert world.bot_comments(pr)[-1].startswith("**Re-plan proposal 1**")
    assert tick(world, T0 + timedelta(days=1)).incremental
    report = tick(world, T0 + timedelta(days=3, hours=1))
    assert not report.incremental
    assert [type(a).__name__ for a in report.applied] == ["NudgeReplan"]
