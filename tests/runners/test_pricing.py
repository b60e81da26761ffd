"""Usage into dollars."""

from __future__ import annotations

import pytest

from architect.runners.pricing import cost_usd


def test_a_dated_snapshot_costs_what_its_family_costs() -> None:
    dated = cost_usd("claude-opus-4-5-20251101", input_tokens=1_000_000, output_tokens=0)
    assert dated == pytest.approx(5.0)
    assert cost_usd("gpt-4o-2024-08-06", input_tokens=0, output_tokens=1_000_000) == 10.0


def test_cache_reads_and_writes_have_their_own_price() -> None:
    cost = cost_usd(
        "claude-sonnet-4-6",
        input_tokens=0,
        output_tokens=0,
        cache_write_tokens=1_000_000,
        cache_read_tokens=1_000_000,
    )
    assert cost == pytest.approx(3.75 + 0.30)


def test_haiku_5_5_charges_long_prompts_the_higher_rate() -> None:
    short = cost_usd("claude-haiku-5-5", input_tokens=100_000, output_tokens=1_000_000)
    long = cost_usd("claude-haiku-5-5", input_tokens=100_001, output_tokens=1_000_000)
    assert short == pytest.approx(0.01 + 0.50)
    assert long == pytest.approx(100_001 * 0.50 / 1e6 + 2.50)


def test_an_unknown_model_has_no_cost() -> None:
    assert cost_usd("llama3.1:8b", input_tokens=10, output_tokens=10) is None
