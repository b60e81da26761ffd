"""A whole sprint through each model runner, against fakes of what it talks to.

- claude-cli: a fake `claude` on PATH that answers by mode, keeps sessions
  like the real CLI and prints envelopes recorded from Claude Code 2.1.332;
- anthropic: the real `anthropic` SDK against a loopback Messages API;
- openai: the real `openai` SDK against a loopback Chat Completions API.

Each checks the forge after every tick (`sprint.play_sprint`) and that the
PR's later calls continue the conversation its design questions started.
"""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from architect.runners.sessions import SessionStore
from tests.e2e.runners.chat_api import ChatCompletionsAPI
from tests.e2e.runners.conftest import (
    FAKE_ANTHROPIC_KEY,
    FAKE_OPENAI_KEY,
    RecordUsage,
    forge_secrets,
    model_env,
    runner_for,
)
from tests.e2e.runners.messages_api import MessagesAPI, text_of
from tests.e2e.runners.sprint import (
    ANSWERS,
    FREE_TEXT_ANSWER,
    GRAMMAR_ANSWER,
    PITCH,
    VISION_BODY,
    play_sprint,
    with_model,
)
from tests.sdk import needs_sdk
from tests.world import World

HERE = Path(__file__).parent
RECORDED = HERE.parents[1] / "runners" / "fakes" / "claude-2.1.332" / "structured_output.stdout"
SCHEMAS = ["Pitch", "ForkProposal", "AnswerRound", "AnswerRound", "SubIssuePlan"]
"""The schemas of the sprint's model calls, in order."""


def sessions(world: World) -> SessionStore:
    return SessionStore(world.config.architect.state_dir, world.config.name)


def install_fake_claude(bin_dir: Path) -> Path:
    bin_dir.mkdir()
    claude = bin_dir / "claude"
    claude.write_text(f"#!{sys.executable}\n{(HERE / 'fake_claude.py').read_text()}")
    claude.chmod(claude.stat().st_mode | stat.S_IXUSR)
    (bin_dir / "answers.json").write_text(json.dumps(ANSWERS))
    (bin_dir / "template.json").write_text(RECORDED.read_text())
    return bin_dir


def read_calls(bin_dir: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (bin_dir / "calls.jsonl").read_text().splitlines()]


@pytest.mark.slow  # starts a process
def test_a_sprint_through_claude_cli_resumes_the_pr_session(
    tmp_path: Path, world: World, checkout: Path, record_usage: RecordUsage
) -> None:
    bin_dir = install_fake_claude(tmp_path / "bin")
    with_model(world, checkout, model="claude-cli", model_name="opus")
    env = model_env(world, tmp_path, ANTHROPIC_API_KEY=FAKE_ANTHROPIC_KEY)
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    started: list[str] = []

    def after(tick: int) -> None:
        record = sessions(world).load("pr-1")
        if tick == 1:  # questions: the PR's session starts
            assert record is not None and record.session_id is not None
            started.append(record.session_id)
        elif tick == 2:
            assert record is not None
            assert (record.session_id, record.calls) == (started[0], 2)
        elif tick == 3:
            assert record is None  # dropped with the merge

    run = play_sprint(world, runner_for(world, env), after=after)

    calls = read_calls(bin_dir)
    assert [c["schema"] for c in calls] == SCHEMAS
    pitch, questions, *later = calls
    assert "--resume" not in pitch["argv"] + questions["argv"]
    assert questions["stdin"].startswith("# Project context: shop")
    assert pitch["cwd"] != questions["cwd"]  # a pitch has no session: a directory of its own
    for call, schema in zip(later, SCHEMAS[2:], strict=True):
        assert call["argv"][-2:] == ["--resume", started[0]]
        assert call["session_id"] == started[0]
        assert call["cwd"] == questions["cwd"]  # the CLI finds its sessions by directory
        assert "# Project context" not in call["stdin"]  # the session holds it
        # The session keeps the questions' system prompt, the same in every mode: the
        # task and its schema come last in the prompt.
        assert call["system"] == questions["system"]
        assert f"Answer only with one JSON object in the schema `{schema}`" in call["stdin"]
    assert FREE_TEXT_ANSWER in later[0]["stdin"]
    assert "Q3 (resolved)" in later[1]["stdin"]
    # A resumed session is sent only what is new since its last turn: the vision and the
    # pitch it read with the questions are named, not repeated; the forks that changed are.
    assert questions["stdin"].count("<vision_issue>") == 1
    for call in later:
        assert "<vision_issue>" not in call["stdin"] and "<pitch>" not in call["stdin"]
        assert call["stdin"].startswith("Unchanged since your last turn, so not repeated: "
                                        "vision_issue, pitch")
    assert "<design_forks>\n" in later[0]["stdin"]  # new to the session: sent whole
    transcript = json.loads((bin_dir / "sessions" / f"{started[0]}.json").read_text())
    assert [turn["content"] for turn in transcript["turns"][1::2]] == [
        *ANSWERS["ForkProposal"],
        *ANSWERS["AnswerRound"],
        *ANSWERS["SubIssuePlan"],
    ]
    # A resumed run's envelope reports the session's running cost; each call counts its own.
    for (_, _, usage), call in zip(run.calls, calls, strict=True):
        assert usage.cost_usd == pytest.approx(call["cost_usd"])
    for call in calls:
        assert not [name for name in call["env"] if name.startswith("FORGE_")]
        assert not any(secret in json.dumps(call) for secret in forge_secrets(world))
    record_usage("claude-cli, fake claude", "opus", run)


