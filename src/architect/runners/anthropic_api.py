"""The `anthropic` runner: the Messages API with schema-forced output.

One `messages.create` a call, with `output_config.format` set to the mode's
JSON schema (structured outputs), the stable system text first and the large
shared context after it as a second system block marked
`cache_control: ephemeral`, so the calls of a tick reuse the cached prefix.
The SDK retries 408/409/429/5xx itself (honouring `retry-after`), within the
request's timeout. The PR's message history is its session file, so ANSWERS
and FILE continue the conversation that QUESTIONS started.

The flow of a call (retries, tool turns, errors, sessions) is `ApiRunner`'s;
this module holds what is the Messages API's own.
"""

from __future__ import annotations

import logging
from types import ModuleType
from typing import Any, ClassVar, Unpack

from pydantic import BaseModel

from architect.errors import RunnerUnavailable
from architect.runners import pricing
from architect.runners.api_runner import ApiRunner, ApiRunnerArgs, import_sdk
from architect.runners.base import ModelRequest, Usage
from architect.runners.code_tools import TOOLS, CodeTools
from architect.runners.inline_schema import self_contained_schema
from architect.runners.model_families import Effort, claude_thinking
from architect.runners.retry import Reply, Stop

log = logging.getLogger(__name__)

NAME = "anthropic"
DEFAULT_BASE_URL = "https://api.anthropic.com"
DEFAULT_MAX_TOKENS = 16384  # room for adaptive thinking before the JSON
MIN_ANSWER_TOKENS = 8192  # beyond the thinking budget, when one is set


class AnthropicRunner(ApiRunner):
    """Claude through the Messages API. See the module docstring."""

    name = NAME
    no_tool_choice: ClassVar[dict[str, str]] = {"type": "none"}
    key_setting = "ANTHROPIC_API_KEY"
    url_setting = "ANTHROPIC_BASE_URL (unset for the Anthropic API)"

    def __init__(
        self,
        *,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        thinking_budget_tokens: int = 0,
        thinking_effort: Effort | None = None,
        **args: Unpack[ApiRunnerArgs],
    ) -> None:
        thinking = claude_thinking(
            args["model_name"], budget_tokens=thinking_budget_tokens, effort=thinking_effort
        )
        # The API wants room for the answer beyond the thinking budget.
        room = max(max_tokens, thinking.budget_tokens + MIN_ANSWER_TOKENS)
        super().__init__(max_tokens=room, **args)
        self.base_url = self.env.get("ANTHROPIC_BASE_URL") or DEFAULT_BASE_URL
        self.thinking = thinking

    @property
    def server(self) -> str:
        return self.base_url

    def check_ready(self) -> None:
        if not self.env.get("ANTHROPIC_API_KEY"):
            raise RunnerUnavailable("ANTHROPIC_API_KEY is not set: the anthropic runner needs it")
        import_sdk(NAME)

    def _client(self, sdk: ModuleType, timeout_s: float) -> Any:
        return sdk.Anthropic(
            api_key=self.env["ANTHROPIC_API_KEY"],
            base_url=self.base_url,
            max_retries=0,  # retried by `ApiRunner._call`, within model_timeout
            timeout=timeout_s,
        )

    def _create(self, client: Any, params: dict[str, Any]) -> Any:
        return client.messages.create(**params)

    def _params(
        self, sdk: ModuleType, request: ModelRequest[Any], tools: CodeTools | None, room: int
    ) -> dict[str, Any]:
        system: list[dict[str, Any]] = [{"type": "text", "text": request.system}]
        if request.context:
            system.append(
                {"type": "text", "text": request.context, "cache_control": {"type": "ephemeral"}}
            )
        schema = output_schema(sdk, request.schema)
        output_config: dict[str, Any] = {"format": {"type": "json_schema", "schema": schema}}
        if self.thinking.effort is not None:
            output_config["effort"] = self.thinking.effort
        params: dict[str, Any] = {
            "model": self.model_name,
            "system": system,
            "output_config": output_config,
            "max_tokens": room,
        }
        if tools is not None:
            params["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters}
                for t in TOOLS
            ]
        if self.thinking.thinking is not None:
            params["thinking"] = self.thinking.thinking
        return params

    def _marked(self, turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The newest turn's last block marked: the second of two moving breakpoints.

        The first, on the context, caches the stable prefix (tools, system, context) that
        every call shares; this one caches the whole conversation so far, which the next
        tool turn or retry extends (two breakpoints of the four the API allows).
        """
        if not turns:
            return turns
        last = turns[-1]
        content = last["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        marked = [*blocks[:-1], {**blocks[-1], "cache_control": {"type": "ephemeral"}}]
        return [*turns[:-1], {**last, "content": marked}]

    def _tool_turns(self, response: Any, tools: CodeTools) -> list[dict[str, Any]]:
        uses = [b for b in response.content if getattr(b, "type", "") == "tool_use"]
        if response.stop_reason != "tool_use" or not uses:
            return []
        # Thinking and tool_use blocks go back as they came: the API checks them.
        content = [b.model_dump(mode="json", exclude_none=True) for b in response.content]
        results = [
            {"type": "tool_result", "tool_use_id": b.id, "content": tools.call(b.name, b.input)}
            for b in uses
        ]
        return [{"role": "assistant", "content": content}, {"role": "user", "content": results}]

    def _reply(self, response: Any, usage: Usage, calls: int) -> Reply:
        text = "".join(b.text for b in response.content if getattr(b, "type", "") == "text")
        stop = _STOPS.get(response.stop_reason, Stop.DONE)
        if stop is not Stop.DONE:
            log.warning("anthropic answer stopped: %s", response.stop_reason)
        if stop is Stop.REFUSED:
            text = refusal_words(response, text)
        return Reply(text, usage, stop, calls)

    def _usage(self, response: Any) -> Usage:
        usage = response.usage
        fresh = int(usage.input_tokens or 0)
        written = int(getattr(usage, "cache_creation_input_tokens", 0) or 0)
        read = int(getattr(usage, "cache_read_input_tokens", 0) or 0)
        out = int(usage.output_tokens or 0)
        cost = pricing.cost_usd(
            self.model_name,
            input_tokens=fresh,
            output_tokens=out,
            cache_write_tokens=written,
            cache_read_tokens=read,
        )
        return Usage(fresh + written + read, out, cost)


def output_schema(sdk: ModuleType, schema: type[BaseModel]) -> dict[str, Any]:
    """The mode's schema as structured outputs take it.

    Inlined first: the SDK keeps only the `$ref` of a property that refers to a
    definition (an enum such as the verdict), so its description, the one
    place that says what the field means, would not reach the model.
    """
    sent: dict[str, Any] = sdk.transform_schema(self_contained_schema(schema))
    return sent


def refusal_words(response: Any, text: str) -> str:
    """The provider's words for a refusal: the model's text, the explanation, the category."""
    details = getattr(response, "stop_details", None)
    said = " ".join(p for p in (text.strip(), getattr(details, "explanation", None)) if p)
    category = getattr(details, "category", None)
    return f"{said} (category: {category})" if category else said


_STOPS = {"max_tokens": Stop.CUT_OFF, "refusal": Stop.REFUSED}
