"""A whole sprint through the REAL Claude Code binary, against a loopback Messages API.

The binary is the one bundled in the `claude-agent-sdk` wheel (the `claude`
extra). It runs as the architect runs it (`claude -p … --json-schema …`),
through a `claude` wrapper on PATH that records each run's argv,
environment and output, and talks to `MessagesAPI` on 127.0.0.1, which
answers as a model would: it looks at the checkout with `Glob` and `Read`
before pitching, and gives each answer through the CLI's structured-output
tool. Nothing leaves the machine: the CLI is told to send no telemetry.

The sprint is played once for the module (`played`, about 6 s; the forge is
checked after every tick there); each test reads one aspect of it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from architect.core.schemas import AnswerRound, ForkProposal, Pitch, SubIssuePlan
from architect.runners.base import Mode
from architect.runners.inline_schema import self_contained_schema
from architect.runners.sessions import SessionStore
from tests.e2e.runners.conftest import (
    FAKE_ANTHROPIC_KEY,
    forge_secrets,
    model_env,
    remember_usage,
    runner_for,
)
from tests.e2e.runners.messages_api import STRUCTURED_OUTPUT_TOOL, Exchange, MessagesAPI, ToolCall
from tests.e2e.runners.sprint import (
    ANSWERS,
    FREE_TEXT_ANSWER,
    SprintRun,
    make_checkout,
    play_sprint,
    with_model,
)
from tests.world import World, make_world

SCHEMAS = {"Pitch": Pitch, "ForkProposal": ForkProposal, "AnswerRound": AnswerRound,
           "SubIssuePlan": SubIssuePlan}  # fmt: skip
READ_ONLY_TOOLS = {"Read", "Glob", "Grep"}
NEVER_OFFERED = {"Bash", "Edit", "Write", "MultiEdit", "NotebookEdit", "WebFetch", "WebSearch",
                 "Task", "Agent"}  # fmt: skip
OUTSIDE_TEXT = "NOT-FOR-THE-MODEL: a file beside the checkout"
# The real binary, through a Python wrapper, once a tick: processes, so the full run's.
pytestmark = pytest.mark.slow

WRAPPER = """\
#!{python}
# Records each run of the real claude binary, then behaves exactly as it did.
import json, os, subprocess, sys
stdin = sys.stdin.buffer.read()
done = subprocess.run([{binary!r}, *sys.argv[1:]], input=stdin, capture_output=True)
record = {{"argv": sys.argv[1:], "env": dict(os.environ), "cwd": os.getcwd(),
          "stdin": stdin.decode(), "exit_code": done.returncode,
          "stdout": done.stdout.decode(), "stderr": done.stderr.decode()}}
with open({log!r}, "a") as out:
    out.write(json.dumps(record) + "\\n")
