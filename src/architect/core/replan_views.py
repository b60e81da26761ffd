"""Each filed sprint as its re-plan stands this tick: read, classified, timed. Pure."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from architect.core import markers
from architect.core.ledger import Ledger
from architect.core.replan import FiledSprint, ReplanView, assess
from architect.core.replan_subs import staleness
from architect.core.sprint import read_marks, sprint_slug, vision_title_of
from architect.core.steering import Steering
from architect.core.table import classify_replan

if TYPE_CHECKING:
    from architect.config import ArchitectConfig
    from architect.core.snapshot import Snapshot


def replan_view(filed: FiledSprint, steering: Steering) -> ReplanView:
    """The view before the clock is read (what the snapshot's reader uses to decide
    whether the sub-issues are needed)."""
    marks = read_marks(filed.sprint, steering.bot_login)
    pr = filed.merged.pr
    slug = marks.slug or sprint_slug(filed.merged.vision_number, vision_title_of(pr.title))
    view = assess(filed, steering, slug=slug, design=marks.ledger or Ledger())
    view = replace(view, stale=staleness(view))
    return replace(view, state=classify_replan(view))


def replan_views(snapshot: Snapshot, settings: ArchitectConfig) -> list[ReplanView]:
    return [with_clock(replan_view(filed, snapshot.steering), snapshot.now,
                       remind_after=settings.remind_after) for filed in snapshot.filed]


def reminder_due(view: ReplanView, *, remind_after: timedelta) -> datetime | None:
    """When an open proposal nobody answered gets its one reminder (None: it will not)."""
    proposal = view.proposal
    if proposal is None or view.requests or view.accept or view.reject or proposal.mark.started:
        return None
    reminded = any(m.n == proposal.n for _, m in markers.marks_of(
        markers.ReplanReminderMark, view.filed.comments, view.filed.merged.pr.user.login))
    return None if reminded else proposal.comment.created_at + remind_after


def with_clock(view: ReplanView, now: datetime, *, remind_after: timedelta) -> ReplanView:
    """An open proposal unanswered for `remind_after`, not reminded yet: one reminder."""
    due = reminder_due(view, remind_after=remind_after)
    if due is None or now < due:
        return view
    view = replace(view, remind=True)
    return replace(view, state=classify_replan(view))

