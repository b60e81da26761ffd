"""Reading model answers: JSON extraction, validation (the one retry: test_retry.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from architect.core.schemas import Pitch, SubIssuePlan
from architect.redaction import redact, secret_values
from architect.runners.answer_json import parse_model_json
from architect.runners.inline_schema import self_contained_schema
from architect.runners.validation import validate_output
from tests.runners.conftest import PITCH


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1}',
        'Sure! Here is the plan:\n{"a": 1}\nHope it helps.',
        '```json\n{"a": 1}\n```',
        '<think>maybe {"a": 2}?</think>\n```\n{"a": 1}\n```',
        'The {braces} in prose come first, then {"a": 1}',
    ],
)
def test_the_json_object_is_found_in_a_chatty_answer(text: str) -> None:
    assert parse_model_json(text) == {"a": 1}


def test_strings_with_braces_do_not_confuse_the_scanner() -> None:
    assert parse_model_json('noise {"body": "use } and { freely", "n": [1, {"x": 2}]}') == {
        "body": "use } and { freely",
        "n": [1, {"x": 2}],
    }


@pytest.mark.parametrize("text", ["", "no json here", '<think>{"a": 1}</think>', "[1, 2]"])
def test_no_object_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="no JSON object"):
        parse_model_json(text)


def test_validate_output_returns_the_object_or_a_short_error() -> None:
    assert isinstance(validate_output(Pitch, PITCH), Pitch)
    error = validate_output(Pitch, {**PITCH, "verdict": "maybe", "risks": None})
    assert isinstance(error, str)
    assert "- verdict: Input should be 'GO' or 'NO-GO'" in error
    assert "- risks: Field required" in error  # null means absent (strict schemas)


def test_the_self_contained_schema_keeps_fields_named_title() -> None:
    schema: dict[str, Any] = self_contained_schema(SubIssuePlan)
    item = schema["properties"]["sub_issues"]["items"]

    assert "$defs" not in json.dumps(schema)
    assert "title" in item["properties"]
    assert "title" not in item  # the keyword is dropped, the field is not
    assert item["required"] == ["id", "title", "problem", "proposed_solution"]


def test_secrets_are_found_by_name_and_redacted() -> None:
    env = {"FORGE_TOKEN": "tok-123456789", "OPENAI_API_KEY": "sk-abcdefghij", "HOME": "/root"}
    secrets = secret_values(env)

    assert set(secrets) == {"tok-123456789", "sk-abcdefghij"}
    assert redact("a tok-123456789 b sk-abcdefghij c /root", secrets) == (
        "a [redacted] b [redacted] c /root"
    )
