"""What each model family accepts, chosen from the model id by a table.

Anthropic (platform.claude.com/docs, "Models overview", the model pages and
"Adaptive thinking", read 2026-11): the Claude 5.x models and Opus 4.7/4.8
think adaptively and refuse a thinking budget (`thinking.type.enabled is not
supported for this model`): they take `thinking: {type: adaptive}` and
`output_config.effort`. Opus 4.6 and Sonnet 4.6 take both (budgets are
deprecated there), and the older models (Haiku 4.5, Sonnet 4.5, Opus 4.5 and
earlier) take only `thinking: {type: enabled, budget_tokens: N}`.

OpenAI (platform.openai.com/docs, "Reasoning models"): the o-series and the
GPT-5 family are reasoning models: they take `max_completion_tokens`, not
`max_tokens`, and only the default temperature. GPT-4.1 and GPT-4o take both
token keys and a temperature. A local server (a base URL) reads `max_tokens`.

The table is read by prefix, longest first, so a dated snapshot
(`claude-sonnet-4-5-20250929`) is its family. An id the table does not know
gets the newest family's rules: adaptive thinking, no sampling parameters.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Literal

# Re-exported (PEP 484's `as` form): the runners name them here; `config` reads them too,
# so they live below every layer (architect.values).
from architect.values import EFFORTS as EFFORTS  # noqa: PLC0414
from architect.values import Effort as Effort  # noqa: PLC0414


class Thinking(StrEnum):
    """How a Claude model is told to think."""

    ADAPTIVE = "adaptive"  # `{type: adaptive}` and an effort level; budgets refused
    BOTH = "both"  # adaptive preferred, a budget still accepted (deprecated)
    BUDGET = "budget"  # `{type: enabled, budget_tokens: N}` only; no effort level


@dataclass(frozen=True)
class ClaudeFamily:
    thinking: Thinking
    efforts: tuple[Effort, ...] = ()  # the effort levels it takes; () takes none


_FULL = EFFORTS
_NO_XHIGH: tuple[Effort, ...] = ("low", "medium", "high", "max")
CLAUDE_FAMILIES = MappingProxyType(
    {
        "claude-fable-5": ClaudeFamily(Thinking.ADAPTIVE, _FULL),
        "claude-mythos-5": ClaudeFamily(Thinking.ADAPTIVE, _FULL),
        "claude-opus-5": ClaudeFamily(Thinking.ADAPTIVE, _FULL),
        "claude-sonnet-5": ClaudeFamily(Thinking.ADAPTIVE, _FULL),
        "claude-haiku-5": ClaudeFamily(Thinking.ADAPTIVE, _FULL),
        "claude-opus-4-8": ClaudeFamily(Thinking.ADAPTIVE, _FULL),
        "claude-opus-4-7": ClaudeFamily(Thinking.ADAPTIVE, _FULL),
        "claude-opus-4-6": ClaudeFamily(Thinking.BOTH, _NO_XHIGH),
        "claude-sonnet-4-6": ClaudeFamily(Thinking.BOTH, ("low", "medium", "high")),
        "claude-opus-4-5": ClaudeFamily(Thinking.BUDGET),
        "claude-opus-4-1": ClaudeFamily(Thinking.BUDGET),
        "claude-opus-4": ClaudeFamily(Thinking.BUDGET),
        "claude-sonnet-4-5": ClaudeFamily(Thinking.BUDGET),
        "claude-sonnet-4": ClaudeFamily(Thinking.BUDGET),
        "claude-haiku-4-5": ClaudeFamily(Thinking.BUDGET),
        "claude-3-7-sonnet": ClaudeFamily(Thinking.BUDGET),
    }
)
NEWEST = ClaudeFamily(Thinking.ADAPTIVE, _FULL)

# A budget asked for a model that refuses budgets becomes the effort that spends about as much.
_BUDGET_EFFORT: tuple[tuple[int, Effort], ...] = ((4096, "low"), (16384, "medium"))
# An effort asked for a model that takes only budgets becomes this many thinking tokens.
EFFORT_BUDGET: dict[Effort, int] = {
    "low": 4096, "medium": 10000, "high": 20000, "xhigh": 32000, "max": 48000,
}  # fmt: skip


def _lookup(table: MappingProxyType[str, Any], model: str) -> Any:
    name = model.strip().lower()
    for prefix in sorted(table, key=len, reverse=True):
        if name == prefix or name.startswith((prefix + "-", prefix + ".")):
            return table[prefix]
    return None


def claude_family(model: str) -> ClaudeFamily:
    found: ClaudeFamily | None = _lookup(CLAUDE_FAMILIES, model)
    return found or NEWEST


@dataclass(frozen=True)
class ThinkingParams:
    """What a Messages request carries for thinking: the parameter, and the effort level."""

    thinking: dict[str, Any] | None = None
    effort: Effort | None = None
    budget_tokens: int = 0  # room the answer needs beyond max_tokens' usual share


def claude_thinking(model: str, *, budget_tokens: int, effort: Effort | None) -> ThinkingParams:
    """The thinking a request to `model` carries, for the configured budget and effort.

    Nothing configured sends nothing: each model thinks as it does by default.
    """
    if not budget_tokens and effort is None:
        return ThinkingParams()
    family = claude_family(model)
    if family.thinking is Thinking.BUDGET:
        budget = budget_tokens or EFFORT_BUDGET[effort or "high"]
        return ThinkingParams({"type": "enabled", "budget_tokens": budget}, None, budget)
    if family.thinking is Thinking.BOTH and budget_tokens and effort is None:
        return ThinkingParams(
            {"type": "enabled", "budget_tokens": budget_tokens}, None, budget_tokens
        )
    wanted = effort or _effort_for(budget_tokens)
    return ThinkingParams({"type": "adaptive"}, _supported(wanted, family.efforts))


def _effort_for(budget_tokens: int) -> Effort:
    for ceiling, level in _BUDGET_EFFORT:
        if budget_tokens <= ceiling:
            return level
    return "high"


def _supported(effort: Effort, levels: tuple[Effort, ...]) -> Effort | None:
    """`effort`, or the nearest lower level the model takes."""
    if not levels:
        return None
    below = [e for e in EFFORTS[: EFFORTS.index(effort) + 1] if e in levels]
    return below[-1] if below else levels[0]


@dataclass(frozen=True)
class ChatFamily:
    """What a Chat Completions model takes."""

    tokens_key: Literal["max_tokens", "max_completion_tokens"]
    temperature: bool  # whether a temperature other than the default is accepted


REASONING = ChatFamily("max_completion_tokens", temperature=False)
OPENAI_FAMILIES = MappingProxyType(
    {
        "gpt-5": REASONING,
        "o1": REASONING,
        "o3": REASONING,
        "o4": REASONING,
        "gpt-4.1": ChatFamily("max_completion_tokens", temperature=True),
        "gpt-4o": ChatFamily("max_completion_tokens", temperature=True),
    }
)
LOCAL = ChatFamily("max_tokens", temperature=True)


def chat_family(model: str, *, local: bool) -> ChatFamily:
    """The family of `model`. Behind a base URL a reasoning model is still one (a proxy
    forwards what it is sent), and any other model gets `max_tokens`, which every
    server reads (OpenAI too, for its non-reasoning models)."""
    found: ChatFamily | None = _lookup(OPENAI_FAMILIES, model)
    if found is REASONING or (found is not None and not local):
        return found
    return LOCAL if local else REASONING
