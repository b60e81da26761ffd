"""`architect loop`: tick every project on its interval, and soon after a webhook.

::

    main thread: signal handlers, waits ──▶ scheduler thread: wait ─▶ due? ─▶ tick ─▶ …
                                               ▲ wake                      (one at a time)
    webhook threads: verify, route ─ poke ─────┘

The schedule is a pure value (`Slot`, `poke`, `started`, `due_at`); the
`Scheduler` applies it with an injected clock and wait, so tests drive it in
virtual time. Every project starts with a tick, then ticks every `interval`;
a webhook delivery pokes its project, and the pokes of a burst coalesce into
one tick (a short debounce, capped so the tick starts within `MAX_DELAY_S`).
A delivery during that project's tick queues exactly one more tick: the
running one may have read the forge before the event.

Ticks run one at a time in the scheduler thread (so a long tick of one project
delays the next tick of another), and the main thread only waits and handles
signals, so that a signal never interrupts an action: SIGTERM/SIGINT set the
stop flag, the running tick stops between two actions (`should_stop`), and the
loop returns 0. A second signal exits at once. A tick that fails or raises is
logged and the loop goes on; a project whose *first* tick reports a
configuration error (exit 2) is dropped, since no later tick can cure it, and
when no project is left the loop exits 2.
"""

from __future__ import annotations

import logging
import math
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager, nullcontext
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from types import FrameType
from typing import Any, Protocol

import httpx

from architect.app.service import tick_once
from architect.config import ProjectConfig, Secrets
from architect.durations import DurationError, format_duration, parse_duration
from architect.forge.github_app import InstallationTokens
from architect.forge.github_http import Kept
from architect.shell.logs import log_project
from architect.shell.webhooks import WebhookServer, edits_for, listen_address, routes_for

log = logging.getLogger("architect")

DEBOUNCE_S = 0.3  # a burst of deliveries (comment + label + edit) becomes one tick
MAX_DELAY_S = 1.5  # ... but a tick starts at most this long after the first delivery
RELAY_S = 0.25  # how soon the main thread passes a stop (signal, stop_event) to the scheduler


class TickFn(Protocol):
    """`service.tick_once`, or a fake in tests."""

    def __call__(self, config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
                 should_stop: Callable[[], bool]) -> int: ...


Clock = Callable[[], float]  # monotonic seconds
WallClock = Callable[[], datetime]  # for what a person reads: when the last tick ran
Wait = Callable[[threading.Event, float], object]  # returns early when the event is set
OUTCOMES = {0: "ok", 1: "failed; a later tick may cure it", 2: "configuration error"}


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _wait(event: threading.Event, timeout: float) -> bool:
    return event.wait(timeout)


# --- the schedule: pure ------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """One project's place in the schedule, in monotonic seconds."""

    name: str
    interval: float
    next_due: float
    poked_first: float | None = None  # the first delivery of the burst waiting for a tick
    poked_last: float | None = None
    ticks: int = 0


def poke(slot: Slot, now: float) -> Slot:
    """A delivery arrived: queue a tick, or join the burst already queued."""
    return replace(slot, poked_first=slot.poked_first if slot.poked_first is not None else now,
                   poked_last=now)


def poke_due(slot: Slot) -> float | None:
    if slot.poked_first is None or slot.poked_last is None:
        return None
    return min(slot.poked_last + DEBOUNCE_S, slot.poked_first + MAX_DELAY_S)


def due_at(slot: Slot) -> float:
    poked = poke_due(slot)
    return slot.next_due if poked is None else min(slot.next_due, poked)


def started(slot: Slot, now: float) -> Slot:
    """A tick starts now: it answers every poke so far, and the interval restarts."""
    return replace(slot, next_due=now + slot.interval, poked_first=None, poked_last=None,
                   ticks=slot.ticks + 1)


def reason_for(slot: Slot, now: float) -> str:
    """Why a due slot ticks, for the log."""
    if slot.ticks == 0:
        return "start"
    return "interval" if slot.next_due <= now else "webhook"


@dataclass(frozen=True)
class LastTick:
    """How a project's last tick went, for /healthz."""

    at: datetime
    exit: int
    took_s: float
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"at": self.at.isoformat(timespec="seconds"), "exit": self.exit,
                "outcome": OUTCOMES.get(self.exit, f"exit {self.exit}"),
                "took_s": round(self.took_s, 3), "reason": self.reason}


def next_slot(slots: Sequence[Slot], now: float) -> Slot | None:
    """The slot whose tick is due now (the longest overdue first), or None."""
    due = [s for s in slots if due_at(s) <= now]
    return min(due, key=due_at) if due else None


# --- the scheduler: the imperative shell ---------------------------------------------------


