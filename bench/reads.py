"""The read figures of issue 20 (item 7), beside bench/tick.py's table.

* a filing tick alone: the answers that resolve every fork of a sprint PR, then its
  plan, the overlap check (a search per title, not the whole backlog), 5 sub-issues
  filed and the merge: its reads beyond its writes;
* the covered tick on a small ops repo (V=100 visions, S=100 sub-issues people filed,
  O=0 PRs on the ops repo, P=0), and again with I doubled: reads against the bound
  `1 + ⌈V/50⌉ + ⌈O/50⌉ + 2P + ⌈S/50⌉ + 10`;
* behind a reverse proxy that adds its own `Date` beside the forge's: how many ticks
  until one is incremental again, and what that one costs;
* after a crowded second (a bot comments on 60 issues of the ops repo within one
  second): the same.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo: tests.proxies

from tests.proxies import DatingProxy
from world import BOT, OPS, PROJECT, BenchWorld, Sizes, build_world

if TYPE_CHECKING:
    from tick import TickFigures

TRIES = 6  # ticks a second apart, at most, until one is incremental


@dataclass(frozen=True)
class Settled:
    """Ticks a second apart until one was incremental: how many, and what that one cost."""

    ticks: int | None  # None: never incremental within TRIES
    requests: int

    def shown(self) -> str:
        if self.ticks is None:
            return "never incremental"
        return f"{self.requests} (after {self.ticks} tick(s))"

    @property
    def ok(self) -> bool:
        return self.ticks is not None and self.ticks <= 3 and self.requests <= 4


def settle(world: BenchWorld, *, proxy: bool = False) -> Settled:
    from tick import measure_tick  # noqa: PLC0415 - tick.py imports this module

    transport = DatingProxy(world.transport) if proxy else None
    for n in range(1, TRIES + 1):
        time.sleep(1.0)  # the forge's clock must leave the second of the last change
        figures, report = measure_tick(world, max_open_pitches=world.sizes.prs,
                                       incremental=True, transport=transport)
        if report.incremental:
            return Settled(n, figures.total)
    return Settled(None, 0)


def crowded_second(world: BenchWorld) -> Settled:
    """60 issues on the ops repo, then a comment on each within one second of the forge's
    clock (a release script, say), as the ticks see it afterwards."""
    with world.client("alice") as alice:
        numbers = [alice.create_issue(OPS, title=f"Release chore {n}", body="chore").number
                   for n in range(60)]
        settle(world)
        while time.time() % 1 > 0.3:  # all 60 within one second
            time.sleep(0.01)
        for number in numbers:
            alice.create_comment(OPS, number, "Bumped by the release script.")
    return settle(world)


def filing_tick(world: BenchWorld, number: int, *, max_open_pitches: int) -> TickFigures:
    """Answers that resolve every fork of PR `number`: the tick that files its 5
    sub-issues and merges it, from the cursor a quiet forge left (as a loop ticks). No
    slot frees by the merge (`max_open_pitches` counts the PR out): the filing alone,
    not a walk for a pitch (the busy tick has one)."""
    from tick import measure_tick  # noqa: PLC0415 - tick.py imports this module

    settle(world)  # as a loop would have ticked since: the cursor from a quiet forge
    with world.client("alice") as alice:
        alice.create_comment(OPS, number, "Q1: A\nQ2: A — keep it private")
    figures, report = measure_tick(world, max_open_pitches=max_open_pitches, incremental=True)
    filed = sum(1 for r in figures.requests if r == f"POST /repos/{PROJECT}/issues")
    if not report.ok or filed != 5:
        raise RuntimeError(f"the filing tick did not file: {figures.actions} {report.failed}")
    return figures


@dataclass(frozen=True)
class SmallCovered:
    issues: int
    reads: int
    bound: int
    formula: str


def small_covered(sizes: Sizes, tmp: Path, issues: int) -> SmallCovered:
    """The covered tick at V=100, S=100, O=0, P=0 with `issues` ordinary issues."""
    from tick import covered_tick, measure_tick  # noqa: PLC0415 - tick.py imports this module

    small = replace(sizes, visions=100, prs=0, closed=0, issues=issues, sub_issues=100,
                    profile=False)
    world = build_world(small, tmp)
    try:
        measure_tick(world, max_open_pitches=0)  # the dashboard, made before the cover
        covered = covered_tick(world)
    finally:
        world.forge.stop()
    return SmallCovered(issues, covered.figures.reads, covered.bound, covered.formula)


@dataclass(frozen=True)
class MoreReads:
    filing: TickFigures
    crowded: Settled
    proxied: Settled
    small: tuple[SmallCovered, ...]


def more_reads(world: BenchWorld, tmp: Path) -> MoreReads:
    """On the base world after the covered tick (its last sprint PR still has every fork
    open), then on two small fresh worlds."""
    with world.client(BOT) as bot:
        open_now = len(bot.list_pulls(OPS, state="open"))
    filing = filing_tick(world, world.sprint_prs[-1], max_open_pitches=open_now - 1)
    crowded = crowded_second(world)
    with world.client("alice") as alice:  # a change, to be read fully behind the proxy
        alice.create_comment(OPS, world.sprint_prs[0], "Merged, thanks.")
    proxied = settle(world, proxy=True)
    sizes = world.sizes
    small = tuple(small_covered(sizes, tmp / f"small-{i}", i)
                  for i in (sizes.issues, sizes.issues * 2))
    return MoreReads(filing, crowded, proxied, small)
