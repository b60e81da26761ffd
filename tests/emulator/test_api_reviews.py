"""Reviews: the events a review may be, drafts seen by their author, votes, requests."""

from __future__ import annotations

from typing import Any

import pytest

from architect.emulator import api_reviews
from architect.emulator.web import ApiError
from tests.emulator.conftest import REPO, Forge


def _review(world: Forge, pull: int, who: str, **body: Any) -> Any:
    return world.call("POST", f"/repos/{REPO}/pulls/{pull}/reviews", who, json=body)


def test_the_author_may_not_vote_on_their_own_pull(world: Forge) -> None:
    pull = world.pull("fix")  # opened by bot
    own = _review(world, pull, "bot", event="APPROVED")
    assert (own.status_code, own.json()["message"]) == (422, "approve your own pull is not allowed")
    reject = _review(world, pull, "bot", event="REQUEST_CHANGES", body="no")
    assert reject.json()["message"] == "reject your own pull is not allowed"


def test_a_comment_or_request_changes_needs_a_body(world: Forge) -> None:
    pull = world.pull("fix")
    comment = _review(world, pull, "alice", event="COMMENT")
    assert (comment.status_code, comment.json()["message"]) == (
        422, "review event COMMENT requires a body or a comment"
    )
    changes = _review(world, pull, "alice", event="REQUEST_CHANGES")
    assert changes.json()["message"] == "review event REQUEST_CHANGES requires a body"
    assert _review(world, pull, "alice", event="APPROVED").status_code == 200  # no body needed


def test_a_draft_is_seen_by_its_author_only_and_submitted_in_place(world: Forge) -> None:
    pull = world.pull("fix")
    draft = _review(world, pull, "alice", body="thinking").json()
    assert draft["state"] == "PENDING"
    path = f"/repos/{REPO}/pulls/{pull}/reviews"
    assert world.get(path, "carol") == []
    assert [r["id"] for r in world.get(path, "alice")] == [draft["id"]]
    done = _review(world, pull, "alice", event="APPROVED", body="fine").json()
    assert (done["id"], done["state"]) == (draft["id"], "APPROVED")
    assert [r["state"] for r in world.get(path, "carol")] == ["APPROVED"]


def test_a_new_vote_dismisses_the_reviewers_older_one(world: Forge) -> None:
    pull = world.pull("fix")
    _review(world, pull, "alice", event="REQUEST_CHANGES", body="no")
    _review(world, pull, "alice", event="APPROVED")
    reviews = world.get(f"/repos/{REPO}/pulls/{pull}/reviews")
    assert [(r["state"], r["dismissed"], r["official"]) for r in reviews] == [
        ("REQUEST_CHANGES", True, False), ("APPROVED", False, True)
    ]


def test_review_requests_check_the_reviewer_and_are_answered_by_a_vote(world: Forge) -> None:
    pull = world.pull("fix")
    path = f"/repos/{REPO}/pulls/{pull}/requested_reviewers"
    unknown = world.call("POST", path, json={"reviewers": ["ghost"]})
    assert (unknown.status_code, unknown.json()["message"]) == (404, "User 'ghost' not exist")
    own = world.call("POST", path, json={"reviewers": ["bot"]})
    assert own.status_code == 422 and own.json()["message"].startswith("reviewer is invalid")
    made = world.call("POST", path, json={"reviewers": ["alice"]})
    assert made.status_code == 201 and made.json()[0]["state"] == "REQUEST_REVIEW"
    assert world.get(f"/repos/{REPO}/pulls/{pull}")["requested_reviewers"][0]["login"] == "alice"
    _review(world, pull, "alice", event="APPROVED")
    assert world.get(f"/repos/{REPO}/pulls/{pull}")["requested_reviewers"] == []


def test_a_second_request_for_the_same_reviewer_makes_none_and_a_removal_takes_it_off(
        world: Forge) -> None:
    pull = world.pull("fix")
    at = {"index": str(pull)}
    first = api_reviews.request_reviewers(world.ctx("bot", params=at,
                                                    json={"reviewers": ["alice"]}))
    assert first.status == 201 and [r["state"] for r in first.body] == [
        "REQUEST_REVIEW"]
    again = api_reviews.request_reviewers(world.ctx("bot", params=at,
                                                    json={"reviewers": ["alice"]}))
    assert (again.status, again.body) == (201, [])
    gone = api_reviews.unrequest_reviewers(world.ctx("bot", "DELETE", params=at,
                                                     json={"reviewers": ["alice"]}))
    assert (gone.status, gone.empty) == (204, True)
    assert world.get(f"/repos/{REPO}/pulls/{pull}")["requested_reviewers"] == []


def test_a_closed_pull_takes_no_review_request(world: Forge) -> None:
    pull = world.pull("fix")
    assert world.call("PATCH", f"/repos/{REPO}/pulls/{pull}", json={"state": "closed"}
                      ).status_code == 201
    with pytest.raises(ApiError) as refused:
        api_reviews.request_reviewers(world.ctx("bot", params={"index": str(pull)},
                                                json={"reviewers": ["alice"]}))
    assert (refused.value.status, refused.value.message) == (
        403, "cannot add or remove review requests on a closed pull request")


def test_an_unknown_event_with_a_body_is_a_pending_draft_others_cannot_get(
        world: Forge) -> None:
    pull = world.pull("fix")
    at = {"index": str(pull)}
    draft = api_reviews.create_review(world.ctx("alice", params=at,
                                                json={"event": "MAYBE", "body": "thinking"}))
    assert isinstance(draft.body, dict) and draft.body["state"] == "PENDING"
    one = {**at, "id": str(draft.body["id"])}
    assert api_reviews.get_review(world.ctx("alice", "GET", params=one)).status == 200
    with pytest.raises(ApiError) as hidden:
        api_reviews.get_review(world.ctx("carol", "GET", params=one))
    assert hidden.value.status == 404
