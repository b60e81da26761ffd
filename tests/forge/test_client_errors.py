"""Refusals become typed errors whose message tells the user what is wrong and what to do."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from architect.errors import (
    ForgeAuthError,
    ForgeConflict,
    ForgeError,
    ForgeNotFound,
    ForgePermissionError,
    ForgeRefused,
    ForgeUnavailable,
    ForgeValidation,
)
from architect.forge.client import ForgeClient
from architect.forge.http import Target, describe_target

from .fakes import FORGE, Scripted, client_for, error


def test_401_names_the_token_variable_and_its_fallback() -> None:
    client = client_for(Scripted(error(401, "token is required")))

    with pytest.raises(ForgeAuthError) as caught:
        client.current_user()

    message = str(caught.value)
    assert "rejected the token" in message
    assert "set FORGE_ARCHITECT_TOKEN (or FORGE_TOKEN) to a valid" in message
    assert FORGE in message
    assert caught.value.status == 401
    assert caught.value.exit_code == 2


def test_401_names_a_custom_token_variable() -> None:
    client = client_for(Scripted(error(401)), token_env="FORGE_REVIEWER_TOKEN")

    with pytest.raises(ForgeAuthError, match="set FORGE_REVIEWER_TOKEN to a valid"):
        client.list_labels("o/r")


def test_403_on_a_comment_names_the_repo_and_the_issue_write_right() -> None:
    said = "token does not have at least one of required scope(s): [write:issue]"
    client = client_for(Scripted(error(403, said)))

    with pytest.raises(ForgePermissionError) as caught:
        client.create_comment("acme/widgets", 7, "hi")

    message = str(caught.value)
    assert "acme/widgets" in message
    assert "'write:issue'" in message
    assert "write access to acme/widgets" in message
    assert said in message


def test_403_with_an_empty_body_on_a_branch_read_names_read_repository() -> None:
    client = client_for(Scripted(httpx.Response(403)))

    with pytest.raises(ForgePermissionError) as caught:
        client.get_branch("acme/widgets", "main")

    message = str(caught.value)
    assert "read branch 'main' in acme/widgets" in message
    assert "'read:repository'" in message
    assert "The forge said" not in message


def test_403_on_user_names_the_user_scope() -> None:
    client = client_for(Scripted(error(403, "")))

    with pytest.raises(ForgePermissionError, match="'read:user'"):
        client.current_user()


@pytest.mark.parametrize(
    ("call", "thing"),
    [
        (lambda c: c.get_issue("acme/widgets", 7), "issue #7 in acme/widgets not found"),
        (lambda c: c.get_pull("acme/widgets", 8), "pull request #8 in acme/widgets not found"),
        (lambda c: c.get_repo("acme/widgets"), "repository acme/widgets not found"),
        (lambda c: c.delete_branch("acme/widgets", "architect/x"), "branch 'architect/x'"),
        (
            lambda c: c.update_file(
                "acme/widgets", "sprints/a b.md", "t", sha="s", branch="m", message="m"
            ),
            "file 'sprints/a b.md' in acme/widgets not found",
        ),
        (lambda c: c.edit_comment("acme/widgets", 55, "x"), "comment 55 in acme/widgets"),
    ],
)
def test_404_names_what_is_missing(call: Callable[[ForgeClient], object], thing: str) -> None:
    client = client_for(Scripted(error(404, "The target couldn't be found.", errors=[])))

    with pytest.raises(ForgeNotFound) as caught:
        call(client)

    assert thing in str(caught.value)
    assert "private repository" in str(caught.value)


def test_404_quotes_the_forge_errors_not_a_go_function_name() -> None:
    body = error(404, "GetIssueByIndex", errors=["issue does not exist [index: 7]"])
    client = client_for(Scripted(body))

    with pytest.raises(ForgeNotFound) as caught:
        client.get_issue("o/r", 7)

    assert 'said: "issue does not exist [index: 7]"' in str(caught.value)


def test_409_quotes_the_forge_message() -> None:
    said = "pull request already exists for these targets [id: 4, issue_id: 8]"
    client = client_for(Scripted(error(409, said)))

    with pytest.raises(ForgeConflict) as caught:
        client.create_pull("o/r", title="t", body="b", head="feature", base="main")

    assert said in str(caught.value)
    assert caught.value.method == "POST"
    assert caught.value.path == "/api/v1/repos/o/r/pulls"


def test_409_with_a_go_struct_body_still_says_something() -> None:
    conflict = httpx.Response(409, json={"StdOut": "", "StdErr": "CONFLICT (content)", "Err": {}})
    client = client_for(Scripted(conflict))

    with pytest.raises(ForgeConflict, match="CONFLICT"):
        client.merge_pull("o/r", 3)


@pytest.mark.parametrize("status", [400, 422])
def test_400_and_422_are_validation_errors_quoting_the_forge(status: int) -> None:
    client = client_for(Scripted(error(status, "[Title]: Required")))

    with pytest.raises(ForgeValidation, match=r"\[Title\]: Required"):
        client.create_issue("o/r", title="", body="")


def test_other_4xx_are_refusals_with_the_status() -> None:
    client = client_for(Scripted(error(405, "PR already merged")))

    with pytest.raises(ForgeRefused) as caught:
        client.merge_pull("o/r", 3)

    assert type(caught.value) is ForgeRefused
    assert "HTTP 405" in str(caught.value)
    assert "PR already merged" in str(caught.value)


def test_500_is_unavailable_at_once_for_a_write_and_after_retries_for_a_read() -> None:
    forge = Scripted(error(500, ""))
    client = client_for(forge)

    with pytest.raises(ForgeUnavailable, match="HTTP 500"):
        client.create_branch("o/r", "b", "nope")
    with pytest.raises(ForgeUnavailable, match="HTTP 500"):
        client.get_repo("o/r")
    assert client.stats.requests == 2  # a 500 is an answer, not a transient failure


def test_a_non_json_answer_is_a_forge_error_that_points_at_forge_url() -> None:
    html = httpx.Response(200, text="<html>login</html>", headers={"content-type": "text/html"})
    client = client_for(Scripted(html))

    with pytest.raises(ForgeError, match="forge_url"):
        client.list_labels("o/r")


def test_a_malformed_object_is_a_forge_error_naming_the_field() -> None:
    client = client_for(Scripted(httpx.Response(200, json={"id": 1})))

    with pytest.raises(ForgeError, match=r"not a User .*login"):
        client.current_user()


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/user", Target(None, "the current user", "user")),
        ("/repos/o/r", Target("o/r", "repository o/r", "repository")),
        ("/repos/o/r/issues", Target("o/r", None, "issue")),
        ("/repos/o/r/issues/3/comments", Target("o/r", "issue #3", "issue")),
        ("/repos/o/r/issues/comments/9", Target("o/r", "comment 9", "issue")),
        (
            "/repos/o/r/issues/3/labels/kind/bug",
            Target("o/r", "label 'kind/bug' (on issue #3)", "issue"),
        ),
        ("/repos/o/r/labels", Target("o/r", None, "issue")),
        ("/repos/o/r/pulls/4/reviews", Target("o/r", "pull request #4", "repository")),
        (
            "/repos/o/r/pulls/main/a/b",
            Target("o/r", "an open PR from 'a/b' into 'main'", "repository"),
        ),
        ("/repos/o/r/branches/a/b", Target("o/r", "branch 'a/b'", "repository")),
        ("/repos/o/r/contents/d/f.md", Target("o/r", "file 'd/f.md'", "repository")),
        ("/repos/o/r/hooks", Target("o/r", None, "repository")),
        ("/version", Target(None, "the server version", None)),
    ],
)
def test_describe_target(path: str, expected: Target) -> None:
    assert describe_target(path) == expected
