"""The GitHub dialect's webhooks (`github_hooks`), one change at a time: what GitHub
delivers for each, next to what a Forgejo hook on the same repository still gets.
The whole lifecycle's deliveries are checked against GitHub's schemas in
tests/forge/github/test_lifecycle_webhooks.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from architect.emulator import github_hooks
from architect.emulator.store import Store
from architect.emulator.webhooks import Delivery
from architect.forge.client import ForgeClient
from architect.forge.github import GitHubClient
from tests.emulator.test_webhooks import Receiver
from tests.forge.github.hook_spec import delivery_errors
from tests.world import BASE, PROJECT, World, make_world

SECRET = "s3cr3t"
EVENTS = ["issue_comment", "issues", "label", "pull_request", "pull_request_review"]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    yield server
    server.close()


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path, dialect="github")


def _github(world: World, login: str) -> GitHubClient:
    # Its writes spaced in the world's virtual time, as every client of a world is.
    return GitHubClient(f"{BASE}/api/v3", world.tokens[login],
                        transport=httpx.WSGITransport(app=world.wsgi), kept=world.kept())


def _delivered(world: World) -> list[Delivery]:
    assert world.forge.wait_for_deliveries(5)
    return world.forge.deliveries


def _checked(delivery: Delivery) -> Any:
    payload = json.loads(delivery.body)
    assert delivery_errors(delivery.event, delivery.event_type, dict(delivery.headers),
                           payload) == []
    return payload


def test_a_hook_made_on_github_is_pinged_with_githubs_headers_only(
        world: World, receiver: Receiver) -> None:
    hook = _github(world, "acme").create_hook(PROJECT, url=receiver.url, secret=SECRET)
    (ping,) = _delivered(world)
    payload = _checked(ping)
    assert (ping.event, payload["hook_id"], sorted(payload["hook"]["events"])) == (
        "ping", hook.id, EVENTS)
    headers = dict(ping.headers)
    assert headers["X-GitHub-Hook-ID"] == str(hook.id)
    assert headers["X-GitHub-Hook-Installation-Target-Type"] == "repository"
    assert headers["X-GitHub-Hook-Installation-Target-ID"] == str(payload["repository"]["id"])
    assert headers["User-Agent"].startswith("GitHub-Hookshot/")
    assert not [n for n in headers if n.startswith(("X-Forgejo", "X-Gitea", "X-Gogs"))]
    assert ping.status == 200 and receiver.received[0].body == ping.body


def test_labels_are_delivered_one_at_a_time_and_forgejo_still_gets_its_own(
        world: World, receiver: Receiver) -> None:
    _github(world, "acme").create_hook(PROJECT, url=receiver.url, secret=SECRET)
    ForgeClient(BASE, world.tokens["acme"], transport=httpx.WSGITransport(
        app=world.forge.wsgi)).create_hook(PROJECT, url=receiver.url, secret=SECRET,
                                           events=("issues",))
    number = world.setup.create_issue(PROJECT, "Wishlists", "body", token=world.tokens["alice"])
    alice = _github(world, "alice")
    alice.add_issue_labels(PROJECT, number, ["vision", "backlog"])
    alice.remove_issue_label(PROJECT, number, "vision")
    sent = [d for d in _delivered(world) if d.event != "ping"]
    github = [(d.event, d.event_type, _checked(d).get("label", {}).get("name"))
              for d in sent if dict(d.headers).get("User-Agent", "").startswith("GitHub")]
    assert github == [("issues", "opened", None), ("issues", "labeled", "vision"),
                      ("issues", "labeled", "backlog"), ("issues", "unlabeled", "vision")]
    theirs = [(d.event, d.event_type, json.loads(d.body)["action"]) for d in sent
              if "X-Forgejo-Event" in dict(d.headers)]
    assert theirs == [("issues", "issues", "opened"), ("issues", "issue_label", "label_updated"),
                      ("issues", "issue_label", "label_updated")]


def test_a_review_and_new_commits_are_githubs_submitted_and_synchronize(
        world: World, receiver: Receiver) -> None:
    _github(world, "acme").create_hook("acme/shop-ops", url=receiver.url, secret=SECRET)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls("acme/shop-ops", state="open")
    head = pr.head.sha
    world.review(pr.number, "REQUEST_CHANGES", "Smaller, please.")
    world.tick()  # the revised pitch: a new commit on the sprint branch
    sent = [d for d in _delivered(world) if d.event != "ping"]
    reviews = [_checked(d) for d in sent if d.event == "pull_request_review"]
    assert [(r["action"], r["review"]["state"], r["sender"]["login"]) for r in reviews] == [
        ("submitted", "changes_requested", "alice")]
    syncs = [_checked(d) for d in sent if d.event_type == "synchronize"]
    new_head = world.bot.get_pull("acme/shop-ops", pr.number).head.sha
    assert [(s["before"], s["after"]) for s in syncs][-1] == (head, new_head) != (head, head)


def test_a_hooks_github_events_are_kept_in_the_data_file(world: World, tmp_path: Path,
                                                         receiver: Receiver) -> None:
    hook = _github(world, "acme").create_hook(PROJECT, url=receiver.url, secret=SECRET)
    store = world.forge.wsgi.store
    with store.lock:
        store.save(tmp_path / "forge.json")
    again = Store.load(tmp_path / "forge.json")
    (kept,) = [h for r in again.state.repos.values() for h in r.hooks.values()]
    assert (kept.id, sorted(kept.github_events or ())) == (hook.id, EVENTS)


def test_a_review_request_is_githubs_review_requested(world: World, receiver: Receiver) -> None:
    _github(world, "acme").create_hook("acme/shop-ops", url=receiver.url, secret=SECRET)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls("acme/shop-ops", state="open")
    path = f"/api/v1/repos/acme/shop-ops/pulls/{pr.number}/requested_reviewers"
    with httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE) as h:
        for method in ("POST", "DELETE"):
            answer = h.request(method, path, json={"reviewers": ["alice"]},
                               headers={"Authorization": f"token {world.tokens['acme']}"})
            assert answer.status_code in (201, 204), answer.text
    asked = [(d.event_type, _checked(d)["requested_reviewer"]["login"])
             for d in _delivered(world) if d.event_type.startswith("review_request")]
    assert asked == [("review_requested", "alice"), ("review_request_removed", "alice")]


def test_a_pitch_and_its_merge_are_githubs_pushes(world: World, receiver: Receiver) -> None:
    """A hook that asks for `push` hears the sprint branch made, its commit, the merge
    onto main and the branch deleted, as GitHub tells them."""
    ops = "acme/shop-ops"
    with httpx.Client(transport=httpx.WSGITransport(app=world.wsgi), base_url=BASE) as h:
        made = h.post(f"/api/v3/repos/{ops}/hooks", json={
            "name": "web", "events": ["push"], "config": {"url": receiver.url,
                                                         "secret": SECRET}},
            headers={"Authorization": f"Bearer {world.tokens['acme']}"})
    assert made.status_code == 201 and made.json()["events"] == ["push"]
    number = world.accepted()
    world.comment(number, "Q1: B\nQ2: B")
    world.tick()
    assert world.bot.get_pull(ops, number).merged
    pushes = [_checked(d) for d in _delivered(world) if d.event == "push"]
    sprint = [p for p in pushes if p["ref"] == "refs/heads/architect/sprint-vision-1"]
    assert (sprint[0]["created"], sprint[0]["commits"]) == (True, [])
    assert sprint[1]["commits"][0]["added"] == ["sprints/1-wishlists.md"]
    assert (sprint[-1]["deleted"], sprint[-1]["after"]) == (True, "0" * 40)
    (main,) = [p for p in pushes if p["ref"] == "refs/heads/main"]  # the merge
    assert main["head_commit"]["id"] == main["after"] and len(main["commits"]) > 1
    assert {p["pusher"]["name"] for p in pushes} == {"architect-bot"}


def test_an_issue_deleted_is_githubs_issues_deleted(world: World, receiver: Receiver) -> None:
    _github(world, "acme").create_hook(PROJECT, url=receiver.url, secret=SECRET)
    number = world.vision("Wishlists")
    with httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE) as h:
        gone = h.delete(f"/api/v1/repos/{PROJECT}/issues/{number}",
                        headers={"Authorization": f"token {world.tokens['acme']}"})
    assert gone.status_code == 204
    (deleted,) = [_checked(d) for d in _delivered(world) if d.event_type == "deleted"]
    assert (deleted["issue"]["number"], deleted["sender"]["login"]) == (number, "acme")



def test_the_urls_of_a_payload_are_githubs_api_and_web_roots(tmp_path: Path) -> None:
    """`github_hooks.urls` on its own: API links under /api/v3, web links at the root."""
    world = make_world(tmp_path, dialect="github")
    view = github_hooks.View(world.forge._store, BASE + "/", None, hook=True)
    assert github_hooks.urls(view) == github_hooks.gh.Urls(BASE + "/api/v3", BASE)
    assert github_hooks.REVIEW_STATES == {"APPROVED": "approved",
                                          "REQUEST_CHANGES": "changes_requested",
                                          "COMMENT": "commented"}
