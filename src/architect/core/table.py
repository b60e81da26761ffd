"""The lifecycle in two tables: a sprint PR's and a vision's. Pure.

A sprint PR's state is the first row whose guard holds for what its marks say
(`SprintView`, read in `sprint.assess`); the row says what the architect does
there and what it waits for. `decide`, `architect status` and docs/states.md
read these rows, so adding a transition means adding a row.

A row marked `same_tick` is one the architect reaches by its own writes
(answers that resolve every fork, sub-issues filed): the tick acts on it at
once instead of leaving it for the next one. `SPRINT_REPAIRS` are what the
architect puts right beside any row's step (a label a human took off).

A vision's state is the first row of `VISION_TABLE` whose guard holds for its
`VisionFacts` (`core.visions`); `decide` pitches the visions whose row is
TO_BE_PITCHED, and `story` ends the stories whose row is COMPLETED.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from architect.core import markers
from architect.core.actions import (
    Action,
    ApplyReplan,
    ClarifyDecision,
    CompletePitch,
    DropReplan,
    FileSprint,
    FinishSprint,
    FollowVision,
    HoldReplies,
    HoldReply,
    NoteBranchGone,
    NoteClosedSprint,
    NudgeReplan,
    NudgeSprint,
    PauseSprint,
    PointToSprint,
    ProposeReplan,
    RejectSprint,
    ReplyAfterFiling,
    ResumeSprint,
    RevisePitch,
    StartQuestions,
    StopSprint,
    SyncLedger,
    UnparkSprint,
)
from architect.core.answers import read_decision
from architect.core.facts import VisionFacts, VisionState
from architect.core.inputs import HumanComment
from architect.core.replan import ReplanView, new_ledger, read_word
from architect.core.replan_subs import issues_now
from architect.core.rounds import forks_in_sync, read_answers
from architect.core.text import one_line
from architect.core.view import ReplanState, Signal, SprintView, State
from architect.core.words import Family


class SprintState(State):
    """A sprint PR's state: the first row of `SPRINT_TABLE` its view meets (a new state
    is written here, beside its row)."""

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
    PARKED = "parked"
    REMINDER_DUE = "questions unanswered"
    PARK_DUE = "questions unanswered too long"
    VISION_GONE = "vision gone"
    CLOSED_BY_HUMAN = "closed by a human"
    MERGED_UNFILED = "merged before filing"
    VISION_SLIPPED = "vision slipped"
    PAUSED = "paused"
    HELD = "on hold"
    BRANCH_GONE = "reopened without its branch"
    PITCH_STALE = "vision changed since the pitch"
    APPROVAL_STALE = "vision changed since the approval"
    REAPPROVAL_ASKED = "waiting for ACCEPT again"


# What the step of a row needs beyond the view: whether the vision lost its label.
Step = Callable[["SprintView", bool], Action | None]


@dataclass(frozen=True)
class Row:
    state: SprintState
    when: Callable[[SprintView], bool]
    step: Step
    waits_for: str
    same_tick: bool = False
    doc: str = ""


def _reject(view: SprintView, _label: bool) -> Action:
    assert view.reject is not None  # the row's guard
    return RejectSprint(view.sprint, view.reject)


def _closed(view: SprintView, _label: bool) -> Action:
    sprint = view.sprint
    # The closer's own `REJECT: …` (written, then closed before a tick read it) is the reason.
    said = [d.rest for c in sprint.comments if c.user.login == sprint.closed_by
            and (d := read_decision(c.body, "")) is not None and d.word == Family.REJECT]
    return NoteClosedSprint(sprint, sprint.closed_by, sprint.pr.merged,
                            said[-1] if said else "")


def _branch_gone(view: SprintView, _label: bool) -> Action | None:
    """One note; then the sprint waits, as if closed, until the branch is back."""
    bot = view.sprint.pr.user.login
    if any(markers.marks_of(markers.BranchGoneMark, view.sprint.comments, bot)):
        return None
    return NoteBranchGone(view.sprint)


def _stop(view: SprintView, _label: bool) -> Action:
    return StopSprint(view.sprint, view.sprint.vision_gone)


def _pause(view: SprintView, _label: bool) -> Action:
    return PauseSprint(view.sprint, view.sprint.vision_gone, since=view.resumed)


def _paused(_view: SprintView, _label: bool) -> None:
    """Paused: nothing is read, asked or filed until the vision is back or the time is up."""
    return None


# -- a hold: HOLD and RESUME, by someone who may steer ----------------------------

def held_by(view: SprintView) -> Signal | None:
    """The HOLD that holds the sprint: the newest of its HOLDs and RESUMEs, if a HOLD."""
    said = view.of(Family.HOLD, Family.RESUME)
    return said[-1] if said and said[-1].kind is Family.HOLD else None


def _held(_view: SprintView, _label: bool) -> None:
    """On hold: nothing is asked, reminded, parked or filed until RESUME (the replies are
    the repair `hold answered`, beside whatever row the sprint is in)."""
    return None


def _hold_replies(view: SprintView) -> tuple[HoldReply, ...]:
    """One reply to each HOLD and RESUME, and to each comment that would act while held
    (an answer, an ACCEPT): kept, and read once the sprint resumes."""
    replies: list[HoldReply] = []
    holding: Signal | None = None
    for said in view.of(Family.HOLD, Family.RESUME):
        if said.source_id not in (view.replied_reviews if said.review else view.replied):
            replies.append(HoldReply(said.source_id, _hold_reply(view, said, holding),
                                     review=said.review))
        holding = said if said.kind is Family.HOLD else None
    if holding is not None:
        comments = {c.id for c in view.sprint.comments}  # an approving review gets none
        waiting = {c.id for c in view.new_comments} | {g.source_id for g in view.guidance}
        replies += [HoldReply(n, _held_note(holding)) for n in sorted(waiting & comments)
                    if n > holding.source_id and n not in view.replied]
    return tuple(replies)


def _hold_reply(view: SprintView, said: Signal, holding: Signal | None) -> str:
    who = f"@{said.login}"
    if said.kind is Family.HOLD and holding is not None:
        return f"{who}, this sprint is already on hold (since @{holding.login}'s HOLD). " \
               "Write `RESUME` to continue."
    if said.kind is Family.HOLD:
        reason = f": {one_line(said.text, 200).rstrip('.')}" if said.text else ""
        return (f"On hold{reason}. Nothing is asked, reminded, parked or filed until someone "
                "who may steer writes `RESUME`.")
    slipped = view.sprint.vision_gone if view.sprint.vision_slipped else ""
    if slipped:
        lifted = "the hold is lifted, but" if holding is not None else "there is no hold to " \
                 "lift:"
        return (f"{who}, {lifted} this sprint is paused because {slipped}. `RESUME` lifts a "
                "hold a person put on; the sprint goes on when its vision is open and labelled "
                "again.")
    if holding is None:
        return f"{who}, this sprint is not on hold, so there is nothing to resume."
    return f"Resumed, {who}: the sprint goes on from where it was."


def _held_note(holding: Signal) -> str:
    reason = f" ({one_line(holding.text, 200).rstrip('.')})" if holding.text else ""
    return (f"This sprint is on hold{reason}: your comment is kept, and read once someone "
            "who may steer writes `RESUME`.")


def _finish(view: SprintView, _label: bool) -> Action:
    return FinishSprint(view.sprint, view.slug, view.ledger, view.filed)


def _file(view: SprintView, _label: bool) -> Action:
    heard = {c.id: c for c in (*view.filing_replies, *view.new_comments)}
    said = tuple(HumanComment(c.id, c.user.login, c.body, c.html_url)
                 for c in sorted(heard.values(), key=lambda c: c.id))
    return FileSprint(view.sprint, view.slug, view.brief(view.accept_words), view.plan,
                      view.plan_comment, said, view.filing_problems, seen=view.heard,
                      after=view.last_other)


def _complete(view: SprintView, label: bool) -> Action:
    return CompletePitch(view.sprint, view.slug, footer=True, label=label)


def _follow(view: SprintView, _label: bool) -> Action:
    assert view.vision_change is not None  # the row's guard
    return FollowVision(view.sprint, view.slug, view.vision_change,
                        view.brief(_guidance(view)), after=view.last_other,
                        approved=view.approved)


def _stale(view: SprintView) -> bool:
    """The vision differs from what the pitch was built from, and nothing is filed yet:
    what is filed must be what people saw."""
    return view.vision_change is not None and view.plan is None and not view.filed


def _revise(view: SprintView, _label: bool) -> Action:
    assert view.revision is not None  # the row's guard
    return RevisePitch(view.sprint, view.slug, view.revision, view.brief(_guidance(view)),
                       after=view.last_other, from_comment=view.revision_from_comment)


def _questions(view: SprintView, _label: bool) -> Action:
    return StartQuestions(view.sprint, view.slug, view.guidance, view.brief(_guidance(view)),
                          seen=view.heard, after=view.last_other, carried=view.carried,
                          carried_from=view.carried_from)


def _guidance(view: SprintView) -> str:
    """Before the questions, the words of the signals that count."""
    return "\n\n".join(g.text for g in view.guidance if g.text)


def _answers(view: SprintView, _label: bool) -> Action:
    return read_answers(view)


def _nudge(view: SprintView, _label: bool) -> Action:
    assert view.asked_at is not None  # the row's guard: `due` is set once questions were asked
    waiting = tuple(f.number for f in (view.ledger.live.forks if view.ledger else ())
                    if not f.answer)
    return NudgeSprint(view.sprint, park=view.due == "park", round=view.round,
                       asked_at=view.asked_at, whom=view.accepted_by, waiting=waiting)


def _await_decision(view: SprintView, label: bool) -> Action | None:
    """A comment like `LGTM` gets one reply saying what to write; otherwise, wait."""
    return _clarify(view) if view.unclear else _wait(view, label)


def _clarify(view: SprintView) -> ClarifyDecision:
    return ClarifyDecision(view.sprint, view.unclear, view.reviewers, view.asking)


def _wait(view: SprintView, _label: bool) -> Action | None:
    """Nothing to do but wait; a `## Design forks` section broken by hand is repaired."""
    if view.ledger is not None and not forks_in_sync(view.ledger, view.sprint.pr.body):
        return SyncLedger(view.sprint, view.slug, view.ledger)
    return None


SPRINT_TABLE: tuple[Row, ...] = (
    Row(SprintState.CLOSED_BY_HUMAN, lambda v: v.sprint.pr.state == "closed"
        and not v.sprint.pr.merged, _closed, "the architect (a note on the vision)",
        doc="closed without REJECT (or its branch deleted), its vision still in progress: "
            "one note on the vision, in-progress removed, journal; reopening resumes it"),
    Row(SprintState.MERGED_UNFILED, lambda v: v.sprint.pr.merged and not v.filed, _closed,
        "the architect (a note on the PR and the vision)",
        doc="merged by a human before its sub-issues were filed: one note on the PR and on "
            "the vision, in-progress removed, journal"),
    Row(SprintState.REJECTED, lambda v: v.reject is not None, _reject,
        "the architect (closing the PR)",
        doc="a REJECT: came in, at any stage: close the PR, delete its branch, journal"),
    Row(SprintState.BRANCH_GONE, lambda v: v.sprint.branch_gone, _branch_gone,
        "a human: the branch restored, or the PR closed",
        doc="reopened after its branch was deleted: one note on the PR (restore the branch "
            "to resume); treated as closed until then"),
    Row(SprintState.FILED, lambda v: bool(v.filed), _finish,
        "the architect (merging the PR)", same_tick=True,
        doc='"Sprint filed" is posted: record ## Filed and merge'),
    Row(SprintState.VISION_SLIPPED, lambda v: v.sprint.vision_slipped and not v.pause_note,
        _pause, "the architect (pausing the sprint)",
        doc="its vision was closed or lost its label, maybe by mistake: one note on the PR; "
            "the sprint pauses, the PR stays open"),
    Row(SprintState.PAUSED, lambda v: v.sprint.vision_slipped and v.due != "stop", _paused,
        "a human: the vision reopened or labelled again, within stop_after",
        doc="paused for stop_after (default 1d): nothing is asked or filed; the vision back "
            "in time resumes the sprint with everything kept"),
    Row(SprintState.VISION_GONE, lambda v: bool(v.sprint.vision_gone), _stop,
        "the architect (closing the PR)",
        doc="its vision was deleted, or paused longer than stop_after: stop before any model "
            "call or filing, as a rejection saying so"),
    Row(SprintState.HELD, lambda v: held_by(v) is not None, _held,
        "a human: RESUME",
        doc="HOLD (or ON HOLD, PAUSE) by someone who may steer: no questions, reminders, "
            "parking or filing; one reply to it, and to each answer written meanwhile; RESUME "
            "lifts it"),
    Row(SprintState.FILING, lambda v: v.plan is not None, _file,
        "the architect (filing sub-issues)",
        doc="the plan is posted; file what is not filed yet"),
    Row(SprintState.PITCH_INCOMPLETE, lambda v: not v.has_footer, _complete,
        "the architect (finishing the pitch)",
        doc="the PR exists but its footer (or the vision's label) is missing"),
    Row(SprintState.MODEL_FAILED, lambda v: v.model_failed, _wait,
        "a human: a reply to the architect's note that the model failed",
        doc="the model's answer was invalid twice; no model call until someone replies"),
    Row(SprintState.PITCH_STALE, lambda v: _stale(v) and not v.approved, _follow,
        "the architect (refreshing the pitch)",
        doc="its vision, or a file or issue it cites, changed before the decision: the pitch "
            "is rebuilt from them, with one note saying what changed (a task added, one "
            "removed, a cited file edited); the branch moving under unchanged cited files is "
            "only recorded"),
    Row(SprintState.APPROVAL_STALE, _stale, _follow,
        "the architect (asking for ACCEPT again)",
        doc="its vision, or a file or issue it cites, changed after the approval: a change of "
            "plan rebuilds the pitch "
            "and asks for ACCEPT again (nothing is filed until then); a change of words only "
            "is recorded"),
    Row(SprintState.REAPPROVAL_ASKED, lambda v: v.awaiting_reapproval, _wait,
        "a human: ACCEPT again (or an approval), or REJECT: <reason>",
        doc="asked to approve the plan again after its vision changed: no questions, answers "
            "or filing until ACCEPT"),
    Row(SprintState.REVISION_REQUESTED, lambda v: v.revision is not None, _revise,
        "the architect (revising the pitch)",
        doc="a REQUEST_CHANGES review the architect has not answered"),
    Row(SprintState.AWAITING_DECISION, lambda v: v.ledger is None and not v.guidance,
        _await_decision, "a human: ACCEPT, REJECT: <reason>, or a review",
        doc="pitched; waits for ACCEPT / APPROVED, REJECT or REQUEST_CHANGES (a comment "
            "like LGTM gets one reply saying what to write)"),
    Row(SprintState.ACCEPTED, lambda v: v.ledger is None, _questions,
        "the architect (design questions)",
        doc="accepted, no design questions yet: ask them"),
    Row(SprintState.ANSWERS_PENDING, lambda v: bool(v.new_comments or v.new_reviews),
        _answers, "the architect (reading answers)",
        doc="new human comments (or reviews with answers in them) since the architect last "
            "spoke: read and acknowledge"),
    Row(SprintState.FILING_BLOCKED, lambda v: v.filing_blocked, _wait,
        "a human: a reply to the filing problems",
        doc="the plan failed the filing check"),
    Row(SprintState.READY_TO_FILE, lambda v: v.ledger is not None and v.ledger.all_resolved,
        _file, "the architect (filing sub-issues)", same_tick=True,
        doc="every fork resolved: plan the sub-issues, file them"),
    Row(SprintState.PARK_DUE, lambda v: v.due == "park", _nudge, "the architect (parking)",
        doc="no answer for park_after (default 14d): label parked and one note, once a round"),
    Row(SprintState.PARKED, lambda v: v.parked, _wait,
        "a human: a comment on the PR (label parked)",
        doc="parked after park_after without answers; a comment by someone who may steer "
            "unparks it"),
    Row(SprintState.REMINDER_DUE, lambda v: v.due == "remind", _nudge,
        "the architect (one reminder)",
        doc="no answer for remind_after (default 3d): one reminder a round, mentioning whoever "
            "accepted"),
    Row(SprintState.QUESTIONS_OPEN, lambda v: True, _wait,
        "a human: answers to the open questions",
        doc="questions asked; waits for answers"),
)

ROWS: dict[State, Row] = {row.state: row for row in SPRINT_TABLE}
WAITS_FOR: dict[State, str] = {row.state: row.waits_for for row in SPRINT_TABLE}


def classify(view: SprintView) -> SprintState:
    return next(row.state for row in SPRINT_TABLE if row.when(view))


def sprint_step(view: SprintView, *, needs_label: bool) -> Action | None:
    return ROWS[view.state].step(view, needs_label)


@dataclass(frozen=True)
class Repair:
    """What the architect puts right beside the step of whatever row a sprint is in:
    a sprint never waits on these."""

    name: str
    when: Callable[[SprintView, bool], bool]  # the view, and whether its vision lost the label
    step: Callable[[SprintView], Action]
    doc: str = ""
    # Said before the row's own step: an acknowledgement goes before the work it releases.
    before_step: bool = False


# Rows whose own step replies (or that end the sprint): the reply repair leaves them alone.
_CLARIFIED_BY_ROW: frozenset[SprintState] = frozenset({
    SprintState.AWAITING_DECISION, SprintState.REJECTED, SprintState.CLOSED_BY_HUMAN,
    SprintState.MERGED_UNFILED})

# Rows that end the sprint: a reply pointing to its PR would point nowhere useful.
_ENDING: frozenset[SprintState] = _CLARIFIED_BY_ROW - {SprintState.AWAITING_DECISION}

SPRINT_REPAIRS: tuple[Repair, ...] = (
    Repair("in-progress put back",
           lambda v, lost: lost and v.state not in (SprintState.PITCH_INCOMPLETE,
                                                    SprintState.REJECTED,
                                                    SprintState.BRANCH_GONE),
           lambda v: CompletePitch(v.sprint, v.slug, footer=False, label=True),
           doc="its vision lost the label in-progress (an incomplete pitch puts it back with "
               "its footer; a rejection takes it off)"),
    Repair("unparked",
           lambda v, _: v.parked and v.state not in (SprintState.PARKED, SprintState.PARK_DUE,
                                                     SprintState.REJECTED),
           lambda v: UnparkSprint(v.sprint),
           doc="labelled parked, but someone moved it (an answer, a comment): the label comes off"),
    Repair("resumed",
           lambda v, _: bool(v.pause_note) and not v.sprint.vision_gone
           and v.state not in (SprintState.REJECTED, SprintState.CLOSED_BY_HUMAN,
                               SprintState.MERGED_UNFILED),
           lambda v: ResumeSprint(v.sprint, v.pause_note),
           doc="paused, and its vision is open and labelled again: one note, and the sprint "
               "goes on from its marks"),
    Repair("hold answered",
           lambda v, _: v.state not in _ENDING and bool(_hold_replies(v)),
           lambda v: HoldReplies(v.sprint, _hold_replies(v)),
           doc="HOLD, RESUME, or an answer written while held: one reply each (a second HOLD "
               "gets a short one; RESUME on a sprint paused because its vision slipped says "
               "so, and resumes nothing)", before_step=True),
    Repair("one reply",
           lambda v, _: bool(v.unclear) and v.state not in _CLARIFIED_BY_ROW,
           _clarify,
           doc="someone who may not steer wrote a decision or an answer: one reply, once per "
               "person and PR, naming who may steer"),
    Repair("one reply on the vision",
           lambda v, _: bool(v.on_vision) and v.state not in _ENDING,
           lambda v: PointToSprint(v.sprint, v.on_vision, v.reviewers),
           doc="a decision or an answer written on the vision, not on the sprint PR: one reply "
               "there naming the PR and the words it understands (never acted on from there)"),
)



def repairs(view: SprintView, *, needs_label: bool, before_step: bool = False) -> list[Action]:
    """The repairs due, those said before the row's step (`before_step`) or after it."""
    return [repair.step(view) for repair in SPRINT_REPAIRS
            if repair.before_step is before_step and repair.when(view, needs_label)]


