"""Every captured or derived forge payload in tests/data/forgejo/examples parses into our models.

Origin and licence of each example: tests/data/forgejo/README.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from architect.forge.models import Comment, Issue, Label, PullRequest, Repository, Review, User

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "forgejo" / "examples"

# file → (model, JSON pointer inside the file ("" = the whole document), is it a list?)
CASES: dict[str, tuple[type[BaseModel], str, bool]] = {
    "derived-get-issue.json": (Issue, "", False),
    "derived-list-issues.json": (Issue, "", True),
    "derived-get-issue-comment.json": (Comment, "", False),
    "derived-list-issue-comments.json": (Comment, "", True),
    "derived-get-user.json": (User, "", False),
    "derived-list-repo-labels.json": (Label, "", True),
    "forgejo-labels.fragment.codeberg.json": (Label, "", True),
    "forgejo-pull_request.object.json": (PullRequest, "", False),
    "gitea-pull-reviews.list.json": (Review, "", True),
    # Objects embedded in webhook deliveries have the same shapes as the API's.
    "derived-webhook-issue_comment-created.body.json": (Issue, "issue", False),
    "derived-webhook-issue_comment-created.body.json#comment": (Comment, "comment", False),
    "derived-webhook-issue_comment-created.body.json#repository": (Repository, "repository", False),
    "forgejo-webhook-pull_request-closed-merged.json": (PullRequest, "pull_request", False),
    # The review and label deliveries were trimmed by their authors (no PR timestamps,
    # see the examples README): only their complete parts are checked.
    "gitea-webhook-pull_request_review_approved.json": (User, "sender", False),
    "gitea-webhook-pull_request_review_rejected.json": (User, "sender", False),
    "gitea-webhook-pull_request_review_comment.json": (Repository, "repository", False),
    "forgejo-webhook-pull_request-label_updated.codeberg.json": (User, "sender", False),
}


def load(name: str, pointer: str) -> Any:
    document = json.loads((EXAMPLES / name.partition("#")[0]).read_text(encoding="utf-8"))
    return document[pointer] if pointer else document


@pytest.mark.parametrize("name", sorted(CASES))
def test_example_parses(name: str) -> None:
    model, pointer, is_list = CASES[name]
    data = load(name, pointer)

    items = data if is_list else [data]
    parsed = [model.model_validate(item) for item in items]

    assert parsed, f"{name} holds no {model.__name__}"


def test_a_pr_in_the_issue_list_is_recognised() -> None:
    issues = [Issue.model_validate(x) for x in load("derived-list-issues.json", "")]

    assert sorted(issue.is_pull for issue in issues) == [False, True]


def test_the_merged_pr_reads_as_merged_with_its_branches() -> None:
    pull = PullRequest.model_validate(
        load("forgejo-webhook-pull_request-closed-merged.json", "pull_request")
    )

    assert pull.merged
    assert pull.merged_at is not None
    assert pull.state == "closed"
    assert pull.head.ref
    assert pull.base.ref


def test_review_states_and_labels_keep_their_forge_spelling() -> None:
    reviews = [Review.model_validate(x) for x in load("gitea-pull-reviews.list.json", "")]
    labels = [Label.model_validate(x) for x in load("derived-list-repo-labels.json", "")]

    known = {"APPROVED", "REQUEST_CHANGES", "COMMENT", "PENDING", "REQUEST_REVIEW", ""}
    assert {review.state.value for review in reviews} <= known
    assert all(not label.color.startswith("#") for label in labels)


def test_every_example_of_a_modelled_kind_is_covered() -> None:
    covered = {name.partition("#")[0] for name in CASES}
    modelled = {
        path.name
        for path in EXAMPLES.glob("*.json")
        if not path.name.startswith(("derived-error-", "derived-webhook-event-header"))
        and not path.name.endswith(".headers.json")
    }

    assert modelled - covered == set()
