"""List prices of the hosted models, in one place, to turn usage into dollars.

USD per million tokens. Anthropic: platform.claude.com/docs "Pricing" and the
model overview pages (read 2026-11); OpenAI: its API pricing page. A model
that is not in the table (a local model, a release newer than the table) has
no known cost: `cost_usd` returns None and the log says so, rather than a
wrong number. Dated snapshots (`claude-opus-4-5-20251101`,
`gpt-4o-2024-08-06`) cost what their family costs. Cache writes are priced
at the 5-minute rate, the only one the runners ask for.

The claude-cli runner needs none of this: the CLI reports its own cost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Price:
    input: float
    output: float
    cache_write: float  # prompt-cache writes, 5-minute cache
    cache_read: float  # prompt-cache hits
    long: Price | None = None  # the whole request's price when its prompt exceeds long_from
    long_from: int = 0


OPUS_4_5 = Price(5.0, 25.0, 6.25, 0.50)
OPUS_4 = Price(15.0, 75.0, 18.75, 1.50)
SONNET_4 = Price(3.0, 15.0, 3.75, 0.30)
SONNET_5 = Price(2.0, 10.0, 2.50, 0.20)
FABLE_5 = Price(10.0, 50.0, 12.50, 1.00)
FABLE_5_1 = Price(10.0, 50.0, 12.50, 0.25)
# Haiku 5.5 is priced by prompt length: every token of a request whose prompt
# (input, cache writes and reads) is over 100k tokens pays the higher rate.
HAIKU_5_5 = Price(0.10, 0.50, 0.125, 0.01, long=Price(0.50, 2.50, 0.625, 0.05), long_from=100_000)

PRICES = MappingProxyType(
    {
        "claude-fable-5-1": FABLE_5_1,
        "claude-mythos-5-1": FABLE_5_1,
        "claude-fable-5": FABLE_5,
        "claude-mythos-5": FABLE_5,
        "claude-opus-5-5": Price(4.0, 20.0, 5.0, 0.20),
        "claude-opus-5": OPUS_4_5,
        "claude-opus-4-8": OPUS_4_5,
        "claude-opus-4-7": OPUS_4_5,
        "claude-opus-4-6": OPUS_4_5,
        "claude-opus-4-5": OPUS_4_5,
        "claude-opus-4-1": OPUS_4,
        "claude-opus-4": OPUS_4,
        "claude-sonnet-5-5": SONNET_5,
        "claude-sonnet-5": SONNET_5,
        "claude-sonnet-4-6": SONNET_4,
        "claude-sonnet-4-5": SONNET_4,
        "claude-sonnet-4": SONNET_4,
        "claude-haiku-5-5": HAIKU_5_5,
        "claude-haiku-4-5": Price(1.0, 5.0, 1.25, 0.10),
        "claude-3-5-haiku": Price(0.80, 4.0, 1.0, 0.08),
        # OpenAI bills no cache writes: they cost what input costs.
        "gpt-5": Price(1.25, 10.0, 1.25, 0.125),
        "gpt-5-mini": Price(0.25, 2.0, 0.25, 0.025),
        "gpt-5-nano": Price(0.05, 0.40, 0.05, 0.005),
        "gpt-4.1": Price(2.0, 8.0, 2.0, 0.50),
        "gpt-4.1-mini": Price(0.40, 1.60, 0.40, 0.10),
        "gpt-4.1-nano": Price(0.10, 0.40, 0.10, 0.025),
        "gpt-4o": Price(2.50, 10.0, 2.50, 1.25),
        "gpt-4o-mini": Price(0.15, 0.60, 0.15, 0.075),
        "o3": Price(2.0, 8.0, 2.0, 0.50),
        "o4-mini": Price(1.10, 4.40, 1.10, 0.275),
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
    prompt = input_tokens + cache_write_tokens + cache_read_tokens
    if price.long is not None and prompt > price.long_from:
        price = price.long
    total = (
        input_tokens * price.input
        + output_tokens * price.output
        + cache_write_tokens * price.cache_write
        + cache_read_tokens * price.cache_read
    )
    return total / 1_000_000
