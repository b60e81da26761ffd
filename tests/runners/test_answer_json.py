"""The JSON object in a model's answer (`runners.answer_json`), wherever the model put it."""

from __future__ import annotations

import pytest

from architect.runners.answer_json import compact_json, parse_model_json, strip_noise


def test_fences_prose_and_think_blocks_are_skipped() -> None:
    assert parse_model_json('{"a": 1}') == {"a": 1}
    assert parse_model_json('Here it is:\n```json\n{"a": [1, 2]}\n```\nDone.') == {"a": [1, 2]}
    assert parse_model_json('<think>maybe {"no": 0}</think>Sure: {"a": "}"} and more') == {
        "a": "}"}
    assert parse_model_json('[1, 2] then {"b": true}') == {"b": True}  # an object, not a list


def test_a_think_block_cut_off_by_the_token_limit_swallows_the_rest() -> None:
    assert strip_noise('<thinking>long reasoning {"a": 1}') == ""
    with pytest.raises(ValueError, match="the answer holds no JSON object"):
        parse_model_json('<think>long reasoning {"a": 1}')


def test_no_object_is_a_value_error_with_a_short_reason() -> None:
    for text in ("", "no json here", "[1, 2, 3]", '{"unclosed": '):
        with pytest.raises(ValueError, match=r"^the answer holds no JSON object$"):
            parse_model_json(text)


def test_compact_json_has_no_spaces_and_keeps_unicode() -> None:
    assert compact_json({"q": "Où ?", "n": [1, 2]}) == '{"q":"Où ?","n":[1,2]}'
