"""Where the carried visions and dashboard could differ from a fresh read, and where a
filing could skip a look it needs: the hazards a second reading of the change found
(each test failed before its fix)."""

from __future__ import annotations

import stat
from pathlib import Path

import httpx
import pytest

from architect.core.markers import PlanMark, marks_of
from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import run_tick
from tests.shell.test_carried_reads import carried, described
from tests.shell.test_changes import as_owner, settle, tick
from tests.shell.test_filing_reads import MergeRefused, answered, notes_on
from tests.shell.test_tick_requests import Recorder
from tests.world import BOT, OPS, PROJECT, World, make_world


@pytest.fixture
def world(sprint_and_visions: World) -> World:
    return sprint_and_visions


def boards(world: World) -> list[int]:
    return [i.number for i in world.bot.list_issues(OPS, state="all", type="issues",
                                                    labels=["architect"])
            if i.user.login == BOT]


def truly_fresh(world: World) -> list[tuple[int, str, str, frozenset[str]]]:
    """What read_snapshot's own fresh list keeps: the label checked again."""
    return [described(v) for v in world.bot.list_issues(PROJECT, state="open",
                                                         labels=["vision"], type="issues")
            if "vision" in v.label_names and not v.is_pull]


# -- 1. ops_repo changed to the project repo: the carried dashboard is written there ----

def test_an_ops_repo_moved_onto_the_project_repo_does_not_overwrite_an_issue_there(
        tmp_path: Path, dialect: str) -> None:
    """A project folds its ops repo into the project repo (`ops_repo = repo`, which the
    config allows). The cursor's dashboard is OPS#n; the new ops repo was watched by the
    cursor (as the old project repo), so `carried_dashboard` hands OPS#n on, and the
    render edits PROJECT#n: a person's issue (here a vision) gets the dashboard's body.
    (No pitch slot, so the board shows no open sprint PR for `finishes` to look up.)"""
    world = make_world(tmp_path, max_open_pitches=0, dialect=dialect)
    for title in ("Wishlists", "Gift cards"):
        world.vision(title)
    settle(world)
    (board,) = boards(world)
    victim = world.bot.get_issue(PROJECT, board)  # the project repo has an issue #board
    assert victim.user.login != BOT
    world.config = world.config.model_copy(update={"ops_repo": PROJECT})
    world.vision("Search")  # something for the board to show: its body changes
    tick(world)
    after = world.bot.get_issue(PROJECT, board)
    assert after.body == victim.body, f"PROJECT#{board} was overwritten:\n{after.body[:300]}"


# -- 2. repo changed to the old ops repo: the old project's visions are carried --------

def test_a_project_repo_moved_onto_the_old_ops_repo_lists_its_visions_afresh(
        world: World) -> None:
    """docs/performance.md: the carried visions are used "only for the repo and label they
    were listed by". `carried_visions` checks only that the new repo was watched by the cursor,
    not that it is the repo the visions were listed from."""
    world.setup.create_label(OPS, "vision", "5319e7")
    world.config = world.config.model_copy(update={"repo": OPS})
    tick(world)
    fresh = [described(v) for v in world.bot.list_issues(OPS, state="open", labels=["vision"],
                                                          type="issues")
             if "vision" in v.label_names]
    assert carried(world) == fresh  # carried: acme/shop's five visions as acme/shop-ops's


# -- 3. the vision label deleted: no issue's updated_at moves ---------------------------

def test_a_deleted_vision_label_empties_the_carried_list_as_a_fresh_one(world: World) -> None:
    """Forgejo's DeleteLabel removes the label from every issue without moving their
    updated_at (the emulator does the same): the look cannot see it, and the carried
    list keeps every vision, labels and all, until full_read_every."""
    with as_owner(world) as owner:
        (label,) = [lab for lab in owner.get(f"/repos/{PROJECT}/labels").json()
                    if lab["name"] == "vision"]
        assert owner.delete(f"/repos/{PROJECT}/labels/{label['id']}").status_code == 204
    world.client("alice").create_issue(PROJECT, title="A bug", body="x")  # a change: it reads
    assert not tick(world).incremental
    assert truly_fresh(world) == []
    assert carried(world) == truly_fresh(world)


# -- 4. the dashboard deleted while paused ----------------------------------------------

def test_a_paused_dashboard_deleted_does_not_keep_the_architect_paused(world: World) -> None:
    """Paused from the dashboard, then the dashboard deleted (the only place where
    "resume" can be ticked). A fresh read finds no dashboard and runs (no pause); the
    carried one still says paused, renders the same paused body, writes nothing, and the
    architect stays paused with nowhere to resume it."""
    (board,) = boards(world)
    issue = world.bot.get_issue(OPS, board)
    world.client("alice").edit_issue(OPS, board, body=issue.body.replace(
        "- [ ] pause the architect ", "- [x] pause the architect ", 1))
    settle(world)
    assert "- [ ] resume the architect" in world.bot.get_issue(OPS, board).body
    with as_owner(world) as owner:
        assert owner.delete(f"/repos/{OPS}/issues/{board}").status_code == 204
    world.client("alice").create_issue(PROJECT, title="A bug", body="x")
    report = tick(world)
    assert not report.incremental
    assert not any("paused from the dashboard" in n for n in report.decision.notes), \
        report.decision.notes


