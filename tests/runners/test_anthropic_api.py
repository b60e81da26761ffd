"""The anthropic runner, the real SDK against a loopback Messages API."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from architect.core.schemas import ForkProposal, Pitch
from architect.errors import InvalidModelOutput, ModelRefused, RunnerFailed, RunnerUnavailable
from architect.runners.anthropic_api import AnthropicRunner
from architect.runners.base import Limits, Mode, Usage
from architect.runners.sessions import SessionStore
from tests.runners.conftest import ANTHROPIC_KEY, FORKS, PITCH, a_request
from tests.runners.fakes.http_api import ScriptedAPI, anthropic_error, message
from tests.sdk import needs_sdk

pytestmark = needs_sdk("anthropic")

WITHOUT_REASONING = {k: v for k, v in FORKS.items() if k != "reasoning"}


def a_runner(tmp_path: Path, env: dict[str, str], api: ScriptedAPI) -> AnthropicRunner:
    return AnthropicRunner(
        model_name="claude-sonnet-5-5",
        state_dir=tmp_path / "state",
        project="myproj",
        env={**env, "ANTHROPIC_BASE_URL": api.url},
        max_retries=2,
    )


def test_a_valid_answer_with_the_context_cached_and_the_schema_forced(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    answer = message(
        json.dumps(PITCH), input_tokens=100, output_tokens=200, cache_read_input_tokens=1000
    )
    with ScriptedAPI([answer]) as api:
        result = a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert result.output.recommendation == "Do it: cheap and visible."
    [sent] = api.received
    assert sent.path == "/v1/messages"
    assert ANTHROPIC_KEY in json.dumps(sent.headers)  # the key reaches the API, however sent
    system, context = sent.body["system"]
    assert system == {
        "type": "text",
        "text": "SYSTEM: you are the architect; answer in the schema.",
    }
    assert context["text"] == "CONTEXT: VISION.md says be small."
    assert context["cache_control"] == {"type": "ephemeral"}
    assert sent.body["messages"] == [
        {"role": "user", "content": "PROMPT: ask the design questions for vision #3."}
    ]
    output_format = sent.body["output_config"]["format"]
    assert output_format["type"] == "json_schema"
    assert output_format["schema"]["required"][:2] == ["what_this_enables", "what_exists_today"]
    assert (result.usage.input_tokens, result.usage.output_tokens) == (1100, 200)
    # Sonnet 5.5: $2/M input, $10/M output, $0.20/M cache reads.
    assert result.usage.cost_usd == pytest.approx((100 * 2 + 200 * 10 + 1000 * 0.2) / 1e6)


def test_an_invalid_answer_is_corrected_on_retry(tmp_path: Path, base_env: dict[str, str]) -> None:
    bad = {key: value for key, value in PITCH.items() if key != "risks"}
    with ScriptedAPI([message(json.dumps(bad)), message(json.dumps(PITCH))]) as api:
        result = a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert result.output.risks == "Replayed deliveries."
    first, second = api.received
    prompt, answer, correction = second.body["messages"]
    assert first.body["messages"] == [prompt]
    assert answer == {"role": "assistant", "content": json.dumps(bad)}
    assert correction["role"] == "user"
    assert "risks: Field required" in correction["content"]
    assert result.usage.input_tokens == 2000  # both calls count


def test_invalid_twice_is_invalid_model_output_and_its_cost_is_counted(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([message("I think you should do it.")]) as api:
        runner = a_runner(tmp_path, base_env, api)
        with pytest.raises(InvalidModelOutput, match="Pitch"):
            runner.run(a_request(Mode.PITCH, Pitch))

    assert len(api.received) == 2
    record = SessionStore(tmp_path / "state", "myproj").load("pr-12")
    assert record is not None
    assert record.calls == 2
    assert record.cost_usd > 0


@pytest.mark.parametrize("status", [529, 503])
def test_overloaded_then_success_is_retried_by_the_sdk(
    tmp_path: Path, base_env: dict[str, str], status: int
) -> None:
    busy = anthropic_error(status, "overloaded_error", "Overloaded", **{"retry-after-ms": "10"})
    with ScriptedAPI([busy, message(json.dumps(PITCH))]) as api:
        result = a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert result.output.verdict == "GO"
    assert len(api.received) == 2


def test_a_timeout_fails_the_run(tmp_path: Path, base_env: dict[str, str]) -> None:
    slow = message(json.dumps(PITCH))
    slow = type(slow)(body=slow.body, delay_s=2.0)
    request = a_request(Mode.PITCH, Pitch, limits=Limits(timeout_s=0.3))
    with ScriptedAPI([slow]) as api:
        runner = a_runner(tmp_path, base_env, api)
        runner.max_retries = 0
        started = time.monotonic()
        with pytest.raises(RunnerFailed, match=r"no answer within 0.3s"):
            runner.run(request)

    assert time.monotonic() - started < 2.0


def test_an_api_error_names_the_status_and_hides_the_key(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    refused = anthropic_error(400, "invalid_request_error", f"bad key prefix {ANTHROPIC_KEY}")
    with ScriptedAPI([refused]) as api, pytest.raises(RunnerFailed) as failed:
        a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert "HTTP 400: invalid_request_error" in str(failed.value)
    assert ANTHROPIC_KEY not in str(failed.value)


def test_a_later_call_of_the_pr_sends_its_own_prompt_only_and_counts_in_the_pr(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([message(json.dumps(FORKS))]) as api:
        runner = a_runner(tmp_path, base_env, api)
        runner.run(a_request(Mode.QUESTIONS, ForkProposal, prompt="ask the questions"))
        runner.run(a_request(Mode.ANSWERS, ForkProposal, prompt="read the answers"))

    questions, answers = (r.body["messages"] for r in api.received)
    # The prompt carries the forks as they stand: replaying the questions turn would
    # repeat the vision and the pitch and show answered forks as open.
    assert questions == [{"role": "user", "content": "ask the questions"}]
    assert answers == [{"role": "user", "content": "read the answers"}]
    record = runner.sessions.load("pr-12")
    assert record is not None and record.calls == 2


def test_pitch_is_stateless(tmp_path: Path, base_env: dict[str, str]) -> None:
    with ScriptedAPI([message(json.dumps(PITCH))]) as api:
        runner = a_runner(tmp_path, base_env, api)
        first = runner.run(a_request(Mode.PITCH, Pitch, session_key=None))
        runner.run(a_request(Mode.PITCH, Pitch, session_key=None, prompt="another vision"))

    assert first.session_id is None
    assert api.received[1].body["messages"] == [{"role": "user", "content": "another vision"}]


def test_check_ready_names_the_missing_key(tmp_path: Path, base_env: dict[str, str]) -> None:
    env = {k: v for k, v in base_env.items() if k != "ANTHROPIC_API_KEY"}
    runner = AnthropicRunner(
        model_name="claude-sonnet-5-5", state_dir=tmp_path, project="myproj", env=env
    )

    with pytest.raises(RunnerUnavailable, match="ANTHROPIC_API_KEY"):
        runner.check_ready()


def test_a_thinking_budget_is_sent_with_room_beyond_it(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([message(json.dumps(PITCH))]) as api:
        runner = AnthropicRunner(
            model_name="claude-haiku-4-5", state_dir=tmp_path / "state", project="myproj",
            env={**base_env, "ANTHROPIC_BASE_URL": api.url}, max_tokens=4096,
            thinking_budget_tokens=10_000,
        )  # fmt: skip
        runner.run(a_request(Mode.PITCH, Pitch))

    [sent] = api.received
    # Haiku 4.5 takes a budget (tests/data/models/claude-models.tsv).
    assert sent.body["thinking"] == {"type": "enabled", "budget_tokens": 10_000}
    assert sent.body["max_tokens"] > 10_000  # the API wants max_tokens above the budget


def test_a_model_that_refuses_budgets_gets_adaptive_thinking_and_the_effort(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([message(json.dumps(PITCH))]) as api:
        runner = AnthropicRunner(
            model_name="claude-sonnet-5-5", state_dir=tmp_path / "state", project="myproj",
            env={**base_env, "ANTHROPIC_BASE_URL": api.url}, thinking_budget_tokens=10_000,
        )  # fmt: skip
        runner.run(a_request(Mode.PITCH, Pitch))

    [sent] = api.received
    assert sent.body["thinking"] == {"type": "adaptive"}
    assert sent.body["output_config"]["effort"] == "medium"
    assert "budget_tokens" not in json.dumps(sent.body["thinking"])


def test_no_thinking_by_default(tmp_path: Path, base_env: dict[str, str]) -> None:
    with ScriptedAPI([message(json.dumps(PITCH))]) as api:
        a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert "thinking" not in api.received[0].body
    assert "tools" not in api.received[0].body  # no repo_root: nothing to read


def test_a_refusal_is_model_refused_with_the_models_words_and_its_cost(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    refusal = message("I can't help with this.", input_tokens=500, output_tokens=10)
    refusal = type(refusal)(body={**refusal.body, "stop_reason": "refusal"})
    with ScriptedAPI([refusal]) as api, pytest.raises(ModelRefused) as refused:
        a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert len(api.received) == 1
    assert "I can't help with this." in str(refused.value)
    assert (refused.value.calls, refused.value.usage) == (1, Usage(500, 10, (500 * 2 + 100) / 1e6))


def test_the_last_turn_allows_no_more_reading(tmp_path: Path, base_env: dict[str, str]) -> None:
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "run.sh").write_text("start() {\n  :\n}\n")
    reading = message("")
    reading = type(reading)(body={**reading.body, "stop_reason": "tool_use", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "read_file",
         "input": {"path": "run.sh", "start_line": None, "end_line": None}}]})  # fmt: skip
    with ScriptedAPI([reading, message(json.dumps(PITCH))]) as api:
        runner = AnthropicRunner(
            model_name="claude-sonnet-5-5", state_dir=tmp_path / "state", project="myproj",
            env={**base_env, "ANTHROPIC_BASE_URL": api.url}, repo_root=tmp_path / "repo",
        )  # fmt: skip
        result = runner.run(a_request(Mode.PITCH, Pitch, limits=Limits(max_turns=2)))

    assert result.output.verdict == "GO"
    first, last = (r.body for r in api.received)
    assert "tool_choice" not in first
    assert last["tool_choice"] == {"type": "none"}
    assistant, results = last["messages"][1:]
    assert assistant == {"role": "assistant", "content": reading.body["content"]}
    [result_block] = results["content"]
    assert result_block["tool_use_id"] == "toolu_1"
    assert "start() {" in result_block["content"]
    assert result.usage.input_tokens == 2000  # both turns are billed


def test_a_server_that_cannot_be_reached_is_named(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([]) as api:
        runner = a_runner(tmp_path, base_env, api)
    runner.max_retries = 0  # the server is gone: its port refuses the connection

    with pytest.raises(RunnerFailed, match=rf"^anthropic: cannot reach {re.escape(api.url)}$"):
        runner.run(a_request(Mode.PITCH, Pitch))