# -- a filed sprint: re-planning after the merge (`core.replan`) ----------------

@dataclass(frozen=True)
class ReplanRow:
    state: ReplanState
    when: Callable[[ReplanView], bool]
    step: Callable[[ReplanView], Action | None]
    waits_for: str
    doc: str = ""


def _apply_replan(view: ReplanView) -> Action:
    assert view.proposal is not None  # the row's guard
    by = (view.accept.author if view.accept
          else str(view.proposal.mark.payload.get("accepted_by", "")))
    return ApplyReplan(view.filed.sprint, view.slug, view.proposal.comment, by,
                       view.accept.id if view.accept else view.proposal.mark.seen,
                       issues_now(view), view.applied_entries)


def _propose_replan(view: ReplanView) -> Action:
    rebuilt = view.stale if view.accept is not None else ""
    requests = view.requests
    seen = view.seen
    if rebuilt and view.proposal is not None:  # accepted, but the sub-issues moved
        requests = view.proposal.requests
        seen = view.accept.id if view.accept else seen
    return ProposeReplan(view.filed.sprint, view.slug, view.next_n,
                         new_ledger(view.ledger, requests), view.ledger, requests, seen,
                         issues_now(view), rebuilt)


def _drop_replan(view: ReplanView) -> Action:
    assert view.proposal is not None and view.reject is not None  # the row's guard
    said = read_word(view.reject.body, view.filed.merged.pr.user.login)
    return DropReplan(view.filed.sprint, view.proposal.n, view.reject.author,
                      said[1] if said else "", view.reject.id)


