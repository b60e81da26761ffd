"""Forge errors classified for what they are: an empty repo, a repo that is missing, a
scheme that does not match the server. Each is a configuration error (exit 2) that says
the fix, and none is retried as if the forge were down."""

from __future__ import annotations

import ssl

import httpx
import pytest

from architect.errors import ForgeNotFound, ForgeRepoEmpty, ForgeRepoMissing, ForgeSchemeMismatch

from .fakes import Scripted, Sleeps, client_for, error


def test_git_repository_is_empty_says_so_and_how_to_fix_it() -> None:
    client = client_for(Scripted(error(404, "Git Repository is empty.")))

    with pytest.raises(ForgeRepoEmpty) as caught:
        client.create_branch("acme/ops", "architect/sprint-vision-1", "main")

    assert caught.value.exit_code == 2
    assert "repository acme/ops" in str(caught.value)
    assert "is empty: it has no commit" in str(caught.value)
    assert "Push a first commit" in str(caught.value)


def test_a_missing_repo_itself_is_a_configuration_error_but_a_missing_issue_is_not() -> None:
    client = client_for(Scripted(error(404, "The target couldn't be found.")))

    with pytest.raises(ForgeRepoMissing) as caught:
        client.get_repo("acme/nope")
    assert caught.value.exit_code == 2

    with pytest.raises(ForgeNotFound) as issue:
        client.get_issue("acme/shop", 7)
    assert not isinstance(issue.value, ForgeRepoMissing)


def test_plain_http_to_a_tls_port_says_use_https_at_once() -> None:
    go_answer = httpx.Response(400, text="Client sent an HTTP request to an HTTPS server.\n")
    script, sleeps = Scripted(go_answer), Sleeps()
    client = client_for(script, sleeps=sleeps)

    with pytest.raises(ForgeSchemeMismatch) as caught:
        client.current_user()

    assert caught.value.exit_code == 2
    assert "write https:// in forge_url" in str(caught.value)
    assert len(script.requests) == 1 and sleeps == []


def test_a_tls_handshake_error_is_not_retried() -> None:
    cause = ssl.SSLError(1, "[SSL: WRONG_VERSION_NUMBER] wrong version number")
    failure = httpx.ConnectError("handshake failed")
    failure.__cause__ = cause
    script, sleeps = Scripted(failure), Sleeps()
    client = client_for(script, sleeps=sleeps)

    with pytest.raises(ForgeSchemeMismatch, match="write http:// in forge_url"):
        client.list_labels("acme/shop")

    assert len(script.requests) == 1 and sleeps == []
