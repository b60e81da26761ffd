"""Pull requests, reviews, merges, branches and contents.

As docs/forgejo-behaviour.md#pull-requests to #file-contents describe them.
"""

from __future__ import annotations

import base64
import hashlib

from tests.emulator.conftest import REPO, Forge

PULLS = f"/repos/{REPO}/pulls"


def _file(world: Forge, path: str, ref: str = "main") -> str | None:
    response = world.call("GET", f"/repos/{REPO}/contents/{path}?ref={ref}")
    if response.status_code == 404:
        return None
    return base64.b64decode(response.json()["content"]).decode()


def test_the_pull_list_has_no_state_filter_unless_open_or_closed(world: Forge) -> None:
    kept = world.pull("feature/a")
    closed = world.pull("feature/b")
    world.call("PATCH", f"{PULLS}/{closed}", json={"state": "closed"})
    numbers = lambda q: [p["number"] for p in world.get(f"{PULLS}{q}")]  # noqa: E731
    assert numbers("") == [closed, kept]
    assert numbers("?state=all") == [closed, kept]
    assert numbers("?state=open") == [kept]
    assert numbers("?state=closed") == [closed]
    assert numbers("?head=feature/a") == [kept]


def test_pull_labels_are_ids_any_of_with_a_row_per_match(world: Forge) -> None:
    one = world.setup.create_label(REPO, "one", "fff")
    two = world.setup.create_label(REPO, "two", "fff")
    both = world.pull("feature/a")
    single = world.pull("feature/b")
    world.call("POST", f"/repos/{REPO}/issues/{both}/labels", json={"labels": [one, two]})
    world.call("POST", f"/repos/{REPO}/issues/{single}/labels", json={"labels": [two]})
    listed = world.call("GET", f"{PULLS}?labels={one}&labels={two}")
    assert [p["number"] for p in listed.json()] == [single, both, both]
    assert listed.headers["X-Total-Count"] == "3"
    assert world.call("GET", f"{PULLS}?labels=one").status_code == 500


def test_create_refusals(world: Forge) -> None:
    world.pull("feature/a")
    same = {"head": "main", "base": "main", "title": "t"}
    assert world.call("POST", PULLS, json=same).status_code == 422
    missing = world.call("POST", PULLS, json={"head": "nope", "base": "main", "title": "t"})
    assert missing.status_code == 404 and "could not find 'nope'" in missing.json()["errors"][0]
    again = world.call("POST", PULLS, json={"head": "feature/a", "base": "main", "title": "t"})
    assert again.status_code == 409
    assert again.json()["message"].startswith("pull request already exists for these targets")
    by_branch = world.get(f"{PULLS}/main/feature/a")
    assert by_branch["head"]["ref"] == "feature/a" and by_branch["base"]["ref"] == "main"


def test_status_codes_patch_201_review_200_merge_200_empty(world: Forge) -> None:
    number = world.pull("feature/a", path="sprints/a.md")
    patched = world.call("PATCH", f"{PULLS}/{number}", json={"body": "the pitch"})
    assert patched.status_code == 201 and patched.json()["body"] == "the pitch"
    review = world.call("POST", f"{PULLS}/{number}/reviews", "alice", json={"event": "APPROVED"})
    assert review.status_code == 200 and review.json()["state"] == "APPROVED"
    assert world.call("GET", f"{PULLS}/{number}/merge").status_code == 404
    merged = world.call("POST", f"{PULLS}/{number}/merge", json={"Do": "merge"})
    assert merged.status_code == 200 and merged.content == b""
    assert world.call("GET", f"{PULLS}/{number}/merge").status_code == 204
    pull = world.get(f"{PULLS}/{number}")
    assert pull["merged"] is True and pull["state"] == "closed"
    assert pull["merged_by"]["login"] == "bot" and pull["merge_commit_sha"]
    assert world.call("POST", f"{PULLS}/{number}/merge", json={"do": "merge"}).status_code == 405
    reopen = world.call("PATCH", f"{PULLS}/{number}", json={"state": "open"})
    assert reopen.status_code == 412


def test_merge_writes_the_head_files_onto_the_base_branch(world: Forge) -> None:
    number = world.pull("architect/sprint-vision-1", path="sprints/wishlist.md")
    world.setup.put_file(
        REPO, "sprints/wishlist.md", "v2 with forks\n", branch="architect/sprint-vision-1"
    )
    assert _file(world, "sprints/wishlist.md") is None
    merge = {"Do": "merge", "delete_branch_after_merge": True}
    assert world.call("POST", f"{PULLS}/{number}/merge", json=merge).status_code == 200
    assert _file(world, "sprints/wishlist.md") == "v2 with forks\n"
    assert _file(world, "README.md") is not None
    branches = [b["name"] for b in world.get(f"/repos/{REPO}/branches")]
    assert branches == ["main"]
    assert world.get(f"{PULLS}/{number}")["head"]["ref"] == f"refs/pull/{number}/head"


def test_a_closed_pull_is_not_found_for_merge_and_a_reader_may_not_merge(world: Forge) -> None:
    number = world.pull("feature/a")
    refused = world.call("POST", f"{PULLS}/{number}/merge", "carol", json={"Do": "merge"})
    assert refused.status_code == 405
    assert world.call("POST", f"{PULLS}/{number}/merge", json={}).status_code == 422
    world.call("PATCH", f"{PULLS}/{number}", json={"state": "closed"})
    assert world.call("POST", f"{PULLS}/{number}/merge", json={"Do": "merge"}).status_code == 404