sys.stdout.buffer.write(done.stdout)
sys.stderr.buffer.write(done.stderr)
sys.exit(done.returncode)
"""


def bundled_claude() -> Path | None:
    spec = importlib.util.find_spec("claude_agent_sdk")
    for location in (spec.submodule_search_locations or []) if spec else []:
        binary = Path(location) / "_bundled" / "claude"
        if os.access(binary, os.X_OK):
            return binary
    return None


def install_wrapper(bin_dir: Path, binary: Path) -> Path:
    bin_dir.mkdir()
    wrapper = bin_dir / "claude"
    log = bin_dir / "runs.jsonl"
    wrapper.write_text(WRAPPER.format(python=sys.executable, binary=str(binary), log=str(log)))
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    return log


def pitch_reads(outside: Path) -> dict[str, list[ToolCall]]:
    """What the model looks at before pitching: the checkout, then a file outside it."""
    return {
        "Pitch": [
            ToolCall("Glob", {"pattern": "**/*.py"}),
            ToolCall("Read", {"file_path": "{cwd}/shop/cart.py"}),
            ToolCall("Read", {"file_path": str(outside)}),
        ]
    }


@dataclass(frozen=True)
class Played:
    world: World
    run: SprintRun
    calls: list[Exchange]  # the requests that asked for an answer, oldest first
    exchanges: list[Exchange]  # every request the CLI made
    runs: list[dict[str, Any]]  # what the wrapper saw of each CLI run
    envelopes: list[dict[str, Any]]  # each run's result envelope
    questions_session: str | None  # the PR's session id, from its file after the questions
    outside: Path


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Played:
    binary = bundled_claude()
    if binary is None:
        pytest.skip(
            "the real Claude Code binary is absent: claude_agent_sdk/_bundled/claude comes "
            "with `pip install claude-agent-sdk` (the project's `claude` extra)"
        )
    tmp = tmp_path_factory.mktemp("real-claude")
    world = make_world(tmp)
    runs_log = install_wrapper(tmp / "bin", binary)
    outside = tmp / "outside.txt"
    outside.write_text(OUTSIDE_TEXT)
    store: list[str | None] = []
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, tool_calls=pitch_reads(outside)) as api:
        with_model(world, make_checkout(tmp / "checkout"), model="claude-cli", model_name="opus")
        env = model_env(world, tmp, ANTHROPIC_API_KEY=FAKE_ANTHROPIC_KEY,
                        ANTHROPIC_BASE_URL=api.url)  # fmt: skip
        env["PATH"] = f"{runs_log.parent}{os.pathsep}{env['PATH']}"
        sessions = SessionStore(world.config.architect.state_dir, world.config.name)

        def after(tick: int) -> None:
            if tick == 1:  # the design questions start the PR's session
                record = sessions.load("pr-1")
                store.append(record.session_id if record else None)

        run = play_sprint(world, runner_for(world, env), after=after, between=api.expire_cache)
    runs = [json.loads(line) for line in runs_log.read_text().splitlines()]
    envelopes = [json.loads(r["stdout"]) for r in runs]
    model = next(iter(envelopes[0]["modelUsage"]))
    remember_usage(request.config, "claude-cli, real claude", model, run)
    return Played(world, run, api.model_calls(), api.exchanges, runs, envelopes, store[0],
                  outside)  # fmt: skip


def test_the_whole_sprint_runs_through_the_binary(played: Played) -> None:
    # play_sprint checked the forge after every tick: PR, questions, acknowledgments, filing.
    assert [r["exit_code"] for r in played.runs] == [0] * 5
    assert [e["subtype"] for e in played.envelopes] == ["success"] * 5
    assert [c.schema for c in played.calls] == [
        *["Pitch"] * 4,
        "ForkProposal",
        "AnswerRound",
        "AnswerRound",
        "SubIssuePlan",
    ]
    assert all(e.schema is not None for e in played.exchanges)  # no side requests


def test_answers_and_filing_resume_the_session_the_questions_started(played: Played) -> None:
    sid = played.envelopes[1]["session_id"]
    assert played.questions_session == sid
    assert ["--resume" in r["argv"] for r in played.runs] == [False, False, True, True, True]
    for later in played.runs[2:]:
        assert later["argv"][later["argv"].index("--resume") + 1] == sid
    assert [e["session_id"] for e in played.envelopes[2:]] == [sid] * 3
    questions, *resumed = played.calls[4:]
    assert {c.headers["x-claude-code-session-id"] for c in (questions, *resumed)} == {sid}
    assert played.calls[0].headers["x-claude-code-session-id"] != sid  # a pitch has its own
    for call in resumed:  # the model sees the design conversation so far
        assert _structured_answers(call)[:1] == ANSWERS["ForkProposal"]
    assert FREE_TEXT_ANSWER in _prompt(resumed[0])
    assert _structured_answers(resumed[-1]) == [*ANSWERS["ForkProposal"], *ANSWERS["AnswerRound"]]


def test_each_answer_comes_through_the_structured_output_tool(played: Played) -> None:
    for call in played.calls:
        tool = call.tool(STRUCTURED_OUTPUT_TOOL)
        assert tool is not None, f"the CLI offered {call.tool_names}"
        assert tool["input_schema"] == self_contained_schema(SCHEMAS[call.schema or ""])
        assert set(call.tool_names) >= READ_ONLY_TOOLS
        assert not NEVER_OFFERED & set(call.tool_names)
        # This turn's instructions reach the model, though a resumed session keeps the
        # system prompt of its first turn (the questions'): the runner repeats them.
        told = f"Answer only with one JSON object in the schema `{call.schema}`"
        assert told in call.system_text or told in _prompt(call)
    assert [c.answered_with for c in played.calls[3:]] == [f"tool_use:{STRUCTURED_OUTPUT_TOOL}"] * 5


def test_the_model_reads_the_checkout_and_nothing_beside_it(played: Played) -> None:
    pitch = played.calls[3]
    glob, inside, denied = (json.dumps(block.get("content")) for block in pitch.tool_results())
    assert "shop/cart.py" in glob and "shop/catalog.py" in glob
    assert "CART_LIMIT = 50" in inside
    assert OUTSIDE_TEXT not in denied
    assert OUTSIDE_TEXT not in json.dumps([e.body for e in played.exchanges])
    denials = played.envelopes[0]["permission_denials"]
    assert [d["tool_input"]["file_path"] for d in denials] == [str(played.outside)]


def test_no_forge_secret_reaches_the_cli_or_the_model(played: Played) -> None:
    secrets = forge_secrets(played.world)
    for record in played.runs:
        assert not [name for name in record["env"] if name.startswith("FORGE_")]
        assert not any(secret in json.dumps(record) for secret in secrets)
    for exchange in played.exchanges:
        assert not any(secret in json.dumps(exchange.body) for secret in secrets)


def test_the_runner_counts_what_the_cli_reports_once(played: Played) -> None:
    # A resumed run reports its session's running total; the runner charges the difference.
    pitch_cost = played.envelopes[0]["total_cost_usd"]
    session_total = played.envelopes[-1]["total_cost_usd"]
    assert played.run.total.cost_usd == pytest.approx(pitch_cost + session_total)
    pitch_tokens = sum(c.usage.prompt_tokens for c in played.calls[:4])
    assert played.run.usage(Mode.PITCH).input_tokens == pitch_tokens


def _prompt(call: Exchange) -> str:
    """The text of the latest user turn that has text (tool results have none)."""
    for message in reversed(call.body["messages"]):
        content = message["content"]
        if message["role"] != "user":
            continue
        if isinstance(content, str):
            return content
        texts = [b["text"] for b in content if b.get("type") == "text"]
        if texts:
            return "\n".join(texts)
    return ""


def _structured_answers(call: Exchange) -> list[Any]:
    """The structured answers earlier in the conversation, oldest first."""
    return [
        block["input"]
        for message in call.body["messages"]
        if message["role"] == "assistant" and isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_use" and block.get("name") == STRUCTURED_OUTPUT_TOOL
    ]
