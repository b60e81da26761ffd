"""Actions are values: what a tick intends to do, named as intents.

`decide` returns them; `apply` performs each one idempotently (it *ensures*,
never blindly creates); `--dry-run` and the log print `describe()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from architect.core.inputs import HumanComment
from architect.core.ledger import Ledger
from architect.core.markers import SteeredMark
from architect.core.schemas import SubIssue
from architect.forge.models import Comment, Review

if TYPE_CHECKING:
    from architect.core.sprint import Signal, SprintPR
    from architect.core.story import MergedSprint


@dataclass(frozen=True)
class Written:
    """What a step wrote on its sprint PR: the tick folds it into the PR it read
    (`sprint.advance`) and decides again, as the next tick would."""

    sprint: SprintPR  # as the step read it
    comments: tuple[Comment, ...]
    body: str | None  # the PR body after the step, when it changed


@dataclass(frozen=True)
class Brief:
    """What the model hears of a sprint beside its vision: the pitch as the PR body holds
    it, the words that came with ACCEPT or an approval, and the ledger so far."""

    pitch: str
    guidance: str
    ledger: Ledger | None


class _AsksTheModel:
    """A step on a sprint PR that asks the model: if its answer is invalid twice, the
    note saying so goes on `sprint`, after the newest comment not the bot's (`after`)."""

    sprint: SprintPR
    after: int


@dataclass(frozen=True)
class OpenPitch:
    vision_number: int
    vision_title: str
    slug: str
    rejection_reason: str = ""

    def describe(self) -> str:
        again = " (again, after a rejection)" if self.rejection_reason else ""
        return f"vision #{self.vision_number}: pitch a sprint{again} → sprints/{self.slug}.md"


@dataclass(frozen=True)
class CompletePitch:
    sprint: SprintPR
    slug: str
    footer: bool
    label: bool

    def describe(self) -> str:
        parts = (("footer", self.footer), ("label", self.label))
        missing = " and ".join(name for name, needed in parts if needed)
        return f"PR #{self.sprint.pr.number}: finish the pitch ({missing})"


@dataclass(frozen=True)
class RevisePitch(_AsksTheModel):
    sprint: SprintPR
    slug: str
    review: Review  # the REQUEST_CHANGES review the revision answers
    brief: Brief
    after: int

    def describe(self) -> str:
        who = self.review.user.login if self.review.user else "?"
        return f"PR #{self.sprint.pr.number}: changes requested by @{who} → revise the pitch"


@dataclass(frozen=True)
class StartQuestions(_AsksTheModel):
    sprint: SprintPR
    slug: str
    guidance: tuple[Signal, ...]  # the ACCEPTs and approvals that started the design
    brief: Brief
    seen: int  # the newest human comment read: the questions' `seen=`
    after: int
    # The answered forks of the vision's last sprint PR, which stopped (`carried_from`).
    carried: Ledger | None = None
    carried_from: int = 0

    def describe(self) -> str:
        who = ", ".join(sorted({f"@{g.login}" for g in self.guidance}))
        return f"PR #{self.sprint.pr.number}: approved by {who} → start design questions"


@dataclass(frozen=True)
class ProcessAnswers(_AsksTheModel):
    sprint: SprintPR
    slug: str
    brief: Brief  # its ledger is the one before this round
    ledger: Ledger  # after the grammar's answers
    recorded: tuple[int, ...]  # fork numbers the grammar answered this round
    notes: tuple[str, ...]
    free_text: tuple[HumanComment, ...]  # what only the model can read
    said: tuple[HumanComment, ...]  # every comment of the round, for the model
    read: tuple[tuple[int, str], ...]  # the round's comments with their digests
    round: int  # the round before this one
    seen: int
    after: int
    # The read-back: for each recorded question, the words it was read from.
    sources: tuple[tuple[int, str], ...] = ()
    # Questions named but not readable: (question, the words, who wrote them).
    unread: tuple[tuple[int, str, str], ...] = ()

    def describe(self) -> str:
        parts = []
        if self.recorded:
            parts.append("answers to " + ", ".join(f"Q{n}" for n in self.recorded))
        if self.free_text:
            parts.append(f"{len(self.free_text)} free-text comment(s) for the model")
        elif self.recorded:
            parts.append("the model checks for follow-ups")
        if self.notes and not parts:
            parts.append("unusable answers")
        return f"PR #{self.sprint.pr.number}: " + " and ".join(parts) + " → acknowledge"


