"""The cursor's rules (core/cursor.py): `since` is inclusive at whole seconds, so what was
seen at the watermark's second is remembered, and a watermark that cannot be proved exact
remembers nothing (the next tick reads fully rather than miss a change)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta

from architect.core import cursor as cursors
from architect.core.cursor import Cursor, Look, Watermark, comment_mark, quiet, watermark
from architect.forge.models import Comment, Issue, Page
from tests.builders import T0, a_comment, an_issue

S = timedelta(seconds=1)


def page(*items: Issue, clock: datetime | None = T0 + 10 * S,
         total: int | None = None) -> Page[Issue]:
    return Page(list(items), len(items) if total is None else total, clock)


def comments(*items: Comment, clock: datetime | None = T0 + 10 * S) -> Page[Comment]:
    return Page(list(items), len(items), clock)


def test_the_watermark_remembers_what_it_saw_at_its_second() -> None:
    mark = watermark(None, page(an_issue(1, updated=T0), an_issue(2, updated=T0 + S),
                                an_issue(3, updated=T0 + S)))
    assert mark == Watermark(T0 + S, frozenset({(2, T0 + S), (3, T0 + S)}))
    assert mark.still(page(an_issue(2, updated=T0 + S), an_issue(3, updated=T0 + S)))
    # Another item at the same second, or one seen that changed since: something moved.
    assert not mark.still(page(an_issue(2, updated=T0 + S), an_issue(4, updated=T0 + S)))
    assert not mark.still(page(an_issue(2, updated=T0 + 2 * S)))


def test_a_watermark_that_cannot_be_proved_remembers_nothing() -> None:
    # The forge's clock still in the newest second: an item seen may change within it.
    assert watermark(None, page(an_issue(1, updated=T0), clock=T0)) == Watermark(T0)
    assert watermark(None, page(an_issue(1, updated=T0), clock=None)) == Watermark(T0)
    # More changes than a page: the newest on it is only a lower bound, never the clock
    # (a proxy's Date may run ahead of the forge's and skip changes).
    assert watermark(None, page(an_issue(1, updated=T0), total=80)) == Watermark(T0)
    # A clock a second past the newest may be a proxy's running ahead: not proof enough.
    assert watermark(None, page(an_issue(1, updated=T0), clock=T0 + S)) == Watermark(T0)
    # An empty repo: everything that comes will be listed.
    assert watermark(None, page()).since == cursors.EPOCH + S


def test_a_second_proved_over_is_not_asked_again() -> None:
    """Its items cannot change within it any more: however many, they are not listed."""
    crowded = [an_issue(n, updated=T0) for n in range(1, 80)]
    proved = watermark(Watermark(T0 - S), Page(crowded, 79, T0 + 10 * S))
    assert proved is not None and proved.since == T0 + S
    unproved = watermark(Watermark(T0 - S), Page(crowded, 79, T0 + S))
    assert unproved is not None and unproved.since == T0
    assert proved.still(page()) and not proved.still(page(an_issue(3, updated=T0 + 5 * S)))
    # Nothing changed since the old watermark: it stays.
    old = Watermark(T0, frozenset({(1, T0)}))
    assert watermark(old, page(an_issue(1, updated=T0))) == old


def test_an_edited_sprint_comment_is_a_change_a_comment_elsewhere_is_not() -> None:
    answer = a_comment("Q1: A", id_=7, at_=T0 + S, on="acme/shop-ops/pulls/5")
    mark = comment_mark(T0, T0 + 10 * S, [answer])
    repos = {"acme/shop-ops": Watermark(T0)}
    cursor = Cursor(repos, mark, T0, tracked=frozenset({5}))
    issues = {"acme/shop-ops": page()}
    assert quiet(cursor, Look(issues, repos, comments(answer)))
    edited = answer.model_copy(update={"updated_at": T0 + 5 * S, "body": "Q1: B"})
    assert not quiet(cursor, Look(issues, repos, comments(edited)))
    elsewhere = a_comment("typo fixed", id_=9, at_=T0 + 5 * S, on="acme/shop-ops/pulls/2")
    assert quiet(cursor, Look(issues, repos, comments(answer, elsewhere)))
    # Written in the look's own second: not remembered, so seen as a change next time.
    assert comment_mark(T0, T0 + S, [answer]) == Watermark(T0)


def test_the_cursor_file_round_trips_and_a_broken_one_means_a_full_read() -> None:
    cursor = Cursor({"acme/shop": Watermark(T0, frozenset({(3, T0)}))},
                    Watermark(T0, frozenset({(7, T0 + S)})), T0 + 60 * S,
                    deadline=T0 + 3600 * S, settled=False, tracked=frozenset({5}),
                    setup="0123abcd")
    assert cursors.loads(cursors.dumps(cursor)) == cursor
    assert cursors.loads("{") is None
    assert cursors.loads('{"repos": []}') is None


def test_the_cursor_file_keeps_the_carried_lists_and_an_older_file_carries_none() -> None:
    cursor = Cursor({"acme/shop": Watermark(T0)}, None, T0, visions=(an_issue(4), an_issue(2)),
                    visions_at=T0, visions_repo="acme/shop", visions_label="vision",
                    dashboard=an_issue(9, labels=()), dashboard_repo="acme/shop-ops")
    assert cursors.loads(cursors.dumps(cursor)) == cursor
    older = json.loads(cursors.dumps(cursor))
    for key in ("visions", "visions_at", "visions_repo", "visions_label", "dashboard",
                "dashboard_repo"):
        del older[key]  # as the last release wrote it
    assert cursors.loads(json.dumps(older)) == Cursor({"acme/shop": Watermark(T0)}, None, T0)


REPO, OPS = "acme/shop", "acme/shop-ops"
KEPT = Cursor({REPO: Watermark(T0), OPS: Watermark(T0)}, None, T0,
              visions=(an_issue(4, "Returns"), an_issue(2, "Wishlists")), visions_at=T0,
              visions_repo=REPO, visions_label="vision",
              dashboard=an_issue(9, "Architect dashboard", labels=("architect",)),
              dashboard_repo=OPS)


def looked(*changed: Issue, ops: tuple[Issue, ...] = (), total: int | None = None,
           previous: Cursor | None = KEPT) -> Look:
    return Look({REPO: page(*changed, total=total), OPS: page(*ops)}, {}, previous=previous)


def carried(look: Look, now: datetime = T0 + 60 * S) -> list[tuple[int, str]] | None:
    kept = cursors.carried_visions(look, REPO, "vision", now=now, every=timedelta(hours=6))
    return None if kept is None else [(v.number, v.title) for v in kept.visions or ()]


def test_the_looks_changes_are_laid_over_the_carried_visions() -> None:
    closed = an_issue(4, "Returns", state="closed")
    unlabelled = an_issue(2, "Wishlists", labels=())
    new = an_issue(7, "Gift cards")
    a_pr = an_issue(8, "Not a vision").model_copy(update={"pull_request": {"merged": False}})
    assert carried(looked()) == [(4, "Returns"), (2, "Wishlists")]
    assert carried(looked(closed, new)) == [(7, "Gift cards"), (2, "Wishlists")]
    assert carried(looked(unlabelled, an_issue(4, "Easy returns"))) == [(4, "Easy returns")]
    assert carried(looked(a_pr)) == [(4, "Returns"), (2, "Wishlists")]


def test_the_visions_are_listed_afresh_when_the_look_cannot_vouch_for_them() -> None:
    assert carried(looked(total=80)) is None  # the page was cut: not every change is on it
    assert carried(looked(previous=None)) is None  # no cursor: the look listed no changes
    assert carried(looked(), now=T0 + timedelta(hours=6)) is None  # full_read_every passed
    other = replace(KEPT, visions_label="idea")
    assert carried(looked(previous=other)) is None  # kept under another label
    # Kept for another repo (the project moved onto the old ops repo, which the look watched).
    assert carried(looked(previous=replace(KEPT, visions_repo=OPS))) is None
    assert carried(looked(previous=Cursor(KEPT.repos, None, T0))) is None  # none kept


def test_the_dashboard_is_carried_or_taken_from_the_look() -> None:
    def ours(issue: Issue) -> bool:
        return "architect" in issue.label_names

    assert KEPT.dashboard is not None
    assert cursors.carried_dashboard(looked(), OPS, ours) == KEPT.dashboard
    ticked = KEPT.dashboard.model_copy(update={"body": "- [x] pause the architect"})
    assert cursors.carried_dashboard(looked(ops=(ticked,)), OPS, ours) == ticked
    # Its label taken off: not the dashboard any more; another one made: find it afresh.
    assert cursors.carried_dashboard(
        looked(ops=(ticked.model_copy(update={"labels": []}),)), OPS, ours) is None
    second = an_issue(12, "Architect dashboard", labels=("architect",))
    assert cursors.carried_dashboard(looked(ops=(second,)), OPS, ours) is None
    assert cursors.carried_dashboard(looked(previous=None), OPS, ours) is None
    # Kept for another ops repo: never written where another repo's issue has its number.
    assert cursors.carried_dashboard(looked(), REPO, ours) is None


def test_a_full_read_is_due_after_full_read_every_a_deadline_or_unfinished_work() -> None:
    every = timedelta(hours=1)
    cursor = Cursor({}, None, T0, deadline=T0 + 30 * 60 * S)
    assert cursor.due(T0 + 60 * S, every) is None
    assert cursor.due(T0 + 30 * 60 * S, every) == "a time-based step is due"
    assert Cursor({}, None, T0).due(T0 + every, every) == "full_read_every has passed"
    assert Cursor({}, None, T0, settled=False).due(T0, every) == \
        "the last tick left work to retry"


def test_a_crowded_second_of_comments_is_left_behind_once_the_clock_proves_it_over() -> None:
    """60 comments at T0 (a bot commenting on 60 issues at once): the next look asks from
    the second after, so its one page is not filled by them on every tick."""
    crowd = [a_comment("bump", id_=n, at_=T0, on=f"acme/shop-ops/issues/{n}")
             for n in range(100, 160)]
    answer = a_comment("Q1: A", id_=7, at_=T0 + S, on="acme/shop-ops/pulls/5")
    mark = comment_mark(T0, T0 + 10 * S, [*crowd, answer])
    assert mark.at == T0 + S and mark.seen == {(7, T0 + S)}
    # Not proved over yet (the clock 1 s past it may be a proxy's): asked again from T0.
    assert comment_mark(T0, T0 + S, crowd).at == T0
