"""One call's flow, shared by the HTTP API runners (runners/api_runner.py), on a provider SDK
of the test's own: the request, the one retry with the error shown, the server's refusals
mapped onto ours, busy servers retried, and every billed call charged to the session."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, ClassVar

import pytest

from architect.core.schemas import Pitch
from architect.errors import ModelOverloaded, RunnerFailed, RunnerUnavailable
from architect.runners.api_runner import ApiRunner, import_sdk, with_correction
from architect.runners.base import Mode, ModelRequest, Usage
from architect.runners.code_tools import CodeTools
from architect.runners.retry import Reply, Stop
from architect.runners.sessions import SessionStore
from tests.runners.conftest import PITCH
from tests.runners.offline.helpers import planner_inputs

SDK = "architect_test_sdk"
SERVER = "http://model.test/v1"


class APIError(Exception):
    def __init__(self, message: str = "", body: object = None) -> None:
        super().__init__(message)
        self.message, self.body = message, body


class APIConnectionError(APIError): ...


class APITimeoutError(APIConnectionError): ...


class APIStatusError(APIError):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message, {"message": message})  # the SDKs' `body`: the error object
        self.status_code = status
        self.response = SimpleNamespace(headers=headers or {})


class NotFoundError(APIStatusError): ...


class AuthenticationError(APIStatusError): ...


class PermissionDeniedError(APIStatusError): ...


def _sdk() -> ModuleType:
    """A provider SDK as the runners use one: its error classes; the client is the runner's."""
    module = ModuleType(SDK)
    for error in (APIError, APIConnectionError, APITimeoutError, APIStatusError, NotFoundError,
                  AuthenticationError, PermissionDeniedError):
        setattr(module, error.__name__, error)
    return module


