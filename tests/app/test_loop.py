"""`architect loop`: the schedule, failures, stopping, in virtual time and under real signals."""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest

from architect.app.loop import (
    DEBOUNCE_S,
    MAX_DELAY_S,
    Scheduler,
    Slot,
    due_at,
    next_slot,
    poke,
    run_forever,
    started,
)
from architect.config import ArchitectConfig, ProjectConfig, Secrets
from architect.durations import parse_duration
from architect.forge.secret import Secret
from tests.app.service.conftest import Child

H = 3600.0
START = 1000.0  # the virtual monotonic clock's origin


def project(tmp_path: Path, name: str, interval: str = "6h") -> ProjectConfig:
    return ProjectConfig(
        name=name, repo=f"o/{name}", ops_repo=f"o/{name}-ops", forge_url="http://127.0.0.1:9",
        architect=ArchitectConfig(state_dir=tmp_path / "state",
                                  interval=parse_duration(interval)),
    )


class VirtualTime:
    """A monotonic clock that a wait moves forward, instantly."""

    def __init__(self) -> None:
        self.now = START
        self.waits: list[float] = []

    def clock(self) -> float:
        return self.now

    def wait(self, event: threading.Event, timeout: float) -> bool:
        self.waits.append(timeout)
        if not event.is_set():
            self.now += timeout
        return event.is_set()

    def hours(self) -> float:
        return (self.now - START) / H


class Ticks:
    """A fake tick: records (project, hour); stops the loop after `limit` ticks."""

    def __init__(self, time: VirtualTime, stop: threading.Event, limit: int,
                 behave: Callable[[str, int], int] = lambda name, n: 0) -> None:
        self.time = time
        self.stop = stop
        self.limit = limit
        self.behave = behave
        self.calls: list[tuple[str, float]] = []
        self.saw_stop: list[bool] = []

    def __call__(self, config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
                 should_stop: Callable[[], bool]) -> int:
        self.calls.append((config.name, self.time.hours()))
        mine = sum(1 for name, _ in self.calls if name == config.name)
        if len(self.calls) >= self.limit:
            self.stop.set()
        self.saw_stop.append(should_stop())
        return self.behave(config.name, mine)


def run(configs: Sequence[ProjectConfig], ticks: Ticks, time: VirtualTime, *,
        interval: str | None = None, secrets: Secrets | None = None,
        webhook: str | None = None) -> int:
    return run_forever(configs, secrets or Secrets(), {}, interval=interval, webhook=webhook,
                       tick=ticks, clock=time.clock, wait=time.wait, stop_event=ticks.stop)


@pytest.fixture
def time() -> VirtualTime:
    return VirtualTime()


# --- the schedule ------------------------------------------------------------------------------


def test_two_projects_tick_on_their_own_intervals(tmp_path: Path, time: VirtualTime) -> None:
    ticks = Ticks(time, threading.Event(), limit=10)
    code = run([project(tmp_path, "a", "6h"), project(tmp_path, "b", "2h")], ticks, time)
    assert code == 0
    assert ticks.calls == [("a", 0), ("b", 0), ("b", 2), ("b", 4), ("a", 6), ("b", 6),
                           ("b", 8), ("b", 10), ("a", 12), ("b", 12)]


def test_interval_option_overrides_every_project(tmp_path: Path, time: VirtualTime) -> None:
    ticks = Ticks(time, threading.Event(), limit=6)
    code = run([project(tmp_path, "a"), project(tmp_path, "b")], ticks, time, interval="15m")
    assert code == 0
    assert ticks.calls == [("a", 0), ("b", 0), ("a", 0.25), ("b", 0.25), ("a", 0.5), ("b", 0.5)]


def test_the_loop_sleeps_until_the_next_tick_rather_than_polling(tmp_path: Path,
                                                                  time: VirtualTime) -> None:
    ticks = Ticks(time, threading.Event(), limit=3)
    run([project(tmp_path, "a", "6h")], ticks, time)
    assert time.waits == [6 * H, 6 * H]


