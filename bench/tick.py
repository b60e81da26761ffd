"""Benchmark of one tick on a large forge (issue 7): requests, time, memory, latency, prompt size.

Seeds the embedded forge in-process through its HTTP API (see bench/world.py),
then measures, against the targets of issue 7:

* an idle tick (nothing new anywhere): requests, model calls, wall time;
* a busy tick (one new pitch, one answer round, one filing of 5 sub-issues):
  reads and writes, counted at the client (`ForgeClient.stats`);
* the peak RSS of `architect run` (the real CLI, a subprocess, against the
  forge served on a loopback port);
* `architect --help` (best of 5);
* from a signed webhook delivery to the architect's reply on the PR
  (`architect loop --webhook`, a subprocess, offline planner);
* the prompt of a pitch for the demo project with a 2 KB lessons file;
* how the idle and busy ticks grow when V, P, C and I double (a fresh forge each);
* an incremental idle tick (nothing changed since the last full read: issue 13);
* a "covered" tick: one free pitch slot, every vision held by open sub-issues
  that people filed ("Decomposed from #N"), read through one search (issue 13);
* the read figures of issue 20 (bench/reads.py): a filing tick alone, the covered
  tick on a small ops repo (V=100, S=100, O=0, P=0, and I doubled), and how soon
  ticks are incremental again behind a proxy adding its own Date and after a
  crowded second.

The embedded forge searches as Forgejo's bleve indexer does (`--issue-indexer
db` for the database one) and indexes each change `--index-delay` seconds late.

    .venv/bin/python bench/tick.py [--visions 500 --prs 3 --closed 1000 --issues 2000
                                    --comments 40 --sub-issues 1000 --issue-indexer bleve
                                    --index-delay 2] [--no-growth] [--show-requests]
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
try:
    import architect  # noqa: F401
except ModuleNotFoundError:  # a checkout without the package installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from procs import cli_help_seconds, run_peak_rss_mb, webhook_latency
from prompt_size import pitch_prompt_tokens
from reads import more_reads

from architect.app.wiring import utc_now
from architect.core.actions import FileSprint, FinishSprint, OpenPitch, ProcessAnswers
from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import TickReport, run_tick
from world import BOT, OPS, PROJECT, BenchWorld, Sizes, build_world

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
IDLE_RUNS = 5


class Recorder(httpx.BaseTransport):
    """Passes requests through and remembers them, for `--show-requests`."""

    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner
        self.seen: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        query = f"?{request.url.query.decode()}" if request.url.query else ""
        self.seen.append(f"{request.method} {request.url.path.removeprefix('/api/v1')}{query}")
        return self.inner.handle_request(request)


@dataclass(frozen=True)
class TickFigures:
    reads: int
    writes: int
    model_calls: int
    seconds: float
    cpu_seconds: float  # client and in-process forge together; steadier than wall time
    actions: tuple[str, ...]
    requests: tuple[str, ...]

    @property
    def total(self) -> int:
        return self.reads + self.writes


def measure_tick(world: BenchWorld, *, max_open_pitches: int, incremental: bool = False,
                 transport: httpx.BaseTransport | None = None
                 ) -> tuple[TickFigures, TickReport]:
    """One tick; `transport`: what stands between the client and the forge (a proxy)."""
    recorder = Recorder(transport or world.transport)
    config = world.config(max_open_pitches=max_open_pitches)
    changes = Changes.of(config) if incremental else None
    with world.client(BOT, transport=recorder) as bot:
        started, cpu = time.perf_counter(), time.process_time()
        report = run_tick(bot, OfflinePlanner(), config, utc_now, changes=changes)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        by_method = Counter(bot.stats.by_method)
    writes = sum(n for method, n in by_method.items() if method in WRITES)
    figures = TickFigures(
        reads=sum(by_method.values()) - writes, writes=writes, model_calls=report.model_calls,
        seconds=elapsed, cpu_seconds=cpu, actions=tuple(a.describe() for a in report.applied),
        requests=tuple(recorder.seen))
    return figures, report


def idle_tick(world: BenchWorld) -> TickFigures:
    """The median of several idle ticks (an idle tick writes nothing, so it can repeat)."""
    measure_tick(world, max_open_pitches=world.sizes.prs)  # creates the dashboard issue
    runs = [measure_tick(world, max_open_pitches=world.sizes.prs)[0] for _ in range(IDLE_RUNS)]
    for run in runs:
        if run.actions or run.writes:
            raise RuntimeError(f"the idle tick was not idle: {run.actions}")
    return replace(runs[0], seconds=statistics.median(r.seconds for r in runs),
                   cpu_seconds=statistics.median(r.cpu_seconds for r in runs))


@dataclass(frozen=True)
class Incremental:
    first: TickFigures  # the first tick of a state dir: a full read and its look, no cursor
    full: TickFigures  # the full read each `full_read_every`, from a cursor: its look included
    idle: TickFigures | None  # the next tick, nothing changed; None if it never got there


def incremental_tick(world: BenchWorld) -> Incremental:
    """The first tick of a state dir, then the full read `full_read_every` brings (the
    cursor aged by that much), then ticks with nothing changed.

    The forge's clock must have left the second of the last change (else the cursor
    proves nothing and the next tick reads fully): each try comes a second later.
    """
    pitches = world.sizes.prs
    changes = Changes.of(world.config(max_open_pitches=pitches))
    changes.path.unlink(missing_ok=True)
    first, _ = measure_tick(world, max_open_pitches=pitches, incremental=True)
    if until_incremental(world) is None:
        raise RuntimeError("no tick was incremental after the first one")
    age(changes)
    full, _ = measure_tick(world, max_open_pitches=pitches, incremental=True)
    return Incremental(first, full, until_incremental(world))


def until_incremental(world: BenchWorld, tries: int = 3) -> TickFigures | None:
    """Ticks a second apart until one is incremental: that one (None: none was)."""
    for _ in range(tries):  # from no cursor: a full read, then one more from its lower bound
        time.sleep(1.0)
        figures, report = measure_tick(world, max_open_pitches=world.sizes.prs, incremental=True)
        if report.incremental:
            return figures
    return None


def age(changes: Changes) -> None:
    """The cursor as `full_read_every` later: its full read and its visions that old."""
    cursor = changes.load()
    if cursor is None or cursor.visions_at is None:
        raise RuntimeError("no cursor to age")
    changes.save(replace(cursor, full_read_at=cursor.full_read_at - changes.every,
                         visions_at=cursor.visions_at - changes.every))


@dataclass(frozen=True)
class Covered:
    figures: TickFigures
    bound: int
    formula: str


def covered_tick(world: BenchWorld) -> Covered:
    """One free pitch slot; every vision that could take it has open sub-issues."""
    world.cover_visions()
    with world.client(BOT) as bot:
        visions = len(bot.list_issues(PROJECT, labels=["vision"]))
        open_prs = len(bot.list_pulls(OPS, state="open"))
        ops_prs = len(bot.list_pulls(OPS, state="all"))
        decomposed = sum(1 for i in bot.list_issues(PROJECT, state="open", type="issues")
                         if "Decomposed from" in i.body)
    figures, report = measure_tick(world, max_open_pitches=open_prs + 1)
    # Its only write may be the dashboard, re-rendered for the visions the cover changed.
    if report.applied or figures.writes > 1:
        raise RuntimeError(f"the covered tick pitched: {figures.actions}")

    def pages(n: int) -> int:
        return -(-n // 50)

    bound = 1 + pages(visions) + pages(ops_prs) + 2 * open_prs + pages(decomposed) + 10
    formula = (f"1 + ⌈{visions}/50⌉ + ⌈{ops_prs}/50⌉ + 2·{open_prs} + ⌈{decomposed}/50⌉ + 10 "
               f"= {bound}")
    return Covered(figures, bound, formula)


def busy_tick(world: BenchWorld, *, cursor: bool = True) -> tuple[TickFigures, TickReport]:
    """One new pitch, one answer round (PR A), answers that resolve every fork (PR B).

    `cursor`: as `architect loop` and `run` tick, from the cursor the last read left
    (the visions and the dashboard carried); else as a first tick."""
    answer_pr, file_pr = world.sprint_prs[0], world.sprint_prs[1]
    with world.client("alice") as alice:
        alice.create_comment(OPS, answer_pr, "Q1: A")
        alice.create_comment(OPS, file_pr, "Q1: A\nQ2: A — keep it private")
    figures, report = measure_tick(world, max_open_pitches=world.sizes.prs + 1,
                                   incremental=cursor)
    kinds = Counter(type(a) for a in report.applied)
    filed = sum(1 for r in figures.requests if re.fullmatch(r"POST /repos/[^/]+/[^/]+/issues", r))
    # The answers that resolve every fork are followed, in the same tick, by the filing
    # and the merge: each its own step of the report.
    if (not report.ok or kinds[OpenPitch] != 1 or kinds[ProcessAnswers] != 2 or filed != 5
            or kinds[FileSprint] != 1 or kinds[FinishSprint] != 1):
        raise RuntimeError(f"the busy tick did not do what it should: {figures.actions}, "
                           f"{filed} issue(s) filed, failed: {report.failed}")
    return figures, report


# -- output -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    figure: str
    measured: str
    target: str
    ok: bool | None  # None: no target (a figure shown for information)
    extra: bool = False  # a figure beyond issue 7's table: shown, not part of the verdict

    def line(self, width: int) -> str:
        verdict = {True: "PASS", False: "FAIL", None: "info"}[self.ok]
        figure = f"{self.figure} *" if self.extra else self.figure
        return f"| {figure:<{width}} | {self.measured:>22} | {self.target:>14} | {verdict} |"


def print_table(rows: list[Row]) -> None:
    width = max(len(r.figure) + 2 for r in rows)
    print(f"| {'figure':<{width}} | {'measured':>22} | {'target':>14} | ok   |")
    print(f"|{'-' * (width + 2)}|{'-' * 24}|{'-' * 16}|------|")
    for row in rows:
        print(row.line(width))
    if any(r.extra for r in rows):
        print("* beyond the table of issue 7: shown for information, not part of the verdict "
              "(\"info\": no target applies)")


@dataclass(frozen=True)
class Measured:
    idle: TickFigures
    busy: TickFigures
    incremental: Incremental | None = None
    covered: Covered | None = None


def measure_world(sizes: Sizes, tmp: Path) -> Measured:
    world = build_world(sizes, tmp)
    idle = idle_tick(world)
    incremental = incremental_tick(world)
    busy = busy_tick(world)[0]
    return Measured(idle, busy, incremental, covered_tick(world))


def busy_first(sizes: Sizes, tmp: Path) -> TickFigures:
    """The busy tick on a fresh forge as the first tick of a state dir (no cursor)."""
    world = build_world(sizes, tmp)
    try:
        idle_tick(world)
        return busy_tick(world, cursor=False)[0]
    finally:
        world.forge.stop()


def growth(sizes: Sizes, results: dict[str, Measured], tmp: Path) -> tuple[list[str], bool]:
    """The idle and busy ticks on forges with one figure doubled at a time."""
    variants = {
        "2V": replace(sizes, visions=sizes.visions * 2),
        "2P": replace(sizes, prs=sizes.prs * 2),
        "2C": replace(sizes, closed=sizes.closed * 2),
        "2I": replace(sizes, issues=sizes.issues * 2),
    }
    for name, variant in variants.items():
        results[name] = measure_world(variant, tmp / name)
    cells: list[tuple[str, Callable[[Measured], str]]] = [
        ("idle tick: requests", lambda m: str(m.idle.total)),
        ("idle tick: wall time", lambda m: f"{m.idle.seconds * 1000:.0f} ms"),
        ("idle tick: CPU time", lambda m: f"{m.idle.cpu_seconds * 1000:.0f} ms"),
        ("busy tick: reads", lambda m: str(m.busy.reads)),
        ("busy tick: writes", lambda m: str(m.busy.writes)),
        ("busy tick: wall time", lambda m: f"{m.busy.seconds * 1000:.0f} ms"),
        ("idle, with its look", lambda m: str(m.incremental.full.total) if m.incremental
         else "-"),
        ("incremental idle", lambda m: str(m.incremental.idle.total)
         if m.incremental and m.incremental.idle else "-"),
        ("covered tick: reads", lambda m: str(m.covered.figures.reads) if m.covered else "-"),
        ("  ... its bound", lambda m: str(m.covered.bound) if m.covered else "-"),
    ]
    names = list(results)
    lines = ["| " + " | ".join(["figure".ljust(20), *(n.rjust(8) for n in names)]) + " |",
             "|" + "|".join(["-" * 22, *("-" * 10 for _ in names)]) + "|"]
    for label, cell in cells:
        values = [cell(results[n]) for n in names]
        lines.append("| " + " | ".join([label.ljust(20), *(v.rjust(8) for v in values)]) + " |")
    idle = {n: m.idle.total for n, m in results.items()}
    per_50 = (idle["2V"] - idle["base"]) / (sizes.visions / 50)
    flat = idle["2C"] == idle["base"] and idle["2I"] == idle["base"]
    bounded = all(m.covered is None or m.covered.figures.reads <= m.covered.bound
                  for m in results.values())
    cheap = all(m.incremental is None or (m.incremental.idle is not None
                                          and m.incremental.idle.total <= 4)
                for m in results.values())
    ok = flat and per_50 <= 1.0 and bounded and cheap
    lines.append("")
    lines.append(f"idle tick requests: {per_50:+.2f} per 50 more visions (target +1), "
                 f"{idle['2C'] - idle['base']:+d} for 2C and {idle['2I'] - idle['base']:+d} "
                 f"for 2I (target +0), {idle['2P'] - idle['base']:+d} for 2P "
                 f"(its comments and reviews per open sprint PR); covered ticks within their "
                 f"bound: {bounded}; incremental idle ticks <= 4: {cheap}: "
                 f"{'PASS' if ok else 'FAIL'}")
    return lines, ok


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{os.cpu_count()} CPU(s) ({model}), Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}")


def parse_args() -> tuple[argparse.Namespace, Sizes]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visions", type=int, default=500)
    parser.add_argument("--prs", type=int, default=3)
    parser.add_argument("--closed", type=int, default=1000)
    parser.add_argument("--issues", type=int, default=2000)
    parser.add_argument("--comments", type=int, default=40)
    parser.add_argument("--sub-issues", type=int, default=1000)
    parser.add_argument("--issue-indexer", choices=("bleve", "db"), default="bleve")
    parser.add_argument("--index-delay", type=float, default=2.0, help="seconds")
    parser.add_argument("--no-growth", action="store_true", help="skip the doubling table")
    parser.add_argument("--show-requests", action="store_true",
                        help="list every request of the idle and busy ticks")
    args = parser.parse_args()
    if args.prs < 2:
        parser.error("--prs must be at least 2 (one PR gets an answer, one files)")
    sizes = Sizes(visions=args.visions, prs=args.prs, closed=args.closed, issues=args.issues,
                  comments=args.comments, sub_issues=args.sub_issues,
                  indexer=args.issue_indexer, index_delay=args.index_delay)
    return args, sizes


def main() -> int:
    args, sizes = parse_args()
    quiet = logging.getLogger("architect")
    quiet.addHandler(logging.NullHandler())
    quiet.propagate = False

    print(f"machine: {machine()}")
    print(f"load average at start: {load()}")
    with tempfile.TemporaryDirectory(prefix="architect-bench-") as tmp_name:
        tmp = Path(tmp_name)
        started = time.perf_counter()
        world = build_world(sizes, tmp / "base")
        print(f"seeded {sizes.describe()} through the API in "
              f"{time.perf_counter() - started:.1f} s")

        idle = idle_tick(world)
        rss = run_peak_rss_mb(world)  # an idle `architect run`, before the busy tick changes things
        # That run reached the forge at its loopback address, which the dashboard's links
        # carry: a tick at the in-process one writes them back, uncounted.
        measure_tick(world, max_open_pitches=sizes.prs)
        incremental = incremental_tick(world)  # after: `architect run` keeps the cursor too
        busy, _ = busy_tick(world)
        loop = webhook_latency(world)
        covered = covered_tick(world)
        more = more_reads(world, tmp)
        world.forge.stop()
        with_profile = measure_world(replace(sizes, profile=True), tmp / "profile")
        first_busy = busy_first(sizes, tmp / "first")
        help_s = cli_help_seconds()
        tokens, trimmed_tokens = pitch_prompt_tokens()

        rows = [
            Row("requests of an idle tick", f"{idle.total} ({idle.reads} reads)", "<= 20",
                idle.total <= 20),
            Row("  ... a full read with its look, each `full_read_every`",
                f"{incremental.full.total}", "<= 20", incremental.full.total <= 20),
            Row("  ... the first tick of a state dir (no cursor yet)",
                f"{incremental.first.total}", "-", None, extra=True),
            Row("  ... incremental: nothing changed since the last full read",
                f"{incremental.idle.total}" if incremental.idle else "never incremental",
                "<= 4", incremental.idle is not None and incremental.idle.total <= 4),
            Row("reads of a tick whose free slot every vision's sub-issues hold",
                str(covered.figures.reads), f"<= {covered.bound}",
                covered.figures.reads <= covered.bound),
            *(Row(f"  ... V=100 S=100 O=0 P=0, I={c.issues}", str(c.reads), f"<= {c.bound}",
                  c.reads <= c.bound) for c in more.small),
            Row("model calls of an idle tick", str(idle.model_calls), "0", idle.model_calls == 0),
            Row("requests of a busy tick, beyond its writes", f"{busy.reads} (+{busy.writes} "
                f"writes)", "<= 30", busy.reads <= 30),
            Row("  ... as a first tick (no cursor: every list read)",
                f"{first_busy.reads} (+{first_busy.writes} writes)", "-", None, extra=True),
            Row("  ... with the bot's .profile repo", f"{with_profile.busy.reads} "
                f"(+{with_profile.busy.writes} writes)", "-", None, extra=True),
            Row("  ... a filing tick alone (plan, overlap check, 5 filed, merge)",
                f"{more.filing.reads} (+{more.filing.writes} writes)", "<= 30",
                more.filing.reads <= 30),
            Row("incremental again behind a proxy adding its own Date", more.proxied.shown(),
                "<= 4", more.proxied.ok),
            Row("incremental again after a crowded second (60 comments)", more.crowded.shown(),
                "<= 4", more.crowded.ok),
            Row("wall time of an idle tick", f"{idle.seconds * 1000:.0f} ms", "<= 500 ms",
                idle.seconds <= 0.5),
            Row("peak memory of `architect run`", f"{rss:.0f} MB", "<= 100 MB", rss <= 100),
            Row("  ... of `architect loop`, a busy tick included",
                f"{loop.peak_rss_mb:.0f} MB", "<= 100 MB", loop.peak_rss_mb <= 100, extra=True),
            Row("`architect --help`", f"{help_s * 1000:.0f} ms", "<= 300 ms", help_s <= 0.3),
            Row("webhook delivery -> reply on the PR", f"{loop.latency_s * 1000:.0f} ms",
                "<= 2000 ms", loop.latency_s <= 2.0),
            Row("prompt of a pitch (demo, 2 KB lessons)", f"{tokens} tokens", "<= 16000",
                tokens <= 16000),
            Row("  ... with a 400 KB code summary", f"{trimmed_tokens} tokens", "<= 16000",
                trimmed_tokens <= 16000, extra=True),
        ]
        print(f"busy tick: {busy.model_calls} model call(s); did: " + "; ".join(busy.actions))
        print(f"covered tick bound: {covered.formula}")
        for c in more.small:
            print(f"covered tick at V=100, S=100, O=0, P=0, I={c.issues}: {c.formula}")
        print()
        print_table(rows)
        ok = all(r.ok is not False for r in rows if not r.extra)
        if args.show_requests:
            shown = [("idle", idle), ("busy", busy), ("busy, with .profile", with_profile.busy),
                     ("covered", covered.figures)]
            shown.append(("first tick of a state dir", incremental.first))
            shown.append(("full read with its look", incremental.full))
            shown.append(("busy as a first tick", first_busy))
            shown.append(("filing", more.filing))
            if incremental.idle is not None:
                shown.append(("incremental idle", incremental.idle))
            for name, figures in shown:
                print(f"\n{name} tick requests:")
                print("\n".join(f"  {r}" for r in figures.requests))
        if not args.no_growth:
            print("\ngrowth (a fresh forge each; one figure doubled at a time):\n")
            results = {"base": Measured(idle, busy, incremental, covered),
                       "+profile": with_profile}
            lines, grows_ok = growth(sizes, results, tmp)
            print("\n".join(lines))
            ok = ok and grows_ok
    print(f"\nload average at the end: {load()}")
    print(f"{'all figures within target' if ok else 'SOME FIGURES MISS THEIR TARGET'}")
    return 0 if ok else 1


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min; {os.cpu_count()} CPUs)"


if __name__ == "__main__":
    sys.exit(main())