# -- 5. planned_here: the plan comment deleted after an earlier finish ------------------

def test_a_finish_resumed_after_the_plan_comment_was_deleted_says_it_once(
        tmp_path: Path) -> None:
    """Tick 1 plans, files, journals and tells the vision, then the merge is refused. A
    person deletes the plan comment. Tick 2 finishes from the 'Sprint filed' mark; the
    snapshot's PR holds no plan mark, so `planned_here` says no earlier tick can have
    told the vision: the note is posted a second time."""
    world, vision = answered(tmp_path)
    run_tick(world.client(BOT, MergeRefused(world)), OfflinePlanner(), world.config,
             world.clock)
    (pr,) = world.bot.list_pulls(OPS, state="open")
    assert len(notes_on(world, vision)) == 1
    plan = next(c for c in world.bot.list_comments(OPS, pr.number)
                if any(marks_of(PlanMark, [c], BOT)))
    with as_owner(world) as owner:
        assert owner.delete(f"/repos/{OPS}/issues/comments/{plan.id}").status_code == 204
    run_tick(world.bot, OfflinePlanner(), world.config, world.clock)
    assert len(notes_on(world, vision)) == 1, notes_on(world, vision)


# -- 6. a vision deleted outright (documented: caught once per full_read_every) --------

def test_a_deleted_vision_is_not_pitched(tmp_path: Path) -> None:
    """A vision deleted outright stays in the carried list (no look sees a deletion): the
    pitch reads it once first, pitches nothing for it, and the next tick lists the
    visions afresh and pitches the next one."""
    world = make_world(tmp_path, max_open_pitches=0)
    gone = world.vision("Wishlists")  # the oldest: the first a free slot pitches
    world.vision("Gift cards")
    settle(world)
    with as_owner(world) as owner:
        assert owner.delete(f"/repos/{PROJECT}/issues/{gone}").status_code == 204
    world.config = world.config.model_copy(update={"architect": world.config.architect
                                                   .model_copy(update={"max_open_pitches": 1})})
    tick(world)
    assert world.sprint_prs() == []  # nothing opened for it, no branch left behind
    assert world.bot.list_branches(OPS) == ["main"]
    cursor = Changes.of(world.config).load()
    assert cursor is not None and cursor.visions is None  # the next read lists afresh
    tick(world)
    heads = [p.head.ref for p in world.sprint_prs()]  # type: ignore[attr-defined]
    assert heads and not any(h.endswith(f"-{gone}") for h in heads), heads


# -- 7. the cursor now holds issue bodies: it is written as every other private file ----

def test_the_cursor_holding_vision_bodies_is_private(tmp_path: Path) -> None:
    """The journal, the sessions, the logs and the edits file are 0600 in 0700 dirs; the
    cursor was only numbers and times, and now carries every open vision's body and the
    dashboard's (a private repo's text) in a 0644 file."""
    world = make_world(tmp_path)
    world.vision("Wishlists")
    settle(world)
    path = Changes.of(world.config).path
    assert "Let shoppers keep a wishlist" in path.read_text()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600, oct(path.stat().st_mode)


# -- 8. GitHub answers a deleted issue with 410 Gone, not 404 ---------------------------

class GoneOnGitHub(Recorder):
    """What api.github.com answers for an issue deleted from a repo the token can read:
    410 Gone (docs: "Get an issue" / "Update an issue"); the GitHub dialect answers 404."""

    def __init__(self, world: World, number: int) -> None:
        super().__init__(world)
        self.path = f"/api/v3/repos/{OPS}/issues/{number}"

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == self.path:
            return httpx.Response(410, json={"message": "This issue was deleted"})
        return super().handle_request(request)


def test_a_dashboard_deleted_on_github_is_made_again(tmp_path: Path) -> None:
    world = make_world(tmp_path, max_open_pitches=1, dialect="github")
    world.accepted()
    settle(world)
    (board,) = boards(world)
    with as_owner(world) as owner:
        assert owner.delete(f"/repos/{OPS}/issues/{board}").status_code == 204
    gone = GoneOnGitHub(world, board)
    for title in ("Gift cards", "Reviews"):
        world.vision(title)  # the board changes: the render writes
        report = tick(world, recorder=gone)
    assert not report.render_missed, "the render fails on every tick (410 is no 404)"
    assert len(boards(world)) == 1


def test_a_deleted_vision_that_was_talked_about_is_listed_afresh_not_a_failed_tick(
        tmp_path: Path) -> None:
    """A carried vision with comments is read for its history before any pitch: deleted,
    that read answers 404, and the tick lists the visions afresh instead of failing."""
    world = make_world(tmp_path, max_open_pitches=0)
    gone = world.vision("Wishlists")
    world.vision("Gift cards")
    world.comment(gone, "What about mobile?", repo=PROJECT)
    settle(world)
    with as_owner(world) as owner:
        assert owner.delete(f"/repos/{PROJECT}/issues/{gone}").status_code == 204
    world.config = world.config.model_copy(update={"architect": world.config.architect
                                                   .model_copy(update={"max_open_pitches": 1})})
    report = tick(world)
    assert report.ok
    heads = [p.head.ref for p in world.sprint_prs()]  # type: ignore[attr-defined]
    assert heads == ["architect/sprint-vision-2"], heads
