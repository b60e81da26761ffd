"""The states of the two tables (`core.table`), and the facts a vision's row is read from.

Values only, at the bottom of the core: the sprint view (`core.view`) carries
its state, and the tables' guards and steps sit above them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from architect.core.eligibility import Eligibility


class SprintState(StrEnum):
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


class VisionState(StrEnum):
    IN_SPRINT = "in sprint PR"
    TO_BE_PITCHED = "to be pitched"
    COMPLETED = "completed"
    IN_PROGRESS = "in progress"
    NOT_PITCHED = "not pitched"
    QUEUED = "queued"


@dataclass(frozen=True)
class VisionFacts:
    """What a tick knows of one open vision issue."""

    sprint_pr: int | None  # its open sprint PR
    turn: bool  # a free pitch slot falls to it, in the order of prerequisites.md
    in_progress: bool  # it carries the `in-progress` label
    verdict: Eligibility | None  # the history checks, when the tick read its history
    done: bool = False  # its merged sprint filed sub-issues, and every one is closed
