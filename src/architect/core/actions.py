"""Actions are values: what a tick intends to do, named as intents.

`decide` returns them; `apply` performs each one idempotently (it *ensures*,
never blindly creates); `--dry-run` and the log print `describe()`.

Each action states its own facts (`ActionFacts`): the repos it writes, whether it
opens a sprint PR, whether it asks the model and where the note goes when the
model fails, the labels it puts on, what it is about. The preconditions, the
failure note and `run --json` read these instead of sorting actions by type, so
a new action is one class here and one step in `shell/steps/`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from architect.core.facts import MergedSprint
from architect.core.inputs import FiledIssue, HumanComment
from architect.core.ledger import Ledger
from architect.core.markers import SteeredMark
from architect.core.schemas import SubIssue
from architect.core.source import VisionChange
from architect.core.view import Brief, Signal, SprintPR
from architect.forge.models import Comment, Review

if TYPE_CHECKING:
    # The settings' type only: the core reads values, never a file.
    from architect.config import ArchitectConfig


@dataclass(frozen=True)
class Written:
    """What a step wrote on its sprint PR: the tick folds it into the PR it read
    (`sprint.advance`) and decides again, as the next tick would."""

    sprint: SprintPR  # as the step read it
    comments: tuple[Comment, ...]
    body: str | None  # the PR body after the step, when it changed


class Repo(StrEnum):
    """A repo an action writes: the tick proves it may before the action starts."""

    PROJECT = "project"  # the visions' repo: a vision's label and comments (by the filer)
    OPS = "ops"  # the sprint PRs' repo: branches, PRs, their labels and comments


@dataclass(frozen=True)
class Subject:
    """What an action is about, as the log and `run --json` name it."""

    vision: int | None = None  # the vision it acts on, if it acts on one
    pr: int | None = None  # the sprint PR it acts on, if it acts on one
    box: str = ""  # the dashboard's box it answers, if it answers one
    dashboard: bool = False  # it acts on the architect itself, from the dashboard


@dataclass(frozen=True)
class FailureNote:
    """Where the note goes when the model's answer is invalid twice."""

    repo: Repo  # PROJECT: on the vision, whose comments the step reads; OPS: on the PR
    number: int  # the vision (PROJECT) or the sprint PR (OPS)
    comments: tuple[Comment, ...] = ()  # the sprint PR's, as read
    after: int = 0  # on the sprint PR: the newest comment not the bot's


class ActionFacts:
    """What every action says about itself."""

    # The repos it writes, in the order the tick proves them (`preconditions.writes_of`).
    writes: ClassVar[tuple[Repo, ...]] = (Repo.OPS,)
    # It opens a sprint PR: the ops repo's primary branch must exist, and a reviewer
    # who may accept it.
    pitches: ClassVar[bool] = False

    @property
    def asks_model(self) -> bool:
        """Its step asks the model (paid for): it says where a failure note goes."""
        return self.failure_note() is not None

    def labels(self, settings: ArchitectConfig) -> tuple[str, ...]:
        """The labels of the project repo it puts on (each must exist there)."""
        return ()

    def failure_note(self) -> FailureNote | None:
        """Where the note goes when the model's answer is invalid twice (None: no model)."""
        return None


class _OnSprint(ActionFacts):
    """An action on one sprint PR."""

    sprint: SprintPR

    @property
    def subject(self) -> Subject:
        return Subject(self.sprint.vision_number, self.sprint.pr.number)


class _AsksTheModel(_OnSprint):
    """A step on a sprint PR that asks the model: if its answer is invalid twice, the
    note saying so goes on `sprint`, after the newest comment not the bot's (`after`)."""

    after: int

    def failure_note(self) -> FailureNote | None:
        return FailureNote(Repo.OPS, self.sprint.pr.number, self.sprint.comments, self.after)


@dataclass(frozen=True)
class OpenPitch(ActionFacts):
    vision_number: int
    vision_title: str
    slug: str
    rejection_reason: str = ""

    writes: ClassVar[tuple[Repo, ...]] = (Repo.PROJECT, Repo.OPS)
    pitches: ClassVar[bool] = True

    @property
    def subject(self) -> Subject:
        return Subject(self.vision_number)

    def labels(self, settings: ArchitectConfig) -> tuple[str, ...]:
        return (settings.in_progress_label,)

    def failure_note(self) -> FailureNote | None:
        return FailureNote(Repo.PROJECT, self.vision_number)  # on the vision, by the filer

    def describe(self) -> str:
        again = " (again, after a rejection)" if self.rejection_reason else ""
        return f"vision #{self.vision_number}: pitch a sprint{again} → sprints/{self.slug}.md"