class Scheduler:
    """Runs the ticks of several projects from one thread; `poke` and `stop` from any."""

    def __init__(self, configs: Sequence[ProjectConfig], intervals: Sequence[float],
                 secrets: Secrets, env: Mapping[str, str], *, tick: TickFn,
                 clock: Clock = time.monotonic, wait: Wait = _wait,
                 stop_event: threading.Event | None = None, wall: WallClock = _utc_now) -> None:
        self._configs = {c.name: c for c in configs}
        self._wall = wall
        self._last: dict[str, LastTick] = {}
        self._secrets = secrets
        self._env = env
        self._tick = tick
        self._clock = clock
        self._wait = wait
        self.stop_event = stop_event or threading.Event()
        self._wake = threading.Event()
        self._lock = threading.Lock()
        now = clock()
        self._slots = {c.name: Slot(c.name, every, now) for c, every in zip(configs, intervals,
                                                                              strict=True)}

    def poke(self, name: str) -> bool:
        """Ask for a tick of project `name` soon; False when no such project runs."""
        with self._lock:
            slot = self._slots.get(name)
            if slot is None:
                return False
            self._slots[name] = poke(slot, self._clock())
        self._wake.set()
        return True

    def health(self) -> dict[str, Any]:
        """Every project with its last tick and when the next one is due (for /healthz)."""
        with self._lock:
            now = self._clock()
            projects = []
            for name in self._configs:
                slot = self._slots.get(name)
                last = self._last.get(name)
                projects.append({
                    "name": name,
                    "ticking": slot is not None,
                    "last_tick": last.as_json() if last else None,
                    "next_tick_in_s": None if slot is None else round(max(due_at(slot) - now,
                                                                         0.0), 1),
                })
        return {"projects": projects}

    def stop(self) -> None:
        self.stop_event.set()
        self._wake.set()

    def wake(self) -> None:
        self._wake.set()

    def stopping(self) -> bool:
        return self.stop_event.is_set()

    def run(self) -> int:
        """Tick until stopped (0), or until no project is left (2)."""
        while not self.stopping():
            self._wake.clear()
            now = self._clock()
            with self._lock:
                if not self._slots:
                    log.error("no project left to tick; fix the configuration and restart")
                    return 2
                slot = next_slot(list(self._slots.values()), now)
                if slot is None:
                    pause = min(due_at(s) for s in self._slots.values()) - now
                else:
                    self._slots[slot.name] = started(slot, now)
            if slot is None:
                self._wait(self._wake, max(pause, 0.0))
            else:
                self._run_tick(slot, reason=reason_for(slot, now))
        return 0

    def _run_tick(self, slot: Slot, *, reason: str) -> None:
        config = self._configs[slot.name]
        begun = self._clock()
        log.info("%s: tick (%s)", slot.name, reason)
        try:
            # With several projects in one process, every line says whose it is.
            with log_project(slot.name) if len(self._configs) > 1 else nullcontext():
                code = self._tick(config, self._secrets, self._env, should_stop=self.stopping)
        except Exception:  # a bug in one tick must not end the service
            log.exception("%s: tick crashed; the loop goes on", slot.name)
            code = 1
        elapsed = self._clock() - begun
        took = format_duration_s(elapsed)
        with self._lock:
            self._last[slot.name] = LastTick(self._wall(), code, elapsed, reason)
        if code == 2 and slot.ticks == 0:
            log.error("%s: configuration error (exit 2) on the first tick; dropping this "
                      "project until the service restarts", slot.name)
            with self._lock:
                del self._slots[slot.name]
            return
        if self.stopping():
            log.info("%s: tick ended (exit %d, %s); stopping", slot.name, code, took)
            return
        every = format_duration_s(slot.interval)
        level = logging.INFO if code == 0 else logging.WARNING
        log.log(level, "%s: tick ended (exit %d, %s); next in %s", slot.name, code, took, every)


def format_duration_s(seconds: float) -> str:
    """6h, 15m, 2s for intervals; 0.3s, 12.5s for how long a tick took."""
    if seconds < 60 and not float(seconds).is_integer():
        return f"{seconds:.1f}s"
    return format_duration(timedelta(seconds=math.ceil(seconds)))


# --- run_forever: wiring, signals -------------------------------------------------------------


class SetupError(ValueError):
    """A problem with the loop's arguments; run_forever logs it and returns 2."""


def intervals_for(configs: Sequence[ProjectConfig], interval: str | None) -> list[float]:
    """`--interval` for every project when given, else each project's own (TOML or env)."""
    if interval is None:
        return [c.architect.interval.total_seconds() for c in configs]
    try:
        every = parse_duration(interval).total_seconds()
    except DurationError as exc:
        raise SetupError(f"--interval: {exc}") from None
    return [every for _ in configs]


def check_projects(configs: Sequence[ProjectConfig]) -> None:
    if not configs:
        raise SetupError("no project to tick; pass -p projects/NAME.toml")
    names = [c.name for c in configs]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise SetupError(f"two project files name the project {', '.join(twice)}; each project "
                         "needs its own name (it names its state directory and lock)")


