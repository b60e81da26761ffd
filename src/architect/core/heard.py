"""The human words a model call must hear, read from what the tick already has. Pure.

Each function fills one field of `PlannerInputs` from the snapshot or a sprint
view: nothing here reads the forge, so a prompt costs no request beyond those
the snapshot made (the vision's comments are read there whenever it has any).
"""

from __future__ import annotations

from collections.abc import Iterable

from architect.core import markers, render
from architect.core.answers import read_decision
from architect.core.inputs import HumanComment
from architect.core.rules import last_rejection
from architect.core.snapshot import VisionHistory
from architect.core.sprint import SprintView
from architect.core.steering import Steering
from architect.forge.models import Comment, ReviewState


def pitch_part(body: str) -> str:
    """The pitch itself: the PR body without the architect's own sections and markers."""
    body = render.replace_section(body, render.FORKS_HEADING, None)
    body = render.replace_section(body, render.FILED_HEADING, None)
    return markers.strip_markers(body).strip()


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
    number = next((m.attrs.get("pr") for m in markers.parse_markers(notice.body)
                   if m.kind == "rejected"), None)
    pr = next((p for p in history.sprint_prs if str(p.number) == number), None)
    return pitch_part(pr.body) if pr is not None else ""


def filing_problems(view: SprintView, bot_login: str) -> tuple[str, ...]:
    """The problems the last failed filing check listed, when it is the latest design step."""
    checks = [c for c, m in markers.bot_markers(view.sprint.comments, bot_login)
              if m.kind == "filing-check"]
    if not checks or view.plan is not None:
        return ()
    body = markers.strip_markers(checks[-1].body)
    return tuple(line[2:].strip() for line in body.splitlines() if line.startswith("- "))


def accept_guidance(view: SprintView, steering: Steering) -> str:
    """The words that came with every ACCEPT or approval, kept for the whole design phase.

    `SprintView.guidance` holds them only while they are signals (before the
    questions); the answers and the filing must still respect them.
    """
    decisions = [read_decision(c.body, steering.bot_login) for c in view.sprint.comments
                 if steering.may_steer(c.user.login)]
    words = [d.rest for d in decisions if d is not None and d.word == "ACCEPT"]
    words += [r.body.strip() for r in view.sprint.reviews
              if r.state is ReviewState.APPROVED and not r.dismissed and r.user is not None
              and steering.may_steer(r.user.login)]
    return "\n\n".join(w for w in words if w)
