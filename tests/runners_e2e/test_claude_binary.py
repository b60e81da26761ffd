"""A whole sprint through the REAL Claude Code binary, against a loopback Messages API.

The binary is the one bundled in the `claude-agent-sdk` wheel (the `claude`
extra). It runs as the architect runs it (`claude -p … --json-schema …`),
through a `claude` wrapper on PATH that records each run's argv,
environment and output, and talks to `MessagesAPI` on 127.0.0.1, which
answers as a model would: it looks at the checkout with `Glob` and `Read`
before pitching, and gives each answer through the CLI's structured-output
tool. Nothing leaves the machine: the CLI is told to send no telemetry.
"""

from __future__ import annotations

import importlib.util
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from architect.runners.base import Mode
from architect.runners.schemas import AnswerRound, ForkProposal, Pitch, SubIssuePlan
from architect.runners.sessions import SessionStore
from architect.runners.validation import self_contained_schema
from tests.runners_e2e.conftest import (
    FAKE_ANTHROPIC_KEY,
    RecordUsage,
    forge_secrets,
    model_env,
    runner_for,
)
from tests.runners_e2e.messages_api import STRUCTURED_OUTPUT_TOOL, Exchange, MessagesAPI, ToolCall
from tests.runners_e2e.sprint import ANSWERS, CHECKOUT, FREE_TEXT_ANSWER, play_sprint, with_model
from tests.world import World

SCHEMAS = {"Pitch": Pitch, "ForkProposal": ForkProposal, "AnswerRound": AnswerRound,
           "SubIssuePlan": SubIssuePlan}  # fmt: skip
READ_ONLY_TOOLS = {"Read", "Glob", "Grep"}
NEVER_OFFERED = {"Bash", "Edit", "Write", "MultiEdit", "NotebookEdit", "WebFetch", "WebSearch",
                 "Task", "Agent"}  # fmt: skip
OUTSIDE_TEXT = "NOT-FOR-THE-MODEL: a file beside the checkout"

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


@pytest.fixture
def claude_binary() -> Path:
    binary = bundled_claude()
    if binary is None:
        pytest.skip(
            "the real Claude Code binary is absent: claude_agent_sdk/_bundled/claude comes "
            "with `pip install claude-agent-sdk` (the project's `claude` extra)"
        )
    return binary


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


def test_a_sprint_through_the_real_claude_binary(
    tmp_path: Path, world: World, checkout: Path, claude_binary: Path, record_usage: RecordUsage
) -> None:
    runs_log = install_wrapper(tmp_path / "bin", claude_binary)
    outside = tmp_path / "outside.txt"
    outside.write_text(OUTSIDE_TEXT)
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, tool_calls=pitch_reads(outside)) as api:
        with_model(world, checkout, model="claude-cli", model_name="opus")
        env = model_env(world, tmp_path, ANTHROPIC_API_KEY=FAKE_ANTHROPIC_KEY,
                        ANTHROPIC_BASE_URL=api.url)  # fmt: skip
        env["PATH"] = f"{runs_log.parent}{os.pathsep}{env['PATH']}"
        store = SessionStore(world.config.architect.state_dir, world.config.name)
        questions_session: list[str | None] = []

        def after(tick: int) -> None:
            if tick == 1:  # the design questions start the PR's session
                record = store.load("pr-1")
                questions_session.append(record.session_id if record else None)

        run = play_sprint(world, runner_for(world, env), after=after,
                          between=api.expire_cache)  # fmt: skip

    runs = [json.loads(line) for line in runs_log.read_text().splitlines()]
    calls = api.model_calls()
    assert api.refused == []
    assert [c.schema for c in calls] == [
        *["Pitch"] * 4, "ForkProposal", "AnswerRound", "AnswerRound", "SubIssuePlan"]
    assert [run["exit_code"] for run in runs] == [0] * 5
    envelopes = [json.loads(run["stdout"]) for run in runs]
    assert [e["subtype"] for e in envelopes] == ["success"] * 5

    # --resume: the answers and filing runs continue the questions run's session.
    sid = envelopes[1]["session_id"]
    assert questions_session == [sid]
    assert ["--resume" in r["argv"] for r in runs] == [False, False, True, True, True]
    for later in runs[2:]:
        assert later["argv"][later["argv"].index("--resume") + 1] == sid
    assert [e["session_id"] for e in envelopes[2:]] == [sid] * 3
    questions, *resumed = calls[4:]
    assert {c.headers["x-claude-code-session-id"] for c in (questions, *resumed)} == {sid}
    assert calls[0].headers["x-claude-code-session-id"] != sid  # the pitch had its own
    for call in resumed:  # the model sees the design conversation so far
        assert _structured_answers(call)[:1] == ANSWERS["ForkProposal"]
    assert FREE_TEXT_ANSWER in _prompt(resumed[0])
    assert _structured_answers(resumed[-1]) == [*ANSWERS["ForkProposal"], *ANSWERS["AnswerRound"]]

    # The CLI asks for the answer through a tool that carries our schema.
    for call in calls:
        assert call.tool(STRUCTURED_OUTPUT_TOOL) is not None, f"tools: {call.tool_names}"
        assert call.tool(STRUCTURED_OUTPUT_TOOL)["input_schema"] == self_contained_schema(
            SCHEMAS[call.schema or ""])
        assert READ_ONLY_TOOLS <= set(call.tool_names)
        assert not NEVER_OFFERED & set(call.tool_names)
        assert "in the schema `" in call.system_text  # --append-system-prompt reached it
    assert [c.answered_with for c in calls[3:]] == [f"tool_use:{STRUCTURED_OUTPUT_TOOL}"] * 5

    # Reading: the checkout copy, yes; a file beside it, no.
    glob, inside, denied = _tool_results(calls[3])
    assert "shop/cart.py" in glob and "shop/catalog.py" in glob
    assert "CART_LIMIT = 50" in inside
    assert OUTSIDE_TEXT not in json.dumps(calls[3].body)
    assert [d["tool_input"]["file_path"] for d in envelopes[0]["permission_denials"]] == [
        str(outside)]
    assert denied  # the model was told why

    # No forge secret reaches the CLI or the model.
    for record in runs:
        assert not [name for name in record["env"] if name.startswith("FORGE_")]
        assert not any(secret in json.dumps(record) for secret in forge_secrets(world))
    for call in api.exchanges:
        assert not any(secret in json.dumps(call.body) for secret in forge_secrets(world))

    # Cost: the CLI's own running totals, counted once per call by the runner.
    pitch_cost, session_total = envelopes[0]["total_cost_usd"], envelopes[-1]["total_cost_usd"]
    assert run.total.cost_usd == pytest.approx(pitch_cost + session_total)
    assert run.usage(Mode.PITCH).input_tokens == sum(c.usage.prompt_tokens for c in calls[:4])
    record_usage("claude-cli, real claude 2.1.x", envelopes[0]["modelUsage"].popitem()[0], run)
    assert set(CHECKOUT) >= {"shop/cart.py"}  # what the glob above looked for


def _prompt(call: Exchange) -> str:
    """The text of the last user turn that is not a tool result."""
    for message in reversed(call.body["messages"]):
        content = message["content"]
        if message["role"] == "user" and isinstance(content, str):
            return content
        texts = [b["text"] for b in content if b.get("type") == "text"]
        if message["role"] == "user" and texts:
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


def _tool_results(call: Exchange) -> list[str]:
    return [json.dumps(block.get("content")) for block in call.tool_results()]
