"""The month's model spend on the dashboard: read with the snapshot from the runner's session
files, the tick's own calls and drops folded in, so the render reads no file."""

from __future__ import annotations

import os
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from architect.config import ProjectConfig
from architect.runners.base import Mode, ModelRequest, ModelResult, Usage
from architect.runners.offline import OfflinePlanner
from architect.runners.scripted import ScriptedRunner
from architect.runners.sessions import SessionRecord, SessionStore
from architect.shell.spend import MonthSpend, read_spend
from tests.world import OPS, World, make_world

START = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)  # the world's clock: its ticks' `now`
SPEND_LINE = "- model spend this month: $"


def sessions(config: ProjectConfig) -> SessionStore:
    return SessionStore(config.architect.state_dir, config.name)


def write_session(config: ProjectConfig, key: str, cost: float, written: datetime) -> None:
    """A session file as a runner leaves it, last written at `written`."""
    store = sessions(config)
    store.save(SessionRecord(key=key, runner="anthropic", cost_usd=cost, calls=1))
    stamp = written.timestamp()
    os.utime(store.path(key), (stamp, stamp))


def the_dashboard_body(world: World) -> str:
    (board,) = [i for i in world.bot.list_issues(OPS, state="all", type="issues")
                if i.title == "Architect dashboard"]
    return board.body


def spend_line(body: str) -> str | None:
    return next((line for line in body.splitlines() if line.startswith(SPEND_LINE)), None)


def test_the_spend_is_the_cost_in_the_session_files_written_this_month(tmp_path: Path) -> None:
    config = make_world(tmp_path).config
    write_session(config, "pr-1", 0.25, START - timedelta(days=5))
    write_session(config, "pr-2", 0.17, START - timedelta(hours=1))
    write_session(config, "pr-3", 5.00, datetime(2026, 10, 31, 23, 0, tzinfo=UTC))
    spend = read_spend(config, START)
    assert spend.total == 0.42
    assert dict(spend.earlier) == {"pr-3": 5.00}


def test_no_session_file_is_no_spend(tmp_path: Path) -> None:
    assert read_spend(make_world(tmp_path).config, START).total is None


def test_the_tick_folded_in_is_what_the_files_say_after_it(tmp_path: Path) -> None:
    """A call charged to a PR's file, one to a file last written last month (all its cost
    counts from now), a dropped session: the fold gives what reading the files again does."""
    config = make_world(tmp_path).config
    now = datetime.now(UTC)  # the runner writes the files now: this month, by the disk
    write_session(config, "pr-1", 0.25, now - timedelta(minutes=5))
    write_session(config, "pr-2", 0.17, now - timedelta(minutes=5))
    write_session(config, "pr-3", 5.00, now - timedelta(days=40))
    read = read_spend(config, now)
    assert read.total == 0.42
    store = sessions(config)
    for key, cost in (("pr-1", 0.10), ("pr-3", 0.05)):
        record = store.load(key)
        assert record is not None
        store.save(record.charged(Usage(cost_usd=cost)))
    store.drop("pr-2")
    folded = read.charged("pr-1", 0.10).charged("pr-3", 0.05).dropped("pr-2")
    assert folded.total == read_spend(config, now).total == 5.40
    assert MonthSpend().charged("pr-9", 0.0).total is None  # a call of unknown cost


def test_the_render_shows_the_spend_read_with_the_snapshot_and_reads_no_file(
        tmp_path: Path) -> None:
    """The session files go between the read and the render (while the model pitches):
    the dashboard still shows what the read found; the next read finds none."""
    world = make_world(tmp_path)
    write_session(world.config, "pr-7", 0.25, START - timedelta(days=1))
    write_session(world.config, "pr-8", 0.17, START - timedelta(days=1))
    folder = sessions(world.config).root

    def pitch_once_the_files_are_gone(request: ModelRequest[Any]) -> ModelResult[Any]:
        shutil.rmtree(folder)
        return OfflinePlanner().run(request)

    world.vision("Wishlists")
    world.tick(runner=ScriptedRunner({Mode.PITCH: [pitch_once_the_files_are_gone]},
                                     fallback=OfflinePlanner()))
    assert not folder.exists()
    assert spend_line(the_dashboard_body(world)) == SPEND_LINE + "0.42"
    world.tick()
    assert spend_line(the_dashboard_body(world)) is None


class DropsItsSessions(OfflinePlanner):
    """The offline planner with the API runners' `drop_session`: the PR's file goes."""

    def __init__(self, store: SessionStore) -> None:
        super().__init__()
        self.store = store

    def drop_session(self, session_key: str) -> None:
        self.store.drop(session_key)


def test_a_rejection_takes_its_sessions_cost_off_in_the_same_render(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.runner = DropsItsSessions(sessions(world.config))
    number = world.accepted()
    write_session(world.config, f"pr-{number}", 0.30, START - timedelta(days=1))
    write_session(world.config, "pr-99", 0.12, START - timedelta(days=1))
    world.comment(number, "REJECT: not this quarter")
    world.tick()
    assert world.bot.get_pull(OPS, number).state == "closed"
    assert spend_line(the_dashboard_body(world)) == SPEND_LINE + "0.12"
    assert read_spend(world.config, START).total == 0.12  # what the next read finds