@dataclass(frozen=True)
class CompletePitch(_OnSprint):
    sprint: SprintPR
    slug: str
    footer: bool
    label: bool

    writes: ClassVar[tuple[Repo, ...]] = (Repo.PROJECT, Repo.OPS)

    def labels(self, settings: ArchitectConfig) -> tuple[str, ...]:
        return (settings.in_progress_label,) if self.label else ()

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
    # The change was asked in a comment (`review` then carries that comment's id and words).
    from_comment: bool = False

    def describe(self) -> str:
        who = self.review.user.login if self.review.user else "?"
        return f"PR #{self.sprint.pr.number}: changes requested by @{who} → revise the pitch"


@dataclass(frozen=True)
class FollowVision(_AsksTheModel):
    """The vision changed since its pitch: rebuild the pitch (one note what changed), or,
    after an approval, rebuild it and ask for ACCEPT again (a change of words only: the
    body records the vision as read, and the plan stands)."""

    sprint: SprintPR
    slug: str
    change: VisionChange
    brief: Brief
    after: int
    approved: bool = False

    def describe(self) -> str:
        what = self.change.describe()
        if self.approved and not self.change.alters_plan:
            return f"PR #{self.sprint.pr.number}: the vision's words changed ({what}) → record"
        then = "ask for ACCEPT again" if self.approved else "refresh the pitch"
        return f"PR #{self.sprint.pr.number}: the vision changed ({what}) → {then}"


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
    reviews: tuple[int, ...] = ()  # the PR reviews the round read (their words like a comment's)

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

    writes: ClassVar[tuple[Repo, ...]] = (Repo.PROJECT, Repo.OPS)

    def labels(self, settings: ArchitectConfig) -> tuple[str, ...]:
        return (settings.backlog_label,)

    def describe(self) -> str:
        if self.plan is None or self.plan_comment is None:
            return (f"PR #{self.sprint.pr.number}: every fork resolved → plan and file "
                    "sub-issues")
        return f"PR #{self.sprint.pr.number}: file the planned sub-issues ({len(self.plan)})"


@dataclass(frozen=True)
class FinishSprint(_OnSprint):
    sprint: SprintPR
    slug: str
    ledger: Ledger | None
    filed: tuple[int, ...]

    writes: ClassVar[tuple[Repo, ...]] = (Repo.PROJECT, Repo.OPS)

    def describe(self) -> str:
        filed = " ".join(f"#{n}" for n in self.filed)
        return f"PR #{self.sprint.pr.number}: filed {filed} → record and merge"


@dataclass(frozen=True)
class RejectSprint(_OnSprint):
    sprint: SprintPR
    signal: Signal

    writes: ClassVar[tuple[Repo, ...]] = (Repo.PROJECT, Repo.OPS)

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number}: rejected by @{self.signal.login} → close, "
                "delete branch, journal")


@dataclass(frozen=True)
class NoteClosedSprint(_OnSprint):
    """A human closed the sprint PR without `REJECT:` (or deleted its branch), or merged
    it before its sub-issues were filed: say so where they will look, once."""

    sprint: SprintPR
    by: str
    merged: bool
    reason: str = ""  # the closer's own `REJECT: …`, when there was one

    # Only the ops repo is proved before it starts: its writes on the vision (by the
    # filer) are not (`preconditions.writes_of`).
    writes: ClassVar[tuple[Repo, ...]] = (Repo.OPS,)

    def describe(self) -> str:
        done = ("merged before filing" if self.merged else "closed by hand" if self.reason
                else "closed without REJECT")
        return (f"PR #{self.sprint.pr.number}: {done} by @{self.by} → note on the vision, "
                "remove in-progress, journal")


@dataclass(frozen=True)
class NoteBranchGone(_OnSprint):
    """A sprint PR reopened after its branch was deleted: one note on it saying how to go on
    (restore the branch); until then the sprint is left as closed."""

    sprint: SprintPR

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number}: reopened without its branch "
                f"{self.sprint.pr.head.label} → one note on the PR")


@dataclass(frozen=True)
class StopSprint(_OnSprint):
    """The vision changed under the sprint (closed, deleted, unlabelled): a rejection
    whose reason says what happened, before any further model call or filing."""

    sprint: SprintPR
    reason: str

    writes: ClassVar[tuple[Repo, ...]] = (Repo.PROJECT, Repo.OPS)

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number}: {self.reason} → stop: close, delete branch, "
                "journal")


@dataclass(frozen=True)
class ClarifyDecision(_OnSprint):
    sprint: SprintPR
    unclear: tuple[Signal, ...]  # each gets one reply
    reviewers: tuple[str, ...] = ()  # whom a reply to someone who may not steer names
    asking: tuple[int, ...] = ()  # other sprint PRs with open questions: where answers belong

    def describe(self) -> str:
        who = ", ".join(f"@{s.login}" + (f" ({s.why})" if s.why else "") for s in self.unclear)
        return (f"PR #{self.sprint.pr.number}: {who} wrote what looks like a decision or an "
                "answer → one reply with what the architect read and understands")


