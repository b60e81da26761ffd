"""The dialect lists PRs as GitHub does (`pull-request-simple`: no `merged_by`, no
`merged`, no `mergeable`), and the architect does not pay for it: a tick after a filing
reads on GitHub what it reads on Forgejo, though no list says who merged the sprint."""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.emulator.github_serialize import FULL_PULL_ONLY
from tests.forge.github.walk import Exchange
from tests.shell.test_tick_requests import Recorder, reads_of_an_idle_tick
from tests.world import OPS, World, make_world


def test_listed_prs_carry_nothing_githubs_lists_leave_out(
        walked: tuple[World, list[Exchange]]) -> None:
    _, seen = walked
    listed = [pr for e in seen if e.method == "GET" and e.path.endswith(f"/{OPS}/pulls")
              for pr in e.answer or []]
    assert listed, "the walk listed no PR"
    assert {name for pr in listed for name in pr} & set(FULL_PULL_ONLY) == set()
    assert any(pr["merged_at"] for pr in listed)  # a merged one among them


def _filed(tmp_path: Path, dialect: str) -> World:
    world = make_world(tmp_path, dialect=dialect)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: B")
    world.tick()
    assert world.bot.get_pull(OPS, pr.number).merged
    return world


@pytest.mark.parametrize("ticks", [1, 2])
def test_a_tick_after_filing_reads_on_github_what_it_reads_on_forgejo(
        tmp_path: Path, ticks: int) -> None:
    reads = {}
    for dialect in ("forgejo", "github"):
        (tmp_path / dialect).mkdir()
        world = _filed(tmp_path / dialect, dialect)
        for _ in range(ticks - 1):
            world.tick()
        reads[dialect] = reads_of_an_idle_tick(world, Recorder(world))
    assert reads["github"] == reads["forgejo"]
