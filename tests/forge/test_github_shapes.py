"""GitHub's JSON read into the forge models (`forge.github_shapes`): where GitHub and
Forgejo differ, the lifecycle sees Forgejo's shape."""

from __future__ import annotations

from typing import Any

import pytest

from architect.errors import ForgeError
from architect.forge import github_shapes as shapes

USER = {"id": 3, "login": "architect-bot", "name": None, "site_admin": False}
WHEN = "2026-11-25T09:00:00Z"


def an_issue(**fields: Any) -> dict[str, Any]:
    return {"id": 10, "number": 7, "title": "Wishlists", "body": None, "state": "open",
            "user": USER, "labels": [{"id": 1, "name": "vision", "description": None,
                                      "color": "5319e7"}],
            "created_at": WHEN, "updated_at": WHEN, **fields}


def test_a_null_body_and_description_read_as_empty_text() -> None:
    issue = shapes.issue(an_issue(), "issue #7")
    assert (issue.body, issue.user.login, issue.user.full_name) == ("", "architect-bot", "")
    assert [(label.name, label.description) for label in issue.labels] == [("vision", "")]
    assert issue.pull_request is None


def test_an_issue_that_is_a_pull_says_whether_it_was_merged() -> None:
    stub = {"url": "u", "html_url": "https://github.com/acme/shop/pull/7", "merged_at": WHEN}
    issue = shapes.issue(an_issue(pull_request=stub), "issue #7")
    assert issue.pull_request is not None and issue.pull_request.merged


def test_a_listed_pull_with_only_merged_at_is_merged() -> None:
    ref = {"label": "acme:main", "ref": "main", "sha": "abc"}
    data = {"id": 1, "number": 9, "title": "architect: Wishlists", "body": None,
            "state": "closed", "user": USER, "head": ref, "base": ref, "merged_at": WHEN,
            "merged_by": USER, "mergeable": None, "created_at": WHEN, "updated_at": WHEN}
    (pull,) = shapes.pulls([data], "pulls")
    assert pull.merged and not pull.mergeable and pull.body == ""
    assert pull.merged_by is not None and pull.merged_by.login == "architect-bot"


@pytest.mark.parametrize(("github", "forgejo", "dismissed"), [
    ("CHANGES_REQUESTED", "REQUEST_CHANGES", False), ("COMMENTED", "COMMENT", False),
    ("APPROVED", "APPROVED", False), ("DISMISSED", "", True)])
def test_review_states_take_forgejos_names(github: str, forgejo: str, dismissed: bool) -> None:
    review = shapes.review({"id": 5, "user": USER, "state": github, "body": None,
                            "submitted_at": WHEN}, "review")
    assert (str(review.state), review.dismissed, review.body) == (forgejo, dismissed, "")


def test_the_timeline_keeps_events_with_an_id_and_a_time_under_forgejos_names() -> None:
    items = [{"id": 1, "event": "labeled", "actor": USER, "created_at": WHEN},
             {"event": "cross-referenced", "created_at": WHEN},  # no id of its own
             {"id": 2, "event": "reviewed", "user": USER, "submitted_at": WHEN},
             {"sha": "abc"}]
    events = shapes.timeline(items, "timeline")
    assert [(e.id, e.type, e.user.login if e.user else None) for e in events] == [
        (1, "label", "architect-bot"), (2, "reviewed", "architect-bot")]


def test_a_repository_without_size_or_push_is_empty_and_hook_config_is_text() -> None:
    repo = {"id": 1, "name": "shop", "full_name": "acme/shop", "owner": USER,
            "default_branch": "main", "size": 0, "pushed_at": None}
    assert shapes.repository(repo, "repo").empty
    assert not shapes.repository({**repo, "pushed_at": WHEN}, "repo").empty
    hook = shapes.hook({"id": 4, "type": "Repository", "active": True, "events": ["issues"],
                        "config": {"url": "http://x", "insecure_ssl": 0, "secret": None}},
                       "hook")
    assert hook.config == {"url": "http://x", "insecure_ssl": "0"}


def test_what_does_not_parse_is_a_forge_error_naming_what_was_read() -> None:
    with pytest.raises(ForgeError, match="issue #7"):
        shapes.issue({"number": "seven"}, "issue #7")
