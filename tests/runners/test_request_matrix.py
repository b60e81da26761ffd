"""Every request each API runner sends, checked against the SDK's own request types and the
documented rules of the model family it goes to.

For each family the README names (Claude 5.x and 4.x; GPT-4.1; a reasoning model, o3,
behind a base URL; a local OpenAI-compatible server), the real runner and SDK ask the
loopback fakes in the four modes of a sprint, with tool turns (the fake model reads the
code first), a retry after an invalid answer and one after a cut-off answer. Each request
body is then checked:

- against the SDK's TypedDict of the call (anthropic's `MessageCreateParamsNonStreaming`,
  openai's `CompletionCreateParamsNonStreaming`): every key a parameter, every required
  one present, every value of its declared type, recursively;
- against the family's documented rules (tests/data/models, `runners/model_families.py`):
  thinking as the model takes it, at most 4 cache breakpoints, no sampling parameters where
  the model refuses them, `max_completion_tokens` for reasoning models, a schema the
  provider's strict mode takes.
"""

from __future__ import annotations

import collections.abc
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest
from pydantic import BaseModel
from typing_extensions import is_typeddict

from architect.core.inputs import PlannerInputs, VisionInput
from architect.core.schemas import AnswerRound, ForkProposal, Pitch, SubIssuePlan
from architect.runners.anthropic_api import AnthropicRunner
from architect.runners.base import Limits, Mode, ModelRequest
from architect.runners.model_families import Thinking, chat_family, claude_family
from architect.runners.openai_api import OpenAIRunner
from tests.e2e.runners.chat_api import ChatCompletionsAPI, strict_problem
from tests.e2e.runners.messages_api import MessagesAPI, ToolCall
from tests.e2e.runners.sprint import ANSWERS
from tests.sdk import needs_sdk

KEY = "sk-matrix-test-0123456789abcdef"
MODES: tuple[tuple[Mode, type[BaseModel]], ...] = (
    (Mode.PITCH, Pitch), (Mode.QUESTIONS, ForkProposal), (Mode.ANSWERS, AnswerRound),
    (Mode.FILE, SubIssuePlan),
)  # fmt: skip
READS = {
    "Pitch": [ToolCall("list_files", {"glob": "**"}),
              ToolCall("read_file", {"path": "app.py", "start_line": None, "end_line": None})],
    "AnswerRound": [ToolCall("search", {"pattern": "def ", "glob": None})],
}  # fmt: skip
# The first ForkProposal is invalid (no fork, no reason): the runner shows the error, once.
SCRIPT = {**ANSWERS, "ForkProposal": [{}, *ANSWERS["ForkProposal"]]}
MAX_BREAKPOINTS = 4  # Anthropic: "up to 4 cache breakpoints" a request


# -- the SDK's TypedDicts, walked ------------------------------------------------------


def type_errors(value: Any, tp: Any, path: str = "") -> list[str]:
    """Where `value` does not fit the annotation `tp` (a TypedDict of the SDK, recursively)."""
    origin = get_origin(tp)
    if tp is Any or tp is object:
        return []
    if origin in (typing.Required, typing.NotRequired, typing.Annotated):
        return type_errors(value, get_args(tp)[0], path)
    if is_typeddict(tp):
        return _typeddict_errors(value, tp, path)
    if origin in (Union, types.UnionType):
        tried = [type_errors(value, arm, path) for arm in get_args(tp)]
        return [] if any(not e for e in tried) else min(tried, key=len)
    if origin is Literal:
        return [] if value in get_args(tp) else [f"{path}: {value!r} is not one of {get_args(tp)}"]
    if origin in (list, tuple, collections.abc.Iterable, collections.abc.Sequence):
        if not isinstance(value, list):
            return [f"{path}: not a list"]
        (item,) = get_args(tp)[:1] or (Any,)
        return [e for i, v in enumerate(value) for e in type_errors(v, item, f"{path}[{i}]")]
    if origin in (dict, collections.abc.Mapping) or tp is dict:
        return [] if isinstance(value, dict) else [f"{path}: not an object"]
    if tp is type(None):
        return [] if value is None else [f"{path}: not null"]
    if tp is bool:
        return [] if isinstance(value, bool) else [f"{path}: not a boolean"]
    if tp in (int, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{path}: not a number"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{path}: not a string"]
    return []  # the SDK's sentinels and other classes: not part of a JSON body