def test_conflicting_changes_refuse_the_merge_with_409(world: Forge) -> None:
    number = world.pull("feature/a", path="shared.md")
    world.setup.put_file(REPO, "shared.md", "main's version\n", branch="main")
    assert world.get(f"{PULLS}/{number}")["mergeable"] is False
    conflict = world.call("POST", f"{PULLS}/{number}/merge", json={"Do": "merge"})
    assert conflict.status_code == 409 and "shared.md" in conflict.json()["StdErr"]


def test_deleting_a_head_branch_closes_its_open_pulls(world: Forge) -> None:
    number = world.pull("feature/a")
    other = world.pull("feature/b")
    assert world.call("DELETE", f"/repos/{REPO}/branches/feature/a").status_code == 204
    assert world.get(f"{PULLS}/{number}")["state"] == "closed"
    assert world.get(f"{PULLS}/{other}")["state"] == "open"
    assert world.call("DELETE", f"/repos/{REPO}/branches/main").status_code == 403
    assert world.call("DELETE", f"/repos/{REPO}/branches/feature/a").status_code == 404


def test_a_new_vote_dismisses_the_same_reviewers_older_vote(world: Forge) -> None:
    number = world.pull("feature/a")
    reviews = f"{PULLS}/{number}/reviews"
    world.call("POST", f"{PULLS}/{number}/requested_reviewers", json={"reviewers": ["alice"]})
    assert [r["state"] for r in world.get(reviews)] == ["REQUEST_REVIEW"]
    assert world.get(f"{PULLS}/{number}")["requested_reviewers"][0]["login"] == "alice"
    world.setup.review(REPO, number, "REQUEST_CHANGES", "more risks", token=world.tokens["alice"])
    world.setup.review(REPO, number, "COMMENT", "a note", token=world.tokens["carol"])
    world.setup.review(REPO, number, "APPROVED", "", token=world.tokens["alice"])
    listed = [
        (r["user"]["login"], r["state"], r["dismissed"], r["official"]) for r in world.get(reviews)
    ]
    assert listed == [
        ("alice", "REQUEST_CHANGES", True, False),
        ("carol", "COMMENT", False, False),
        ("alice", "APPROVED", False, True),
    ]
    assert world.get(f"{PULLS}/{number}")["requested_reviewers"] == []


def test_review_validation(world: Forge) -> None:
    number = world.pull("feature/a")
    reviews = f"{PULLS}/{number}/reviews"
    own = world.call("POST", reviews, json={"event": "APPROVED"})
    assert (
        own.status_code == 422 and own.json()["message"] == "approve your own pull is not allowed"
    )
    bare = world.call("POST", reviews, "alice", json={"event": "REQUEST_CHANGES", "body": " "})
    assert bare.status_code == 422
    draft = world.call("POST", reviews, "alice", json={"event": "approve", "body": "later"})
    assert draft.status_code == 200 and draft.json()["state"] == "PENDING"
    assert world.get(reviews, "carol") == []
    assert [r["state"] for r in world.get(reviews, "alice")] == ["PENDING"]


def test_a_push_to_the_head_marks_reviews_stale(world: Forge) -> None:
    number = world.pull("feature/a")
    world.setup.review(REPO, number, "APPROVED", "", token=world.tokens["alice"])
    world.setup.put_file(REPO, "feature/a.md", "changed\n", branch="feature/a")
    review = world.get(f"{PULLS}/{number}/reviews")[0]
    assert review["stale"] is True
    assert world.get(f"{PULLS}/{number}")["head"]["sha"] != review["commit_id"]


def test_contents_blob_sha_and_update_rules(world: Forge) -> None:
    contents = f"/repos/{REPO}/contents/notes/a.md"
    body = {"content": base64.b64encode(b"hello\n").decode(), "message": "add notes"}
    created = world.call("POST", contents, json=body)
    assert created.status_code == 201
    sha = created.json()["content"]["sha"]
    assert sha == hashlib.sha1(b"blob 6\x00hello\n").hexdigest()
    assert created.json()["commit"]["message"] == "add notes\n"  # CommitTreeWithDate adds it
    assert world.call("POST", contents, json=body).status_code == 422
    assert (
        world.call("POST", f"/repos/{REPO}/contents/b.md", json={"content": "@@"}).status_code
        == 422
    )
    wrong = world.call("PUT", contents, json={**body, "sha": "0" * 40})
    assert wrong.status_code == 409
    assert wrong.json()["message"] == f"sha does not match [given: {'0' * 40}, expected: {sha}]"
    assert world.call("PUT", contents, json=body).status_code == 422  # no sha at all
    assert world.call("PUT", contents, json={**body, "sha": sha}).status_code == 200
    listing = world.get(f"/repos/{REPO}/contents/notes")
    assert [(e["name"], e["type"], e["content"]) for e in listing] == [("a.md", "file", None)]
    branch = world.call("POST", f"/repos/{REPO}/branches", json={"new_branch_name": "main"})
    assert branch.status_code == 409
