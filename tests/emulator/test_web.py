"""The handlers' HTTP plumbing: body binding and its errors, pagination, Link headers."""

from __future__ import annotations

from typing import Any

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from architect.emulator.store import Store
from architect.emulator.web import (
    ApiError,
    Ctx,
    Reply,
    form_key,
    link_header,
    opt_bool,
    opt_int,
    opt_int_list,
    page_links,
    page_of,
    req_str,
)


def _ctx(method: str = "GET", path: str = "/api/v1/x", **request: Any) -> Ctx:
    environ = EnvironBuilder(method=method, path=path, **request).get_environ()
    return Ctx(Store(), Request(environ), {}, "http://forge.test/")


def _error(call: Any) -> tuple[int, str]:
    with pytest.raises(ApiError) as raised:
        call()
    return raised.value.status, raised.value.message


def test_a_post_without_a_content_type_is_422() -> None:
    assert _error(_ctx("POST", data=b"{}").body) == (422, "[]: Empty Content-Type")
    text = _ctx("POST", data=b"x", content_type="text/plain")
    assert _error(text.body) == (422, "[]: Unsupported Content-Type")
    assert _ctx("PATCH").body() == {}  # a PATCH without a type binds an empty form
    status, message = _error(_ctx("POST", json=[1]).body)
    assert (status, message) == (422, "[]: Json: body is not an object")


def test_json_fields_of_the_wrong_kind_name_the_go_field() -> None:
    wrong = (422, "[Number]: must be an integer")
    assert _error(lambda: opt_int({"n": "3"}, "n", "Number")) == wrong
    assert _error(lambda: opt_int({"n": True}, "n", "Number"))[1] == "[Number]: must be an integer"
    assert _error(lambda: req_str({"t": ""}, "t", "Title")) == (422, "[Title]: Required")
    assert opt_int_list({"ids": [1, 2]}, "ids", "IDs") == [1, 2]
    assert _error(lambda: opt_int_list({"ids": [1, "2"]}, "ids", "IDs"))[1] == (
        "[IDs]: must be a list of integers"
    )


def test_a_form_body_binds_by_the_snake_case_go_name() -> None:
    assert form_key("HeadCommitID") == "head_commit_i_d"
    form = _ctx("POST", data={"do": "merge", "delete_branch_after_merge": "on", "n": "x"}).body()
    assert opt_bool(form, "ignored", "DeleteBranchAfterMerge") is True
    assert req_str(form, "ignored", "Do") == "merge"
    assert _error(lambda: opt_int(form, "n", "N")) == (
        422, "[n]: Value could not be parsed as integer"
    )


def test_page_of_defaults_and_clamps_without_an_error() -> None:
    assert page_of(_ctx(query_string="page=0&limit=0")) == page_of(_ctx())
    assert (page_of(_ctx()).page, page_of(_ctx()).limit) == (1, 30)
    assert page_of(_ctx(query_string="limit=500")).limit == 50
    assert page_of(_ctx(query_string="page=3&limit=2")).slice(list(range(10))) == [4, 5]


def test_page_links_in_forgejos_order() -> None:
    assert page_links(1, 1) == []
    assert page_links(1, 3) == [(2, "next"), (3, "last")]
    assert page_links(3, 3) == [(1, "first"), (2, "prev")]


def test_the_link_header_sorts_the_query_keys_page_among_them() -> None:
    ctx = _ctx(path="/api/v1/repos/a/b/issues", query_string="state=open&limit=2&page=1")
    reply = link_header(ctx, Reply(200, []), 5, page_of(ctx))
    assert reply.headers["Link"] == (
        '<http://forge.test/api/v1/repos/a/b/issues?limit=2&page=2&state=open>; rel="next",'
        '<http://forge.test/api/v1/repos/a/b/issues?limit=2&page=3&state=open>; rel="last"'
    )
    assert reply.headers["Access-Control-Expose-Headers"] == "Link"
