"""The GitHub dialect's code routes: pulls, merge, reviews, refs, a commit of files, hooks."""

from __future__ import annotations

import base64
from collections.abc import Callable

import pytest

from architect.emulator import github_routes_code as routes
from architect.emulator.github_web import DialectError
from tests.emulator.conftest import REPO, Forge, GitHub, github_of


@pytest.fixture
def gh(world: Forge) -> GitHub:
    return github_of(world)


def test_pulls_filter_by_head_and_merge_answers_githubs_shape(world: Forge, gh: GitHub) -> None:
    fix = world.pull("fix")
    world.pull("other")
    listed = gh.call("GET", f"/repos/{REPO}/pulls", params={"head": "acme:fix"}).json()
    assert [p["number"] for p in listed] == [fix]
    merged = gh.call("PUT", f"/repos/{REPO}/pulls/{fix}/merge", json={"merge_method": "merge"})
    assert merged.status_code == 200
    assert merged.json()["merged"] is True and len(merged.json()["sha"]) == 40
    again = gh.call("PUT", f"/repos/{REPO}/pulls/{fix}/merge", json={})
    assert again.status_code == 405
    assert again.json()["message"] == "Pull Request is not mergeable"


def test_an_approve_event_is_an_approved_review(world: Forge, gh: GitHub) -> None:
    pull = world.pull("fix")
    made = gh.call("POST", f"/repos/{REPO}/pulls/{pull}/reviews", "alice",
                   json={"event": "APPROVE", "body": "ok"})
    assert made.status_code == 200 and made.json()["state"] == "APPROVED"
    listed = gh.call("GET", f"/repos/{REPO}/pulls/{pull}/reviews").json()
    assert [r["state"] for r in listed] == ["APPROVED"]


def test_refs_are_created_refused_twice_and_deleted(gh: GitHub) -> None:
    sha = gh.call("GET", f"/repos/{REPO}/git/ref/heads/main").json()["object"]["sha"]
    body = {"ref": "refs/heads/topic", "sha": sha}
    assert gh.call("POST", f"/repos/{REPO}/git/refs", json=body).status_code == 201
    twice = gh.call("POST", f"/repos/{REPO}/git/refs", json=body)
    assert (twice.status_code, twice.json()["message"]) == (422, "Reference already exists")
    assert gh.call("DELETE", f"/repos/{REPO}/git/refs/heads/topic").status_code == 204
    gone = gh.call("DELETE", f"/repos/{REPO}/git/refs/heads/topic")
    assert (gone.status_code, gone.json()["message"]) == (422, "Reference does not exist")


def test_a_tree_and_commit_land_on_a_branch_as_one_commit(world: Forge, gh: GitHub) -> None:
    repo = f"/repos/{REPO}"
    head = gh.call("GET", f"{repo}/git/ref/heads/main").json()["object"]["sha"]
    tree = gh.call("POST", f"{repo}/git/trees", json={"base_tree": head, "tree": [
        {"path": "a.txt", "mode": "100644", "type": "blob", "content": "A\n"},
        {"path": "README.md", "mode": "100644", "type": "blob", "sha": None}]}).json()
    commit = gh.call("POST", f"{repo}/git/commits",
                     json={"tree": tree["sha"], "message": "two files", "parents": [head]}).json()
    moved = gh.call("PATCH", f"{repo}/git/refs/heads/main", json={"sha": commit["sha"]})
    assert moved.status_code == 200
    assert moved.json()["object"]["sha"] == world.get(f"{repo}/branches/main")["commit"]["id"]
    got = world.get(f"{repo}/contents/a.txt")
    assert base64.b64decode(got["content"]) == b"A\n"
    assert world.call("GET", f"{repo}/contents/README.md").status_code == 404
    stale = gh.call("PATCH", f"{repo}/git/refs/heads/main", json={"sha": commit["sha"]})
    assert (stale.status_code, stale.json()["message"]) == (422, "Update is not a fast forward")


def test_a_new_file_without_sha_over_an_existing_one_is_refused(gh: GitHub) -> None:
    path = f"/repos/{REPO}/contents/README.md"
    text = base64.b64encode(b"new\n").decode()
    refused = gh.call("PUT", path, json={"content": text, "message": "m"})
    assert refused.status_code == 422
    assert '"sha" wasn\'t supplied' in refused.json()["message"]
    made = gh.call("PUT", f"/repos/{REPO}/contents/new.md", json={"content": text, "message": "m"})
    assert made.status_code == 201 and made.json()["content"]["path"] == "new.md"


def test_a_hook_keeps_its_github_event_names(gh: GitHub) -> None:
    made = gh.call("POST", f"/repos/{REPO}/hooks", "acme", json={
        "events": ["pull_request_review", "label"], "config": {"url": "http://hooks.test/x"}})
    assert made.status_code == 201
    listed = gh.call("GET", f"/repos/{REPO}/hooks", "acme").json()
    assert [h["events"] for h in listed] == [["pull_request_review", "label"]]


def _refused(call: Callable[[], object]) -> tuple[int, str, object]:
    with pytest.raises(DialectError) as refused:
        call()
    return refused.value.status, refused.value.message, refused.value.errors


def test_a_ref_outside_refs_or_without_a_sha_is_refused_as_github_words_it(gh: GitHub) -> None:
    d = gh.dialect.backend
    sha = routes.get_ref(d, gh.handler_call(params={"branch": "main"})).body["object"]["sha"]
    field = [{"resource": "Reference", "code": "invalid", "field": "ref"}]
    outside = gh.handler_call(method="POST", json={"ref": "heads/topic", "sha": sha})
    assert _refused(lambda: routes.create_ref(d, outside)) == (
        422, "Reference update failed", field)
    nameless = gh.handler_call(method="POST", json={"sha": sha})
    assert _refused(lambda: routes.create_ref(d, nameless)) == (422, "Invalid request.", field)
    made = routes.create_ref(d, gh.handler_call(method="POST",
                                                json={"ref": "refs/heads/topic", "sha": sha}))
    assert made.status == 201 and made.body["ref"] == "refs/heads/topic"


def test_the_head_filter_takes_owner_and_branch_and_the_state_defaults_to_open(
        world: Forge, gh: GitHub) -> None:
    wanted = world.pull("feature/a")
    other = world.pull("feature/b")
    world.call("PATCH", f"/repos/{REPO}/pulls/{other}", json={"state": "closed"})
    d = gh.dialect.backend
    by_head = routes.list_pulls(d, gh.handler_call(query={"head": "acme:feature/a"}))
    assert [p["number"] for p in by_head.body] == [wanted]
    opened = routes.list_pulls(d, gh.handler_call())
    assert [p["number"] for p in opened.body] == [wanted]
    every = routes.list_pulls(d, gh.handler_call(query={"state": "all"}))
    assert {p["number"] for p in every.body} == {wanted, other}
