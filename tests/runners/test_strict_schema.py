"""The schemas each provider is sent obey its documented rules, for every mode.

OpenAI, "Structured Outputs" → "Supported schemas" (platform.openai.com/docs/
guides/structured-outputs): every object sets `additionalProperties: false`
and lists all its properties in `required` (optional ones are nullable);
`default`, `minLength` and `maxLength` are not supported keywords.

Anthropic, "Structured outputs" → "JSON Schema limitations"
(platform.claude.com/docs/en/build-with-claude/structured-outputs):
`additionalProperties` must be false on every object; `minimum`, `maximum`,
`multipleOf`, `minLength`, `maxLength`, `maxItems` and `minItems` other than
0 or 1 are not supported; no recursive schemas; at most 24 optional
properties and 16 properties using `anyOf` or type arrays in all.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel

from architect.core.replan_schema import ReplanProposal
from architect.core.schemas import (
    AnswerRound,
    ForkProposal,
    LessonsDigest,
    Pitch,
    RevisedPitch,
    SubIssuePlan,
)
from architect.runners.anthropic_api import output_schema
from architect.runners.strict_schema import strict_schema
from architect.runners.validation import validate_output


def anthropic_sdk() -> ModuleType:
    """The optional SDK, imported by the test that needs it, not at collection (a second
    of every worker's start-up); without it that test is skipped, not an import error."""
    return pytest.importorskip(
        "anthropic", reason="the optional `anthropic` SDK is not installed: "
        "pip install -e '.[anthropic]'")

SCHEMAS = [Pitch, RevisedPitch, ForkProposal, AnswerRound, SubIssuePlan, LessonsDigest,
           ReplanProposal]
OPENAI_UNSUPPORTED = {"default", "minLength", "maxLength"}
ANTHROPIC_UNSUPPORTED = {"minimum", "maximum", "multipleOf", "minLength", "maxLength", "maxItems"}


def objects(node: Any) -> Iterator[dict[str, Any]]:
    """Every schema node of `node`, depth first."""
    if isinstance(node, list):
        for item in node:
            yield from objects(item)
    elif isinstance(node, dict):
        yield node
        for key, value in node.items():
            if key == "properties":
                for sub in value.values():
                    yield from objects(sub)
            else:
                yield from objects(value)


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda s: s.__name__)
def test_the_openai_schema_follows_strict_mode(schema: type[BaseModel]) -> None:
    sent = strict_schema(schema)

    for node in objects(sent):
        assert not OPENAI_UNSUPPORTED & set(node), node
        if "properties" in node:
            assert node["additionalProperties"] is False
            assert node["required"] == list(node["properties"])


def test_an_optional_field_is_required_and_nullable_and_null_reads_as_absent() -> None:
    sent = strict_schema(ForkProposal)
    fork = sent["properties"]["forks"]["items"]

    assert fork["properties"]["why"]["type"] == ["string", "null"]
    assert fork["properties"]["question"]["type"] == "string"  # required stays non-null
    options = [{"letter": "A", "text": "x"}, {"letter": "B", "text": "y"}]
    answer = {"reasoning": None, "no_fork_reason": None, "forks": [
        {"question": "Where?", "options": options, "recommended": "A", "why": None}]}  # fmt: skip
    parsed = validate_output(ForkProposal, answer)
    assert isinstance(parsed, ForkProposal)
    assert (parsed.forks[0].why, parsed.no_fork_reason) == ("", "")


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda s: s.__name__)
def test_the_anthropic_schema_follows_its_limits(schema: type[BaseModel]) -> None:
    sent = output_schema(anthropic_sdk(), schema)  # what the runner sends

    optional = union = 0
    for node in objects(sent):
        assert not ANTHROPIC_UNSUPPORTED & set(node), node
        assert node.get("minItems", 0) in (0, 1), node
        if node.get("type") == "object" or "properties" in node:
            assert node["additionalProperties"] is False
        for name, sub in (node.get("properties") or {}).items():
            optional += name not in node.get("required", [])
            union += "anyOf" in sub or isinstance(sub.get("type"), list)
    assert optional <= 24 and union <= 16
    for name, definition in (sent.get("$defs") or {}).items():  # no recursion
        assert f"#/$defs/{name}" not in str(definition)
