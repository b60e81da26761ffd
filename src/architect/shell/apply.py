"""apply: perform exactly the action `decide` chose, by the one step that does it.

The match below is the shell's half of the transition table (`core.table`):
each action names its step, and each step lives with its kin in `shell.steps`.
"""

from __future__ import annotations

from architect.core.actions import (
    Action,
    AnswerBox,
    ClarifyDecision,
    CompletePitch,
    CompleteVision,
    FileSprint,
    FinishSprint,
    NoteBranchGone,
    NoteClosedSprint,
    NudgeSprint,
    OpenPitch,
    PauseArchitect,
    PauseSprint,
    ProcessAnswers,
    RejectSprint,
    RepairMerged,
    ResumeArchitect,
    ResumeSprint,
    RevisePitch,
    StartQuestions,
    StopSprint,
    SyncLedger,
    UnparkSprint,
    Written,
)
from architect.errors import InvalidModelOutput
from architect.shell import nudges, story
from architect.shell.steps.closing import (
    note_branch_gone,
    note_closed_sprint,
    reject_sprint,
    stop_sprint,
)
from architect.shell.steps.dashboard import answer_box, pause_architect, resume_architect
from architect.shell.steps.design import process_answers, start_questions
from architect.shell.steps.filing import file_sprint, finish_sprint
from architect.shell.steps.hands import Hands
from architect.shell.steps.model_failure import note_model_failure
from architect.shell.steps.pause import pause_sprint, resume_sprint
from architect.shell.steps.pitch import clarify_decision, complete_pitch, open_pitch, revise_pitch


def apply(hands: Hands, action: Action) -> Written | None:
    """Perform exactly this action; say what it wrote on its sprint PR, if anything."""
    try:
        return _step(hands, action)
    except InvalidModelOutput as exc:
        note_model_failure(hands, action, exc)
        raise


def _step(hands: Hands, action: Action) -> Written | None:
    match action:
        case OpenPitch():
            open_pitch(hands, action)
        case CompletePitch():
            complete_pitch(hands, action)
        case RevisePitch():
            revise_pitch(hands, action)
        case ClarifyDecision():
            clarify_decision(hands, action)
        case StartQuestions():
            return start_questions(hands, action)
        case ProcessAnswers():
            return process_answers(hands, action)
        case FileSprint():
            return file_sprint(hands, action)
        case FinishSprint():
            finish_sprint(hands, action)
        case RejectSprint():
            reject_sprint(hands, action)
        case StopSprint():
            stop_sprint(hands, action)
        case NoteClosedSprint():
            note_closed_sprint(hands, action)
        case NoteBranchGone():
            note_branch_gone(hands, action)
        case SyncLedger():
            hands.sync(action.sprint, action.slug, action.ledger, ())
        case NudgeSprint():
            nudges.nudge(hands.forge, hands.ops, hands.bot, action, hands.snapshot.now)
        case UnparkSprint():
            nudges.unpark(hands.forge, hands.ops, action)
        case CompleteVision():
            story.complete(hands.forge, hands.filer, hands.filer_login, hands.config, action)
        case RepairMerged():
            story.repair(hands.forge, hands.filer, hands.config, action)
        case PauseSprint():
            pause_sprint(hands, action)
        case ResumeSprint():
            resume_sprint(hands, action)
        case AnswerBox():
            answer_box(hands, action)
        case PauseArchitect():
            pause_architect(hands, action)
        case ResumeArchitect():
            resume_architect(hands, action)
    return None
