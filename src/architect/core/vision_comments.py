"""What people who may steer write on the vision of an open sprint. Pure.

Decisions and answers belong on the sprint PR (on the ops repo), where the people
reading the pitch see them; acting on a vision comment would change the PR from
elsewhere. So a comment on the vision that reads like a decision or an answer gets
one reply there, pointing to the PR and naming the words it understands; plain
discussion stays unanswered. A reply carries `UnclearMark(comment)`, so it is never
repeated; someone who may not steer is told once per vision who may.
"""

from __future__ import annotations

from collections.abc import Sequence

from architect.core import markers, replies, words
from architect.core.steering import Steering
from architect.core.text import one_line
from architect.core.view import Signal, SprintPR
from architect.forge.models import Comment


def heard_on_vision(sprint: SprintPR, steering: Steering) -> tuple[Signal, ...]:
    """The vision's comments since the pitch that still need their one reply."""
    own = [found for login in steering.own_logins
           for found in markers.read_marks(sprint.vision_comments, login)]
    clarified = {m.comment for _, m in own if isinstance(m, markers.UnclearMark)}
    told = {m.who.lower() for _, m in own if isinstance(m, markers.UnclearMark) and m.who}
    found: list[Signal] = []
    for comment in sprint.vision_comments:
        login = comment.user.login
        if (steering.is_bot(login) or comment.id in clarified
                or comment.created_at < sprint.pr.created_at
                or not _decision_like(comment, steering.bot_login)):
            continue
        if steering.may_steer(login):
            found.append(_signal(comment, why=""))
        elif not steering.needs_lookup(login) and login.lower() not in told:
            told.add(login.lower())
            found.append(_signal(comment, why=replies.Why.NOT_STEERER))
    return tuple(found)


def _decision_like(comment: Comment, bot_login: str) -> bool:
    return (replies.wants_steering(comment.body, bot_login, started=False)
            or replies.why_unclear(comment.body, bot_login) is not None)


def _signal(comment: Comment, *, why: str) -> Signal:
    return Signal(comment.user.login, comment.body.strip(), comment.id, comment.html_url,
                  comment.created_at, why=why)


def pointer(said: Signal, *, ops_repo: str, pr_number: int, pr_url: str,
            reviewers: tuple[str, ...], writers: Sequence[str] = ()) -> str:
    """The one reply on the vision: where to write it, and the words understood there."""
    where = f"[{ops_repo}#{pr_number}]({pr_url})"
    quoted = one_line(said.text, 80)
    if said.why == replies.Why.NOT_STEERER:
        who = replies.who_may_steer(reviewers, writers,
                                    f"people with write access to {ops_repo}")
        return (f"@{said.login}, I read “{quoted}”, but only {who} may accept, reject or "
                f"answer the design questions of this vision's sprint ({where}), so nothing "
                "happened. Ask one of them, or a maintainer to add you. (This note is posted "
                "once per person on this vision.)\n\n"
                + markers.UnclearMark(said.source_id, said.login).render())
    what = {words.Sense.DECISION: "a decision",
            words.Sense.NOT_DECISION: "a sentence about the decision"}.get(
        words.read(said.text, "").sense, "a decision or an answer")
    return (f"@{said.login}, I read “{quoted}” as {what} on the sprint "
            f"pitched for this vision, but the architect reads decisions and answers only on "
            f"its sprint PR, {where}, so nothing happened. Write it there:\n\n"
            "- To go ahead: `ACCEPT` (anything after it is guidance for the design "
            "questions), or approve the PR with a review.\n"
            "- To decline: `REJECT: <reason>`.\n"
            "- Once the design questions are posted there: `Q1: B` (one line per question), "
            "or `yes` to take every recommendation.\n\n"
            + markers.UnclearMark(said.source_id, said.login).render())