@dataclass(frozen=True)
class PointToSprint(_OnSprint):
    """One reply on the vision to each decision or answer written there, not on the PR."""

    sprint: SprintPR
    said: tuple[Signal, ...]  # each gets one reply on the vision
    reviewers: tuple[str, ...] = ()  # whom a reply to someone who may not steer names

    def describe(self) -> str:
        who = ", ".join(f"@{s.login}" + (f" ({s.why})" if s.why else "") for s in self.said)
        return (f"vision #{self.sprint.vision_number}: {who} wrote what looks like a decision "
                f"or an answer there → one reply on the vision pointing to PR "
                f"#{self.sprint.pr.number}")


@dataclass(frozen=True)
class SyncLedger(_OnSprint):
    sprint: SprintPR
    slug: str
    ledger: Ledger

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number}: repair ## Design forks from the architect's own "
                "comments")


@dataclass(frozen=True)
class CompleteVision(ActionFacts):
    merged: MergedSprint  # every sub-issue it filed is closed
    close: bool  # close_vision_when_done

    # Only the ops repo is proved before it starts: its writes on the vision (by the
    # filer) are not (`preconditions.writes_of`).
    writes: ClassVar[tuple[Repo, ...]] = (Repo.OPS,)

    @property
    def subject(self) -> Subject:
        return Subject(self.merged.vision_number, self.merged.pr.number)

    def describe(self) -> str:
        then = ", close it" if self.close else ""
        return (f"vision #{self.merged.vision_number}: the sub-issues of PR "
                f"#{self.merged.pr.number} are all closed → summary, remove in-progress{then}")


@dataclass(frozen=True)
class RepairMerged(ActionFacts):
    """A merged sprint whose vision lost `in-progress` or whose branch was left behind."""

    vision_number: int
    pr_number: int
    label: bool
    branch: bool

    # Only the ops repo is proved before it starts: its writes on the vision (by the
    # filer) are not (`preconditions.writes_of`).
    writes: ClassVar[tuple[Repo, ...]] = (Repo.OPS,)

    @property
    def subject(self) -> Subject:
        return Subject(self.vision_number)  # about the vision: its label, its leftover branch

    def describe(self) -> str:
        parts = (("put back in-progress", self.label), ("delete its branch", self.branch))
        return (f"vision #{self.vision_number} (merged PR #{self.pr_number}): "
                + " and ".join(name for name, needed in parts if needed))


@dataclass(frozen=True)
class NudgeSprint(_OnSprint):
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
class UnparkSprint(_OnSprint):
    sprint: SprintPR

    def describe(self) -> str:
        return f"PR #{self.sprint.pr.number}: moving again → remove the label parked"





@dataclass(frozen=True)
class PauseSprint(_OnSprint):
    """Its vision was closed or lost its label: a slip, maybe. One note; nothing more is
    asked or filed until the vision is back (resume) or `stop_after` passed (stop)."""

    sprint: SprintPR
    reason: str
    since: int  # the resume note that ended the last pause, 0 for none (the mark's key)

    def describe(self) -> str:
        return f"PR #{self.sprint.pr.number}: {self.reason} → pause the sprint (one note)"


@dataclass(frozen=True)
class ResumeSprint(_OnSprint):
    """Its vision is open and labelled again within `stop_after`: one note, and the sprint
    goes on from its marks, everything kept."""

    sprint: SprintPR
    pause: int  # the pause note this ends

    def describe(self) -> str:
        return f"PR #{self.sprint.pr.number}: its vision is back → resume the sprint"


@dataclass(frozen=True)
class HoldReply:
    """One reply of `HoldReplies`: the comment (or review) it answers, and its words."""

    source_id: int
    text: str
    review: bool = False  # `source_id` is a PR review's (numbered apart from comments)


@dataclass(frozen=True)
class HoldReplies(_OnSprint):
    """HOLD or RESUME by someone who may steer, or a comment that would act while the sprint
    is held: one reply to each (the hold itself is the words on the PR, read each tick)."""

    sprint: SprintPR
    replies: tuple[HoldReply, ...]

    def describe(self) -> str:
        said = ", ".join(f"{'review' if r.review else 'comment'} {r.source_id}"
                         for r in self.replies)
        return f"PR #{self.sprint.pr.number}: on hold or resumed → one reply to {said}"


# -- after filing: re-planning a merged sprint (`core.replan`) --------------------

