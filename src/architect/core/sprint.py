"""What a sprint PR's marks on the forge say: its state, ledger and signals.

`assess` reads a sprint PR (its body, comments and reviews) and returns a
`SprintView`: the lifecycle state, the trusted ledger and the human signals
that count. Only marks the bot authored and signals from people who may steer
are believed. Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from architect.core import markers
from architect.core.ledger import Ledger, from_payload
from architect.core.schemas import SubIssue
from architect.core.steering import Steering
from architect.core.text import clean_text, first_word
from architect.forge.models import Comment, PullRequest, Review, ReviewState

BRANCH_PREFIX = "architect/sprint-vision-"
_BRANCH = re.compile(rf"^{re.escape(BRANCH_PREFIX)}(\d+)$")
_REJECT = re.compile(r"^\s*REJECT\s*:\s*(.*)\Z", re.IGNORECASE | re.DOTALL)
_DESIGN_KINDS = {"questions", "answers", "filing-check"}


def branch_for(vision_number: int) -> str:
    return f"{BRANCH_PREFIX}{vision_number}"


def vision_of_branch(ref: str) -> int | None:
    match = _BRANCH.match(ref)
    return int(match.group(1)) if match else None


class SprintState(StrEnum):
    """The lifecycle of a sprint PR, as DESIGN.md §1 draws it.

    PITCH_INCOMPLETE    the PR exists but its footer or the vision's label is missing
    AWAITING_DECISION   pitched; waits for ACCEPT / APPROVED, REJECT or REQUEST_CHANGES
    REVISION_REQUESTED  a REQUEST_CHANGES review the architect has not answered
    ACCEPTED            accepted, no design questions yet: start them
    QUESTIONS_OPEN      questions asked; waits for answers
    ANSWERS_PENDING     new human comments to read since the architect last spoke
    READY_TO_FILE       every fork resolved; no sub-issue plan yet
    FILING_BLOCKED      the plan failed the filing check; waits for a human
    FILING              the plan is posted; some sub-issues may be filed already
    FILED               "Sprint filed" posted; the PR still has to be merged
    REJECTED            a REJECT: came in; close everything down
    MODEL_FAILED        the model's answer was invalid twice and the humans were told;
                        no model call until one of them replies
    """

    PITCH_INCOMPLETE = "pitch incomplete"
    AWAITING_DECISION = "pitch awaiting decision"
    REVISION_REQUESTED = "revision requested"
    ACCEPTED = "accepted"
    QUESTIONS_OPEN = "questions open"
    ANSWERS_PENDING = "answers to process"
    READY_TO_FILE = "ready to file"
    FILING_BLOCKED = "filing check failed"
    FILING = "filing"
    FILED = "filed"
    REJECTED = "rejected"
    MODEL_FAILED = "model failed"


WAITS_FOR = {
    SprintState.PITCH_INCOMPLETE: "the architect (finishing the pitch)",
    SprintState.AWAITING_DECISION: "a human: ACCEPT, REJECT: <reason>, or a review",
    SprintState.REVISION_REQUESTED: "the architect (revising the pitch)",
    SprintState.ACCEPTED: "the architect (design questions)",
    SprintState.QUESTIONS_OPEN: "a human: answers to the open questions",
    SprintState.ANSWERS_PENDING: "the architect (reading answers)",
    SprintState.READY_TO_FILE: "the architect (filing sub-issues)",
    SprintState.FILING_BLOCKED: "a human: a reply to the filing problems",
    SprintState.FILING: "the architect (filing sub-issues)",
    SprintState.FILED: "the architect (merging the PR)",
    SprintState.REJECTED: "the architect (closing the PR)",
    SprintState.MODEL_FAILED: "a human: a reply to the architect's note that the model failed",
}


@dataclass(frozen=True)
class SprintPR:
    """An open sprint PR with everything the tick read about it."""

    pr: PullRequest
    vision_number: int
    comments: tuple[Comment, ...]
    reviews: tuple[Review, ...] = ()


@dataclass(frozen=True)
class Signal:
    login: str
    text: str
    source_id: int
    url: str = ""
    at: datetime | None = None


@dataclass(frozen=True)
class SprintView:
    sprint: SprintPR
    state: SprintState
    slug: str
    ledger: Ledger | None  # None until the design questions start
    guidance: tuple[Signal, ...] = ()
    reject: Signal | None = None
    revision: Review | None = None
    new_comments: tuple[Comment, ...] = ()
    # Human replies since the last failed filing check: what the next plan must hear,
    # even when the acknowledgment of them was posted by a tick that died before planning.
    filing_replies: tuple[Comment, ...] = ()
    plan: tuple[SubIssue, ...] | None = None
    plan_comment: Comment | None = None
    filed: tuple[int, ...] = ()
    has_footer: bool = False
    model_failed: bool = False  # a model-error note with no human input after it
    round: int = 0
    ignored: tuple[str, ...] = field(default_factory=tuple)

    @property
    def number(self) -> int:
        return self.sprint.pr.number


def sprint_slug(vision_number: int, vision_title: str) -> str:
    from architect.core.text import slugify

    return f"{vision_number}-{slugify(vision_title, max_words=6) or 'sprint'}"


def assess(sprint: SprintPR, steering: Steering, *, vision_title: str) -> SprintView:
    bot = steering.bot_login
    own = list(markers.bot_markers(sprint.comments, bot))
    kinds = {m.kind for _, m in own}
    slug = next((m.attrs["slug"] for _, m in own if m.kind == "footer" and "slug" in m.attrs),
                sprint_slug(sprint.vision_number, vision_title))
    ledger, round_ = _trusted_ledger(own)
    plan, plan_comment = _plan(own)
    filed = _filed(own)
    revised = {m.attrs.get("review") for _, m in own if m.kind == "revised"}
    last_design = heard_up_to(own)
    last_check = max((c.id for c, m in own if m.kind == "filing-check"), default=0)
    blocked = last_check != 0 and last_check == max(
        (c.id for c, m in own if m.kind in _DESIGN_KINDS), default=0)

    ignored: list[str] = []
    reject = None
    accepts: list[Signal] = []
    new_comments: list[Comment] = []
    for comment in sprint.comments:
        if steering.is_bot(comment.user.login):
            continue
        body = clean_text(comment.body)
        word = first_word(body).upper()
        if not _is_signal(word, comment.id, last_design=last_design, started=ledger is not None):
            continue
        if not steering.may_steer(comment.user.login):
            ignored.append(f"comment {comment.id} by @{comment.user.login} (not a reviewer)")
            continue
        rejected = _REJECT.match(body)
        if rejected:
            reject = reject or Signal(comment.user.login, rejected.group(1).strip(), comment.id,
                                      comment.html_url)
        elif word == "ACCEPT" and ledger is None:
            accepts.append(Signal(comment.user.login, body.strip()[len("ACCEPT"):].strip(" :,-\n"),
                                  comment.id, comment.html_url, comment.created_at))
        elif comment.id > last_design and ledger is not None:
            new_comments.append(comment)

    revision = None
    changes_asked: datetime | None = None
    for review in sprint.reviews:
        login = review.user.login if review.user else ""
        if review.dismissed or not _review_matters(review, started=ledger is not None):
            continue
        if not steering.may_steer(login):
            ignored.append(f"review {review.id} by @{login} (not a reviewer)")
            continue
        if review.state is ReviewState.APPROVED:
            accepts.append(Signal(login, review.body.strip(), review.id, review.html_url,
                                  review.submitted_at))
        elif review.submitted_at is not None:
            changes_asked = max(changes_asked or review.submitted_at, review.submitted_at)
            if str(review.id) not in revised and plan is None:
                revision = review
    if changes_asked is not None:
        # An approval given before someone asked for changes approved the old pitch.
        accepts = [a for a in accepts if a.at is not None and a.at > changes_asked]

    view = SprintView(
        sprint=sprint, state=SprintState.AWAITING_DECISION, slug=slug, ledger=ledger,
        guidance=tuple(accepts), reject=reject, revision=revision,
        new_comments=tuple(new_comments),
        filing_replies=_filing_replies(sprint.comments, own, new_comments, last_check), plan=plan,
        plan_comment=plan_comment,
        filed=filed, has_footer="footer" in kinds, round=round_, ignored=tuple(ignored),
        model_failed=_waiting_after_model_error(sprint, own, steering),
    )
    return _with_state(view, blocked=blocked)


def heard_up_to(own: list[tuple[Comment, markers.Marker]]) -> int:
    """The newest human comment the design conversation has taken in.

    A design comment's `seen=` is the newest comment its tick had read; a comment
    posted while the model was thinking is older than the bot's reply but newer
    than `seen`, and stays new. Without `seen=`, the reply's own id.
    """
    heard = 0
    for comment, mark in own:
        if mark.kind in _DESIGN_KINDS:
            seen = mark.attrs.get("seen", "")
            heard = max(heard, int(seen) if seen.isdigit() else comment.id)
    return heard


def _is_signal(word: str, comment_id: int, *, last_design: int, started: bool) -> bool:
    """Whether a human comment can change the sprint: the test `assess` and the
    snapshot's permission lookups share, so no one's rights are read in vain."""
    if word == "REJECT" or comment_id > last_design:
        return True
    return word == "ACCEPT" and not started


def signal_authors(sprint: SprintPR, bot_login: str) -> set[str]:
    """Logins whose comments or reviews on this PR may steer it (bots included)."""
    own = list(markers.bot_markers(sprint.comments, bot_login))
    last_design = heard_up_to(own)
    started = any(m.kind in {"questions", "answers"} for _, m in own)
    logins = {c.user.login for c in sprint.comments if c.user.login != bot_login
              and _is_signal(first_word(c.body).upper(), c.id, last_design=last_design,
                             started=started)}
    logins.update(r.user.login for r in sprint.reviews
                  if r.user is not None and not r.dismissed and _review_matters(r, started))
    return logins


def _review_matters(review: Review, started: bool) -> bool:
    """An approval until the questions start; a request for changes until the filing
    (answered ones too: they decide which approvals are older than the revision)."""
    if review.state is ReviewState.APPROVED:
        return not started
    return review.state is ReviewState.REQUEST_CHANGES


def _with_state(view: SprintView, *, blocked: bool) -> SprintView:
    from dataclasses import replace

    return replace(view, state=_state(view, blocked=blocked))


def _state(view: SprintView, *, blocked: bool) -> SprintState:
    if view.reject is not None:
        return SprintState.REJECTED
    if view.filed:
        return SprintState.FILED
    if view.plan is not None:
        return SprintState.FILING
    if not view.has_footer:
        return SprintState.PITCH_INCOMPLETE
    if view.model_failed:
        return SprintState.MODEL_FAILED
    if view.revision is not None:
        return SprintState.REVISION_REQUESTED
    if view.ledger is None:
        return SprintState.ACCEPTED if view.guidance else SprintState.AWAITING_DECISION
    if view.new_comments:
        return SprintState.ANSWERS_PENDING
    if blocked:
        return SprintState.FILING_BLOCKED
    if view.ledger.all_resolved:
        return SprintState.READY_TO_FILE
    return SprintState.QUESTIONS_OPEN


def _waiting_after_model_error(sprint: SprintPR, own: list[tuple[Comment, markers.Marker]],
                               steering: Steering) -> bool:
    """True when the bot's last word is a model-error note and no human answered it.

    The note is posted once per failure; until someone who may steer comments or
    reviews after it, asking the same model the same thing again would fail the
    same way, every tick, at a cost.
    """
    last = own[-1][0] if own else None
    if last is None or not any(m.kind == "model-error" for c, m in own if c.id == last.id):
        return False
    if any(c.id > last.id and steering.may_steer(c.user.login) for c in sprint.comments):
        return False
    return not any(
        r.submitted_at is not None and r.submitted_at > last.created_at and r.user is not None
        and steering.may_steer(r.user.login) and not r.dismissed
        and r.state in (ReviewState.APPROVED, ReviewState.REQUEST_CHANGES)
        for r in sprint.reviews)


def _filing_replies(comments: tuple[Comment, ...], own: list[tuple[Comment, markers.Marker]],
                    new_comments: list[Comment], last_check: int) -> tuple[Comment, ...]:
    """Replies to the last failed filing check: new ones, and those the bot already read.

    The `read=` of an answers marker names the comments that round read (checked
    then as coming from someone who may steer), so a reply whose acknowledgment
    was posted by a tick that died before planning still reaches the next plan.
    """
    if not last_check:
        return ()
    read = {int(n) for _, m in own if m.kind == "answers"
            for n in m.attrs.get("read", "").split(",") if n.isdigit()}
    fresh = {c.id for c in new_comments}
    return tuple(c for c in comments if c.id > last_check and (c.id in read or c.id in fresh))


def _trusted_ledger(own: list[tuple[Comment, markers.Marker]]) -> tuple[Ledger | None, int]:
    ledger: Ledger | None = None
    round_ = 0
    for _, found in own:
        if found.kind in {"questions", "answers"}:
            parsed = from_payload(found.payload)
            if parsed is not None:
                ledger = parsed
                round_ = max(round_, int(found.attrs.get("round", "1") or 1))
    return ledger, round_


def _plan(own: list[tuple[Comment, markers.Marker]]) -> tuple[tuple[SubIssue, ...] | None,
                                                              Comment | None]:
    for comment, found in reversed(own):
        if found.kind == "plan" and isinstance(found.payload, list):
            try:
                subs = tuple(SubIssue.model_validate(item) for item in found.payload)
            except ValueError:
                continue
            return subs, comment
    return None, None


def _filed(own: list[tuple[Comment, markers.Marker]]) -> tuple[int, ...]:
    for _, found in reversed(own):
        if found.kind == "filed":
            raw = found.attrs.get("numbers", "")
            return tuple(int(n) for n in raw.split(",") if n.isdigit())
    return ()
