"""GitHub answers a deleted issue with 410 Gone where Forgejo answers 404: the client
says both the same way (`ForgeNotFound`), so every caller that handles a deleted issue
handles it on both forges."""

from __future__ import annotations

import httpx
import pytest

from architect.errors import ForgeNotFound
from architect.forge.github import GitHubClient
from architect.forge.secret import Secret


def test_a_deleted_issue_is_not_found_with_what_github_said() -> None:
    def gone(request: httpx.Request) -> httpx.Response:
        return httpx.Response(410, json={"message": "This issue was deleted"})

    forge = GitHubClient(None, Secret("ghp_test"), transport=httpx.MockTransport(gone))
    with pytest.raises(ForgeNotFound) as raised:
        forge.edit_issue("acme/shop", 7, body="x")
    assert raised.value.status == 410
    assert "gone on GitHub" in str(raised.value) and "This issue was deleted" in str(raised.value)