@dataclass(frozen=True)
class ProposeReplan(_OnSprint):
    """Requests after filing (a changed answer, `REPLAN:`, `REJECT:`): work out the change
    and post one proposal on the sprint PR; nothing else is touched yet."""

    sprint: SprintPR  # the merged sprint PR
    slug: str
    n: int  # the proposal's number
    ledger: Ledger  # the decisions with the requested changes
    before: Ledger  # the decisions as they stand
    requests: tuple[HumanComment, ...]
    seen: int
    subs: tuple[FiledIssue, ...]  # the sub-issues as they are now
    rebuilt: str = ""  # why an accepted proposal is proposed again ("" for a new one)

    def describe(self) -> str:
        again = f" again ({self.rebuilt})" if self.rebuilt else ""
        who = ", ".join(sorted({f"@{r.author}" for r in self.requests}))
        return (f"PR #{self.sprint.pr.number} (filed): re-plan asked by {who} → propose"
                f" the changes{again}")


@dataclass(frozen=True)
class ApplyReplan(_OnSprint):
    """An accepted proposal: each change made once, recorded as it is made."""

    # It closes, edits and files sub-issues on the project repo, and notes on the PR.
    writes: ClassVar[tuple[Repo, ...]] = (Repo.PROJECT, Repo.OPS)

    sprint: SprintPR
    slug: str
    proposal: Comment  # the proposal comment (its mark holds the plan and the record)
    by: str  # who accepted
    seen: int  # the ACCEPT comment
    subs: tuple[FiledIssue, ...]
    earlier: tuple[str, ...] = ()  # the `## Re-plans` entries of the re-plans applied before

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number} (filed): re-plan accepted by @{self.by} → "
                "apply it to the sub-issues")


@dataclass(frozen=True)
class DropReplan(_OnSprint):
    sprint: SprintPR
    n: int
    by: str
    reason: str
    seen: int

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number} (filed): re-plan {self.n} rejected by "
                f"@{self.by} → drop it, change nothing")


@dataclass(frozen=True)
class ReplyAfterFiling(_OnSprint):
    """Comments after filing that ask for nothing the architect can do: one reply each."""

    sprint: SprintPR
    replies: tuple[tuple[HumanComment, str, str], ...]  # (comment, reply, once-per login)
    filed: tuple[int, ...] = ()  # the sprint's sub-issues, named in each reply

    def describe(self) -> str:
        who = ", ".join(sorted({f"@{c.author}" for c, _, _ in self.replies}))
        return f"PR #{self.sprint.pr.number} (filed): reply to {who}"


@dataclass(frozen=True)
class NudgeReplan(_OnSprint):
    sprint: SprintPR
    n: int
    whom: tuple[str, ...]

    def describe(self) -> str:
        return (f"PR #{self.sprint.pr.number} (filed): re-plan {self.n} unanswered → one "
                "reminder")


@dataclass(frozen=True)
class AnswerBox(ActionFacts):
    """A box ticked on the dashboard, carried out: one answer on the vision (project repo)
    or sprint PR (ops repo) it concerns, which is also what releases the hold."""

    box: str  # the box's id, e.g. "pitch-again-7"
    kind: str  # what the box says, e.g. "pitch again"
    on_ops: bool
    number: int
    text: str
    mark: SteeredMark
    remove_label: str = ""  # unpark: the label the answer takes off the PR first

    @property
    def subject(self) -> Subject:
        return (Subject(pr=self.number, box=self.box) if self.on_ops
                else Subject(self.number, box=self.box))

    def describe(self) -> str:
        where = f"PR #{self.number}" if self.on_ops else f"vision #{self.number}"
        return f"{where}: \"{self.kind}\" ticked on the dashboard → answer it"


@dataclass(frozen=True)
class PauseArchitect(ActionFacts):
    """\"pause the architect\" ticked: kept as a mark on the dashboard, from `since`."""

    since: datetime

    @property
    def subject(self) -> Subject:
        return Subject(dashboard=True)

    def describe(self) -> str:
        return "dashboard: \"pause the architect\" ticked → pause (nothing else this tick)"


@dataclass(frozen=True)
class ResumeArchitect(ActionFacts):
    @property
    def subject(self) -> Subject:
        return Subject(dashboard=True)

    def describe(self) -> str:
        return "dashboard: \"resume the architect\" ticked → resume"


Action = (OpenPitch | CompletePitch | RevisePitch | StartQuestions | ProcessAnswers | FileSprint
          | FollowVision
          | FinishSprint | RejectSprint | SyncLedger | ClarifyDecision | CompleteVision
          | PointToSprint
          | RepairMerged | NudgeSprint | UnparkSprint | StopSprint | NoteClosedSprint
          | NoteBranchGone | PauseSprint | ResumeSprint | HoldReplies | AnswerBox | PauseArchitect
          | ResumeArchitect
          | ProposeReplan | ApplyReplan | DropReplan | ReplyAfterFiling | NudgeReplan)
# The dashboard's own: they act on the architect or answer a box, never on a sprint's state.
DashboardAction = AnswerBox | PauseArchitect | ResumeArchitect