def _typeddict_errors(value: Any, tp: Any, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: not an object ({tp.__name__})"]
    hints = get_type_hints(tp, include_extras=True)
    errors = [f"{path}.{k}: no parameter of {tp.__name__}" for k in value if k not in hints]
    errors += [f"{path}.{k}: missing from {tp.__name__}" for k, hint in hints.items()
               if k not in value and _required(hint, tp.__total__)]  # fmt: skip
    for key, item in value.items():
        if key in hints:
            errors += type_errors(item, hints[key], f"{path}.{key}")
    return errors


def _required(hint: Any, total: bool) -> bool:
    """`Required[...]` / `NotRequired[...]` decide, else the TypedDict's `total` (the SDKs'
    modules use `from __future__ import annotations`: `__required_keys__` cannot see them)."""
    origin = get_origin(hint)
    if origin is typing.Annotated:
        return _required(get_args(hint)[0], total)
    if origin in (typing.Required, typing.NotRequired):
        return origin is typing.Required
    return total


# -- the requests -------------------------------------------------------------------------


@dataclass(frozen=True)
class Family:
    name: str
    model: str
    runner: str  # anthropic | openai
    settings: dict[str, Any]
    base_url: bool = True  # openai: behind a base URL


FAMILIES = (
    Family("claude-5.x adaptive", "claude-opus-5-5", "anthropic", {"thinking_effort": "high"}),
    Family("claude-5.x budget asked", "claude-sonnet-5-5", "anthropic",
           {"thinking_budget_tokens": 8000}),
    Family("claude-4.x budget", "claude-haiku-4-5", "anthropic",
           {"thinking_budget_tokens": 4096}),
    Family("claude-4.x no thinking", "claude-opus-4-6", "anthropic", {}),
    Family("gpt-4.1", "gpt-4.1", "openai", {}),
    Family("o3 behind a base URL", "o3", "openai", {}),
    Family("local server", "qwen2.5-coder:7b", "openai", {}),
)  # fmt: skip


def a_checkout(root: Path) -> Path:
    root.mkdir()
    (root / "app.py").write_text("def main():\n    print('hi')\n")
    (root / "README.md").write_text("# app\n")
    return root


def a_request(mode: Mode, schema: type[BaseModel]) -> ModelRequest[Any]:
    return ModelRequest(
        mode=mode, schema=schema, system="You are the architect.",
        context="# Project context\n\n" + "The project ships a CLI. " * 400,
        prompt=f"Answer in the schema `{schema.__name__}`.",
        tools_prompt=f"Read the code with the tools, then answer in the schema "
                     f"`{schema.__name__}`.",
        inputs=PlannerInputs(project="matrix", vision=VisionInput(3, "Wishlists", "Save items.")),
        session_key="pr-4" if mode is not Mode.PITCH else None,
        limits=Limits(max_turns=6, timeout_s=20.0),
    )  # fmt: skip


@pytest.fixture(scope="module")
def sent(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """Family name -> every request body its runner sent over one sprint's modes."""
    bodies: dict[str, list[dict[str, Any]]] = {}
    for family in FAMILIES:
        tmp = tmp_path_factory.mktemp(family.name.replace(" ", "-").replace(".", ""))
        bodies[family.name] = list(_play(family, tmp))
    return bodies


def _play(family: Family, tmp: Path) -> Iterator[dict[str, Any]]:
    checkout = a_checkout(tmp / "checkout")
    args = {"model_name": family.model, "state_dir": tmp / "state", "project": "matrix",
            "repo_root": checkout, "max_retries": 0}  # fmt: skip
    if family.runner == "anthropic":
        troubles = {"SubIssuePlan": ["max_tokens"]}
        with MessagesAPI(SCRIPT, KEY, tool_calls=READS, troubles=troubles,
                         models=(family.model,)) as api:  # fmt: skip
            runner = AnthropicRunner(env={"ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": api.url},
                                     **args, **family.settings)  # fmt: skip
            for mode, schema in MODES:
                runner.run(a_request(mode, schema))
        yield from (e.body for e in api.exchanges)
        return
    with ChatCompletionsAPI(SCRIPT, KEY, tool_calls=READS, troubles={"SubIssuePlan": ["length"]},
                            models=(family.model,)) as chat:  # fmt: skip
        runner_ = OpenAIRunner(env={"OPENAI_API_KEY": KEY}, base_url=f"{chat.url}/v1", **args)
        for mode, schema in MODES:
            runner_.run(a_request(mode, schema))
    yield from (c.body for c in chat.completions)


# -- the checks ----------------------------------------------------------------------------


@pytest.mark.slow  # the fixture plays 7 families x 4 modes through the real SDKs
@needs_sdk("anthropic")
@pytest.mark.parametrize("family", [f for f in FAMILIES if f.runner == "anthropic"],
                         ids=lambda f: f.name)  # fmt: skip
def test_every_messages_request_fits_the_sdk_and_the_familys_rules(
    family: Family, sent: dict[str, list[dict[str, Any]]]
) -> None:
    import anthropic  # noqa: PLC0415  an optional extra

    params = anthropic.types.message_create_params.MessageCreateParamsNonStreaming
    bodies = sent[family.name]
    # 4 modes; 2 reads before the pitch, 1 before each answers call; a retry each for the
    # invalid questions answer and the cut-off filing answer.
    assert len(bodies) == (2 + 1) + 2 + (1 + 1) + 2
    kind = claude_family(family.model).thinking
    for body in bodies:
        assert type_errors(body, params) == []
        marks = [b for b in _blocks(body) if isinstance(b, dict) and "cache_control" in b]
        assert 1 <= len(marks) <= MAX_BREAKPOINTS
        schema = body["output_config"]["format"]["schema"]
        assert anthropic.transform_schema(schema) == schema  # what structured outputs take
        assert not {"temperature", "top_p", "top_k"} & set(body)
        if body.get("tool_choice") is not None:
            assert body["tool_choice"]["type"] in {"auto", "none"}  # forced use is refused
        thinking = body.get("thinking")
        effort = body["output_config"].get("effort")
        if kind is Thinking.ADAPTIVE:
            assert thinking in (None, {"type": "adaptive"})
            assert effort in (*claude_family(family.model).efforts, None)
        if kind is Thinking.BUDGET and thinking is not None:
            assert thinking["type"] == "enabled" and effort is None
            assert 1024 <= thinking["budget_tokens"] < body["max_tokens"]
        if family.settings:
            assert thinking is not None
        else:
            assert thinking is None and effort is None


@pytest.mark.slow
@needs_sdk("openai")
@pytest.mark.parametrize("family", [f for f in FAMILIES if f.runner == "openai"],
                         ids=lambda f: f.name)  # fmt: skip
def test_every_chat_request_fits_the_sdk_and_the_familys_rules(
    family: Family, sent: dict[str, list[dict[str, Any]]]
) -> None:
    import openai  # noqa: PLC0415  an optional extra

    params = openai.types.chat.completion_create_params.CompletionCreateParamsNonStreaming
    bodies = sent[family.name]
    assert len(bodies) == (2 + 1) + 2 + (1 + 1) + 2
    rules = chat_family(family.model, local=True)
    for body in bodies:
        assert type_errors(body, params) == []
        assert strict_problem(body.get("response_format")) is None
        for tool in body.get("tools") or []:
            function = tool["function"]
            assert strict_problem({"type": "json_schema", "json_schema": {
                "name": function["name"], "strict": True,
                "schema": function["parameters"]}}) is None  # fmt: skip
        assert rules.tokens_key in body
        if rules.tokens_key == "max_completion_tokens":
            assert "max_tokens" not in body
        if not rules.temperature:
            assert "temperature" not in body


def test_the_checker_finds_what_the_sdk_would_not_take() -> None:
    """The walk is no rubber stamp: a stray key, a missing one, a wrong literal, a bad type."""
    anthropic = pytest.importorskip("anthropic")
    params = anthropic.types.message_create_params.MessageCreateParamsNonStreaming
    good = {"model": "claude-opus-5-5", "max_tokens": 10,
            "messages": [{"role": "user", "content": "hi"}]}  # fmt: skip
    assert type_errors(good, params) == []
    assert type_errors({**good, "budget": 3}, params) == [".budget: no parameter of "
                                                         "MessageCreateParamsNonStreaming"]
    assert type_errors({k: v for k, v in good.items() if k != "model"}, params)
    assert type_errors({**good, "messages": [{"role": "robot", "content": "hi"}]}, params)
    assert type_errors({**good, "max_tokens": "ten"}, params)
    assert type_errors({**good, "thinking": {"type": "enabled"}}, params)  # no budget_tokens


def _blocks(body: dict[str, Any]) -> list[Any]:
    system = body.get("system")
    blocks = list(system) if isinstance(system, list) else []
    for message in body.get("messages") or []:
        content = message.get("content")
        blocks += content if isinstance(content, list) else []
    return blocks + list(body.get("tools") or [])
