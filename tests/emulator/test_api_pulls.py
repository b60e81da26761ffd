"""Pull requests: listing, retargeting, the merge's options, refusals and commit message."""

from __future__ import annotations

import pytest

from architect.emulator import api_pulls
from architect.emulator.web import ApiError
from tests.emulator.conftest import REPO, Forge

PULLS = f"/repos/{REPO}/pulls"


def test_list_filters_by_poster_and_sorts_oldest_first(world: Forge) -> None:
    first = world.pull("a")
    second = world.pull("b", who="alice")
    assert [p["number"] for p in world.get(PULLS, params={"sort": "oldest"})] == [first, second]
    assert [p["number"] for p in world.get(PULLS, params={"poster": "alice"})] == [second]
    ghost = world.call("GET", PULLS, params={"poster": "ghost"})
    assert (ghost.status_code, ghost.json()["message"]) == (
        400, "user redirect does not exist [name: ghost]"
    )


def test_a_pull_from_another_owner_is_a_404_naming_the_missing_fork(world: Forge) -> None:
    other = world.call("POST", PULLS, json={"head": "carol:fix", "base": "main", "title": "t"})
    assert other.status_code == 404
    assert other.json()["errors"] == [
        "carol does not have a fork of acme/widgets and acme/widgets is not a fork of a "
        "repository from carol"
    ]


def test_retargeting_to_a_missing_base_is_a_404(world: Forge) -> None:
    number = world.pull("fix")
    moved = world.call("PATCH", f"{PULLS}/{number}", json={"base": "nowhere"})
    assert (moved.status_code, moved.json()["message"]) == (404, "new base 'nowhere' not exist")
    world.setup.put_file(REPO, "x.txt", "x\n", branch="release")
    assert world.call("PATCH", f"{PULLS}/{number}", json={"base": "release"}).status_code == 201
    assert world.get(f"{PULLS}/{number}")["base"]["ref"] == "release"


def test_a_reader_who_did_not_open_it_may_not_edit_it(world: Forge) -> None:
    number = world.pull("fix")
    refused = world.call("PATCH", f"{PULLS}/{number}", "carol", json={"title": "mine"})
    assert (refused.status_code, refused.content) == (403, b"")


def test_merge_options_are_checked_a_draft_waits_and_a_moved_head_is_a_409(world: Forge) -> None:
    number = world.pull("wip", "WIP: not yet")
    merge = f"{PULLS}/{number}/merge"
    required = world.call("POST", merge, json={})
    assert (required.status_code, required.json()["message"]) == (422, "[Do]: Required")
    unknown = world.call("POST", merge, json={"Do": "octopus"})
    assert (unknown.status_code, unknown.json()["message"]) == (422, "[Do]: In")
    draft = world.call("POST", merge, json={"Do": "merge"})
    assert (draft.status_code, draft.json()["message"]) == (
        405, "Work in progress PRs cannot be merged"
    )
    ready = world.call("PATCH", f"{PULLS}/{number}", json={"title": "Ready"})
    assert ready.status_code == 201
    old = world.call("POST", merge, json={"Do": "merge", "head_commit_id": "0" * 40})
    assert (old.status_code, old.json()["message"]) == (409, "head out of date")


def test_a_squash_merge_names_the_pull_and_may_delete_its_branch(world: Forge) -> None:
    number = world.pull("fix", "Fix it")
    merged = world.call("POST", f"{PULLS}/{number}/merge",
                        json={"Do": "squash", "delete_branch_after_merge": True})
    assert merged.status_code == 200
    head = world.get(f"/repos/{REPO}/branches/main")["commit"]
    assert head["message"] == f"Fix it (#{number})"
    assert world.call("GET", f"/repos/{REPO}/branches/fix").status_code == 404


def _merge(world: Forge, number: int, body: dict[str, object]) -> int:
    """The status the merge handler answers for `body` (an error's status too)."""
    try:
        return api_pulls.merge_pull(world.ctx("bot", params={"index": str(number)},
                                              json=body)).status
    except ApiError as refused:
        return refused.status


def test_the_merge_style_is_required_known_and_matched_in_any_case(world: Forge) -> None:
    number = world.pull("feature/a", "Add a")
    with pytest.raises(ApiError) as missing:
        api_pulls.merge_pull(world.ctx("bot", params={"index": str(number)}, json={}))
    assert (missing.value.status, missing.value.message) == (422, "[Do]: Required")
    with pytest.raises(ApiError) as unknown:
        api_pulls.merge_pull(world.ctx("bot", params={"index": str(number)},
                                       json={"Do": "octopus"}))
    assert (unknown.value.status, unknown.value.message) == (422, "[Do]: In")
    assert _merge(world, number, {"do": "merge"}) == 200  # Go's binder ignores the case
    assert _merge(world, number, {"Do": "merge"}) == 405  # merged already


def test_a_merge_commit_says_which_pull_it_merged_and_is_merged_answers_204(
        world: Forge) -> None:
    number = world.pull("feature/b", "Add b")
    at = {"index": str(number)}
    with pytest.raises(ApiError) as not_yet:
        api_pulls.is_merged(world.ctx("bot", "GET", params=at))
    assert not_yet.value.status == 404
    assert _merge(world, number, {"Do": "merge"}) == 200
    repo = world.repo()
    head = repo.commits[repo.branches["main"]]
    assert head.message == (f"Merge pull request 'Add b' (#{number}) from feature/b "
                            "into main")
    assert len(head.parents) == 2
    reply = api_pulls.is_merged(world.ctx("bot", "GET", params=at))
    assert (reply.status, reply.empty) == (204, True)


def test_a_pull_from_a_branch_onto_itself_is_refused_as_forgejo_words_it(world: Forge) -> None:
    with pytest.raises(ApiError) as refused:
        api_pulls.create_pull(world.ctx("bot", json={"head": "main", "base": "main",
                                                     "title": "nothing"}))
    assert (refused.value.status, refused.value.message) == (422, api_pulls.SAME_BRANCH)