def test_a_tick_that_raises_is_logged_and_the_loop_goes_on(
        tmp_path: Path, time: VirtualTime, caplog: pytest.LogCaptureFixture) -> None:
    def behave(name: str, n: int) -> int:
        if name == "a" and n == 1:
            raise RuntimeError("boom in the tick")
        return 1 if name == "b" else 0  # b fails the ordinary way: forge down

    caplog.set_level(logging.INFO, logger="architect")
    ticks = Ticks(time, threading.Event(), limit=4, behave=behave)
    code = run([project(tmp_path, "a"), project(tmp_path, "b")], ticks, time)
    assert code == 0
    assert ticks.calls == [("a", 0), ("b", 0), ("a", 6), ("b", 6)]
    crashed = [r for r in caplog.records if "a: tick crashed" in r.getMessage()]
    assert len(crashed) == 1 and crashed[0].exc_info is not None
    assert "boom in the tick" in caplog.text
    assert "b: tick ended (exit 1" in caplog.text


def test_a_project_whose_first_tick_is_a_config_error_is_dropped(
        tmp_path: Path, time: VirtualTime, caplog: pytest.LogCaptureFixture) -> None:
    ticks = Ticks(time, threading.Event(), limit=4,
                  behave=lambda name, n: 2 if name == "a" else 0)
    code = run([project(tmp_path, "a"), project(tmp_path, "b")], ticks, time)
    assert code == 0
    assert ticks.calls == [("a", 0), ("b", 0), ("b", 6), ("b", 12)]
    assert "a: configuration error (exit 2) on the first tick" in caplog.text


def test_when_every_project_has_a_config_error_the_loop_exits_2(
        tmp_path: Path, time: VirtualTime, caplog: pytest.LogCaptureFixture) -> None:
    ticks = Ticks(time, threading.Event(), limit=99, behave=lambda name, n: 2)
    code = run([project(tmp_path, "a"), project(tmp_path, "b")], ticks, time)
    assert code == 2
    assert ticks.calls == [("a", 0), ("b", 0)]
    assert "no project left to tick" in caplog.text


def test_a_later_config_error_does_not_drop_the_project(tmp_path: Path,
                                                        time: VirtualTime) -> None:
    ticks = Ticks(time, threading.Event(), limit=3, behave=lambda name, n: 2 if n > 1 else 0)
    assert run([project(tmp_path, "a")], ticks, time) == 0
    assert ticks.calls == [("a", 0), ("a", 6), ("a", 12)]


def test_stopping_during_a_tick_tells_the_tick_and_exits_0(tmp_path: Path,
                                                           time: VirtualTime) -> None:
    ticks = Ticks(time, threading.Event(), limit=2)
    code = run([project(tmp_path, "a"), project(tmp_path, "b")], ticks, time)
    assert code == 0
    assert ticks.saw_stop == [False, True]  # the second tick saw should_stop() become true
    assert ticks.calls == [("a", 0), ("b", 0)]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"interval": "soon"}, '--interval: "soon" is not a duration'),
    ({"webhook": "127.0.0.1:8080"}, "--webhook needs ARCHITECT_WEBHOOK_SECRET"),
    ({"webhook": "8080", "secrets": Secrets(webhook_secret=Secret("s3cr3t"))},
     "--webhook 8080: expected HOST:PORT"),
])
def test_bad_arguments_exit_2_with_the_fix(tmp_path: Path, time: VirtualTime,
                                           caplog: pytest.LogCaptureFixture,
                                           kwargs: dict[str, object], message: str) -> None:
    ticks = Ticks(time, threading.Event(), limit=1)
    assert run([project(tmp_path, "a")], ticks, time, **kwargs) == 2  # type: ignore[arg-type]
    assert message in caplog.text
    assert ticks.calls == []


def test_two_files_naming_one_project_exit_2(tmp_path: Path, time: VirtualTime,
                                             caplog: pytest.LogCaptureFixture) -> None:
    ticks = Ticks(time, threading.Event(), limit=1)
    assert run([project(tmp_path, "a"), project(tmp_path, "a")], ticks, time) == 2
    assert "two project files name the project a" in caplog.text


