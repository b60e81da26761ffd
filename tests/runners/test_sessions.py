"""Session files and working directories."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from architect.core.inputs import PlannerInputs, ProjectContext, VisionInput
from architect.core.schemas import LessonsDigest
from architect.errors import ModelTimedOut, StillTimingOut
from architect.runners.api_runner import with_correction
from architect.runners.base import Limits, Mode, ModelRequest, Usage
from architect.runners.sessions import (
    SessionRecord,
    SessionStore,
    Transcript,
    cap_limits,
    overload_key,
    overload_watch,
    workdir,
)


def test_a_record_round_trips_privately(tmp_path: Path) -> None:
    store = SessionStore(tmp_path, "myproj")
    record = SessionRecord(
        key="pr-7", runner="anthropic", messages=[{"role": "user", "content": "hi"}]
    )

    store.save(record.charged(Usage(10, 5, 0.25)))

    assert store.path("pr-7") == tmp_path / "sessions" / "myproj" / "pr-7.json"
    assert stat.S_IMODE(store.path("pr-7").stat().st_mode) == 0o600
    loaded = store.load("pr-7")
    assert loaded is not None
    assert (loaded.calls, loaded.cost_usd, loaded.messages[0]["content"]) == (1, 0.25, "hi")


def test_a_broken_session_file_is_a_fresh_session(tmp_path: Path) -> None:
    store = SessionStore(tmp_path, "myproj")
    store.path("pr-7").parent.mkdir(parents=True)
    store.path("pr-7").write_text("{not json")

    assert store.load("pr-7") is None


@pytest.mark.parametrize("key", ["../pr-7", "pr/7", "", ".hidden", "a..b"])
def test_a_session_key_cannot_leave_the_sessions_directory(tmp_path: Path, key: str) -> None:
    with pytest.raises(ValueError, match="not a safe file name"):
        SessionStore(tmp_path, "myproj").path(key)


def test_a_resumed_call_sends_no_earlier_turn_but_keeps_counting(tmp_path: Path) -> None:
    store = SessionStore(tmp_path, "myproj")
    first = Transcript(store, "pr-7", Mode.QUESTIONS, "openai", "m")
    first.charge(Usage(1, 1, 0.5))
    first.keep("ask", "{}")

    answers = Transcript(store, "pr-7", Mode.ANSWERS, "openai", "m")
    answers.charge(Usage(1, 1, 0.25))

    assert answers.messages("more") == [{"role": "user", "content": "more"}]
    assert with_correction(answers.messages("more"), "bad", "fix it") == [
        {"role": "user", "content": "more"},
        {"role": "assistant", "content": "bad"},
        {"role": "user", "content": "fix it"},
    ]
    record = store.load("pr-7")
    assert record is not None and (record.calls, record.cost_usd) == (2, 0.75)


def test_limits_are_capped_by_the_configuration() -> None:
    assert cap_limits(Limits(8, 600.0), Limits(4, 900.0)) == Limits(4, 600.0)
    assert cap_limits(Limits(8, 600.0), None) == Limits(8, 600.0)


def test_a_plain_directory_is_copied_without_caches(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "pkg" / "__pycache__").mkdir(parents=True)
    (repo / "pkg" / "mod.py").write_text("x = 1\n")
    (repo / "pkg" / "__pycache__" / "mod.pyc").write_bytes(b"\0")

    with workdir(tmp_path / "state", "myproj", "pr-7", repo, {}) as cwd:
        assert (cwd / "pkg" / "mod.py").read_text() == "x = 1\n"
        assert not (cwd / "pkg" / "__pycache__").exists()
        stable = cwd

    assert not stable.exists()
    with workdir(tmp_path / "state", "myproj", "pr-7", None, {}) as again:
        assert again == stable  # claude files sessions by path: the same PR, the same path
        assert list(again.iterdir()) == []


@pytest.mark.parametrize(("mode", "session_key", "pr", "counted_in"), [
    (Mode.QUESTIONS, "pr-7", 7, "pr-7"),  # the PR's session file
    (Mode.REVISE, None, 7, "pr-7"),  # no session, but a PR whose humans wait
    (Mode.PITCH, None, None, "vision-3"),  # no PR yet: the vision's own counter
    (Mode.DIGEST, None, None, None),  # nobody waits on a digest: never told
])
def test_overloaded_runs_are_counted_where_the_humans_who_wait_will_hear(
    mode: Mode, session_key: str | None, pr: int | None, counted_in: str | None
) -> None:
    inputs = PlannerInputs(project="p", vision=VisionInput(3, "V", "b"),
                           context=ProjectContext(), pr_number=pr)
    request = ModelRequest(mode, LessonsDigest, "s", "c", "p", inputs, session_key)

    assert overload_key(request) == counted_in


def test_runs_cut_off_at_model_timeout_are_told_on_the_third_in_a_row(tmp_path: Path) -> None:
    store = SessionStore(tmp_path, "p")

    def runaway() -> None:
        raise ModelTimedOut("openai: no answer within 60s (model_timeout, for the whole call)")

    for _ in range(2):
        with pytest.raises(ModelTimedOut) as quiet:
            overload_watch(store, "pr-7", "openai", runaway)
        assert not isinstance(quiet.value, StillTimingOut)
    with pytest.raises(StillTimingOut, match=r"model_timeout.*\(3 runs in a row\)"):
        overload_watch(store, "pr-7", "openai", runaway)
    record = store.load("pr-7")
    assert record is not None and record.timed_out == 0  # told once: counted afresh


def test_an_answer_in_time_ends_the_count_of_runs_cut_off(tmp_path: Path) -> None:
    store = SessionStore(tmp_path, "p")

    def runaway() -> None:
        raise ModelTimedOut("no answer within model_timeout")

    with pytest.raises(ModelTimedOut):
        overload_watch(store, "pr-7", "openai", runaway)
    assert overload_watch(store, "pr-7", "openai", lambda: "answer") == "answer"
    record = store.load("pr-7")
    assert record is not None and record.timed_out == 0