@dataclass(frozen=True)
class FileSprint(_AsksTheModel):
    sprint: SprintPR
    slug: str
    brief: Brief
    plan: tuple[SubIssue, ...] | None  # None: the model plans first
    plan_comment: Comment | None
    heard: tuple[HumanComment, ...]  # replies to a failed filing check, and newer comments
    problems: tuple[str, ...]  # what the last failed filing check listed
    seen: int
    after: int

    def describe(self) -> str:
        if self.plan is None or self.plan_comment is None:
            return (f"PR #{self.sprint.pr.number}: every fork resolved → plan and file "
                    "sub-issues")
        return f"PR #{self.sprint.pr.number}: file the planned sub-issues ({len(self.plan)})"


@dataclass(frozen=True)
class FinishSprint:
    sprint: SprintPR
    slug: str
    ledger: Ledger | None
    filed: tuple[int, ...]

    def describe(self) -> str:
        filed = " ".join(f"#{n}" for n in self.filed)
        return f"PR #{self.sprint.pr.number}: filed {filed} → record and merge"


@dataclass(frozen=True)
class RejectSprint:
    sprint: SprintPR
    signal: Signal

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number}: rejected by @{self.signal.login} → close, "
                "delete branch, journal")


@dataclass(frozen=True)
class NoteClosedSprint:
    """A human closed the sprint PR without `REJECT:` (or deleted its branch), or merged
    it before its sub-issues were filed: say so where they will look, once."""

    sprint: SprintPR
    by: str
    merged: bool
    reason: str = ""  # the closer's own `REJECT: …`, when there was one

    def describe(self) -> str:
        done = ("merged before filing" if self.merged else "closed by hand" if self.reason
                else "closed without REJECT")
        return (f"PR #{self.sprint.pr.number}: {done} by @{self.by} → note on the vision, "
                "remove in-progress, journal")


@dataclass(frozen=True)
class NoteBranchGone:
    """A sprint PR reopened after its branch was deleted: one note on it saying how to go on
    (restore the branch); until then the sprint is left as closed."""

    sprint: SprintPR

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number}: reopened without its branch "
                f"{self.sprint.pr.head.label} → one note on the PR")


@dataclass(frozen=True)
class StopSprint:
    """The vision changed under the sprint (closed, deleted, unlabelled): a rejection
    whose reason says what happened, before any further model call or filing."""

    sprint: SprintPR
    reason: str

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number}: {self.reason} → stop: close, delete branch, "
                "journal")


@dataclass(frozen=True)
class ClarifyDecision:
    sprint: SprintPR
    unclear: tuple[Signal, ...]  # each gets one reply
    reviewers: tuple[str, ...] = ()  # whom a reply to someone who may not steer names
    asking: tuple[int, ...] = ()  # other sprint PRs with open questions: where answers belong

    def describe(self) -> str:
        who = ", ".join(f"@{s.login}" + (f" ({s.why})" if s.why else "") for s in self.unclear)
        return (f"PR #{self.sprint.pr.number}: {who} wrote what looks like a decision or an "
                "answer → one reply with what the architect read and understands")


@dataclass(frozen=True)
class SyncLedger:
    sprint: SprintPR
    slug: str
    ledger: Ledger

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number}: repair ## Design forks from the architect's own "
                "comments")


@dataclass(frozen=True)
class CompleteVision:
    merged: MergedSprint  # every sub-issue it filed is closed
    close: bool  # close_vision_when_done

    def describe(self) -> str:
        then = ", close it" if self.close else ""
        return (f"vision #{self.merged.vision_number}: the sub-issues of PR "
                f"#{self.merged.pr.number} are all closed → summary, remove in-progress{then}")


