"""When a vision may be pitched (DESIGN.md §5 step 3). Pure."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from datetime import datetime
from typing import TypeVar

from architect.core import markers
from architect.core.facts import Eligibility, VisionHistory
from architect.core.steering import Steering
from architect.forge.models import Comment, Issue

M = TypeVar("M", bound="markers.Mark")


def may_be_pitched(vision: Issue, open_sprints_for: Collection[int], in_progress: str) -> bool:
    """The cheap checks, on data every tick has: no open sprint PR, no `in-progress`."""
    return vision.number not in open_sprints_for and in_progress not in vision.label_names


def pitchable(history: VisionHistory, steering: Steering) -> Eligibility:
    """The history checks: merged or open sprint PR, open sub-issues, an unanswered rejection."""
    # A sprint merged by a human before filing was answered as a rejection: it holds no more.
    answered = {m.pr for _, m in _own(markers.RejectedMark, history.vision_comments,
                                      steering.own_logins)}
    if any(pr.merged and pr.number not in answered for pr in history.sprint_prs):
        return Eligibility(False, "a sprint for it was merged")
    if any(pr.state == "open" for pr in history.sprint_prs):
        return Eligibility(False, "it has an open sprint PR")
    # A vision split out of an older one may say "Decomposed from #N" about itself:
    # the search finds the vision, which is no sub-issue of its own.
    subs = [n for n in history.open_sub_issues if n != history.vision.number]
    if subs:
        # Shown on the dashboard too, on the ops repo: the numbers name the project's issues.
        listing = ", ".join(f"{history.repo}#{n}" for n in subs)
        return Eligibility(False, f"it has open sub-issues ({listing})")
    if pitch_on_hold(history.vision, history.vision_comments, steering):
        return Eligibility(False, "the model failed on its pitch (see the note on the issue); "
                              "waiting for an edit or a comment")
    if not history.sprint_prs:
        return Eligibility(True, "new vision")
    notice, reason = last_rejection(history.vision_comments, *steering.own_logins)
    if notice is None:
        closed = max((pr.closed_at for pr in history.sprint_prs if pr.closed_at), default=None)
        if closed is not None and history.vision.updated_at > closed:
            return Eligibility(True, "its sprint PR was closed and the vision changed since")
        return Eligibility(False, "its sprint PR was closed; waiting for activity on the vision")
    word = ending_word(notice, *steering.own_logins)
    if activity_since(history.vision, history.vision_comments, notice, steering,
                      own_change=history.own_change):
        since = "its rejection" if word == "rejected" else "its sprint ended"
        return Eligibility(True, f"the vision changed since {since}", reason)
    return Eligibility(False, f"{word}; waiting for an edit or a comment on the vision")


def ending_word(notice: Comment, *logins: str) -> str:
    """How the sprint the notice tells of ended, in the words its note used: "rejected" only
    for a REJECT:, "closed without a REJECT: reason" for a PR a person closed…"""
    found = [m for _, m in _own(markers.RejectedMark, (notice,), logins) if m.pr is not None]
    if not found:
        return "rejected"
    mark = found[-1]
    if not mark.how and not mark.stop and " was closed by @" in notice.body:
        mark = replace(mark, how="closed")  # a note written before its mark said so
    return mark.word


def pitch_on_hold(vision: Issue, comments: tuple[Comment, ...], steering: Steering) -> bool:
    """A model-error note on the vision with no edit or human comment since."""
    notes = [c for c, m in _own(markers.ModelErrorMark, comments, steering.own_logins)
             if m.step == "pitch"]
    return bool(notes) and not activity_since(vision, comments, notes[-1], steering)


def _own(kind: type[M], comments: tuple[Comment, ...],
         logins: tuple[str, ...]) -> list[tuple[Comment, M]]:
    """The marks of `kind` the architect or its filer wrote, oldest first."""
    found = [pair for login in logins for pair in markers.marks_of(kind, comments, login)]
    return sorted(found, key=lambda pair: pair[0].id)


def last_rejection(comments: tuple[Comment, ...],
                   *logins: str) -> tuple[Comment | None, str]:
    """The architect's last note that a sprint of the vision ended, and the person's reason
    it gives ("" for none, and for a stop: what happened is no reason to learn from)."""
    found: tuple[Comment | None, str] = (None, "")
    for comment, mark in _own(markers.RejectedMark, comments, logins):
        if mark.pr is not None:
            stopped = mark.stop or comment.body.startswith(_OLD_STOP)
            found = (comment, "" if stopped else mark.reason)
    return found


# How a stop notice began before its mark said `stop=1` (`render.stopped_notice`).
_OLD_STOP = "The sprint for this vision (PR #"


def activity_since(vision: Issue, comments: tuple[Comment, ...], notice: Comment,
                   steering: Steering, *, own_change: datetime | None = None) -> bool:
    """A human comment after the notice, or an edit of the issue after it.

    The notice is the architect's last write on the vision, so an `updated_at`
    later than it can only come from someone else.
    """
    later = [c for c in comments if c.id > notice.id]
    if any(steering.may_steer(c.user.login) for c in later):
        return True
    if markers.steered_after(later, steering.bot_login, notice.id):
        return True  # a box ticked on the dashboard: the bot's answer relays the request
    # Any comment bumps the issue's updated_at (a bot's, a stranger's): only a change
    # after the last comment can be an edit.
    ours = max(notice.updated_at, own_change or notice.updated_at)
    return vision.updated_at > max((c.updated_at for c in later), default=ours)
