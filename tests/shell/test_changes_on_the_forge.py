"""The cursor against the embedded forge when the forge's clock is hard to read: a reverse
proxy that adds its own Date header, and a crowded second (a bulk change of more than a
page of issues within one second). Either way ticks become incremental again."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import TickReport, run_tick
from tests.proxies import DatingProxy
from tests.shell.test_changes import T0, settle, tick
from tests.shell.test_tick_requests import Recorder
from tests.world import BOT, OPS, PROJECT, World, make_world


def proxied_tick(world: World) -> TickReport:
    forge = world.client(BOT, DatingProxy(httpx.WSGITransport(app=world.forge.wsgi)))
    return run_tick(forge, OfflinePlanner(), world.config, lambda: T0,
                    changes=Changes.of(world.config))


@pytest.fixture
def world(tmp_path: Path) -> World:
    world = make_world(tmp_path)
    world.accepted()
    return world


def test_behind_a_proxy_that_adds_its_own_date_ticks_become_incremental(world: World) -> None:
    reports = [proxied_tick(world) for _ in range(5)]
    assert reports[-1].incremental and reports[-2].incremental
    recorder = Recorder(world)
    assert tick(world, recorder=recorder).incremental and len(recorder.seen) == 3


@pytest.mark.parametrize("repo", [PROJECT, OPS])
def test_after_a_bulk_change_within_one_second_ticks_become_incremental_again(
        world: World, repo: str) -> None:
    settle(world)
    alice = world.client("alice")
    numbers = [alice.create_issue(repo, title=f"Chore {n}", body="x").number for n in range(60)]
    settle(world)
    with world.clock.held():  # a bot comments on 60 issues at once
        for number in numbers:
            alice.create_comment(repo, number, "Bumped by the release script.")
    reports = [tick(world) for _ in range(4)]
    assert not reports[0].incremental  # the change is seen
    assert reports[-1].incremental
    recorder = Recorder(world)
    assert tick(world, recorder=recorder).incremental and len(recorder.seen) == 3