@dataclass(frozen=True)
class RepairMerged:
    """A merged sprint whose vision lost `in-progress` or whose branch was left behind."""

    vision_number: int
    pr_number: int
    label: bool
    branch: bool

    def describe(self) -> str:
        parts = (("put back in-progress", self.label), ("delete its branch", self.branch))
        return (f"vision #{self.vision_number} (merged PR #{self.pr_number}): "
                + " and ".join(name for name, needed in parts if needed))


@dataclass(frozen=True)
class NudgeSprint:
    """Design forks unanswered too long: one reminder a round, or (`park`) the parking."""

    sprint: SprintPR
    park: bool
    round: int
    asked_at: datetime  # the bot's last design comment: the questions' clock
    whom: tuple[str, ...]  # who accepted: whom the note names
    waiting: tuple[int, ...]  # the questions still without an answer

    def describe(self) -> str:
        number = self.sprint.pr.number
        if self.park:
            return f"PR #{number}: questions unanswered too long → park the sprint"
        return f"PR #{number}: questions unanswered → remind whoever accepted"


@dataclass(frozen=True)
class UnparkSprint:
    sprint: SprintPR

    def describe(self) -> str:
        return f"PR #{self.sprint.pr.number}: moving again → remove the label parked"


@dataclass(frozen=True)
class PauseSprint:
    """Its vision was closed or lost its label: a slip, maybe. One note; nothing more is
    asked or filed until the vision is back (resume) or `stop_after` passed (stop)."""

    sprint: SprintPR
    reason: str
    since: int  # the resume note that ended the last pause, 0 for none (the mark's key)

    def describe(self) -> str:
        return f"PR #{self.sprint.pr.number}: {self.reason} → pause the sprint (one note)"


@dataclass(frozen=True)
class ResumeSprint:
    """Its vision is open and labelled again within `stop_after`: one note, and the sprint
    goes on from its marks, everything kept."""

    sprint: SprintPR
    pause: int  # the pause note this ends

    def describe(self) -> str:
        return f"PR #{self.sprint.pr.number}: its vision is back → resume the sprint"


@dataclass(frozen=True)
class AnswerBox:
    """A box ticked on the dashboard, carried out: one answer on the vision (project repo)
    or sprint PR (ops repo) it concerns, which is also what releases the hold."""

    box: str  # the box's id, e.g. "pitch-again-7"
    kind: str  # what the box says, e.g. "pitch again"
    on_ops: bool
    number: int
    text: str
    mark: SteeredMark
    remove_label: str = ""  # unpark: the label the answer takes off the PR first

    def describe(self) -> str:
        where = f"PR #{self.number}" if self.on_ops else f"vision #{self.number}"
        return f"{where}: \"{self.kind}\" ticked on the dashboard → answer it"


@dataclass(frozen=True)
class PauseArchitect:
    """\"pause the architect\" ticked: kept as a mark on the dashboard, from `since`."""

    since: datetime

    def describe(self) -> str:
        return "dashboard: \"pause the architect\" ticked → pause (nothing else this tick)"


@dataclass(frozen=True)
class ResumeArchitect:
    def describe(self) -> str:
        return "dashboard: \"resume the architect\" ticked → resume"


Action = (OpenPitch | CompletePitch | RevisePitch | StartQuestions | ProcessAnswers | FileSprint
          | FinishSprint | RejectSprint | SyncLedger | ClarifyDecision | CompleteVision
          | RepairMerged | NudgeSprint | UnparkSprint | StopSprint | NoteClosedSprint
          | NoteBranchGone | PauseSprint | ResumeSprint | AnswerBox | PauseArchitect
          | ResumeArchitect)
# The dashboard's own: they act on the architect or answer a box, never on a sprint's state.
DashboardAction = AnswerBox | PauseArchitect | ResumeArchitect
