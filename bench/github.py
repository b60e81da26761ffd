"""The GitHub dialect against the Forgejo one (issue 22): the demo's time, and the cost of
an unchanged tick once the story is over (requests sent, 304s, rate-limit budget spent);
and (issue 29) what each tick of a story costs on GitHub, as `architect run` makes a
client a tick and as `architect loop` keeps the ETags and limits across ticks, and what
the ticks after a filing send while the vision is in progress.

    .venv/bin/python bench/github.py [--runs 3] [--ticks-only]

The demo must play the whole story (vision → pitch → accept → questions → answers →
filed sub-issues → merged sprint PR) in under 30 s on either dialect; an unchanged tick
stays a handful of requests on both, and on GitHub its 304s cost no budget; from the
second unchanged tick of a loop on, every request is a 304. Writes leave a second apart
(virtual time here: the seconds a real run would wait are reported, not slept). With
GitHub's list shapes (no `merged_by` in a PR list) a tick after filing sends no more
requests than the same tick on Forgejo.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
from rich.console import Console

from architect.app.demo import BOT, play_demo, run_demo
from architect.app.wiring import utc_now
from architect.emulator import EmbeddedForge
from architect.emulator.github_dialect import GitHubDialect
from architect.forge.github import GitHubClient
from architect.forge.github_http import Kept, Pace
from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import run_tick
from tests.world import BASE, OPS, VirtualTime, make_world

DIALECTS = ("forgejo", "github")


def demo_seconds(dialect: str) -> float:
    started = time.monotonic()
    with contextlib.redirect_stdout(io.StringIO()):  # the status table prints on its own
        assert run_demo(console=Console(file=io.StringIO()), dialect=dialect) == 0
    return time.monotonic() - started


def unchanged_tick(dialect: str) -> tuple[int, int, int | None]:
    """(requests, of them 304, budget spent) of an incremental tick once the demo's story
    is over and a tick has found nothing new."""
    with tempfile.TemporaryDirectory() as tmp, EmbeddedForge() as forge:
        url = forge.start(app=GitHubDialect(forge) if dialect == "github" else None)
        with contextlib.redirect_stdout(io.StringIO()):
            world = play_demo(forge, url, Path(tmp), Console(file=io.StringIO()),
                              dialect=dialect)
        bot = world.client(BOT)
        changes = Changes.of(world.config)
        for _ in range(4):  # full reads until one finds nothing new
            if run_tick(bot, OfflinePlanner(), world.config, utc_now,
                        changes=changes).incremental:
                break
        bot.stats.reset()
        before = bot.http.rate.remaining if isinstance(bot, GitHubClient) else None
        free = bot.http.not_modified if isinstance(bot, GitHubClient) else 0
        run_tick(bot, OfflinePlanner(), world.config, utc_now, changes=changes)
        if isinstance(bot, GitHubClient) and before is not None:
            spent = before - (bot.http.rate.remaining or 0)
            return bot.stats.requests, bot.http.not_modified - free, spent
        return bot.stats.requests, 0, None


class Counted(httpx.BaseTransport):
    """Each request's method and status and the virtual second it left at."""

    def __init__(self, inner: httpx.BaseTransport, clock: VirtualTime) -> None:
        self.inner, self.clock = inner, clock
        self.sent: list[tuple[str, int, float]] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        at = self.clock()
        response = self.inner.handle_request(request)
        self.sent.append((request.method, response.status_code, at))
        return response


@dataclass(frozen=True)
class TickCost:
    name: str
    requests: int
    writes: int
    not_modified: int
    budget: int  # core requests GitHub counted
    waited_s: float  # seconds writes were held back (virtual)
    densest: int  # most writes that left within one second


