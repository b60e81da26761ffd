"""The token never shows: not in errors, reprs, logs or output, even when the forge echoes it."""

from __future__ import annotations

import logging
import pickle
import traceback
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
from architect.forge.secret import Secret

from .fakes import TOKEN, Scripted, client_for, error

Call = Callable[[ForgeClient], object]

# Every error type the client raises, each provoked with the forge echoing the token
# wherever a forge could (Forgejo's 401 says "access token does not exist [sha: <token>]").
CASES: list[tuple[type[ForgeError], httpx.Response | Exception, Call]] = [
    (
        ForgeAuthError,
        error(401, f"access token does not exist [sha: {TOKEN}]"),
        lambda c: c.current_user(),
    ),
    (
        ForgePermissionError,
        error(403, f"denied for {TOKEN}"),
        lambda c: c.create_comment("o/r", 1, "x"),
    ),
    (
        ForgeNotFound,
        error(404, "GetIssue", errors=[f"no issue for {TOKEN}"]),
        lambda c: c.get_issue("o/r", 1),
    ),
    (ForgeConflict, error(409, f"exists {TOKEN}"), lambda c: c.create_branch("o/r", "b", "main")),
    (
        ForgeValidation,
        error(422, f"[Token {TOKEN}]: bad"),
        lambda c: c.create_label("o/r", name="x", color="zz"),
    ),
    (ForgeRefused, error(405, f"no {TOKEN}"), lambda c: c.merge_pull("o/r", 2)),
    (ForgeUnavailable, error(503, f"down {TOKEN}"), lambda c: c.list_issues("o/r")),
    (ForgeUnavailable, error(500, f"boom {TOKEN}"), lambda c: c.get_repo("o/r")),
    (ForgeUnavailable, httpx.ConnectError("Connection refused"), lambda c: c.list_labels("o/r")),
    (
        ForgeUnavailable,
        httpx.ReadTimeout("timed out"),
        lambda c: c.create_issue("o/r", title="t", body=""),
    ),
    (ForgeError, httpx.Response(200, text=f"<html>{TOKEN}</html>"), lambda c: c.list_labels("o/r")),
]


@pytest.mark.parametrize(("expected", "answer", "call"), CASES)
def test_no_error_shows_the_token(
    expected: type[ForgeError],
    answer: httpx.Response | Exception,
    call: Call,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    caplog.set_level(logging.DEBUG)
    forge = Scripted(answer)
    client = client_for(forge)

    with pytest.raises(expected) as caught:
        call(client)

    assert type(caught.value) is expected
    assert forge.requests[0].headers["authorization"] == f"token {TOKEN}"  # it was sent
    shown = [
        str(caught.value),
        repr(caught.value),
        "".join(traceback.format_exception(caught.value)),
        repr(client),
        str(client),
        repr(client.stats),
        caplog.text,
        *capsys.readouterr(),
    ]
    assert all(TOKEN not in text for text in shown)


def test_the_forge_message_is_kept_with_the_token_masked() -> None:
    client = client_for(Scripted(error(401, f"access token does not exist [sha: {TOKEN}]")))

    with pytest.raises(ForgeAuthError) as caught:
        client.current_user()

    assert "access token does not exist [sha: [redacted]]" in str(caught.value)


def test_a_client_given_a_secret_shows_neither_value_nor_length() -> None:
    secret = Secret(TOKEN)
    client = ForgeClient("http://localhost:3000", secret)

    assert repr(client) == "ForgeClient('http://localhost:3000', token=Secret('[redacted]'))"
    client.close()


def test_secret_hides_its_value_everywhere_but_reveal() -> None:
    secret = Secret(TOKEN)

    assert TOKEN not in repr(secret)
    assert TOKEN not in str(secret)
    assert TOKEN not in f"{secret}|{secret!r}|{secret:>40}"
    assert TOKEN not in repr([secret, {"token": secret}])
    assert secret.reveal() == TOKEN
    assert secret == Secret(TOKEN)
    assert secret != Secret("other")
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(secret)


def test_secret_from_env_takes_the_first_non_empty_name() -> None:
    env = {"FORGE_ARCHITECT_TOKEN": "  ", "FORGE_TOKEN": "abc\n"}

    found = Secret.from_env(env, "FORGE_ARCHITECT_TOKEN", "FORGE_TOKEN")

    assert found is not None
    assert found.reveal() == "abc"
    assert Secret.from_env({}, "FORGE_TOKEN") is None


def test_without_a_token_no_authorization_header_is_sent() -> None:
    forge = Scripted(error(401, "token is required"))
    client = ForgeClient("http://localhost:3000", "", transport=httpx.MockTransport(forge))

    with pytest.raises(ForgeAuthError, match="FORGE_ARCHITECT_TOKEN"):
        client.current_user()
    assert "authorization" not in forge.requests[0].headers
