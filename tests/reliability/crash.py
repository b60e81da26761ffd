"""Crash runs: `architect run` as a real process, killed with SIGKILL at random moments.

The embedded forge serves on a loopback port, in this process; the humans of
the scenario act on it in-process, and every tick is `architect run -p …` in
a subprocess. A seeded plan picks, for some ticks, the forge request on whose
arrival the process is killed, plus a few milliseconds of jitter, so kills
land before, during and after a write is applied, and between requests. After
each kill the scenario goes on: ticks run again until one has nothing to do.
The final forge (and journal) must equal a run without kills.

Used by tests/reliability/test_crash.py (a few runs) and bench/faults.py (50+).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from tests.deadlines import within
from tests.reliability.harness import (
    FaultyTransport,
    Run,
    differences,
    duplicates,
    forge_state,
    play,
    scratch_dir,
)
from tests.world import BASE, BOT, World, make_world

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

ARCHITECT = [sys.executable, "-m", "architect"]
KILL_JITTER_S = 0.03
TICK_TIMEOUT_S = within(30)


class KillSwitch:
    """A WSGI wrapper that counts the bot's requests and kills its process at planned ones.

    `plan` maps a request number (counted over the whole scenario, so every
    planned kill lands whatever the earlier kills changed) to a jitter in seconds. A jitter
    of 0 kills at a set point: the forge has done what the request asked, and the process
    dies before it reads the answer; the same every run, however busy the machine (the
    tests). A jitter above 0 lands anywhere in the next moments (the bench's campaigns).
    """

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app
        self.count = 0
        self.plan: dict[int, float] = {}
        self.delay = 0.0  # seconds to hold each request (to make two runs overlap)
        self.proc: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()

    def arm(self, proc: subprocess.Popen[str] | None) -> None:
        with self._lock:
            self.proc = proc

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if self.proc is not None:
            with self._lock:
                self.count += 1
                jitter = self.plan.get(self.count)
            if jitter is not None and jitter > 0:
                threading.Timer(jitter, self._kill).start()
            if self.delay:
                threading.Event().wait(self.delay)
            if jitter == 0:
                answer = list(self.app(environ, start_response))
                self._kill()
                return answer
        return self.app(environ, start_response)

    def _kill(self) -> None:
        proc = self.proc
        if proc is not None and proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)


@dataclass
class Served:
    world: World
    url: str
    toml: Path
    env: dict[str, str]
    switch: KillSwitch


def serve(tmp: Path, src: Path | None = None) -> Served:
    """The test world, served on a loopback port, with a project file that points at it.

    `src`: a copy of the package sources for the `architect` processes to run (the
    bench freezes one, so that edits made meanwhile do not change a campaign halfway).
    """
    # `architect run` reads the wall clock: the forge's must not lag it by days, or the
    # open questions would come due for reminders depending on the day the tests run.
    world = make_world(tmp, start=datetime.now(UTC))
    switch = KillSwitch(world.forge.wsgi)
    world.forge.wsgi = switch  # type: ignore[assignment]  # the server serves the wrapper
    url = world.forge.start()
    toml = tmp / "served.toml"
    toml.write_text((tmp / "shop.toml").read_text().replace(f'"{BASE}"', f'"{url}"'))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FORGE_", "ARCHITECT_"))}
    env |= {"FORGE_ARCHITECT_TOKEN": world.tokens[BOT], "PYTHONUNBUFFERED": "1"}
    if src is not None:
        env["PYTHONPATH"] = str(src)
    enabled = subprocess.run([*ARCHITECT, "enable", "-p", str(toml)], env=env,
                             capture_output=True, text=True, check=False, timeout=60)
    if enabled.returncode != 0:
        raise RuntimeError(f"architect enable failed: {enabled.stderr}")
    return Served(world, url, toml, env, switch)


@dataclass
class CrashRun(Run):
    """`Run` whose ticks are `architect run` processes, some of them killed."""

    served: Served | None = None
    args: tuple[str, ...] = ()  # more options for `architect run` (-v, --json)
    kills: int = 0
    tick_requests: list[int] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)  # stderr of every tick

    def tick(self) -> bool:
        assert self.served is not None
        self.ticks += 1
        switch = self.served.switch
        proc = subprocess.Popen([*ARCHITECT, "run", "-p", str(self.served.toml), *self.args],
                                env=self.served.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        before = switch.count
        switch.arm(proc)
        try:
            out, err = proc.communicate(timeout=TICK_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            self.crashes.append(f"tick {self.ticks} hung")
        switch.arm(None)
        self.tick_requests.append(switch.count - before)
        self.outputs.append(out + err)
        if proc.returncode == -signal.SIGKILL:
            self.kills += 1
            return False
        if proc.returncode not in (0, 1) or "Traceback" in err:
            self.crashes.append(f"tick {self.ticks}: exit {proc.returncode}: {err[-600:]}")
            return False
        return "nothing to do" in err


def _state(served: Served) -> dict[str, Any]:
    state: dict[str, Any] = _replace_url(forge_state(served.world), served.url, BASE)
    return state


def _replace_url(value: Any, url: str, base: str) -> Any:
    if isinstance(value, str):
        return value.replace(url, base)
    if isinstance(value, dict):
        return {k: _replace_url(v, url, base) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_url(v, url, base) for v in value]
    return value


@dataclass(frozen=True)
class CrashResult:
    state: dict[str, Any]
    ticks: int
    kills: int
    tick_requests: tuple[int, ...]
    unsettled: tuple[str, ...]
    crashes: tuple[str, ...]
    outputs: tuple[str, ...] = ()


def crash_run(plan: dict[int, float], *, tmp: Path | None = None,
              play_fn: Callable[[Run], None] = play, src: Path | None = None) -> CrashResult:
    """Play the scenario with `architect run` processes, killed at the planned requests."""
    with scratch_dir(tmp) as where:
        served = serve(where, src)
        served.switch.plan = plan
        try:
            dummy = FaultyTransport(httpx.WSGITransport(app=served.world.forge.wsgi))
            run = CrashRun(served.world, dummy, served=served)
            play_fn(run)
            return CrashResult(_state(served), run.ticks, run.kills, tuple(run.tick_requests),
                               tuple(run.unsettled), tuple(run.crashes), tuple(run.outputs))
        finally:
            served.world.forge.stop()


def kill_plan(rng: random.Random, requests: int, kills: int,
              jitter: float = KILL_JITTER_S) -> dict[int, float]:
    """`kills` request numbers out of the fault-free run's `requests`, each with a jitter
    up to `jitter` (0: each kill at its set point, see `KillSwitch`)."""
    return {at: rng.uniform(0.0, jitter) if jitter else 0.0
            for at in sorted(rng.sample(range(1, requests + 1), kills))}


@dataclass
class CrashSummary:
    runs: int = 0
    kills: int = 0
    converged: int = 0
    duplicates: int = 0
    failures: list[str] = field(default_factory=list)


def _judge(i: int, result: CrashResult, baseline: CrashResult, summary: CrashSummary) -> None:
    diffs = differences(result.state, baseline.state)
    dupes = duplicates(result.state, baseline.state)
    summary.runs += 1
    summary.kills += result.kills
    summary.duplicates += sum(dupes.values())
    if not diffs and not dupes and not result.unsettled and not result.crashes:
        summary.converged += 1
    else:
        summary.failures.append(f"run {i}: {diffs[:3]} {dupes} {result.unsettled} "
                                f"{result.crashes[:2]}")


def _one(args: tuple[int, dict[int, float], Path | None]) -> tuple[int, CrashResult]:
    i, plan, src = args
    return i, crash_run(plan, src=src)


def crash_campaign(runs: int, *, seed: int, kills_per_run: int = 3, jobs: int = 2,
                   play_fn: Callable[[Run], None] = play, src: Path | None = None,
                   jitter: float = KILL_JITTER_S) -> CrashSummary:
    # `architect run` dates the dashboard's rows by the wall clock: a campaign that crosses
    # midnight (UTC) compares runs of two days, so its baseline is run again on the new day.
    day = datetime.now(UTC).date()
    baseline = crash_run({}, play_fn=play_fn, src=src)
    if baseline.crashes or baseline.unsettled:
        raise RuntimeError(f"the run without kills failed: {baseline.crashes} "
                           f"{baseline.unsettled}")
    rng = random.Random(seed)
    total = sum(baseline.tick_requests)
    plans = [(i, kill_plan(rng, total, kills_per_run, jitter), src) for i in range(runs)]
    summary = CrashSummary()
    if play_fn is play and jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for i, result in pool.map(_one, plans):
                _judge(i, result, baseline, summary)
    else:
        for i, plan, _ in plans:
            result = crash_run(plan, play_fn=play_fn, src=src)
            if datetime.now(UTC).date() != day:  # the run, or the baseline, straddled midnight
                day = datetime.now(UTC).date()
                baseline = crash_run({}, play_fn=play_fn, src=src)
                result = crash_run(plan, play_fn=play_fn, src=src)
            _judge(i, result, baseline, summary)
    return summary