def _nudge_replan(view: ReplanView) -> Action:
    assert view.proposal is not None  # the row's guard
    whom = tuple(dict.fromkeys(r.author for r in view.proposal.requests))
    return NudgeReplan(view.filed.sprint, view.proposal.n, whom)


REPLAN_TABLE: tuple[ReplanRow, ...] = (
    ReplanRow(ReplanState.REPLAN_STALE, lambda v: v.accept is not None and bool(v.stale),
              _propose_replan, "the architect (a new proposal)",
              doc="ACCEPT came, but a sub-issue changed under the proposal (closed, assigned, "
                  "edited): proposed again, never applied stale"),
    ReplanRow(ReplanState.REPLAN_APPLYING,
              lambda v: v.proposal is not None and (v.accept is not None
                                                    or v.proposal.mark.started),
              _apply_replan, "the architect (applying the re-plan)",
              doc="ACCEPT on the open proposal: each change made once, a note on each "
                  "sub-issue, ## Re-plans in the sprint file, the vision told"),
    ReplanRow(ReplanState.REPLAN_DROPPED, lambda v: v.reject is not None, _drop_replan,
              "the architect (dropping the proposal)",
              doc="REJECT: on the open proposal: one note, nothing changed"),
    ReplanRow(ReplanState.REPLAN_REQUESTED, lambda v: bool(v.requests), _propose_replan,
              "the architect (a re-plan proposal)",
              doc="REPLAN:, a changed answer or REJECT: on the merged sprint PR or its vision "
                  "(or any comment on an open proposal): one proposal comment"),
    ReplanRow(ReplanState.REPLAN_REMINDER_DUE, lambda v: v.proposal is not None and v.remind,
              _nudge_replan, "the architect (one reminder)",
              doc="a proposal unanswered for remind_after: one reminder"),
    ReplanRow(ReplanState.REPLAN_PROPOSED, lambda v: v.proposal is not None,
              lambda v: None, "a human: ACCEPT, REJECT: <reason>, or a comment",
              doc="a proposal waits for its answer (at most one open per sprint)"),
    ReplanRow(ReplanState.FILED, lambda v: True, lambda v: None,
              "its sub-issues, or REPLAN: <what changes>",
              doc="merged and filed: the plan stands until someone asks to change it"),
)

