"""Timeline events: a row per state or label change, with its doer, never a comment."""

from __future__ import annotations

import pytest

from architect.emulator.events import record_event
from tests.emulator.conftest import REPO, Forge


def test_an_event_is_a_comment_row_of_its_kind_by_the_doer(world: Forge) -> None:
    number = world.issue("Closing")
    ctx = world.ctx("alice")
    issue = world.repo().issues[number]
    record_event(ctx, issue, "label", ctx.doer, body="1")
    rows = [c for c in world.forge.wsgi.store.state.comments.values() if c.issue_id == issue.id]
    assert [(c.kind, c.body) for c in rows] == [("label", "1")]
    assert ctx.doer is not None and rows[0].user_id == ctx.doer.id


def test_the_timeline_lists_an_event_and_the_comments_do_not(world: Forge) -> None:
    number = world.issue("Closing")
    ctx = world.ctx("alice")
    record_event(ctx, world.repo().issues[number], "close", ctx.doer)
    timeline = world.get(f"/repos/{REPO}/issues/{number}/timeline")
    assert [(e["type"], e["user"]["login"]) for e in timeline] == [("close", "alice")]
    assert world.get(f"/repos/{REPO}/issues/{number}/comments") == []


def test_no_doer_records_nothing_and_an_unknown_kind_is_refused(world: Forge) -> None:
    number = world.issue("Quiet")
    issue = world.repo().issues[number]
    store = world.forge.wsgi.store
    before = len(store.state.comments)
    record_event(world.ctx(None), issue, "reopen", None)
    assert len(store.state.comments) == before
    with pytest.raises(AssertionError):
        record_event(world.ctx(), issue, "renamed", None)
