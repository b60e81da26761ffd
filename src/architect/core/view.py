"""A sprint PR as the tick read it, the view its marks give of it, and its state: values.

`sprint.assess` works the view out (once per PR and tick); the tables, the
actions, `status` and the board read it. At the bottom of the core: it imports
no logic.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from architect.core import markers
from architect.core.ledger import Ledger
from architect.core.render import pitch_part
from architect.core.schemas import SubIssue
from architect.core.source import Cited, VisionChange
from architect.core.words import Family
from architect.forge.models import Comment, PullRequest, Review


class State(StrEnum):
    """A sprint PR's state. Its members are `table.SprintState`, defined beside the rows
    that reach them (`table.SPRINT_TABLE`): a new state is written where its row is."""


# A filed sprint's re-plan (core.replan), beside the sprint PR's own states.
class ReplanState(StrEnum):
    REPLAN_APPLYING = "re-plan accepted"
    REPLAN_STALE = "re-plan accepted, sub-issues changed"
    REPLAN_DROPPED = "re-plan rejected"
    REPLAN_REQUESTED = "re-plan requested"
    REPLAN_REMINDER_DUE = "re-plan unanswered"
    REPLAN_PROPOSED = "re-plan proposed"
    FILED = "filed"


@dataclass(frozen=True)
class Brief:
    """What the model hears of a sprint beside its vision: the pitch as the PR body holds
    it, the words that came with ACCEPT or an approval, and the ledger so far."""

    pitch: str
    guidance: str
    ledger: Ledger | None


@dataclass(frozen=True)
class Marks:
    """What a sprint PR's own marks say, before anyone's right to steer is judged.

    Read once per PR: the snapshot uses `authors` to decide what to read (who may
    steer; reviews only until the filing), and `assess` judges the same candidates:
    `sprint.with_marks` carries them on the PR, so each PR's comments are read once a tick.
    """

    own: tuple[tuple[Comment, markers.Mark], ...]
    slug: str  # from the footer; "" before it
    has_footer: bool
    ledger: Ledger | None  # None until the design questions start
    round: int
    heard_up_to: int
    plan: tuple[SubIssue, ...] | None
    plan_comment: Comment | None
    filed: tuple[int, ...]
    revised: frozenset[int]  # reviews a revision answered
    read: frozenset[int]  # comments the answer rounds read
    last_check: int  # the newest failed filing check
    blocked: bool  # the bot's last design word is that check
    candidates: tuple[Comment, ...]  # comments that can change the sprint
    clarified: frozenset[int]  # comments like "LGTM" the bot has replied to already
    edited: frozenset[int] = frozenset()  # answer comments changed since a round read them
    told: frozenset[str] = frozenset()  # people who may not steer, told so on this PR
    reviews: tuple[Review, ...] = ()  # reviews that still matter
    asked_again: Comment | None = None  # the last "the vision changed: ACCEPT again"
    clarified_reviews: frozenset[int] = frozenset()  # reviews the bot has replied to already
    reviews_read: frozenset[int] = frozenset()  # reviews an answers round read
    revised_comments: frozenset[int] = frozenset()  # comments asking a change, answered so

    @property
    def filing(self) -> bool:
        return self.plan is not None or bool(self.filed)

    @property
    def authors(self) -> set[str]:
        """Logins whose comments or reviews on this PR may steer it (bots included)."""
        return ({c.user.login for c in self.candidates}
                | {r.user.login for r in self.reviews if r.user is not None})


@dataclass(frozen=True)
class SprintPR:
    """An open sprint PR with everything the tick read about it."""

    pr: PullRequest
    vision_number: int
    comments: tuple[Comment, ...]
    reviews: tuple[Review, ...] = ()
    # Why its vision no longer holds the sprint (closed, deleted, unlabelled); "" while it does.
    vision_gone: str = ""
    # A sprint PR a human closed or merged, not yet answered: who did it.
    # Its vision was closed or lost its label (it may come back): the sprint pauses first.
    vision_slipped: bool = False
    closed_by: str = ""
    # Open, but its head branch was deleted (a PR reopened after that): nothing can land.
    branch_gone: bool = False
    # Its vision's comments since the pitch, read only when the vision moved since then.
    vision_comments: tuple[Comment, ...] = ()
    # The files and issues its pitch records, as read now (`shell.cited`); None: not read.
    cited: Cited | None = None
    # Its marks as the tick read them once (`sprint.with_marks`): the bot they were read
    # for, the comments they were read from (reused only while these are the comments).
    marks: tuple[str, tuple[Comment, ...], Marks] | None = field(
        default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Signal:
    login: str
    text: str
    source_id: int
    url: str = ""
    at: datetime | None = None
    # Why a comment gets one reply instead of an action (`Why`); "" for a signal that acts.
    why: str = ""
    # Its kind, for a signal beyond ACCEPT and REJECT (`SprintView.said`): the registry's.
    kind: Family | None = None
    review: bool = False  # `source_id` is a PR review's (numbered apart from comments)


@dataclass(frozen=True)
class SprintView:
    sprint: SprintPR
    state: State  # a `table.SprintState`
    slug: str
    ledger: Ledger | None  # None until the design questions start
    guidance: tuple[Signal, ...] = ()
    reject: Signal | None = None
    revision: Review | None = None
    revision_from_comment: bool = False  # `revision` is a comment asking for a change
    new_comments: tuple[Comment, ...] = ()
    # Reviews on the design questions with answers in them, not yet read by a round: read
    # as comments (`Comment` with the review's id, body, author and time).
    new_reviews: tuple[Comment, ...] = ()
    # Human replies since the last failed filing check: what the next plan must hear,
    # even when the acknowledgment of them was posted by a tick that died before planning.
    filing_replies: tuple[Comment, ...] = ()
    plan: tuple[SubIssue, ...] | None = None
    plan_comment: Comment | None = None
    filed: tuple[int, ...] = ()
    has_footer: bool = False
    model_failed: bool = False  # a model-error note with no human input after it
    filing_blocked: bool = False  # the bot's last design word is a failed filing check
    heard: int = 0  # the newest human comment read: a design comment's `seen=`
    last_other: int = 0  # the newest comment not the bot's: a model-error note's `after=`
    round: int = 0
    ignored: tuple[str, ...] = field(default_factory=tuple)
    # Comments like "LGTM" on a pitch awaiting a decision that no reply of the bot names yet.
    unclear: tuple[Signal, ...] = ()
    # Decisions and answers written on the vision instead of the PR: one reply each there.
    on_vision: tuple[Signal, ...] = ()
    edited: frozenset[int] = frozenset()  # answer comments edited since they were read
    parked: bool = False  # it carries PARKED_LABEL
    asked_at: datetime | None = None  # the bot's last design comment: the questions' clock
    nudged: frozenset[type[markers.Mark]] = frozenset()  # reminder / parking note this round
    accepted_by: tuple[str, ...] = ()  # who wrote ACCEPT or approved: whom a reminder names
    # The words that came with every ACCEPT or approval by someone who may steer, kept for
    # the whole design phase (`guidance` holds them only while they are signals).
    accept_words: str = ""
    filing_problems: tuple[str, ...] = ()  # what the last failed filing check listed
    due: str = ""  # "remind" or "park", set by `nudge.with_clock` from the tick's `now`
    # "stop" (`slip.with_pause`): paused for `stop_after` and its vision is still not back.
    # The note that paused the sprint while its vision slipped, not yet ended by a resume
    # note (0: none), when it was written, and the last resume note (a new pause's `since`).
    pause_note: int = 0
    paused_at: datetime | None = None
    resumed: int = 0
    # The answered forks carried over from the vision's last sprint PR, which stopped.
    carried: Ledger | None = None
    carried_from: int = 0
    # Each design comment of the bot with the ledger it showed, oldest first: the questions
    # as numbered when a human wrote, which "the first one" and "the last question" name.
    asked: tuple[tuple[int, Ledger], ...] = ()
    reviewers: tuple[str, ...] = ()  # the configured `reviewers`: whom a reply names
    # The other open sprint PRs whose questions are open, set by `decide` from the tick's
    # views: where answers written on the wrong PR belong.
    asking: tuple[int, ...] = ()
    # Every other word of the registry (`core.words`) a person who may steer wrote on the PR,
    # oldest first, each with its kind: the rows of `core.table` read them by kind
    # (`of`), so a new word needs no field here and no reading in `core.sprint`.
    said: tuple[Signal, ...] = ()
    replied: frozenset[int] = frozenset()  # comments the bot has replied to (once each)
    replied_reviews: frozenset[int] = frozenset()  # reviews the bot has replied to
    # How its vision differs from what the pitch was built from (`core.source`), if it does.
    vision_change: VisionChange | None = None
    # The vision changed after an approval and no ACCEPT (or approval) came since the ask.
    awaiting_reapproval: bool = False

    @property
    def approved(self) -> bool:
        """Accepted: by an ACCEPT or an approval, or the design started from one."""
        return bool(self.guidance) or self.ledger is not None

    @property
    def number(self) -> int:
        return self.sprint.pr.number

    def of(self, *kinds: Family) -> tuple[Signal, ...]:
        """The signals of these kinds, oldest first (a review's among the comments')."""
        found = [s for s in self.said if s.kind in kinds]
        if all(s.at is not None for s in found):
            found.sort(key=lambda s: s.at)  # type: ignore[arg-type,return-value]
        return tuple(found)

    def brief(self, guidance: str) -> Brief:
        return Brief(pitch_part(self.sprint.pr.body), guidance, self.ledger)
