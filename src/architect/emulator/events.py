"""Timeline events: who closed, reopened, merged or relabelled an issue or PR.

Forgejo writes each as a comment row of its own type (`CommentTypeClose`,
`…Reopen`, `…MergePull`, `…Label`) with the doer as its poster; the
timeline endpoint (`api_timeline`) lists them, the comment endpoints never do.
"""

from __future__ import annotations

from architect.emulator.store import Comment, Issue, User
from architect.emulator.web import Ctx

EVENTS = ("close", "reopen", "merge_pull", "label")


def record_event(ctx: Ctx, issue: Issue, kind: str, doer: User | None, *,
                 body: str = "") -> None:
    """Note who changed the issue's state or labels, as the timeline shows it (a `label`
    event's body is "1" for an added label, "" for a removed one)."""
    assert kind in EVENTS
    if doer is None:
        return
    now = ctx.store.now()
    event = Comment(ctx.store.next_id("comment"), issue.id, issue.repo_id, doer.id, body, now,
                    now, kind=kind)
    ctx.store.state.comments[event.id] = event