# --- webhook pokes, in virtual time -------------------------------------------------------------


def test_slot_burst_of_pokes_is_one_tick_after_the_debounce() -> None:
    slot = Slot("a", interval=6 * H, next_due=6 * H)
    for i in range(20):
        slot = poke(slot, 10.0 + i * 0.01)
    assert due_at(slot) == pytest.approx(10.19 + DEBOUNCE_S)
    assert next_slot([slot], 10.19 + DEBOUNCE_S - 0.01) is None
    assert next_slot([slot], 10.19 + DEBOUNCE_S) == slot


def test_slot_steady_stream_of_pokes_still_ticks_within_the_cap() -> None:
    slot = Slot("a", interval=6 * H, next_due=6 * H)
    for i in range(100):
        slot = poke(slot, 10.0 + i * 0.2)  # never a pause as long as the debounce
    assert due_at(slot) == pytest.approx(10.0 + MAX_DELAY_S)
    assert MAX_DELAY_S < 2.0  # the promise: a tick within 2 s of a delivery


def test_slot_tick_answers_the_pokes_and_restarts_the_interval() -> None:
    slot = started(poke(Slot("a", interval=6 * H, next_due=6 * H), 10.0), 10.3)
    assert slot.poked_first is None
    assert due_at(slot) == 10.3 + 6 * H


def test_deliveries_during_a_tick_queue_exactly_one_more(tmp_path: Path,
                                                         time: VirtualTime) -> None:
    stop = threading.Event()
    calls: list[float] = []
    box: list[Scheduler] = []

    def tick(config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
             should_stop: Callable[[], bool]) -> int:
        calls.append(time.now - START)
        if len(calls) == 1:
            for _ in range(20):
                assert box[0].poke("a")
        if len(calls) == 3:
            stop.set()
        return 0

    scheduler = Scheduler([project(tmp_path, "a")], [6 * H], Secrets(), {}, tick=tick,
                          clock=time.clock, wait=time.wait, stop_event=stop)
    box.append(scheduler)
    assert scheduler.run() == 0
    assert calls == [0, pytest.approx(DEBOUNCE_S), pytest.approx(DEBOUNCE_S + 6 * H)]
    assert not scheduler.poke("nope")


# --- real processes, real signals -----------------------------------------------------------------


@pytest.mark.slow  # starts a process
def test_sigterm_during_a_tick_stops_between_actions_and_exits_0(
        tmp_path: Path, children: list[Child]) -> None:
    child = Child(tmp_path, seconds_per_tick=30)
    children.append(child)
    child.expect("tick widgets 1")
    child.proc.send_signal(signal.SIGTERM)
    code, lines = child.finish()
    assert code == 0
    assert "tick 1 stopped between actions" in lines
    assert "tick 1 finished" not in lines
    assert any("SIGTERM: finishing the current action, then exiting" in line for line in lines)


@pytest.mark.slow  # starts a process
def test_a_second_sigint_exits_without_waiting_for_a_stuck_tick(
        tmp_path: Path, children: list[Child]) -> None:
    child = Child(tmp_path, seconds_per_tick=30, stubborn=True)
    children.append(child)
    child.expect("tick widgets 1")
    child.proc.send_signal(signal.SIGINT)
    child.expect("SIGINT: finishing the current action")
    child.proc.send_signal(signal.SIGINT)
    code, lines = child.finish(timeout=5)
    assert code == 128 + signal.SIGINT
    assert any("SIGINT again: exiting without waiting for the tick" in line for line in lines)
    assert "tick 1 finished" not in lines


@pytest.mark.slow  # starts a process
def test_sigterm_between_ticks_exits_0_at_once(tmp_path: Path, children: list[Child]) -> None:
    child = Child(tmp_path, seconds_per_tick=0)
    children.append(child)
    child.expect("tick 1 finished")
    child.expect("next in 1h")
    child.proc.send_signal(signal.SIGTERM)
    code, lines = child.finish(timeout=5)
    assert code == 0
    assert not any("tick widgets 2" in line for line in lines)