REPLAN_ROWS = {row.state: row for row in REPLAN_TABLE}


def classify_replan(view: ReplanView) -> ReplanState:
    return next(row.state for row in REPLAN_TABLE if row.when(view))


def replan_steps(view: ReplanView) -> list[Action]:
    """The row's step, and beside it the replies owed (one per comment)."""
    assert view.state is not None  # classified
    found = REPLAN_ROWS[view.state].step(view)
    actions = [found] if found is not None else []
    if view.replies:
            actions.append(ReplyAfterFiling(view.filed.sprint, tuple(
            (r.comment, r.text, r.once_per) for r in view.replies), view.numbers))
    return actions


# -- a vision -----------------------------------------------------------------

@dataclass(frozen=True)
class VisionRow:
    state: VisionState
    when: Callable[[VisionFacts], bool]
    waits_for: str
    doc: str = ""


VISION_TABLE: tuple[VisionRow, ...] = (
    VisionRow(VisionState.IN_SPRINT, lambda f: f.sprint_pr is not None, "the sprint PR",
              doc="its sprint PR is open: the sprint's own table applies"),
    VisionRow(VisionState.COMPLETED, lambda f: f.done, "nothing (its story ended)",
              doc="every sub-issue of its merged sprint is closed: one summary, in-progress "
                  "removed, closed (close_vision_when_done)"),
    VisionRow(VisionState.IN_PROGRESS, lambda f: f.in_progress,
              "its sub-issues (label in-progress)",
              doc="its sprint was filed; the label stays (put back if lost) until its "
                  "sub-issues are closed"),
    VisionRow(VisionState.NOT_PITCHED, lambda f: f.verdict is not None and not f.verdict.ok,
              "a human", doc="merged, open sub-issues, a rejection or a model error holds it"),
    VisionRow(VisionState.TO_BE_PITCHED,
              lambda f: f.turn and f.verdict is not None and f.verdict.ok, "the next tick",
              doc="a free pitch slot is its turn and nothing holds it: pitch a sprint (OpenPitch)"),
    VisionRow(VisionState.QUEUED, lambda f: True, "a free pitch slot (max_open_pitches)",
              doc="waits its turn in prerequisites.md order"),
)