class KeptTicks:
    """`tick_once` with what each project's GitHub connection keeps across the ticks of
    this process (`Kept`): the App's installation token until shortly before it expires,
    the ETags (an unchanged tick is answered 304, free), both rate-limit buckets."""

    def __init__(self, *, transport: httpx.BaseTransport | None = None,
                 kept: Callable[[], Kept] = Kept) -> None:
        """`transport` and `kept`: an in-process forge and virtual time, for tests."""
        self.kept: dict[str, Kept] = {}
        self._transport = transport
        self._new = kept

    def __call__(self, config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
                 should_stop: Callable[[], bool]) -> int:
        kept = self.kept.setdefault(config.name, self._new())
        return tick_once(config, secrets, env, should_stop=should_stop, kept=kept,
                         transport=self._transport)

    def close(self) -> None:
        for kept in self.kept.values():
            if isinstance(kept.tokens, InstallationTokens):
                kept.tokens.close()


def run_forever(configs: Sequence[ProjectConfig], secrets: Secrets, env: Mapping[str, str], *,
                interval: str | None, webhook: str | None, tick: TickFn | None = None,
                clock: Clock = time.monotonic, wait: Wait = _wait,
                stop_event: threading.Event | None = None) -> int:
    """`architect loop`: tick every project until SIGTERM/SIGINT (or `stop_event`); the exit code.

    0 when stopped; 2 for bad arguments or when every project has a
    configuration error; 1 when the webhook address cannot be bound.
    """
    try:
        check_projects(configs)
        intervals = intervals_for(configs, interval)
    except SetupError as exc:
        log.error("%s", exc)
        return 2
    # The configs stay as their files say: the dashboard tells the project's interval,
    # the same whichever command ticked last (`--interval` paces this loop only).
    kept = KeptTicks()  # `tick`: a test's own, which keeps nothing
    scheduler = Scheduler(configs, intervals, secrets, env, tick=tick or kept, clock=clock,
                          wait=wait, stop_event=stop_event)
    with _webhooks(webhook, configs, secrets, scheduler) as code, closing(kept):
        if code is not None:
            return code
        for config, every in zip(configs, intervals, strict=True):
            log.info("%s: ticking every %s", config.name, format_duration_s(every))
        with _signals(scheduler):
            return _run_in_thread(scheduler)


@contextmanager
def _webhooks(address: str | None, configs: Sequence[ProjectConfig], secrets: Secrets,
              scheduler: Scheduler) -> Iterator[int | None]:
    """Serve webhooks for the `with` block; yields an exit code when they cannot start."""
    if address is None:
        yield None
        return
    if secrets.webhook_secret is None:
        log.error("--webhook needs ARCHITECT_WEBHOOK_SECRET: set it to the secret the forge's "
                  "webhooks sign deliveries with (`architect init --webhook-url` registers them)")
        yield 2
        return
    try:
        host, port = listen_address(address)
    except ValueError as exc:
        log.error("--webhook %s: %s", address, exc)
        yield 2
        return
    try:
        server = WebhookServer(host, port, secret=secrets.webhook_secret,
                               routes=routes_for(configs), poke=scheduler.poke,
                               health=scheduler.health, edits=edits_for(configs),
                               max_body=max(c.architect.webhook_max_body_kb for c in configs)
                               * 1024)
    except OSError as exc:
        log.error("--webhook %s: cannot listen there: %s", address, exc.strerror or exc)
        yield 1
        return
    server.start()
    try:
        yield None
    finally:
        server.close()


@contextmanager
def _signals(scheduler: Scheduler) -> Iterator[None]:
    """SIGTERM/SIGINT stop the loop gracefully; a second one exits at once.

    Only the main thread may install handlers; elsewhere (tests) stop_event does it.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    asked: list[int] = []  # a plain list: the handler must not wait for any lock

    def handler(signum: int, _frame: FrameType | None) -> None:
        name = signal.Signals(signum).name
        if asked:
            log.warning("%s again: exiting without waiting for the tick", name)
            raise SystemExit(128 + signum)
        asked.append(signum)
        # Only the stop flag, whose lock the main thread never takes; the main thread
        # then wakes the scheduler (see _run_in_thread). Setting the scheduler's wake
        # event here could deadlock on a lock the interrupted main thread holds.
        scheduler.stop_event.set()
        log.info("%s: finishing the current action, then exiting", name)

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def _run_in_thread(scheduler: Scheduler) -> int:
    """Run the scheduler in a thread; the main thread stays free for signal handlers."""
    result: list[int] = []

    def target() -> None:
        try:
            result.append(scheduler.run())
        except BaseException:
            log.exception("the loop crashed")
            result.append(1)

    # A daemon thread, so that a second signal's SystemExit does not wait for the tick.
    thread = threading.Thread(target=target, name="architect-loop", daemon=True)
    thread.start()
    woken = False
    while thread.is_alive():
        thread.join(RELAY_S)
        if scheduler.stopping() and not woken:
            # A signal handler or the caller set stop_event: wake the scheduler's wait.
            scheduler.wake()
            woken = True
    return result[0] if result else 1
