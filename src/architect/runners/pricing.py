"""List prices of the hosted models, in one place, to turn usage into dollars.

Prices are USD per million tokens, from the providers' public price pages.
A model that is not in the table (a local model, a new release) has no known
cost: `cost_usd` returns None and the log says "cost unknown" rather than a
wrong number. Dated snapshots (`claude-sonnet-4-5-20250929`,
`gpt-4o-2024-08-06`) cost what their family costs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Price:
    input: float
    output: float
    cache_write: float  # prompt-cache writes (Anthropic: 5-minute cache)
    cache_read: float  # prompt-cache hits


def _anthropic(input_: float, output: float) -> Price:
    # Anthropic: a 5-minute cache write costs 1.25x input, a cache hit 0.1x.
    return Price(input_, output, input_ * 1.25, input_ * 0.1)


def _openai(input_: float, output: float, cached: float) -> Price:
    return Price(input_, output, input_, cached)


PRICES = MappingProxyType(
    {
        "claude-opus-4-5": _anthropic(5.0, 25.0),
        "claude-opus-4-1": _anthropic(15.0, 75.0),
        "claude-opus-4": _anthropic(15.0, 75.0),
        "claude-sonnet-4-5": _anthropic(3.0, 15.0),
        "claude-sonnet-4": _anthropic(3.0, 15.0),
        "claude-3-7-sonnet": _anthropic(3.0, 15.0),
        "claude-haiku-4-5": _anthropic(1.0, 5.0),
        "claude-3-5-haiku": _anthropic(0.8, 4.0),
        "gpt-5": _openai(1.25, 10.0, 0.125),
        "gpt-5-mini": _openai(0.25, 2.0, 0.025),
        "gpt-5-nano": _openai(0.05, 0.4, 0.005),
        "gpt-4.1": _openai(2.0, 8.0, 0.5),
        "gpt-4.1-mini": _openai(0.4, 1.6, 0.1),
        "gpt-4.1-nano": _openai(0.1, 0.4, 0.025),
        "gpt-4o": _openai(2.5, 10.0, 1.25),
        "gpt-4o-mini": _openai(0.15, 0.6, 0.075),
        "o3": _openai(2.0, 8.0, 0.5),
        "o4-mini": _openai(1.1, 4.4, 0.275),
    }
)

_SNAPSHOT = re.compile(r"-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$")


def price_of(model: str) -> Price | None:
    name = model.strip().lower()
    return PRICES.get(name) or PRICES.get(_SNAPSHOT.sub("", name))


def cost_usd(
    model: str,
    *,
    input_tokens: int,
    output_tokens: int,
    cache_write_tokens: int = 0,
    cache_read_tokens: int = 0,
) -> float | None:
    """Dollars for one call; `input_tokens` excludes the cache writes and reads."""
    price = price_of(model)
    if price is None:
        return None
    total = (
        input_tokens * price.input
        + output_tokens * price.output
        + cache_write_tokens * price.cache_write
        + cache_read_tokens * price.cache_read
    )
    return total / 1_000_000
