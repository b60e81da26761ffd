"""What a tick reads: each list once, per-PR reads only for open sprint PRs, no model call
when nothing is new, and nothing that grows with closed PRs or unrelated issues.

Requests are recorded as they leave the client, as `bench/tick.py --show-requests` lists them.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import httpx

from architect.forge.models import PullRequest
from tests.world import OPS, PROJECT, World, make_world


class Recorder(httpx.BaseTransport):
    """The embedded forge in-process, remembering each request as (method, path)."""

    def __init__(self, world: World) -> None:
        self.inner = httpx.WSGITransport(app=world.wsgi)  # the dialect the architect speaks
        self.seen: list[tuple[str, str]] = []
        self.queries: list[str] = []  # each request's query, beside `seen`

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        self.seen.append((request.method, path.removeprefix("/api/v1").removeprefix("/api/v3")))
        self.queries.append(request.url.query.decode())
        return self.inner.handle_request(request)

    def listings(self, path: str) -> list[str]:
        """The queries of the GETs of `path`."""
        return [q for (method, p), q in zip(self.seen, self.queries, strict=True)
                if method == "GET" and p == path]


def reads_of_an_idle_tick(world: World, recorder: Recorder | None = None) -> list[str]:
    """The paths (no query) the tick read; it must write nothing and call no model."""
    recorder = recorder or Recorder(world)
    report = world.tick(transport=recorder)
    assert report.model_calls == 0
    assert report.decision.actions == ()
    assert {method for method, _ in recorder.seen} == {"GET"}
    return [path for _, path in recorder.seen]


def pitched(tmp_path: Path) -> tuple[World, int, PullRequest]:
    """A vision, and the sprint PR the first tick pitched for it."""
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    return world, vision, pr


def with_open_questions(tmp_path: Path) -> World:
    world = make_world(tmp_path)
    world.accepted()
    return world


def test_an_idle_tick_reads_each_list_once_and_calls_no_model(tmp_path: Path) -> None:
    world = with_open_questions(tmp_path)
    reads = reads_of_an_idle_tick(world)
    assert [p for p, n in Counter(reads).items() if n > 1] == []
    assert "/user" in reads
    assert f"/repos/{PROJECT}/issues" in reads  # the visions
    assert f"/repos/{OPS}/pulls" in reads  # the open sprint PRs
    # Reviews still matter during the questions (a request for changes revises the
    # pitch); no file is read.
    assert any(p.endswith("/reviews") for p in reads)
    assert not any("/contents/" in p for p in reads)


def test_closed_prs_and_other_issues_cost_an_idle_tick_nothing(tmp_path: Path) -> None:
    world = with_open_questions(tmp_path)
    before = len(reads_of_an_idle_tick(world))
    other = world.client("deploy-bot")
    other.create_branch(OPS, "ops/bump", "main")
    for n in range(60):  # more than a page of each
        pr = other.create_pull(OPS, title=f"bump {n}", body="", head="ops/bump", base="main")
        other.edit_pull(OPS, pr.number, state="closed")
        world.client("alice").create_issue(PROJECT, title=f"bug {n}", body="It breaks.")
    assert len(reads_of_an_idle_tick(world)) == before


def test_a_quietly_rejected_vision_costs_two_reads_and_no_sub_issue_search(
        tmp_path: Path) -> None:
    world, vision, pr = pitched(tmp_path)
    world.comment(pr.number, "REJECT: not this quarter")
    world.tick()
    reads = reads_of_an_idle_tick(world)
    assert reads.count(f"/repos/{OPS}/pulls") == 2  # the open ones, then this vision's history
    assert reads.count(f"/repos/{PROJECT}/issues/{vision}/comments") == 1
    assert reads.count(f"/repos/{PROJECT}/issues") == 1  # the visions; no sub-issue search


def test_an_idle_tick_of_a_vision_in_progress_reads_its_own_sprints_and_one_sub_issue(
        tmp_path: Path) -> None:
    world, vision, pr = pitched(tmp_path)
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: B")
    world.tick()
    for n in range(5):  # closed PRs of other visions are never read again
        world.setup.create_issue(PROJECT, f"Unrelated {n}", "x")
    recorder = Recorder(world)
    reads = reads_of_an_idle_tick(world, recorder)
    # The open ones and this vision's closed ones (merged: its sub-issues; the architect
    # merged it, so no answer is owed): two listings, none that grows.
    assert reads.count(f"/repos/{OPS}/pulls") == 2
    assert [q for q in recorder.listings(f"/repos/{OPS}/pulls") if "state=closed" in q] == [
        f"state=closed&head=architect%2Fsprint-vision-{vision}&limit=50&page=1"]
    first = min(i.number for i in world.bot.list_issues(PROJECT, labels=["backlog"]))
    assert [p for p in reads if p.startswith(f"/repos/{PROJECT}/issues/")] == [
        f"/repos/{PROJECT}/issues/{first}"]  # the first sub-issue is open: reading stops
    assert f"/repos/{PROJECT}/issues/{vision}/comments" not in reads


def test_a_tick_that_answers_and_files_reads_the_project_labels_once(tmp_path: Path) -> None:
    """The filing's preconditions and the filing itself share one read of the labels."""
    world = with_open_questions(tmp_path)
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "yes")
    recorder = Recorder(world)
    report = world.tick(transport=recorder)
    assert [type(a).__name__ for a in report.applied] == ["ProcessAnswers", "FileSprint",
                                                         "FinishSprint"]
    assert recorder.seen.count(("GET", f"/repos/{PROJECT}/labels")) == 1


def test_a_sprint_a_human_closed_costs_its_branch_list_and_one_page_of_the_last_closed(
        tmp_path: Path) -> None:
    world, vision, pr = pitched(tmp_path)
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    recorder = Recorder(world)
    report = world.tick(transport=recorder, dry_run=True)  # reads as the tick, writes nothing
    assert [type(a).__name__ for a in report.applied] == ["NoteClosedSprint"]
    # The vision's closed sprint PRs, listed once for its merged sprint and for this one;
    # not merged by the architect, so the page of the PRs closed last says it is recent.
    assert [q for q in recorder.listings(f"/repos/{OPS}/pulls") if "state=closed" in q] == [
        f"state=closed&head=architect%2Fsprint-vision-{vision}&limit=50&page=1",
        "state=closed&sort=recentclose&limit=50&page=1"]


def test_each_sprint_prs_marks_are_read_once_and_carried_to_its_view(tmp_path: Path) -> None:
    world = with_open_questions(tmp_path)
    (view,) = world.tick().decision.views
    assert view.sprint.marks is not None
    bot, comments, _ = view.sprint.marks
    assert comments is view.sprint.comments and bot == view.sprint.pr.user.login