@pytest.fixture(autouse=True)
def sdk(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    module = _sdk()
    monkeypatch.setitem(sys.modules, SDK, module)
    yield module


class Server:
    """What the provider answers, in order: a response (text, usage) or an error to raise."""

    def __init__(self, *answers: object, models: list[str] | None = None) -> None:
        self.answers = list(answers)
        self.sent: list[dict[str, Any]] = []
        self.models_known = models

    # The SDK client's surface the runner touches.
    def __enter__(self) -> Server:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def with_options(self, **_: object) -> Server:
        return self

    def close(self) -> None:
        return None

    @property
    def models(self) -> SimpleNamespace:
        def retrieve(name: str) -> object:
            if self.models_known is None or name not in self.models_known:
                raise NotFoundError(404, "model not found")
            return SimpleNamespace(id=name)

        def listed() -> SimpleNamespace:
            if self.models_known is None:
                raise NotFoundError(404, "no such route")
            return SimpleNamespace(data=[SimpleNamespace(id=m) for m in self.models_known])

        return SimpleNamespace(retrieve=retrieve, list=listed)


class OneTextRunner(ApiRunner):
    """The smallest API runner: one text answer per request, no tools."""

    name = SDK
    no_tool_choice: ClassVar[Any] = "none"
    key_setting = "TEST_API_KEY"
    url_setting = "TEST_BASE_URL"

    def __init__(self, server: Server, tmp_path: Path, **kwargs: Any) -> None:
        super().__init__(max_tokens=1000, model_name="m-1", state_dir=tmp_path, project="shop",
                         env={"TEST_API_KEY": "sk-secret-123456"}, **kwargs)
        self.provider = server

    @property
    def server(self) -> str:
        return SERVER

    def check_ready(self) -> None:
        return None

    def _client(self, sdk: ModuleType, timeout_s: float) -> Server:
        return self.provider

    def _create(self, client: Any, params: dict[str, Any]) -> Any:
        self.provider.sent.append(params)
        answer = self.provider.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def _params(self, sdk: ModuleType, request: ModelRequest[Any], tools: CodeTools | None,
                room: int) -> dict[str, Any]:
        return {"model": self.model_name, "max_tokens": room}

    def _tool_turns(self, response: Any, tools: CodeTools) -> list[dict[str, Any]]:
        return []

    def _reply(self, response: Any, usage: Usage, calls: int) -> Reply:
        return Reply(response["text"], usage, stop=response.get("stop", Stop.DONE), calls=calls)

    def _usage(self, response: Any) -> Usage:
        return Usage(10, 5, 0.01)


def a_request(session: str | None = "pr-12") -> ModelRequest[Pitch]:
    return ModelRequest(mode=Mode.PITCH, schema=Pitch, system="You plan.", context="",
                        prompt="Pitch vision #7.", inputs=planner_inputs("- [ ] a task"),
                        session_key=session)


def answer(payload: object = None, **extra: object) -> dict[str, object]:
    return {"text": json.dumps(PITCH) if payload is None else payload, **extra}


def test_a_missing_sdk_names_the_extra_to_install() -> None:
    with pytest.raises(RunnerUnavailable, match=r"pip install 'architect\[no_such_sdk\]'"):
        import_sdk("no_such_sdk")
    assert import_sdk(SDK) is sys.modules[SDK]


def test_a_retry_shows_the_bad_answer_then_the_correction() -> None:
    turns = [{"role": "user", "content": "Pitch it."}]
    assert with_correction(turns, "{bad", "fix it") == [
        *turns, {"role": "assistant", "content": "{bad"}, {"role": "user", "content": "fix it"}]


def test_an_answer_not_shown_joins_the_correction_to_the_last_plain_user_turn() -> None:
    assert with_correction([{"role": "user", "content": "Pitch it."}], "", "shorter") == [
        {"role": "user", "content": "Pitch it.\n\nshorter"}]
    structured = [{"role": "user", "content": [{"type": "tool_result"}]}]
    assert with_correction(structured, " ", "shorter") == [
        *structured, {"role": "user", "content": "shorter"}]


def test_a_call_answers_the_schema_and_charges_the_session(tmp_path: Path) -> None:
    server = Server(answer())
    result = OneTextRunner(server, tmp_path).run(a_request())

    assert result.output == Pitch.model_validate(PITCH)
    # A pitch starts no conversation (no session id), but its cost is the PR's all the same.
    assert (result.usage, result.session_id, result.calls) == (Usage(10, 5, 0.01), None, 1)
    assert server.sent[0]["messages"] == [{"role": "user", "content": "Pitch vision #7."}]
    record = SessionStore(tmp_path, "shop").load("pr-12")
    assert record is not None and (record.calls, record.cost_usd) == (1, 0.01)


def test_an_invalid_answer_is_asked_again_with_it_shown(tmp_path: Path) -> None:
    server = Server(answer("not json"), answer())
    result = OneTextRunner(server, tmp_path).run(a_request())

    assert result.calls == 2 and result.usage == Usage(20, 10, 0.02)
    retry = server.sent[1]["messages"]
    assert retry[1] == {"role": "assistant", "content": "not json"}
    assert "does not match the schema `Pitch`" in retry[2]["content"]


def test_a_cut_off_answer_is_asked_again_with_twice_the_room(tmp_path: Path) -> None:
    server = Server(answer("{", stop=Stop.CUT_OFF), answer())
    OneTextRunner(server, tmp_path).run(a_request())
    assert [sent["max_tokens"] for sent in server.sent] == [1000, 2000]
    # A cut-off answer is not shown: the correction joins the request's own turn.
    assert len(server.sent[1]["messages"]) == 1


def test_a_busy_server_is_retried_and_a_refusal_is_not(tmp_path: Path) -> None:
    busy = APIStatusError(503, "overloaded", {"retry-after-ms": "0"})
    server = Server(busy, answer())
    assert OneTextRunner(server, tmp_path).run(a_request()).output.verdict == "GO"

    refused = Server(APIStatusError(400, "max_tokens is too large"), answer())
    with pytest.raises(RunnerFailed, match=f"{SDK}: HTTP 400: error: max_tokens is too large"):
        OneTextRunner(refused, tmp_path).run(a_request())
    assert len(refused.sent) == 1


def test_an_api_still_busy_after_its_retries_is_overloaded(tmp_path: Path) -> None:
    busy = [APIStatusError(429, "slow down", {"retry-after-ms": "0"}) for _ in range(3)]
    with pytest.raises(ModelOverloaded, match="HTTP 429: error: slow down"):
        OneTextRunner(Server(*busy), tmp_path, max_retries=2).run(a_request())


def test_a_key_in_an_error_is_redacted(tmp_path: Path) -> None:
    leak = APIStatusError(401, "bad key sk-secret-123456")
    with pytest.raises(RunnerFailed) as caught:
        OneTextRunner(Server(leak), tmp_path).run(a_request())
    assert "sk-secret-123456" not in str(caught.value) and "[redacted]" in str(caught.value)


def test_an_unreachable_server_is_named(tmp_path: Path) -> None:
    down = [APIConnectionError("refused") for _ in range(3)]
    with pytest.raises(RunnerFailed, match=f"cannot reach {SERVER}"):
        OneTextRunner(Server(*down), tmp_path, max_retries=0).run(a_request())


def test_init_proves_the_model_or_says_which_setting_to_fix(tmp_path: Path) -> None:
    OneTextRunner(Server(models=["m-1"]), tmp_path).prove_model()
    with pytest.raises(RunnerUnavailable, match=r"model_name 'm-1' is not a model of .*"
                                                 r"\(m-2, m-3\)"):
        OneTextRunner(Server(models=["m-2", "m-3"]), tmp_path).prove_model()
    with pytest.raises(RunnerUnavailable, match=r"is not the API's root .*fix TEST_BASE_URL"):
        OneTextRunner(Server(models=None), tmp_path).prove_model()
