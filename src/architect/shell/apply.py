"""apply: perform exactly the action `decide` chose, by the one step that does it.

The match below is the shell's half of the transition table (`core.table`):
each action names its step, and each step lives with its kin in `shell.steps`.
"""

from __future__ import annotations

from architect.core.actions import (
    Action,
    AnswerBox,
    ApplyReplan,
    ClarifyDecision,
    CompletePitch,
    CompleteVision,
    DropReplan,
    FileSprint,
    FinishSprint,
    NoteBranchGone,
    NoteClosedSprint,
    NudgeReplan,
    NudgeSprint,
    OpenPitch,
    PauseArchitect,
    PauseSprint,
    PointToSprint,
    ProcessAnswers,
    ProposeReplan,
    RejectSprint,
    RepairMerged,
    ReplyAfterFiling,
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
from architect.shell.steps.nudges import nudge_sprint, unpark_sprint
from architect.shell.steps.pause import pause_sprint, resume_sprint
from architect.shell.steps.pitch import (
    clarify_decision,
    complete_pitch,
    open_pitch,
    point_to_sprint,
    revise_pitch,
)
from architect.shell.steps.replan import (
    drop_replan,
    nudge_replan,
    propose_replan,
    reply_after_filing,
)
from architect.shell.steps.replan_apply import apply_replan
from architect.shell.steps.story import complete_vision, repair_merged


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
        case PointToSprint():
            point_to_sprint(hands, action)
        case StartQuestions():
            return start_questions(hands, action)
        case ProcessAnswers():
            return process_answers(hands, action)
        case FileSprint():
            return file_sprint(hands, action)
        case FinishSprint():
            finish_sprint(hands, action)
        case _:
            _after_design(hands, action)
    return None


def _after_design(hands: Hands, action: Action) -> None:
    """The steps that end, pause, remind, re-plan or answer the dashboard: none of them
    writes what the same tick would act on again."""
    match action:
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
            nudge_sprint(hands, action)
        case UnparkSprint():
            unpark_sprint(hands, action)
        case CompleteVision():
            complete_vision(hands, action)
        case RepairMerged():
            repair_merged(hands, action)
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
        case ProposeReplan():
            propose_replan(hands, action)
        case ApplyReplan():
            apply_replan(hands, action)
        case DropReplan():
            drop_replan(hands, action)
        case ReplyAfterFiling():
            reply_after_filing(hands, action)
        case NudgeReplan():
            nudge_replan(hands, action)
