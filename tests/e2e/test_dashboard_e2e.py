"""The dashboard issue end to end on the embedded forge, through the real client."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from architect.app.status import collect
from architect.app.status_notes import ProjectNotes
from architect.core.actions import AnswerBox
from architect.core.render import filed_numbers
from architect.core.steer import CLOSED_WHILE_PAUSED
from architect.forge.models import Issue
from architect.forge.secret import Secret
from architect.runners.base import Mode
from architect.runners.scripted import ScriptedRunner
from architect.shell.changes import Changes
from architect.shell.guards import edited_by, edits, enable, is_active
from architect.shell.tick import TickReport, plan_tick, run_tick
from architect.shell.webhooks import WebhookServer, edits_for, routes_for
from tests.app.service.test_webhooks import post, signed
from tests.world import BOT, DIALECTS, OPS, PROJECT, SteppingClock, World, make_world

TITLE = "Architect dashboard"


@pytest.fixture(params=DIALECTS)
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    return make_world(tmp_path, dialect=request.param)


def dashboards(world: World) -> list[Issue]:
    return [i for i in world.bot.list_issues(OPS, state="all", type="issues")
            if i.title == TITLE]


def the_dashboard(world: World) -> Issue:
    (board,) = dashboards(world)
    return board


def tick_box(world: World, label: str, *, by: str = "alice") -> None:
    board = the_dashboard(world)
    assert f"- [ ] {label} " in board.body, board.body
    world.client(by).edit_issue(OPS, board.number, body=board.body.replace(
        f"- [ ] {label} ", f"- [x] {label} ", 1))


def section(body: str, title: str) -> str:
    start = body.index(f"## {title}")
    end = body.find("\n## ", start + 1)
    return body[start:end if end >= 0 else None]


def test_first_tick_creates_one_labelled_dashboard_and_an_idle_tick_writes_nothing(
        world: World) -> None:
    number = world.vision("Wishlists")
    world.tick()
    board = the_dashboard(world)
    assert board.user.login == BOT and "architect" in board.label_names
    vision = world.bot.get_issue(PROJECT, number)
    (pr,) = world.sprint_prs()
    waiting = section(board.body, "Needs a human now")
    assert f"[#{number}]({vision.html_url}) Wishlists" in waiting
    assert f"[sprint PR #{pr.number}]({pr.html_url})" in waiting  # type: ignore[attr-defined]
    assert "waits for a human: ACCEPT, REJECT: <reason>, or a review" in waiting
    assert "- [ ] pause the architect" in board.body
    # The links work: the web view serves both pages.
    web = httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi))
    for url in (vision.html_url, pr.html_url):  # type: ignore[attr-defined]
        assert web.get(url).status_code == 200, url
    report = world.tick()
    assert not report.applied
    again = the_dashboard(world)
    assert (again.body, again.updated_at) == (board.body, board.updated_at)


def test_a_dashboard_can_be_turned_off(tmp_path: Path) -> None:
    world = make_world(tmp_path, extra="dashboard = false")
    world.vision("Wishlists")
    world.tick()
    assert dashboards(world) == []


def test_the_story_puts_each_vision_in_its_section(world: World) -> None:
    filed = world.vision("Wishlists")
    rejected = world.vision("Gift cards")
    world.vision("Loyalty points")
    world.tick()
    prs = {pr.title: pr.number for pr in world.bot.list_pulls(OPS, state="open")}
    world.comment(prs["architect: Gift cards"], "REJECT: not this quarter")
    world.comment(prs["architect: Wishlists"], "ACCEPT")
    world.tick()
    world.comment(prs["architect: Wishlists"], "Q1: B\nQ2: A")
    world.tick()
    body = the_dashboard(world).body
    finished = section(body, "Recently finished (30 days)")
    assert f"[#{rejected}]" in finished and "rejected: not this quarter" in finished
    assert f"[#{filed}]" in finished and f"filed {PROJECT}#" in finished
    needs = section(body, "Needs a human now")
    assert f"[#{rejected}]" in needs and "- [ ] pitch again" in needs
    assert f"[#{filed}]" in section(body, "In progress")
    assert "Loyalty points" in body
    assert world.tick().applied == [] and the_dashboard(world).body == body


def test_pitch_again_opens_a_new_sprint_answers_and_unticks(world: World) -> None:
    number = world.vision("Gift cards")
    world.tick()
    (pr,) = world.sprint_prs()
    world.comment(pr.number, "REJECT: not now")  # type: ignore[attr-defined]
    world.tick()
    said = len(world.bot_comments(number, repo=PROJECT))
    tick_box(world, "pitch again")
    world.tick()
    # One event, one note: the answer to the box and the new pitch say it together.
    (note,) = world.bot_comments(number, repo=PROJECT)[said:]
    assert note.startswith("Pitching again, as asked on the dashboard.")
    assert "Pitched as a sprint:" in note
    assert len(world.bot.list_pulls(OPS, state="open")) == 1
    body = the_dashboard(world).body
    assert "[x]" not in body
    assert "- [ ] pitch again" not in body  # a sprint is open again: nothing to ask for
    assert not world.tick().applied


def test_pause_and_resume(world: World) -> None:
    enable(world.config.project_state_dir)
    world.vision("Wishlists")
    world.tick()
    tick_box(world, "pause the architect")
    world.vision("Gift cards")
    report = world.tick()
    assert [a.describe() for a in report.applied] == [
        'dashboard: "pause the architect" ticked → pause (nothing else this tick)']
    assert len(world.sprint_prs()) == 1  # nothing pitched
    # Paused is its own state, a mark on the dashboard: the active flag stays.
    assert is_active(world.config.project_state_dir)
    body = the_dashboard(world).body
    assert "**paused** from this dashboard since " in body
    assert "- [ ] resume the architect" in body and "[x]" not in body
    assert "[sprint PR #" in section(body, "Needs a human now")  # still shown as it stands
    assert not world.tick().applied and len(world.sprint_prs()) == 1  # still paused
    rows, paused = collect(world.bot, world.config, datetime(2026, 11, 25, 12, tzinfo=UTC))
    assert paused and f"since {paused.replace('T', ' ')}" in body  # `status` says it too
    notes = ProjectNotes(True, (), None, paused_since=paused).as_dict()
    assert notes["paused_since"] == paused and paused.endswith(":00Z")  # RFC 3339, UTC
    assert [r.kind for r in rows].count("sprint") == 1
    tick_box(world, "resume the architect")
    report = world.tick()  # resumed, and the work goes on in the same tick
    assert [type(a).__name__ for a in report.applied] == ["ResumeArchitect", "OpenPitch"]
    body = the_dashboard(world).body
    assert "- [ ] pause the architect" in body and "**paused**" not in body


class Counting(httpx.BaseTransport):
    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner
        self.seen: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(f"{request.method} {request.url.path}")
        return self.inner.handle_request(request)


def incremental(world: World) -> tuple[Counting, Callable[[], TickReport]]:
    """Ticks as `architect run` makes them (a look first, with the project's cursor), and
    the requests they send."""
    changes = Changes.of(world.config)
    counting = Counting(httpx.WSGITransport(app=world.wsgi))

    def tick() -> TickReport:
        return run_tick(world.client(BOT, counting), world.runner, world.config,
                        SteppingClock(), changes=changes)
    return counting, tick


def test_a_tick_paused_from_the_dashboard_reads_only_the_dashboard(world: World) -> None:
    world.vision("Wishlists")
    counting, tick = incremental(world)
    tick()
    tick_box(world, "pause the architect")
    tick()  # reads fully (the body changed), pauses
    world.vision("Gift cards")
    counting.seen.clear()
    tick()
    assert len(counting.seen) <= 2, counting.seen
    assert all(line.startswith("GET") for line in counting.seen)
    assert len(world.sprint_prs()) == 1
    tick_box(world, "resume the architect")
    tick()
    assert len(world.sprint_prs()) == 2  # resumed: the new vision is pitched at once


def paused_then_closed(world: World) -> tuple[Counting, Callable[[], TickReport]]:
    """Paused from the dashboard, a new vision waiting, and then @alice closes the
    dashboard; the ticks are incremental ones, as `architect run` makes them."""
    enable(world.config.project_state_dir)
    world.vision("Wishlists")
    counting, tick = incremental(world)
    tick()
    tick_box(world, "pause the architect")
    tick()
    world.vision("Gift cards")
    world.client("alice").edit_issue(OPS, the_dashboard(world).number, state="closed")
    return counting, tick


def test_closing_the_dashboard_while_paused_is_not_a_resume(world: World) -> None:
    counting, tick = paused_then_closed(world)
    report = tick()
    assert not report.applied and len(world.sprint_prs()) == 1  # still paused
    board = the_dashboard(world)
    assert board.state == "closed"  # the architect does not reopen what a person closed
    assert f"> {CLOSED_WHILE_PAUSED}" in board.body  # one note, saying why and what to do
    assert "**paused** from this dashboard since " in board.body
    assert "- [ ] resume the architect" in board.body
    counting.seen.clear()
    assert not tick().applied  # said once: paused, the tick reads the dashboard alone
    assert len(counting.seen) <= 2 and the_dashboard(world).updated_at == board.updated_at
    _, paused = collect(world.bot, world.config, datetime(2026, 11, 25, 12, tzinfo=UTC))
    assert paused  # `status` says paused too

    tick_box(world, "resume the architect")  # ticked on the closed dashboard
    report = tick()
    assert [type(a).__name__ for a in report.applied] == ["ResumeArchitect", "OpenPitch"]
    board = the_dashboard(world)
    assert board.state == "closed" and "**paused**" not in board.body
    assert CLOSED_WHILE_PAUSED not in board.body
    assert not tick().applied and the_dashboard(world).updated_at == board.updated_at


def test_a_dashboard_reopened_while_paused_drops_the_note_and_stays_paused(
        world: World) -> None:
    _, tick = paused_then_closed(world)
    tick()
    world.client("alice").edit_issue(OPS, the_dashboard(world).number, state="open")
    assert not tick().applied and len(world.sprint_prs()) == 1
    body = the_dashboard(world).body
    assert CLOSED_WHILE_PAUSED not in body and "**paused** from this dashboard" in body
    tick_box(world, "resume the architect")
    tick()
    assert len(world.sprint_prs()) == 2


def steered_by_alice(tmp_path: Path) -> World:
    """An enabled project whose only reviewer is @alice, its dashboard written by a tick."""
    world = make_world(tmp_path, reviewers=("alice",))
    enable(world.config.project_state_dir)
    world.vision("Wishlists")
    world.tick()
    return world


def test_a_tick_is_undone_with_a_note_when_reviewers_are_set(tmp_path: Path) -> None:
    world = steered_by_alice(tmp_path)
    tick_box(world, "pause the architect", by="bob")
    world.tick()
    body = the_dashboard(world).body
    assert is_active(world.config.project_state_dir)
    assert "[x]" not in body and "- [ ] pause the architect" in body
    assert "ask with a comment on the vision or sprint PR instead" in body


def deliver_edit(world: World, by: str, *, secret: str = "s3cr3t") -> tuple[int, list[str]]:
    """What Forgejo sends when `by` edits the dashboard: a signed `issues` `edited`."""
    board = the_dashboard(world)
    body, headers = signed({"action": "edited", "sender": {"login": by},
                            "issue": {"number": board.number, "body": board.body},
                            "repository": {"full_name": OPS}}, event="issues")
    poked: list[str] = []
    server = WebhookServer("127.0.0.1", 0, secret=Secret(secret),
                           routes=routes_for([world.config]), poke=poked.append,
                           max_body=64 * 1024, poll_interval=0.02,
                           edits=edits_for([world.config]))
    server.start()
    try:
        status, _ = post(server.address[1], body, headers)
    finally:
        server.close()
    return status, poked


def test_a_tick_by_a_reviewer_a_signed_delivery_names_is_carried_out(tmp_path: Path) -> None:
    world = steered_by_alice(tmp_path)
    tick_box(world, "pause the architect", by="alice")
    assert deliver_edit(world, "alice") == (202, [world.config.name])
    world.tick()
    body = the_dashboard(world).body
    assert "**paused** from this dashboard since" in body  # a mark, not the active flag
    assert "[x]" not in body and "- [ ] resume the architect" in body
    assert "ask with a comment on the vision or sprint PR instead" not in body
    # The record is taken once: a later edit restoring the same body is not alice's.
    assert edited_by(world.config.project_state_dir, the_dashboard(world).number, body) == set()
    assert edits(world.config.project_state_dir) == []


def test_a_delivery_from_someone_not_a_reviewer_or_unsigned_leaves_the_note(
        tmp_path: Path) -> None:
    world = steered_by_alice(tmp_path)
    tick_box(world, "pause the architect", by="bob")
    # bob may write to the ops repo, but not steer
    assert deliver_edit(world, "bob") == (202, [world.config.name])
    world.tick()
    body = the_dashboard(world).body
    assert is_active(world.config.project_state_dir)
    assert "ask with a comment on the vision or sprint PR instead" in body
    # A delivery signed with another secret records nothing.
    tick_box(world, "pause the architect", by="alice")
    assert deliver_edit(world, "alice", secret="wrong") == (401, [])
    world.tick()
    assert is_active(world.config.project_state_dir)
    assert "ask with a comment on the vision or sprint PR instead" in the_dashboard(world).body


class LoseFirstCreate(httpx.BaseTransport):
    """The forge creates the dashboard, then the connection drops before the answer."""

    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner
        self.lost = False

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if (not self.lost and request.method == "POST"
                and request.url.path.endswith(f"/repos/{OPS}/issues")):
            self.lost = True
            raise httpx.ReadTimeout("connection dropped", request=request)
        return response


def test_a_lost_create_response_leaves_one_dashboard(world: World) -> None:
    world.vision("Wishlists")
    faulty = LoseFirstCreate(httpx.WSGITransport(app=world.wsgi))
    world.tick(transport=faulty)
    assert faulty.lost
    world.tick()
    world.tick()
    assert len(dashboards(world)) == 1


def test_retry_beside_a_sprint_model_failure_asks_the_model_again(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.sprint_prs()
    number: int = pr.number  # type: ignore[attr-defined]
    world.comment(number, "ACCEPT")
    world.tick(runner=ScriptedRunner({Mode.QUESTIONS: ["not json"] * 2}))
    assert world.tick().applied == []  # held: the note waits for a human
    needs = section(the_dashboard(world).body, "Needs a human now")
    assert "model failed" in needs
    tick_box(world, "retry")
    report = world.tick()
    assert [a.describe() for a in report.applied] == [
        f'PR #{number}: "retry" ticked on the dashboard → answer it',  # the box: an action
        f"PR #{number}: approved by @alice → start design questions"]
    assert any("Retrying, as asked on the dashboard" in c for c in world.bot_comments(number))
    assert any("**Q1:** Where are wishlists kept?" in c for c in world.bot_comments(number))
    body = the_dashboard(world).body
    assert "[x]" not in body and "- [ ] retry" not in body
    assert not world.tick().applied


def test_retry_beside_a_failed_pitch_pitches_again(world: World) -> None:
    number = world.vision("Wishlists")
    world.tick(runner=ScriptedRunner({Mode.PITCH: ["not json"] * 2}))
    assert world.sprint_prs() == [] and world.tick().applied == []
    tick_box(world, "retry")
    world.tick()
    assert any("Retrying the pitch, as asked on the dashboard." in c
               for c in world.bot_comments(number, repo=PROJECT))
    assert len(world.sprint_prs()) == 1
    assert "[x]" not in the_dashboard(world).body


class FailDashboardEdit(httpx.BaseTransport):
    """The forge refuses every edit of the dashboard (a 500)."""

    def __init__(self, inner: httpx.BaseTransport, number: int) -> None:
        self.inner = inner
        self.path = f"/repos/{OPS}/issues/{number}"  # below /api/v1 or GitHub's /api/v3

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "PATCH" and request.url.path.endswith(self.path):
            return httpx.Response(500, json={"message": "injected"}, request=request)
        return self.inner.handle_request(request)


def test_a_box_answered_by_a_tick_killed_before_the_dashboard_write_is_answered_once(
        world: World) -> None:
    """The answer lands, the tick dies before it unticks the box, and the same steering
    runs again on what it had read: the answer's mark is what recognises it."""
    number = world.vision("Wishlists")
    world.tick(runner=ScriptedRunner({Mode.PITCH: ["not json"] * 2}))
    assert world.tick().applied == []  # held: the dashboard now offers "retry"
    tick_box(world, "retry")
    _, planned = plan_tick(world.bot, world.config, datetime.now(UTC))
    assert [a.box for a in planned.decision.actions if isinstance(a, AnswerBox)] == ["retry-1"]
    board = the_dashboard(world)
    world.tick(transport=FailDashboardEdit(httpx.WSGITransport(app=world.wsgi),
                                           board.number))
    assert "- [x] retry" in the_dashboard(world).body  # the render failed: still ticked
    world.tick()
    assert "[x]" not in the_dashboard(world).body
    answers = [c for c in world.bot_comments(number, repo=PROJECT)
               if "Retrying the pitch, as asked on the dashboard." in c]
    assert len(answers) == 1


def test_unpark_beside_a_parked_sprint_takes_the_label_off_and_answers(tmp_path: Path) -> None:
    world = make_world(tmp_path, extra='park_after = "7d"')
    number = world.accepted()
    asked = datetime(2026, 11, 25, 10, tzinfo=UTC)  # the forge's clock starts at 09:00
    world.tick(at=asked + timedelta(days=7))
    assert {label.name for label in world.bot.get_pull(OPS, number).labels} == {"parked"}
    needs = section(the_dashboard(world).body, "Needs a human now")
    assert "parked" in needs and "- [ ] unpark " in needs
    tick_box(world, "unpark")
    world.tick(at=asked + timedelta(days=8))
    assert {label.name for label in world.bot.get_pull(OPS, number).labels} == set()
    (answer,) = [c for c in world.bot_comments(number) if "Unparked" in c]
    assert answer.startswith("Unparked, as asked on the dashboard")
    body = the_dashboard(world).body
    assert "[x]" not in body and "- [ ] unpark" not in body  # done, and no longer parked
    said = world.bot_comments(number)
    quiet = world.tick(at=asked + timedelta(days=9))
    assert quiet.applied == [] and world.bot_comments(number) == said  # not parked again
    assert {label.name for label in world.bot.get_pull(OPS, number).labels} == set()


def test_a_vision_in_progress_shows_how_many_of_its_sub_issues_are_closed(world: World) -> None:
    number = world.vision("Wishlists")
    world.tick()
    (pr,) = world.sprint_prs()
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: A")
    world.tick()
    merged = world.bot.get_pull(OPS, pr.number)
    filed = filed_numbers(merged.body)
    assert merged.merged and len(filed) >= 3, merged.body
    entry = next(line for line in section(the_dashboard(world).body, "In progress").splitlines()
                 if f"[#{number}]" in line)
    assert f"sub-issues: 0 of {len(filed)} closed" in entry, entry
    # The reading stops at the first open one: close three in their dependency order,
    # then reopen the first, so only the list of closed issues can count the other two.
    alice = world.client("alice")
    for sub in filed[:3]:
        alice.edit_issue(PROJECT, sub, state="closed")
    alice.edit_issue(PROJECT, filed[0], state="open")
    world.tick()
    body = the_dashboard(world).body
    entry = next(line for line in section(body, "In progress").splitlines()
                 if f"[#{number}]" in line)
    assert f"sub-issues: 2 of {len(filed)} closed" in entry, entry
    board = the_dashboard(world)
    assert world.tick().applied == []
    again = the_dashboard(world)
    assert (again.body, again.updated_at) == (board.body, board.updated_at)
