"""A filed sprint's sub-issues as they are (`core.replan_subs`): whether work started on
each, and whether a proposal still fits them. Pure: builders."""

from __future__ import annotations

from architect.core.inputs import FiledIssue
from architect.core.replan import SubNow
from architect.core.replan_subs import normalized, started, state_digest
from tests.builders import a_user, an_issue

BODY = "## Problem\n\nNowhere to keep items.\n\n<!-- decomposed-from: #7, id: store -->"


def test_the_fingerprint_is_blind_to_markers_spacing_and_links() -> None:
    moved = ("## Problem\n\n  Nowhere to keep   items. \n\nhttps://new.forge/acme/shop/7\n"
             "<!-- decomposed-from: #7, id: store --><!-- architect: story event=pitched pr=3 -->")
    assert normalized(BODY) == normalized(moved)
    assert normalized(BODY) != normalized(BODY.replace("Nowhere", "No place"))


def test_work_has_started_when_closed_assigned_linked_or_edited() -> None:
    issue = an_issue(11, "Store wishlist items", body=BODY, labels=("backlog",))
    expected = {11: normalized(BODY)}
    assert started(SubNow(issue), expected) == ""
    assert started(SubNow(issue.model_copy(update={"state": "closed"})), expected) == "closed"
    assigned = issue.model_copy(update={"assignees": [a_user("bob"), a_user("carol")]})
    assert started(SubNow(assigned), expected) == "assigned to @bob, @carol"
    assert started(SubNow(issue, linked=True), expected) == "a pull request or branch names it"
    edited = issue.model_copy(update={"body": BODY + "\n\nAlso: sharing."})
    assert started(SubNow(edited), expected) == "edited by a person since it was filed"
    assert started(SubNow(edited), {}) == ""  # nothing to compare with: not counted


def test_the_state_digest_changes_with_what_a_proposal_saw() -> None:
    subs = [FiledIssue(11, "store", "Store", BODY, "open"), FiledIssue(12, "page", "Page", "x",
                                                                       "open")]
    assert state_digest(subs) == state_digest(list(reversed(subs)))  # order is no change
    closed = [subs[0], FiledIssue(12, "page", "Page", "x", "closed")]
    assert state_digest(subs) != state_digest(closed)
