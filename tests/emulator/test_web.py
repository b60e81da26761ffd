"""The emulator's request helpers (`emulator.web`): a body's fields read as Forgejo's
binder reads JSON and forms, with its error texts, and the pages a Link header names."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from architect.emulator.web import (
    ApiError,
    FormBody,
    form_key,
    opt_bool,
    opt_int,
    opt_int_list,
    opt_str_list,
    page_links,
    raw_value,
    req_str,
)


def refused(call: Callable[[], object]) -> str:
    with pytest.raises(ApiError) as raised:
        call()
    assert raised.value.status == 422
    return str(raised.value.message)


def test_json_fields_of_the_wrong_kind_are_a_422_naming_the_go_field() -> None:
    body = {"milestone": 3, "title": "", "closed": True, "labels": [1, 2], "n": True}
    assert opt_int(body, "milestone", "Milestone") == 3
    assert opt_bool(body, "closed", "Closed") is True
    assert opt_int_list(body, "labels", "Labels") == [1, 2]
    assert opt_int(body, "missing", "Missing") is None
    assert refused(lambda: opt_int(body, "n", "N")) == "[N]: must be an integer"  # bool is not
    assert refused(lambda: req_str(body, "title", "Title")) == "[Title]: Required"
    assert refused(lambda: opt_str_list({"x": [1]}, "x", "X")) == "[X]: must be a list of strings"


def test_a_form_is_read_by_the_binders_snake_case_keys() -> None:
    assert form_key("HeadCommitID") == "head_commit_i_d" and form_key("Title") == "title"
    form = FormBody({"milestone": ["4"], "closed": ["on"], "labels": ["1", "2"],
                     "assignees": ["a", "b"], "bad": ["x"]})
    assert opt_int(form, "milestone", "Milestone") == 4
    assert opt_bool(form, "closed", "Closed") is True
    assert opt_int_list(form, "labels", "Labels") == [1, 2]
    assert opt_str_list(form, "assignees", "Assignees") == ["a", "b"]
    assert raw_value(form, "dates") is None and raw_value({"dates": {}}, "dates") == {}
    assert refused(lambda: opt_int(form, "bad", "Bad")) == (
        "[bad]: Value could not be parsed as integer")
    assert refused(lambda: opt_bool(form, "bad", "Bad")) == (
        "[bad]: Value could not be parsed as boolean")


def test_the_link_pages_come_in_forgejos_order() -> None:
    assert page_links(1, 3) == [(2, "next"), (3, "last")]
    assert page_links(2, 3) == [(3, "next"), (3, "last"), (1, "first"), (1, "prev")]
    assert page_links(3, 3) == [(1, "first"), (2, "prev")]
    assert page_links(1, 1) == []
