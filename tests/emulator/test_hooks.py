"""What a change tells the webhooks: subscription flags, events, and their payloads."""

from __future__ import annotations

from architect.emulator import hooks
from architect.emulator.store import Repo
from tests.emulator.conftest import REPO, Forge


def _repo_with_hook(world: Forge) -> Repo:
    made = world.call("POST", f"/repos/{REPO}/hooks", "acme", json={
        "type": "forgejo", "active": True, "events": ["issues"],
        "config": {"url": "http://hooks.test/in", "content_type": "json"},
    })
    assert made.status_code == 201, made.text
    return world.repo()


def test_subscription_expands_issues_and_pull_request_and_defaults_to_push() -> None:
    assert hooks.subscription([]) == ["push"]
    assert hooks.subscription(["issues"]) == [
        "issues", "issue_assign", "issue_label", "issue_milestone", "issue_comment"
    ]
    assert "pull_request_review" in hooks.subscription(["PULL_REQUEST"])
    assert hooks.subscription(["issue_comment", "no_such_event"]) == ["issue_comment"]


def test_an_issue_change_becomes_an_issues_event_with_its_payload(world: Forge) -> None:
    number = world.issue("Hooked")
    repo = _repo_with_hook(world)
    ctx = world.ctx()
    hooks.issue_action(ctx, repo, repo.issues[number], "closed")
    (event,) = ctx.events
    assert (event.flag, event.event, event.event_type) == ("issues", "issues", "issues")
    payload = event.build()
    assert (payload["action"], payload["number"]) == ("closed", number)
    assert payload["sender"]["login"] == "alice"
    assert payload["sender"]["email"] == "alice@noreply.localhost"  # a hook sees no e-mail


def test_a_comment_on_a_pull_has_the_pull_request_comment_type(world: Forge) -> None:
    pull = world.pull("fix")
    repo = _repo_with_hook(world)
    issue = repo.issues[pull]
    comment_id = world.setup.comment(REPO, pull, "hi", token=world.tokens["alice"])
    ctx = world.ctx()
    hooks.comment_action(ctx, repo, issue, world.forge.wsgi.store.state.comments[comment_id],
                         "created")
    (event,) = ctx.events
    assert (event.flag, event.event, event.event_type) == (
        "pull_request_comment", "issue_comment", "pull_request_comment"
    )
    payload = event.build()
    assert payload["is_pull"] is True and payload["comment"]["body"] == "hi"


def test_nothing_is_emitted_without_a_hook_and_a_review_is_by_its_state(world: Forge) -> None:
    pull = world.pull("fix")
    repo = world.repo()
    ctx = world.ctx()
    hooks.issue_action(ctx, repo, repo.issues[pull], "edited")
    assert ctx.events == []  # nothing listens, no payload is even built
    repo = _repo_with_hook(world)
    world.setup.review(REPO, pull, "APPROVED", "ok", token=world.tokens["alice"])
    pr = repo.issues[pull].pull
    assert pr is not None
    hooks.review_action(ctx, repo, repo.issues[pull], pr.reviews[-1])
    (event,) = ctx.events
    assert (event.event, event.event_type) == ("pull_request_approved",
                                               "pull_request_review_approved")
    assert event.build()["review"] == {"type": "pull_request_review_approved", "content": "ok"}
