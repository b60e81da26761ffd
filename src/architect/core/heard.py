"""The human words a model call must hear, read from what the tick already has. Pure.

Each function fills one field of `PlannerInputs` from the snapshot or a sprint
view: nothing here reads the forge, so a prompt costs no request beyond those
the snapshot made (the vision's comments are read there whenever it has any).
"""

from __future__ import annotations

from collections.abc import Iterable

from architect.core import markers
from architect.core.facts import VisionHistory
from architect.core.inputs import HumanComment
from architect.core.render import pitch_part
from architect.core.rules import last_rejection
from architect.core.steering import Steering
from architect.forge.models import Comment


def human_comments(comments: Iterable[Comment], steering: Steering, *,
                   mark_steering: bool = False) -> tuple[HumanComment, ...]:
    """The comments of people, oldest first; `mark_steering` says who may steer."""
    return tuple(
        HumanComment(c.id, c.user.login, c.body, c.html_url,
                     steering.may_steer(c.user.login) if mark_steering else None)
        for c in sorted(comments, key=lambda c: c.id)
        if not steering.is_bot(c.user.login) and c.body.strip()
    )


def vision_comments(history: VisionHistory | None, steering: Steering) -> tuple[HumanComment, ...]:
    """What people said on the vision issue, each marked with whether they may steer."""
    if history is None:
        return ()
    return human_comments(history.vision_comments, steering, mark_steering=True)


def rejected_pitch(history: VisionHistory | None, *own_logins: str) -> str:
    """The pitch of the sprint PR whose rejection the vision's last notice reports."""
    if history is None:
        return ""
    notice, _ = last_rejection(history.vision_comments, *own_logins)
    if notice is None:
        return ""
    number = next((m.pr for m in markers.marks_in(notice.body)
                   if isinstance(m, markers.RejectedMark)), None)
    pr = next((p for p in history.sprint_prs if p.number == number), None)
    return pitch_part(pr.body) if pr is not None else ""