@needs_sdk("anthropic")
def test_a_sprint_through_the_anthropic_api_sends_one_current_copy_a_call(
    tmp_path: Path, world: World, checkout: Path, record_usage: RecordUsage
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY) as api:
        with_model(world, checkout, model="anthropic", model_name="claude-opus-5-5")
        env = model_env(world, tmp_path, ANTHROPIC_API_KEY=FAKE_ANTHROPIC_KEY,
                        ANTHROPIC_BASE_URL=api.url)  # fmt: skip
        run = play_sprint(world, runner_for(world, env), between=api.expire_cache)

    calls = api.model_calls()
    assert [c.schema for c in calls] == SCHEMAS
    # Each call is one user turn holding the PR's facts as they stand: no replayed
    # transcript, so no stale copy of the vision, the pitch or an open fork.
    for call in calls:
        (turn,) = call.body["messages"]
        assert turn["role"] == "user"
        assert text_of(turn["content"]).count(VISION_BODY.splitlines()[0]) == 1
        assert text_of(turn["content"]).count(PITCH["what_this_enables"]) == (
            call.schema != "Pitch")
    _, _, *later = (text_of(c.body["messages"][0]["content"]) for c in calls)
    assert FREE_TEXT_ANSWER in later[0]
    assert "Q1 (open)" not in later[-1] and "Q1 (resolved)" in later[-1]
    prefixes = {json.dumps(c.body["system"]) for c in calls}
    assert len(prefixes) == 1  # one cached prefix for every mode of the sprint
    for call in calls:
        _system, context = call.body["system"]
        assert context["cache_control"] == {"type": "ephemeral"}
        assert context["text"].startswith("# Project context: shop")
        assert call.body["output_config"]["format"]["type"] == "json_schema"
        assert call.answered_with == "text"
        assert not any(secret in json.dumps(call.body) for secret in forge_secrets(world))
    assert api.refused == []
    assert sessions(world).load("pr-1") is None  # dropped with the merge
    record_usage("anthropic", "claude-opus-5-5", run)


@needs_sdk("openai")
def test_a_sprint_through_an_openai_compatible_server_sends_one_current_copy_a_call(
    tmp_path: Path, world: World, checkout: Path, record_usage: RecordUsage
) -> None:
    with ChatCompletionsAPI(ANSWERS, FAKE_OPENAI_KEY) as api:
        with_model(world, checkout, model="openai", model_name="gpt-4.1",
                   openai_base_url=f"{api.url}/v1")  # fmt: skip
        env = model_env(world, tmp_path, OPENAI_API_KEY=FAKE_OPENAI_KEY)
        run = play_sprint(world, runner_for(world, env), between=api.expire_cache)

    calls = [c for c in api.completions if c.schema is not None]
    assert [c.schema for c in calls] == SCHEMAS
    pitch, questions, *later = (c.messages for c in calls)
    for messages in (pitch, questions, *later):
        assert [m["role"] for m in messages] == ["system", "user"]
    assert len({c.messages[0]["content"] for c in calls}) == 1  # one shared prefix
    assert FREE_TEXT_ANSWER in later[0][-1]["content"]
    # The round's comments reach the model whole, with what the grammar recorded named.
    assert GRAMMAR_ANSWER.splitlines()[0] in later[1][-1]["content"]
    assert "The program itself read Q2, Q3" in later[1][-1]["content"]
    for call in calls:
        assert call.body["response_format"]["type"] == "json_schema"
        assert call.body["response_format"]["json_schema"]["strict"] is True
        assert call.messages[0]["content"].count("# Project context: shop") == 1
        assert call.headers["authorization"] == "[set]"
        assert not any(secret in json.dumps(call.body) for secret in forge_secrets(world))
    assert api.refused == []
    assert sessions(world).load("pr-1") is None
    record_usage("openai", "gpt-4.1", run)


@needs_sdk("anthropic")
def test_without_code_tools_the_second_call_of_a_tick_reads_the_first_ones_cache(
    tmp_path: Path, world: World
) -> None:
    # The minimum lowered so this small project's context is cacheable, as a real one is.
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, min_cache_tokens=256) as api:
        with_model(world, None, model="anthropic", model_name="claude-opus-5-5")  # type: ignore
        env = model_env(world, tmp_path, ANTHROPIC_API_KEY=FAKE_ANTHROPIC_KEY,
                        ANTHROPIC_BASE_URL=api.url)  # fmt: skip
        play_sprint(world, runner_for(world, env), between=api.expire_cache)

    calls = api.model_calls()
    assert [c.schema for c in calls] == SCHEMAS
    *_, answers, filing = calls  # the last tick: the round heard, then the filing
    assert "tools" not in filing.body  # no repo_root: nothing to read
    assert answers.usage.cache_creation_input_tokens > 0
    assert filing.usage.cache_read_input_tokens == answers.usage.cache_creation_input_tokens
    # Only the stable prefix is marked: no call writes its own prompt, which nothing reads.
    assert all(c.usage.cache_creation_input_tokens <= answers.usage.cache_creation_input_tokens
               for c in calls)  # fmt: skip