def vision_row(facts: VisionFacts) -> VisionRow:
    return next(row for row in VISION_TABLE if row.when(facts))


def vision_label(facts: VisionFacts) -> str:
    """The state as `status` shows it, with what the row leaves open."""
    row = vision_row(facts)
    if row.state is VisionState.IN_SPRINT:
        return f"{row.state.value} #{facts.sprint_pr}"
    if row.state is VisionState.NOT_PITCHED and facts.verdict is not None:
        return f"{row.state.value}: {facts.verdict.reason}"
    return row.state.value


def markdown() -> str:
    """Both tables as markdown, as docs/states.md shows them (a test keeps them equal)."""
    lines = ["| sprint PR state | when | waits for |", "| --- | --- | --- |"]
    lines += [f"| {row.state.value}{' (same tick)' if row.same_tick else ''} | {row.doc} | "
              f"{row.waits_for} |" for row in SPRINT_TABLE]
    lines += ["", "| beside any row | when |", "| --- | --- |"]
    lines += [f"| {repair.name} | {repair.doc} |" for repair in SPRINT_REPAIRS]
    lines += ["", "| filed sprint state | when | waits for |", "| --- | --- | --- |"]
    lines += [f"| {row.state.value} | {row.doc} | {row.waits_for} |" for row in REPLAN_TABLE]
    lines += ["", "| vision state | when | waits for |", "| --- | --- | --- |"]
    lines += [f"| {row.state.value} | {row.doc} | {row.waits_for} |" for row in VISION_TABLE]
    return "\n".join(lines)
