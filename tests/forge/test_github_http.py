"""GitHub's request path (`forge.github_http`): its rate limit as the headers say it, and
GitHub's own words in an error, masked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx

from architect.forge.github_http import RESERVE, PersonalToken, RateLimit, github_message, resumes
from architect.forge.secret import Secret

RESET = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)


def test_the_limit_is_spent_at_the_reserve_until_it_resets() -> None:
    limit = RateLimit()
    assert not limit.spent(RESET)  # not heard yet
    limit.read(httpx.Headers({"x-ratelimit-remaining": str(RESERVE), "x-ratelimit-limit": "5000",
                              "x-ratelimit-reset": str(int(RESET.timestamp()))}))
    assert (limit.remaining, limit.limit, limit.reset) == (RESERVE, 5000, RESET)
    assert limit.spent(RESET - timedelta(minutes=1)) and not limit.spent(RESET)
    limit.read(httpx.Headers({"x-ratelimit-remaining": str(RESERVE + 1)}))
    assert not limit.spent(RESET - timedelta(minutes=1))


def test_a_reset_in_milliseconds_and_garbage_headers_are_read_sensibly() -> None:
    limit = RateLimit()
    limit.read(httpx.Headers({"x-ratelimit-reset": str(int(RESET.timestamp()) * 1000),
                              "x-ratelimit-remaining": "-1", "x-ratelimit-limit": "lots"}))
    assert (limit.reset, limit.remaining, limit.limit) == (RESET, None, None)
    assert resumes(RESET) == "at 2026-11-25 10:00 UTC"
    assert resumes(None) == "when GitHub's limit resets"


def test_githubs_message_errors_and_docs_are_quoted_with_the_token_masked() -> None:
    secret = Secret("ghp_sekrit")
    body = {"message": "Validation Failed for ghp_sekrit",
            "errors": [{"resource": "Label", "field": "name", "code": "already_exists"},
                       {"message": "too long"}, "plain"],
            "documentation_url": "https://docs.github.com/rest"}
    said = github_message(httpx.Response(422, json=body), secret)
    assert "ghp_sekrit" not in said
    assert said.startswith(' GitHub said: "Validation Failed for ')
    assert said.endswith('; Label name already_exists; too long; plain" '
                         "(see https://docs.github.com/rest).")
    assert github_message(httpx.Response(502, text="<html>"), secret) == ""
    assert github_message(httpx.Response(404, json=[1]), secret) == ""
    assert github_message(httpx.Response(404, json={"message": ""}), secret) == ""


def test_a_personal_token_is_never_renewed() -> None:
    token = PersonalToken(Secret("ghp_x"))
    token.invalidate()
    assert token.token().reveal() == "ghp_x" and token.env == "FORGE_ARCHITECT_TOKEN"
