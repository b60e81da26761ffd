"""The claude-cli runner against a fake `claude` that replays real envelopes."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import filelock
import pytest

from architect.core.inputs import ProjectContext
from architect.core.schemas import ForkProposal, Pitch
from architect.errors import InvalidModelOutput, RunnerFailed, RunnerUnavailable
from architect.runners.answer_json import compact_json
from architect.runners.base import Limits, Mode
from architect.runners.claude_cli import ClaudeCliRunner
from architect.runners.inline_schema import self_contained_schema
from architect.runners.sessions import SessionRecord, SessionStore
from tests.runners.conftest import ANTHROPIC_KEY, FORGE_TOKEN, FORKS, OPENAI_KEY, PITCH, a_request

FAKES = Path(__file__).parent / "fakes"
FIXTURES = FAKES / "claude-2.1.332"
RECORDED_SESSION = "bcdd74ba-c344-485c-b293-f42a58665138"  # structured_output/resumed
LOST_SESSION = "00000000-0000-4000-8000-000000000000"
ALLOWED_ENV = {
    "PATH",
    "HOME",
    "LANG",
    "TERM",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "CLAUDE_CONFIG_DIR",
    "DISABLE_AUTOUPDATER",
    "DISABLE_TELEMETRY",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
}


class FakeClaude:
    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        bin_dir.mkdir()
        self.path = bin_dir / "claude"
        source = (FAKES / "fake_claude.py").read_text()
        self.path.write_text(f"#!{sys.executable}\n{source}")
        self.path.chmod(self.path.stat().st_mode | stat.S_IXUSR)

    def play(self, *steps: dict[str, Any]) -> None:
        script = {"fixtures": str(FIXTURES), "steps": list(steps)}
        (self.bin_dir / "script.json").write_text(json.dumps(script))

    @property
    def calls(self) -> list[dict[str, Any]]:
        log = self.bin_dir / "calls.jsonl"
        return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


@pytest.fixture
def claude(tmp_path: Path) -> FakeClaude:
    return FakeClaude(tmp_path / "bin")


@pytest.fixture
def env(base_env: dict[str, str], claude: FakeClaude) -> dict[str, str]:
    return {**base_env, "PATH": f"{claude.bin_dir}{os.pathsep}{base_env['PATH']}"}


def running(pid: int) -> bool:
    """Whether `pid` still runs (a zombie waiting for a reaper does not)."""
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat_line.rsplit(")", 1)[1].split()[0] != "Z"


def a_runner(tmp_path: Path, env: dict[str, str], **kw: Any) -> ClaudeCliRunner:
    return ClaudeCliRunner(
        model_name="opus", state_dir=tmp_path / "state", project="myproj", env=env, **kw
    )


def structured(obj: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"stdout_file": "structured_output.stdout", "patch": {"structured_output": obj, **more}}


def expected_argv(claude: FakeClaude, schema: type[Any], *tail: str) -> list[str]:
    return [
        "-p",
        "--output-format", "json",
        "--json-schema", compact_json(self_contained_schema(schema)),
        "--model", "opus",
        "--max-turns", "6",
        "--tools", "Read,Glob,Grep",
        "--permission-mode", "dontAsk",
        "--setting-sources", "",
        "--strict-mcp-config",
        "--disable-slash-commands",
        "--append-system-prompt", "SYSTEM: you are the architect; answer in the schema.",
        *tail,
    ]  # fmt: skip


@pytest.mark.slow  # starts a process
def test_structured_output_with_exact_argv_prompt_on_stdin_and_clean_env(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    claude.play(structured(FORKS))
    result = a_runner(tmp_path, env).run(a_request(Mode.QUESTIONS, ForkProposal))

    assert result.output.forks[0].question == "Where do webhooks get verified?"
    assert result.session_id == RECORDED_SESSION
    assert (result.usage.input_tokens, result.usage.output_tokens) == (100, 20)
    assert result.usage.cost_usd == pytest.approx(0.0006)
    [call] = claude.calls
    assert call["argv"] == expected_argv(claude, ForkProposal)
    assert call["stdin"] == (
        "CONTEXT: VISION.md says be small.\n\nPROMPT: ask the design questions for vision #3."
    )
    assert not any("PROMPT" in arg for arg in call["argv"])
    assert set(call["env"]) <= ALLOWED_ENV
    assert call["env"]["DISABLE_AUTOUPDATER"] == "1"
    assert call["env"]["ANTHROPIC_API_KEY"] == ANTHROPIC_KEY
    assert not [k for k in call["env"] if k.startswith("FORGE_")]
    seen = json.dumps(call)
    assert FORGE_TOKEN not in seen
    assert OPENAI_KEY not in seen


@pytest.mark.slow  # starts a process
def test_plain_result_text_is_parsed_when_there_is_no_structured_output(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    text = f"<think>let me see</think>Here it is:\n```json\n{json.dumps(PITCH)}\n```"
    claude.play({"stdout_file": "success.stdout", "patch": {"result": text}})

    result = a_runner(tmp_path, env).run(a_request(Mode.PITCH, Pitch, session_key=None))

    assert result.output.verdict == "GO"
    assert result.output.what_exists_today == "A 6-hour loop in loop.py."


VISION = "# Vision\n\nTicks within seconds.\n"


@pytest.mark.slow  # starts a process
def test_the_working_directory_is_a_fresh_copy_of_repo_root(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "loop.py").write_text("print('tick')\n")
    (repo / "VISION.md").write_text(VISION)
    git = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@e", "PATH": env["PATH"], "HOME": env["HOME"]}  # fmt: skip
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "init"]):
        subprocess.run(["git", *args], cwd=repo, env=git, check=True)
    (repo / "uncommitted.txt").write_text("not in the copy")
    claude.play(structured(PITCH))

    a_runner(tmp_path, env, repo_root=repo).run(a_request(Mode.PITCH, Pitch))
    in_context = replace(a_request(Mode.PITCH, Pitch), context=f"<vision_md>\n{VISION}</vision_md>")
    vision = replace(in_context.inputs, context=ProjectContext(vision_md=VISION))
    a_runner(tmp_path, env, repo_root=repo).run(replace(in_context, inputs=vision))
    assert "VISION.md" not in claude.calls[-1]["files"]  # the prompt holds it whole

    call = claude.calls[0]
    assert "loop.py" in call["files"]
    assert "uncommitted.txt" not in call["files"]
    assert "VISION.md" in call["files"]  # not in this request's context: readable
    assert Path(call["cwd"]) != repo
    assert not Path(call["cwd"]).exists()  # removed after the run


@pytest.mark.parametrize(
    ("patch", "exit_code", "words"),
    [
        ({}, 1, "error_max_turns: Reached maximum number of turns (1)"),
        # CLI 2.0.x: the same stop with is_error false and no errors: subtype decides.
        ({"is_error": False, "errors": []}, 0, "error_max_turns"),
    ],
    ids=["is_error-true", "is_error-false"],
)
@pytest.mark.slow  # starts a process
def test_max_turns_is_a_failure_whatever_is_error_says(
    tmp_path: Path,
    env: dict[str, str],
    claude: FakeClaude,
    patch: dict[str, Any],
    exit_code: int,
    words: str,
) -> None:
    claude.play({"stdout_file": "error_max_turns.stdout", "patch": patch, "exit_code": exit_code})
    runner = a_runner(tmp_path, env)

    with pytest.raises(RunnerFailed, match="error_max_turns") as failed:
        runner.run(a_request(Mode.QUESTIONS, ForkProposal))

    assert words in str(failed.value)
    assert len(claude.calls) == 1  # a failed run is not retried in place
    record = SessionStore(tmp_path / "state", "myproj").load("pr-12")
    assert record is not None
    assert record.cost_usd == pytest.approx(0.0006)  # what it cost is still counted


@pytest.mark.slow  # starts a process
def test_an_api_error_reported_as_success_is_a_failure(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    claude.play({"stdout_file": "api_error_401.stdout", "exit_code": 1})

    with pytest.raises(RunnerFailed, match="API error 401: Invalid API key"):
        a_runner(tmp_path, env).run(a_request(Mode.PITCH, Pitch))


@pytest.mark.slow  # starts a process
def test_garbage_on_stdout_fails_with_a_short_excerpt(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    claude.play({"stdout": f"Segmentation fault {ANTHROPIC_KEY} " + "x" * 5000, "exit_code": 0})

    with pytest.raises(RunnerFailed, match="without a result envelope") as failed:
        a_runner(tmp_path, env).run(a_request(Mode.PITCH, Pitch))

    message = str(failed.value)
    assert "Segmentation fault" in message
    assert ANTHROPIC_KEY not in message
    assert len(message) < 500


@pytest.mark.slow  # starts a process
def test_a_run_past_its_timeout_is_killed_with_its_children(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    claude.play({"sleep": 30, **structured(FORKS)})
    request = a_request(Mode.QUESTIONS, ForkProposal, limits=Limits(max_turns=6, timeout_s=1.0))
    started = time.monotonic()

    with pytest.raises(RunnerFailed, match="timed out after 1s") as killed:
        a_runner(tmp_path, env).run(request)

    assert time.monotonic() - started < 10
    assert killed.value.calls == 1  # the tick counts the run it asked for
    child = int((claude.bin_dir / "child.pid").read_text())
    assert not running(child)


@pytest.mark.slow  # starts a process
def test_answers_resume_the_session_and_count_only_the_new_cost(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    store = SessionStore(tmp_path / "state", "myproj")
    store.save(
        SessionRecord(
            key="pr-12",
            runner="claude-cli",
            session_id=RECORDED_SESSION,
            cost_usd=0.0006,
            calls=1,
            cli_total_cost_usd=0.0006,
        )
    )
    claude.play({"stdout_file": "resumed.stdout", "patch": {"structured_output": FORKS}})

    result = a_runner(tmp_path, env).run(a_request(Mode.ANSWERS, ForkProposal))

    [call] = claude.calls
    assert call["argv"][-2:] == ["--resume", RECORDED_SESSION]
    # The prompt alone: the session holds the context, and the system text it kept is
    # the same in every mode (the prompt itself ends with its task and schema).
    assert call["stdin"] == "PROMPT: ask the design questions for vision #3."
    assert "CONTEXT" not in call["stdin"] and "SYSTEM" not in call["stdin"]
    assert result.usage.cost_usd == pytest.approx(0.0012)  # total 0.0018 minus 0.0006
    record = store.load("pr-12")
    assert record is not None
    assert (record.calls, record.cli_total_cost_usd) == (2, pytest.approx(0.0018))
    assert record.cost_usd == pytest.approx(0.0018)
    assert stat.S_IMODE(store.path("pr-12").stat().st_mode) == 0o600


@pytest.mark.slow  # starts a process
def test_an_expired_session_falls_back_to_a_fresh_one_with_the_full_context(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    store = SessionStore(tmp_path / "state", "myproj")
    store.save(SessionRecord(key="pr-12", runner="claude-cli", session_id=LOST_SESSION))
    claude.play(
        {"stderr": f"No conversation found with session ID: {LOST_SESSION}\n", "exit_code": 1},
        structured(FORKS),
    )

    result = a_runner(tmp_path, env).run(a_request(Mode.FILE, ForkProposal))

    lost, fresh = claude.calls
    assert lost["argv"][-2:] == ["--resume", LOST_SESSION]
    assert "--resume" not in fresh["argv"]
    assert fresh["stdin"].startswith("CONTEXT:")
    assert result.session_id == RECORDED_SESSION
    record = store.load("pr-12")
    assert record is not None
    assert record.session_id == RECORDED_SESSION


@pytest.mark.slow  # starts a process
def test_invalid_output_is_sent_back_once_in_the_same_session(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    bad = {"forks": [{"question": "Which?", "options": [{"letter": "A", "text": "x"}]}]}
    claude.play(structured(bad), structured(FORKS))

    result = a_runner(tmp_path, env).run(a_request(Mode.QUESTIONS, ForkProposal))

    first, second = claude.calls
    assert "--resume" not in first["argv"]
    assert second["argv"][-2:] == ["--resume", RECORDED_SESSION]
    assert "forks.0.options" in second["stdin"]
    assert "forks.0.recommended" in second["stdin"]
    assert result.output.forks[0].recommended == "A"
    assert result.usage.cost_usd == pytest.approx(0.0006)  # same session: the total did not grow


@pytest.mark.slow  # starts a process
def test_invalid_output_twice_is_invalid_model_output(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    claude.play(structured({"forks": "none"}))

    with pytest.raises(InvalidModelOutput, match="ForkProposal"):
        a_runner(tmp_path, env).run(a_request(Mode.QUESTIONS, ForkProposal))

    assert len(claude.calls) == 2


@pytest.mark.slow  # starts a process
def test_the_cli_giving_up_on_structured_output_is_invalid_model_output(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    claude.play({"stdout_file": "error_max_structured_output_retries.stdout", "exit_code": 1})

    with pytest.raises(InvalidModelOutput, match="after 5 attempts"):
        a_runner(tmp_path, env).run(a_request(Mode.QUESTIONS, ForkProposal))


def test_a_held_login_lock_fails_the_run_after_its_timeout(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    claude.play(structured(FORKS))
    runner = a_runner(tmp_path, env)
    request = a_request(Mode.QUESTIONS, ForkProposal, limits=Limits(max_turns=6, timeout_s=0.2))

    with filelock.FileLock(str(runner.lock_path)), pytest.raises(RunnerFailed, match="lock"):
        runner.run(request)

    assert claude.calls == []


@pytest.mark.slow  # starts a process
def test_drop_session_deletes_the_session_file(
    tmp_path: Path, env: dict[str, str], claude: FakeClaude
) -> None:
    claude.play(structured(FORKS))
    runner = a_runner(tmp_path, env)
    runner.run(a_request(Mode.QUESTIONS, ForkProposal))
    path = SessionStore(tmp_path / "state", "myproj").path("pr-12")
    assert path.exists()

    runner.drop_session("pr-12")

    assert not path.exists()


def test_check_ready_names_the_missing_binary(tmp_path: Path, base_env: dict[str, str]) -> None:
    # Named explicitly: with claude-agent-sdk installed (CI installs it) the bundled one is found.
    missing_bin = str(tmp_path / "empty" / "claude")
    env = {**base_env, "PATH": str(tmp_path / "empty"), "ARCHITECT_CLAUDE_BIN": missing_bin}

    with pytest.raises(RunnerUnavailable, match="`claude` binary") as missing:
        a_runner(tmp_path, env).check_ready()

    assert "ARCHITECT_CLAUDE_BIN" in str(missing.value)


@pytest.mark.slow  # starts a process
def test_the_binary_can_be_named_by_option_or_environment(
    tmp_path: Path, base_env: dict[str, str], claude: FakeClaude
) -> None:
    env = {**base_env, "PATH": str(tmp_path / "empty")}
    claude.play(structured(PITCH))

    a_runner(tmp_path, env, claude_bin=str(claude.path)).check_ready()
    with_env = {**env, "ARCHITECT_CLAUDE_BIN": str(claude.path)}
    a_runner(tmp_path, with_env).run(a_request(Mode.PITCH, Pitch, session_key=None))

    assert len(claude.calls) == 1
