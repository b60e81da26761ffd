"""The finish of a filing planned in the same tick (issue 20.7): no earlier tick can have
told the vision or journaled it, so it does not read the vision's comments to look for
an earlier note; a finish that a later tick resumes does, and never says it twice."""

from __future__ import annotations

from pathlib import Path

import httpx

from architect.runners.offline import OfflinePlanner
from architect.shell.tick import run_tick
from tests.shell.test_tick_requests import Recorder
from tests.world import BOT, OPS, PROJECT, World, make_world

FILED_NOTE = "filed these sub-issues"


class MergeRefused(Recorder):
    """The forge answers the merge with a 500: the tick stops after the vision's note."""

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and request.url.path.endswith("/merge"):
            return httpx.Response(500, json={"message": "try again"})
        return super().handle_request(request)


def answered(tmp_path: Path) -> tuple[World, int]:
    world = make_world(tmp_path)
    vision = world.accepted()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "Q1: A\nQ2: A")
    return world, vision


def notes_on(world: World, vision: int) -> list[str]:
    return [b for b in world.bot_comments(vision, repo=PROJECT) if FILED_NOTE in b]


def reads_of_the_vision(recorder: Recorder, vision: int) -> int:
    return recorder.seen.count(("GET", f"/repos/{PROJECT}/issues/{vision}/comments"))


def test_a_filing_planned_and_finished_in_one_tick_does_not_read_the_vision(
        tmp_path: Path) -> None:
    world, vision = answered(tmp_path)
    recorder = Recorder(world)
    report = run_tick(world.client(BOT, recorder), OfflinePlanner(), world.config, world.clock)
    assert report.ok and not world.bot.list_pulls(OPS, state="open")  # filed and merged
    assert reads_of_the_vision(recorder, vision) == 0
    assert len(notes_on(world, vision)) == 1


def test_a_finish_resumed_by_the_next_tick_reads_the_vision_and_says_it_once(
        tmp_path: Path) -> None:
    world, vision = answered(tmp_path)
    refused = MergeRefused(world)
    run_tick(world.client(BOT, refused), OfflinePlanner(), world.config, world.clock)
    assert world.bot.list_pulls(OPS, state="open"), "the merge was refused"
    assert len(notes_on(world, vision)) == 1  # told before the merge
    again = Recorder(world)
    report = run_tick(world.client(BOT, again), OfflinePlanner(), world.config, world.clock)
    assert report.ok and not world.bot.list_pulls(OPS, state="open")
    assert reads_of_the_vision(again, vision) >= 1  # it looks for the earlier note
    assert len(notes_on(world, vision)) == 1
