"""When the model's answer is invalid twice: tell the humans once, where they must act."""

from __future__ import annotations

from collections.abc import Sequence

from architect.core import render
from architect.core.actions import Action, Repo
from architect.core.markers import ModelErrorMark
from architect.errors import ForgeError, InvalidModelOutput
from architect.forge.models import Comment
from architect.shell import writes
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


def note_model_failure(hands: Hands, action: Action, exc: InvalidModelOutput) -> None:
    """One note; the next tick waits for a human.

    On a sprint PR the note makes the sprint MODEL_FAILED (see `sprint`) until
    someone who may steer replies; on a vision, `_pitch_on_hold` waits for an
    edit or a comment. Either way no model call is repeated meanwhile.
    """
    step = exc.step or "unknown"
    comments: Sequence[Comment]
    note = action.failure_note()
    if note is None:  # it asks no model
        return
    on_vision, number = note.repo is Repo.PROJECT, note.number
    # The project repo is written by the filer (FORGE_FILER_TOKEN), notes included.
    forge, author, repo = ((hands.filer, hands.filer_login, hands.config.repo) if on_vision
                           else (hands.forge, hands.bot, hands.ops))
    try:
        if on_vision:
            comments = _vision_comments(hands, number)
            mark = ModelErrorMark(
                step, max((c.id for c in comments if c.user.login != author), default=0),
                int(hands.vision(number).updated_at.timestamp()))
        else:
            comments, mark = note.comments, ModelErrorMark(step, note.after)
        writes.ensure_comment(forge, repo, number, render.model_error_comment(
            mark, str(exc), why=exc.explanation), bot_login=author, mark=mark,
            existing=comments)
    except ForgeError as forge_exc:
        log.error("%s #%d: could not post the note about the model's invalid answer: %s",
                  repo, number, forge_exc)
        return
    log.error("%s #%d: the model's %s answer was invalid twice; a note on it asks a human "
              "to reply, and the model is not asked again before that", repo, number, step)


def _vision_comments(hands: Hands, number: int) -> Sequence[Comment]:
    """The vision's comments as the snapshot read them, which it did whenever there were
    any; read here only for a vision the snapshot did not weigh for a pitch."""
    history = hands.history(number)
    if history is not None and (history.vision_comments or not history.vision.comments):
        return history.vision_comments
    return hands.forge.list_comments(hands.config.repo, number)
