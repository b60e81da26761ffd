"""A merge GitHub refuses while it still works out mergeability is retried, as on Forgejo."""

from __future__ import annotations

import json

import httpx
import pytest

from architect.errors import ForgeRefused
from architect.forge.github import GitHubClient
from architect.forge.github_http import Kept, Pace
from architect.shell.writes import merge_when_ready
from tests.world import VirtualTime

USER = {"id": 3, "login": "architect-bot"}
PULL = {"id": 11, "number": 1, "title": "architect: Wishlists", "body": None, "state": "open",
        "user": USER, "head": {"ref": "architect/sprint-vision-1", "label": "acme:x", "sha": "b"},
        "base": {"ref": "main", "label": "acme:main", "sha": "a"}, "labels": [],
        "merged": False, "merged_at": None, "merged_by": None,
        "created_at": "2026-11-25T09:00:00Z", "updated_at": "2026-11-25T09:00:00Z"}


def github(merges: list[int], *, checking_for: int, conflict: bool = False) -> GitHubClient:
    """A PR whose mergeability is unknown for the first `checking_for` merge attempts."""

    def answer(request: httpx.Request) -> httpx.Response:
        if request.method == "PUT":
            merges.append(len(merges) + 1)
            if len(merges) <= checking_for or conflict:
                return httpx.Response(405, json={
                    "message": "Base branch was modified. Review and try the merge again.",
                    "documentation_url": "https://docs.github.com/rest"})
            assert json.loads(request.content)["merge_method"] == "merge"
            return httpx.Response(200, json={"sha": "abc", "merged": True,
                                             "message": "Pull Request successfully merged"})
        known = conflict or len(merges) > checking_for
        return httpx.Response(200, json={**PULL, "mergeable": False if known else None})
    # Virtual time: the one-second spacing of writes costs the test nothing.
    time = VirtualTime()
    return GitHubClient(None, "t", transport=httpx.MockTransport(answer),
                        kept=Kept(pace=Pace(clock=time, sleep=time.sleep)))


def test_a_merge_refused_while_github_checks_is_tried_again() -> None:
    merges: list[int] = []
    waited: list[float] = []
    assert merge_when_ready(github(merges, checking_for=1), "acme/ops", 1,
                            message="Sprint filed: #2", wait=waited.append)
    assert merges == [1, 2] and len(waited) == 1


def test_a_pr_that_cannot_be_merged_is_refused_at_once() -> None:
    merges: list[int] = []
    with pytest.raises(ForgeRefused, match="try the merge again"):
        merge_when_ready(github(merges, checking_for=0, conflict=True), "acme/ops", 1,
                         message="Sprint filed: #2", wait=lambda _: None)
    assert merges == [1]
