"""The model-family tables against the providers' documented model lists (tests/data/models)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from architect.runners.model_families import (
    CLAUDE_FAMILIES,
    Thinking,
    chat_family,
    claude_family,
    claude_thinking,
)

MODELS = Path(__file__).parents[1] / "data" / "models"
DOCUMENTED = {"adaptive": Thinking.ADAPTIVE, "adaptive+budget": Thinking.BOTH,
              "extended": Thinking.BUDGET}  # fmt: skip


def rows(name: str) -> list[dict[str, str]]:
    with (MODELS / name).open(encoding="utf-8") as lines:
        return list(csv.DictReader(lines, delimiter="\t"))


@pytest.mark.parametrize("row", rows("claude-models.tsv"), ids=lambda r: r["model_id"])
def test_each_documented_claude_model_thinks_as_its_docs_say(row: dict[str, str]) -> None:
    assert claude_family(row["model_id"]).thinking is DOCUMENTED[row["thinking"]]


def test_every_family_of_the_table_is_a_documented_model() -> None:
    documented = {r["model_id"] for r in rows("claude-models.tsv")}
    # Mythos is Fable under another name (same prices, same thinking); Haiku 5 has only 5.5.
    aliases = {"claude-mythos-5", "claude-haiku-5", "claude-3-7-sonnet"}
    missing = [f for f in CLAUDE_FAMILIES if f not in aliases
               and not any(m == f or m.startswith(f + "-") for m in documented)]  # fmt: skip
    assert missing == []


@pytest.mark.parametrize("row", rows("openai-models.tsv"), ids=lambda r: r["model_id"])
def test_each_documented_openai_model_gets_its_token_key_and_temperature(
    row: dict[str, str],
) -> None:
    family = chat_family(row["model_id"], local=False)
    reasoning = row["reasoning"] == "yes"
    assert family.tokens_key == "max_completion_tokens"
    assert family.temperature is not reasoning
    # Behind a base URL (a proxy) a reasoning model is still one; the others read max_tokens.
    behind = chat_family(row["model_id"], local=True)
    assert behind == family if reasoning else behind.tokens_key == "max_tokens"


def test_a_local_servers_model_reads_max_tokens_and_a_temperature() -> None:
    family = chat_family("qwen2.5-coder:7b", local=True)
    assert (family.tokens_key, family.temperature) == ("max_tokens", True)


def test_a_budget_where_budgets_are_refused_becomes_adaptive_thinking_with_an_effort() -> None:
    sent = claude_thinking("claude-opus-5-5", budget_tokens=10_000, effort=None)
    assert (sent.thinking, sent.effort) == ({"type": "adaptive"}, "medium")
    assert sent.budget_tokens == 0


def test_a_budget_model_gets_its_budget_and_no_effort() -> None:
    sent = claude_thinking("claude-haiku-4-5-20251001", budget_tokens=0, effort="low")
    assert sent.thinking == {"type": "enabled", "budget_tokens": 4096}
    assert sent.effort is None


def test_an_effort_a_model_lacks_steps_down_to_one_it_takes() -> None:
    sent = claude_thinking("claude-sonnet-4-6", budget_tokens=0, effort="max")
    assert (sent.thinking, sent.effort) == ({"type": "adaptive"}, "high")


def test_nothing_configured_sends_nothing() -> None:
    sent = claude_thinking("claude-opus-5-5", budget_tokens=0, effort=None)
    assert (sent.thinking, sent.effort) == (None, None)