def story(*, keep: bool) -> list[TickCost]:
    """A vision pitched, accepted, answered and filed, then three ticks with nothing new;
    `keep`: one `Kept` for every tick (`loop`), else a fresh one a tick (`run`)."""
    with tempfile.TemporaryDirectory() as tmp:
        world = make_world(Path(tmp), dialect="github")
        assert world.github is not None
        time_ = VirtualTime()
        counted = Counted(httpx.WSGITransport(app=world.github), time_)
        kept = Kept(pace=Pace(clock=time_, sleep=time_.sleep))
        changes = Changes.of(world.config)  # incremental ticks, as `run` and `loop` make
        costs: list[TickCost] = []

        def tick(name: str) -> None:
            here = kept if keep else Kept(pace=Pace(clock=time_, sleep=time_.sleep))
            client = GitHubClient(f"{BASE}/api/v3", world.tokens[BOT], transport=counted,
                                  kept=here)
            counted.sent.clear()
            slept = sum(time_.slept)
            assert run_tick(client, OfflinePlanner(), world.config, utc_now,
                            changes=changes).ok
            writes = [at for method, _, at in counted.sent if method != "GET"]
            densest = max((sum(1 for b in writes if a <= b < a + 1) for a in writes), default=0)
            free = sum(1 for _, status, _ in counted.sent if status == 304)
            # The dialect counts every answer but a 304 against the budget, as GitHub does.
            costs.append(TickCost(name, len(counted.sent), len(writes), free,
                                  len(counted.sent) - free, sum(time_.slept) - slept, densest))

        world.vision("Wishlists")
        tick("pitch")
        tick("after the pitch")
        (pr,) = world.bot.list_pulls(OPS, state="open")
        world.comment(pr.number, "ACCEPT")
        tick("questions")
        world.comment(pr.number, "Q1: B\nQ2: recommended")
        tick("filing")
        for n in (1, 2, 3):
            tick(f"unchanged {n}")
        return costs


def print_ticks() -> None:
    for keep, how in ((False, "run (a client a tick)"), (True, "loop (Kept across ticks)")):
        print(f"github ticks, {how}:")
        for c in story(keep=keep):
            print(f"  {c.name:16} {c.requests:3} requests ({c.writes:2} writes, "
                  f"{c.not_modified:2} answered 304), budget {c.budget:3}, writes held "
                  f"{c.waited_s:5.1f} s, at most {c.densest} writes in a second")


def after_filing(dialect: str) -> tuple[int, int, int]:
    """(requests of the filing tick, of the full tick after it, of the incremental tick
    after that): Wishlists pitched, accepted and answered, its sub-issues still open."""
    with tempfile.TemporaryDirectory() as tmp:
        world = make_world(Path(tmp), dialect=dialect)
        world.vision("Wishlists")
        world.tick()
        (pr,) = world.bot.list_pulls(OPS, state="open")
        world.comment(pr.number, "ACCEPT")
        world.tick()
        world.comment(pr.number, "Q1: B\nQ2: B")
        bot = world.bot
        figures = []
        changes = Changes.of(world.config)
        for incremental in (False, False, True):
            bot.stats.reset()
            run_tick(bot, world.runner, world.config, utc_now,
                     changes=changes if incremental else None)
            figures.append(bot.stats.requests)
        assert world.bot.get_pull(OPS, pr.number).merged
        return figures[0], figures[1], figures[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ticks-only", action="store_true",
                        help="only the cost of each tick of the story on GitHub")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    print_ticks()
    if args.ticks_only:
        return
    for dialect in DIALECTS:
        times = [demo_seconds(dialect) for _ in range(args.runs)]
        sent, not_modified, spent = unchanged_tick(dialect)
        budget = f", rate-limit budget spent {spent}" if spent is not None else ""
        print(f"{dialect:8} demo: median {statistics.median(times):.1f} s, worst "
              f"{max(times):.1f} s (target < 30 s); unchanged tick: {sent} requests, "
              f"{not_modified} answered 304{budget}")
    for dialect in DIALECTS:
        filing, full, incremental = after_filing(dialect)
        print(f"{dialect:8} filing tick: {filing} requests; after it: full tick {full}, "
              f"incremental tick {incremental}")


if __name__ == "__main__":
    main()
