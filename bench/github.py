"""The GitHub dialect against the Forgejo one (issue 22): the demo's time, and the cost of
an unchanged tick once the story is over (requests sent, 304s, rate-limit budget spent);
and (issue 29) what the ticks after a filing send, while the vision is in progress.

    .venv/bin/python bench/github.py [--runs 3]

The demo must play the whole story (vision → pitch → accept → questions → answers →
filed sub-issues → merged sprint PR) in under 30 s on either dialect; an unchanged tick
stays a handful of requests on both, and on GitHub its 304s cost no budget. With
GitHub's list shapes (no `merged_by` in a PR list) a tick after filing sends no more
requests than the same tick on Forgejo.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console

from architect.app.demo import BOT, play_demo, run_demo
from architect.app.wiring import utc_now
from architect.emulator import EmbeddedForge
from architect.emulator.github_dialect import GitHubDialect
from architect.forge.github import GitHubClient
from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import run_tick

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo: tests.world

from tests.world import OPS, make_world

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
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
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
