"""The openai runner, the real SDK against a loopback Chat Completions API."""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from architect.core.schemas import ForkProposal, Pitch
from architect.errors import (
    AnswerCutOff,
    InvalidModelOutput,
    ModelOverloaded,
    ModelRefused,
    RunnerFailed,
    RunnerUnavailable,
)
from architect.runners.base import Limits, Mode, Usage
from architect.runners.openai_api import MODE_TOKENS, OpenAIRunner, OutputFormat
from tests.runners.conftest import FORKS, OPENAI_KEY, PITCH, a_request
from tests.runners.fakes.http_api import (
    Answer,
    Received,
    ScriptedAPI,
    completion,
    openai_error,
)
from tests.sdk import needs_sdk

pytestmark = needs_sdk("openai")



def a_runner(
    tmp_path: Path, env: dict[str, str], api: ScriptedAPI, max_retries: int = 2,
    repo_root: Path | None = None,
) -> OpenAIRunner:
    return OpenAIRunner(
        model_name="gpt-4.1",
        state_dir=tmp_path / "state",
        project="myproj",
        env=env,
        base_url=f"{api.url}/v1",
        max_retries=max_retries,
        repo_root=repo_root,
    )


def test_a_valid_answer_with_a_strict_json_schema_and_explicit_temperature(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([completion(json.dumps(PITCH))]) as api:
        result = a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert result.output.verdict == "GO"
    [sent] = api.received
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {OPENAI_KEY}"
    assert sent.body["temperature"] == 0.2
    assert sent.body["response_format"]["type"] == "json_schema"
    assert sent.body["response_format"]["json_schema"]["strict"] is True
    system, user = sent.body["messages"]
    assert system["role"] == "system"
    assert system["content"].startswith("SYSTEM:")
    assert system["content"].endswith("CONTEXT: VISION.md says be small.")
    assert user == {"role": "user", "content": "PROMPT: ask the design questions for vision #3."}
    # GPT-4.1: $2/M input, $8/M output.
    assert result.usage.cost_usd == pytest.approx((1000 * 2 + 200 * 8) / 1e6)


def test_an_invalid_answer_is_corrected_on_retry(tmp_path: Path, base_env: dict[str, str]) -> None:
    bad = {**PITCH, "verdict": "MAYBE"}
    with ScriptedAPI([completion(json.dumps(bad)), completion(json.dumps(PITCH))]) as api:
        result = a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert result.output.verdict == "GO"
    correction = api.received[1].body["messages"][-1]
    assert correction["role"] == "user"
    assert "verdict: Input should be 'GO' or 'NO-GO'" in correction["content"]


def test_invalid_twice_is_invalid_model_output(tmp_path: Path, base_env: dict[str, str]) -> None:
    with ScriptedAPI([completion("Sure! GO.")]) as api:
        runner = a_runner(tmp_path, base_env, api)
        with pytest.raises(InvalidModelOutput, match="no JSON object"):
            runner.run(a_request(Mode.PITCH, Pitch))

    assert len(api.received) == 2


def _rung(body: dict[str, Any]) -> OutputFormat:
    """The rung of the ladder a request is on, read from its body as a server would."""
    shape = body.get("response_format")
    if shape is None:
        return OutputFormat.TEXT
    if shape["type"] == "json_schema":
        strict = shape["json_schema"].get("strict")
        return OutputFormat.JSON_SCHEMA_STRICT if strict else OutputFormat.JSON_SCHEMA
    return OutputFormat.JSON_OBJECT_SCHEMA if "schema" in shape else OutputFormat.JSON_OBJECT


# What servers answer a form they do not take, in their own words: OpenAI-like strict
# validation (400), llama-cpp-python's pydantic error wrapped as HTTP 500, a server
# without grammars, and one that takes text only.
REFUSALS = {
    OutputFormat.JSON_SCHEMA_STRICT: openai_error(
        400, "Invalid schema for response_format 'ForkProposal': strict mode is not supported"),
    OutputFormat.JSON_SCHEMA: Answer(status=500, body={"error": {
        "message": "1 validation error for CreateChatCompletionRequest\nresponse_format.type\n"
                   "  Input should be 'text' or 'json_object' [type=literal_error, "
                   "input_value='json_schema', input_type=str]",
        "type": "internal_server_error", "param": None, "code": None}}),
    OutputFormat.JSON_OBJECT_SCHEMA: openai_error(
        400, "'response_format.schema': extra fields not permitted"),
    OutputFormat.JSON_OBJECT: openai_error(400, "'response_format.type' must be 'text'"),
}  # fmt: skip


def a_server_that_takes(rung: OutputFormat, answer: str) -> ScriptedAPI:
    """A server that refuses every form stronger than `rung`, and answers `answer` to it."""

    def judge(received: Received) -> Answer:
        asked = _rung(received.body)
        return REFUSALS[asked] if asked < rung else completion(answer)

    return ScriptedAPI(judge)


@pytest.mark.parametrize("rung", list(OutputFormat), ids=lambda r: r.name.lower())
def test_each_form_a_server_refuses_costs_one_request_once_then_the_form_it_takes_is_kept(
    tmp_path: Path, base_env: dict[str, str], rung: OutputFormat
) -> None:
    chatty = f"<think>They want JSON.</think>\nHere you go:\n```json\n{json.dumps(FORKS)}\n```\n"
    with a_server_that_takes(rung, chatty) as api:
        result = a_runner(tmp_path, base_env, api).run(a_request(Mode.QUESTIONS, ForkProposal))
        first = list(api.received)
        # The next tick: a new runner, the same state dir.
        again = a_runner(tmp_path, base_env, api).run(a_request(Mode.QUESTIONS, ForkProposal))

    assert result.output.forks[0].recommended == again.output.forks[0].recommended == "A"
    # One refused request per form stronger than the one it takes, in the ladder's order,
    # none retried by the SDK (a refused 500 included); then the answer.
    assert [_rung(r.body) for r in first] == list(OutputFormat)[: rung + 1]
    [remembered] = api.received[len(first):]
    assert _rung(remembered.body) is rung
    prompt = remembered.body["messages"][-1]["content"]
    schema_in_prompt = '"recommended"' in prompt
    assert schema_in_prompt is (rung >= OutputFormat.JSON_OBJECT_SCHEMA)
    sent = remembered.body.get("response_format") or {}
    schema = sent.get("schema") or sent.get("json_schema", {}).get("schema") or {}
    assert "$ref" not in json.dumps(schema) and "$defs" not in schema  # self-contained


def test_a_server_that_takes_no_form_at_all_is_one_clear_failure_not_a_loop(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    everything_refused = openai_error(400, "response_format is not supported")
    failure = pytest.raises(RunnerFailed, match=r"HTTP 400: .*response_format is not supported")
    with ScriptedAPI([everything_refused]) as api, failure:
        a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert [_rung(r.body) for r in api.received] == list(OutputFormat)


def test_a_model_that_refuses_the_temperature_gets_its_default(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    refused = openai_error(
        400, "Unsupported value: 'temperature' does not support 0.2 with this model."
    )
    with ScriptedAPI([refused, completion(json.dumps(PITCH))]) as api:
        runner = a_runner(tmp_path, base_env, api)
        runner.run(a_request(Mode.PITCH, Pitch))

    assert "temperature" not in api.received[1].body
    assert api.received[1].body["response_format"]["type"] == "json_schema"
    assert runner.temperature is None


def test_a_local_server_needs_no_key(tmp_path: Path, base_env: dict[str, str]) -> None:
    env = {k: v for k, v in base_env.items() if k != "OPENAI_API_KEY"}
    with ScriptedAPI([completion(json.dumps(PITCH))]) as api:
        runner = a_runner(tmp_path, env, api)
        runner.check_ready()
        runner.run(a_request(Mode.PITCH, Pitch))

    assert api.received[0].headers["authorization"] == "Bearer not-needed"


def test_503_with_retry_after_then_success(tmp_path: Path, base_env: dict[str, str]) -> None:
    busy = openai_error(503, "overloaded", **{"retry-after-ms": "10"})
    with ScriptedAPI([busy, completion(json.dumps(PITCH))]) as api:
        result = a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert result.output.verdict == "GO"
    assert len(api.received) == 2


def test_a_timeout_fails_the_run(tmp_path: Path, base_env: dict[str, str]) -> None:
    slow = Answer(body=completion(json.dumps(PITCH)).body, delay_s=2.0)
    request = a_request(Mode.PITCH, Pitch, limits=Limits(timeout_s=0.3))
    with ScriptedAPI([slow]) as api, pytest.raises(RunnerFailed, match=r"no answer within 0.3s"):
        a_runner(tmp_path, base_env, api, max_retries=0).run(request)


def test_an_unrelated_400_is_a_failure_not_a_format_step_down(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([openai_error(400, "model 'gpt-4.1' not found")]) as api:
        runner = a_runner(tmp_path, base_env, api)
        with pytest.raises(RunnerFailed, match="HTTP 400: invalid_request_error: model"):
            runner.run(a_request(Mode.PITCH, Pitch))

    assert runner.output_format is OutputFormat.JSON_SCHEMA_STRICT
    assert len(api.received) == 1


def test_a_later_call_of_the_pr_sends_its_own_prompt_only(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([completion(json.dumps(FORKS))]) as api:
        runner = a_runner(tmp_path, base_env, api)
        runner.run(a_request(Mode.QUESTIONS, ForkProposal, prompt="ask"))
        runner.run(a_request(Mode.ANSWERS, ForkProposal, prompt="answers came"))

    roles = [(m["role"], m["content"][:12]) for m in api.received[1].body["messages"]]
    assert roles[1:] == [("user", "answers came")]


def test_check_ready_names_the_key_and_the_base_url(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    env = {k: v for k, v in base_env.items() if k != "OPENAI_API_KEY"}
    runner = OpenAIRunner(model_name="gpt-4.1", state_dir=tmp_path, project="myproj", env=env)

    with pytest.raises(RunnerUnavailable, match="OPENAI_API_KEY") as missing:
        runner.check_ready()

    assert "OPENAI_BASE_URL" in str(missing.value)


def test_a_refusal_is_model_refused_at_once_and_its_cost_is_carried(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    refused = completion(None, refusal="I'm sorry, I can't help with that.")
    with ScriptedAPI([refused]) as api:
        runner = a_runner(tmp_path, base_env, api)
        with pytest.raises(ModelRefused, match="can't help with that") as failed:
            runner.run(a_request(Mode.PITCH, Pitch))

    assert len(api.received) == 1  # not asked again
    assert failed.value.calls == 1
    assert failed.value.usage == Usage(1000, 200, (1000 * 2 + 200 * 8) / 1e6)


def test_a_cut_off_answer_is_asked_again_with_twice_the_room(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    cut = completion(json.dumps(PITCH)[:40], finish_reason="length")
    with ScriptedAPI([cut, completion(json.dumps(PITCH))]) as api:
        result = a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    assert result.output.verdict == "GO"
    first, second = (r.body for r in api.received)
    # A local server's key; a pitch's own limit, doubled.
    assert second["max_tokens"] == 2 * first["max_tokens"] == 2 * MODE_TOKENS[Mode.PITCH]
    assert [m["role"] for m in second["messages"]] == ["system", "user"]  # no empty turn
    assert "was cut off" in second["messages"][-1]["content"]
    assert result.usage.input_tokens == 2000


def test_openai_itself_gets_max_completion_tokens() -> None:
    runner = OpenAIRunner(model_name="gpt-5", state_dir=Path("/nonexistent"), project="p",
                          env={"OPENAI_API_KEY": "k"})  # fmt: skip
    local = OpenAIRunner(model_name="qwen3", state_dir=Path("/nonexistent"), project="p",
                         env={}, base_url="http://127.0.0.1:11434/v1")  # fmt: skip

    assert runner.tokens_key == "max_completion_tokens"
    assert local.tokens_key == "max_tokens"


def test_a_429_beyond_the_retries_is_model_overloaded(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    busy = openai_error(429, "Rate limit reached", **{"retry-after-ms": "10"})
    with ScriptedAPI([busy]) as api, pytest.raises(ModelOverloaded, match="HTTP 429"):
        a_runner(tmp_path, base_env, api, max_retries=1).run(a_request(Mode.PITCH, Pitch))

    assert len(api.received) == 2  # the SDK's own retry, then the runner gives up


def test_a_refused_schema_is_a_warning_with_the_servers_words(
    tmp_path: Path, base_env: dict[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    refused = openai_error(400, "Invalid schema for response_format 'Pitch': 'default' is not "
                                "permitted.")  # fmt: skip
    with ScriptedAPI([refused, completion(json.dumps(PITCH))]) as api:
        runner = a_runner(tmp_path, base_env, api)
        runner.run(a_request(Mode.PITCH, Pitch))
        other = a_runner(tmp_path / "elsewhere", base_env, api)

    [warning] = [r for r in caplog.records if r.levelname == "WARNING"]
    assert warning.getMessage() == (
        f"{api.url}/v1 refused the response format (using json_schema, not strict): "
        "invalid_request_error: "
        "Invalid schema for response_format 'Pitch': 'default' is not permitted.")
    assert runner.output_format is OutputFormat.JSON_SCHEMA
    assert other.output_format is OutputFormat.JSON_SCHEMA_STRICT  # another state dir


def test_what_a_server_refused_is_paid_once_not_every_run(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    refused_tokens = openai_error(400, "Unsupported parameter: 'max_tokens' is not supported "
                                       "with this model. Use 'max_completion_tokens' instead.")
    refused_temperature = openai_error(
        400, "Unsupported value: 'temperature' does not support 0.2 with this model.")
    answer = completion(json.dumps(PITCH))
    with ScriptedAPI([refused_tokens, refused_temperature, answer]) as api:
        a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))
        first = len(api.received)
        a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))  # the next tick

    assert first == 3  # two refusals, then the answer
    [again] = api.received[3:]  # the next run asks once, as the server wants
    assert "temperature" not in again.body and "max_tokens" not in again.body
    assert again.body["max_completion_tokens"] > 0


def test_a_reasoning_model_behind_a_base_url_gets_what_its_family_takes_at_once(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([completion(json.dumps(PITCH))]) as api:
        OpenAIRunner(model_name="o3", state_dir=tmp_path, project="myproj", env=base_env,
                     base_url=f"{api.url}/v1").run(a_request(Mode.PITCH, Pitch))

    [sent] = api.received
    assert "temperature" not in sent.body and "max_tokens" not in sent.body
    assert sent.body["max_completion_tokens"] > 0


def test_a_server_without_tool_calls_gets_the_prompt_that_offers_no_tools(
    tmp_path: Path, base_env: dict[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "deploy.sh").write_text("#!/bin/sh\nrsync -a public/ web:/srv/site\n")
    request = replace(a_request(Mode.PITCH, Pitch, session_key=None),
                      tools_prompt="PROMPT: pitch.\n\n## Reading the code\n\nUse the tools.")
    refused = openai_error(400, "this model does not support tools")
    with ScriptedAPI([refused, completion(json.dumps(PITCH))]) as api:
        result = a_runner(tmp_path, base_env, api, repo_root=checkout).run(request)

    assert result.output.verdict == "GO"
    offered, plain = api.received
    assert "tools" in offered.body and "tools" not in plain.body
    assert offered.body["messages"][-1]["content"] == request.tools_prompt
    assert plain.body["messages"][-1]["content"] == request.prompt  # no word of absent tools
    [warning] = [r for r in caplog.records if r.levelname == "WARNING"]
    assert "refused the code tools (the code map in the context stays)" in warning.getMessage()


def test_a_server_that_cannot_be_reached_is_named(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    with ScriptedAPI([]) as api:
        runner = a_runner(tmp_path, base_env, api, max_retries=0)
    # The server is gone: its port refuses the connection.
    with pytest.raises(RunnerFailed, match=rf"^openai: cannot reach {re.escape(api.url)}/v1$"):
        runner.run(a_request(Mode.PITCH, Pitch))


class TricklingAPI:
    """A server that sends its headers, then a byte every 50 ms, never the end of the body:
    a per-read timeout never trips. It stops on its own after `give_up_s`."""

    def __init__(self, give_up_s: float = 15.0) -> None:
        self.requests = 0
        self.hung_up = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                outer.requests += 1
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", "1000000")
                self.end_headers()
                ends = time.monotonic() + give_up_s
                try:
                    while time.monotonic() < ends:
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(0.05)
                except (BrokenPipeError, ConnectionResetError):
                    outer.hung_up.set()  # the client cancelled the request

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,),
                                        daemon=True)  # fmt: skip

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> TricklingAPI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def test_a_server_that_never_finishes_its_answer_gets_model_timeout_in_all_one_request(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    request = a_request(Mode.PITCH, Pitch, limits=Limits(timeout_s=1.0))
    with TricklingAPI() as api:
        runner = OpenAIRunner(model_name="smollm2", state_dir=tmp_path, project="myproj",
                              env=base_env, base_url=f"{api.url}/v1", max_retries=2)  # fmt: skip
        started = time.monotonic()
        with pytest.raises(RunnerFailed) as failed:
            runner.run(request)
        took = time.monotonic() - started
        cancelled = api.hung_up.wait(5.0)

    assert str(failed.value) == (
        "openai: no answer within 1s (model_timeout, for the whole call: 1 request(s), "
        "the last one cancelled, not retried)"
    )
    assert took < 1.0 + 2.0  # the server would have kept it 15 s
    assert api.requests == 1  # a timed-out attempt is not sent again into a busy server
    assert cancelled  # its connection was closed: the server saw the client go


def test_the_retries_share_the_calls_time_and_a_wait_past_it_is_not_made(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    busy = openai_error(503, "loading model", **{"retry-after-ms": "300"})
    slow = Answer(body=completion(json.dumps(PITCH)).body, delay_s=10.0)
    request = a_request(Mode.PITCH, Pitch, limits=Limits(timeout_s=1.0))
    with ScriptedAPI([busy, slow]) as api:
        started = time.monotonic()
        with pytest.raises(RunnerFailed, match=r"within 1s .*2 request\(s\)"):
            a_runner(tmp_path, base_env, api, max_retries=5).run(request)
        took = time.monotonic() - started
    with ScriptedAPI([openai_error(503, "loading model", **{"retry-after": "30"})]) as api:
        with pytest.raises(ModelOverloaded, match="HTTP 503"):
            a_runner(tmp_path, base_env, api, max_retries=5).run(request)
        not_waited = len(api.received)

    assert took < 1.0 + 2.0  # the retry had only what was left of the second
    assert not_waited == 1  # retry-after 30 s is past the call's end: told at once


def test_a_looping_answer_is_asked_again_once_in_the_same_room_then_told_like_a_cut_off(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    loop = '{"what_this_enables": "' + "the webhook and the webhook and " * 60
    looped = pytest.raises(AnswerCutOff, match="looped twice")
    with ScriptedAPI([completion(loop, finish_reason="length")]) as api, looped as failed:
        a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))

    first, second = (r.body for r in api.received)
    assert second["max_tokens"] == first["max_tokens"] == MODE_TOKENS[Mode.PITCH]
    assert "repeated the same text over and over" in second["messages"][-1]["content"]
    assert failed.value.what == "its answer was cut off twice"  # the note on the PR


def test_each_mode_asks_for_what_its_schema_needs(tmp_path: Path, base_env: dict[str, str]) -> None:
    with ScriptedAPI([completion(json.dumps(FORKS))]) as api:
        a_runner(tmp_path, base_env, api).run(a_request(Mode.QUESTIONS, ForkProposal))
        [questions] = (r.body for r in api.received)
    with ScriptedAPI([completion(json.dumps(PITCH))]) as api:
        a_runner(tmp_path, base_env, api).run(a_request(Mode.PITCH, Pitch))
        reasoning = OpenAIRunner(model_name="o3", state_dir=tmp_path, project="myproj",
                                 env=base_env, base_url=f"{api.url}/v1")  # fmt: skip
        reasoning.run(a_request(Mode.PITCH, Pitch, session_key=None))

    pitch, thinking = (r.body for r in api.received)
    assert pitch["max_tokens"] == MODE_TOKENS[Mode.PITCH] < MODE_TOKENS[Mode.FILE]
    assert questions["max_tokens"] == MODE_TOKENS[Mode.QUESTIONS]
    assert thinking["max_completion_tokens"] > MODE_TOKENS[Mode.PITCH]  # room to reason first


def test_a_grammar_server_is_offered_no_tools_since_its_grammar_forces_the_answer(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "deploy.sh").write_text("#!/bin/sh\nrsync -a public/ web:/srv/site\n")
    request = replace(a_request(Mode.PITCH, Pitch, session_key=None),
                      tools_prompt="PROMPT: pitch.\n\n## Reading the code\n\nUse the tools.")
    with a_server_that_takes(OutputFormat.JSON_OBJECT_SCHEMA, json.dumps(PITCH)) as api:
        a_runner(tmp_path, base_env, api, repo_root=checkout).run(request)

    offered, *_, grammar = api.received
    assert "tools" in offered.body  # json_schema takes tool calls beside it
    assert "tools" not in grammar.body
    assert grammar.body["messages"][-1]["content"].startswith(request.prompt)  # no tools told


def test_the_correction_gets_only_what_the_first_answer_left(
    tmp_path: Path, base_env: dict[str, str]
) -> None:
    wrong = completion("Sure! GO.").body
    answers = [Answer(body=wrong, delay_s=0.6), Answer(body=wrong, delay_s=1.2)]
    request = a_request(Mode.PITCH, Pitch, limits=Limits(timeout_s=1.0))
    timed_out = pytest.raises(RunnerFailed, match=r"within 1s .*1 request\(s\), the last one")
    with ScriptedAPI(answers) as api, timed_out:
        a_runner(tmp_path, base_env, api).run(request)

    assert len(api.received) == 2  # the correction was sent, with 0.4 s of the second left
