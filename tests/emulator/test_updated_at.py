"""`updated_at` moves exactly where Forgejo's writes move `issue.updated_unix`, and
`since` filters on it; docs/forgejo-behaviour.md ("What moves updated_at") is the
table these tests pin.

References (Forgejo d883bd8f12): models/issues/comment.go (`CreateComment` →
`updateCommentInfos` ends with `UpdateIssueCols(ctx, opts.Issue, "updated_unix")`,
for every comment type: plain, review, label, close, title, push, dependency …;
`UpdateComment` and `DeleteComment` leave the issue alone),
routers/api/v1/repo/issue.go (`EditIssue` changes only what differs), and
models/issues/issue_search.go (`since` → `updated_unix >= since.Unix()`).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.emulator.conftest import REPO, Forge

ISSUES = f"/repos/{REPO}/issues"


def _updated(world: Forge, number: int) -> str:
    return str(world.get(f"{ISSUES}/{number}")["updated_at"])


def _moves(world: Forge, number: int, write: Callable[[], object]) -> bool:
    before = _updated(world, number)
    write()
    return _updated(world, number) != before


def _ok(answer: object) -> None:
    status = getattr(answer, "status_code", 0)
    assert 200 <= status < 300, getattr(answer, "text", answer)


def test_a_comment_moves_it_and_editing_or_deleting_one_does_not(world: Forge) -> None:
    number = world.issue("t")
    made: list[int] = []
    assert _moves(world, number, lambda: made.append(
        world.setup.comment(REPO, number, "hi", token=world.tokens["alice"])))
    one = f"{ISSUES}/comments/{made[0]}"
    assert not _moves(world, number, lambda: _ok(
        world.call("PATCH", one, "alice", json={"body": "edited"})))
    assert not _moves(world, number, lambda: _ok(world.call("DELETE", one, "alice")))


def test_a_label_change_a_close_and_a_real_edit_move_it(world: Forge) -> None:
    world.setup.create_label(REPO, "backlog", "#00aabb")
    number = world.issue("t")
    assert _moves(world, number, lambda: _ok(world.call(
        "POST", f"{ISSUES}/{number}/labels", json={"labels": ["backlog"]})))
    assert _moves(world, number, lambda: _ok(world.call(
        "PATCH", f"{ISSUES}/{number}", json={"title": "new"})))
    assert _moves(world, number, lambda: _ok(world.call(
        "PATCH", f"{ISSUES}/{number}", json={"state": "closed"})))


@pytest.mark.parametrize("fields", [{"title": "same"}, {"state": "open"}, {"body": "b"}])
def test_an_edit_to_the_current_values_does_not_move_it(
        world: Forge, fields: dict[str, str]) -> None:
    number = world.issue("same", "b")
    assert not _moves(world, number, lambda: _ok(world.call(
        "PATCH", f"{ISSUES}/{number}", json=fields)))


def test_a_review_a_push_and_a_branch_deletion_move_a_pr(world: Forge) -> None:
    number = world.pull("feature/x")
    assert _moves(world, number, lambda: world.setup.review(
        REPO, number, "COMMENT", "looks fine", token=world.tokens["alice"]))
    assert _moves(world, number, lambda: world.setup.put_file(
        REPO, "more.md", "more\n", branch="feature/x"))
    assert _moves(world, number, lambda: _ok(world.call(
        "DELETE", f"/repos/{REPO}/branches/feature/x")))
    assert world.get(f"{ISSUES}/{number}")["state"] == "closed"


def test_since_is_inclusive_at_whole_seconds(world: Forge) -> None:
    number = world.issue("t")
    updated = world.get(f"{ISSUES}/{number}")["updated_at"]  # e.g. 2026-01-05T09:00:07Z
    later = updated.replace("Z", ".900Z")  # `.Unix()` drops the fraction
    assert [i["number"] for i in world.get(ISSUES, params={"since": updated})] == [number]
    assert [i["number"] for i in world.get(ISSUES, params={"since": later})] == [number]
    assert [i["number"] for i in world.get(ISSUES, params={"before": later})] == [number]
