"""Steps before the design starts: the pitch, its completion, its revision, and the reply
to a comment that reads like a decision."""

from __future__ import annotations

from architect.core import carry, heard, model_reading, render, replies
from architect.core.actions import (
    ClarifyDecision,
    CompletePitch,
    OpenPitch,
    PointToSprint,
    RevisePitch,
)
from architect.core.inputs import HumanComment
from architect.core.markers import (
    FooterMark,
    StoryEvent,
    StoryMark,
    UnclearMark,
    neutralize,
)
from architect.core.model_output import clean_pitch
from architect.core.schemas import CommentReading, Pitch, RevisedPitch
from architect.core.sprint import branch_for, pr_title
from architect.core.story import pitched_notice
from architect.core.text import one_line
from architect.core.view import Signal
from architect.core.vision_comments import pointer
from architect.errors import ForgeConflict, RunnerError
from architect.runners.base import Mode
from architect.shell import writes
from architect.shell.logs import outcome_log
from architect.shell.section_writes import ensure_body_edit, ensure_file_edit, replacing
from architect.shell.steps.carried import carried_over
from architect.shell.steps.hands import Hands, sprint_path
from architect.shell.steps.registry import performs

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


@performs(OpenPitch)
def open_pitch(hands: Hands, action: OpenPitch) -> None:
    if not hands.still_there(action.vision_number):
        return
    vision = hands.vision(action.vision_number)
    snapshot = hands.snapshot
    history = hands.history(vision.number)
    pitch = hands.ask(Mode.PITCH, Pitch, hands.inputs(
        vision, rejection_reason=action.rejection_reason,
        vision_comments=heard.vision_comments(history, snapshot.steering),
        rejected_pitch=heard.rejected_pitch(history, *snapshot.steering.own_logins)))
    md = render.pitch_markdown(vision.number, vision.title, clean_pitch(pitch),
                               repo=hands.config.repo)
    branch = branch_for(vision.number)
    forge, ops, primary = hands.forge, hands.ops, hands.config.primary_branch
    file = render.sprint_file(vision.title, vision.number, md, None, (), repo=hands.config.repo)
    before = carried_over(hands, history, file)
    created = writes.ensure_branch(forge, ops, branch, primary)
    ref = render.issue_ref(hands.config.repo, vision.number)
    writes.ensure_file(forge, ops, sprint_path(action.slug),
                       carry.with_sections(file, before.sections),
                       branch=branch, message=f"sprint: pitch for {ref}", probably_new=created)
    title = pr_title(vision.title)
    try:
        pr = forge.create_pull(ops, title=title, body=render.pr_body(vision.number, md, None, (),
                                                               repo=hands.config.repo),
                               head=branch, base=primary)
        # Before the footer, which marks the pitch complete: the notice is never lost.
        hands.filer.create_comment(hands.config.repo, vision.number, pitched_notice(pr))
        before.tell(hands, pr.number)
        forge.create_comment(ops, pr.number, render.footer_comment(action.slug))
    except ForgeConflict:
        # The PR exists already (a run lost the forge's answer): finish it instead.
        found = writes.find_open_pr(forge, ops, branch, hands.bot)
        if found is None:
            raise
        pr = found
        hands.tell_vision(vision.number, pitched_notice(pr),
                          StoryMark(StoryEvent.PITCHED, pr.number))
        before.tell(hands, pr.number)
        writes.ensure_comment(forge, ops, pr.number, render.footer_comment(action.slug),
                              bot_login=hands.bot, mark=FooterMark(action.slug))
    writes.ensure_label(hands.filer, hands.config.repo, vision.number,
                        hands.config.architect.in_progress_label)
    log.info("vision #%d: pitched as PR #%d", vision.number, pr.number)


@performs(CompletePitch)
def complete_pitch(hands: Hands, action: CompletePitch) -> None:
    sprint = action.sprint
    if action.footer:
        hands.tell_vision(sprint.vision_number, pitched_notice(sprint.pr),
                          StoryMark(StoryEvent.PITCHED, sprint.pr.number))
        writes.ensure_comment(hands.forge, hands.ops, sprint.pr.number,
                              render.footer_comment(action.slug), bot_login=hands.bot,
                              mark=FooterMark(action.slug), existing=sprint.comments)
    if action.label:
        writes.ensure_label(hands.filer, hands.config.repo, sprint.vision_number,
                            hands.config.architect.in_progress_label)


@performs(RevisePitch)
def revise_pitch(hands: Hands, action: RevisePitch) -> None:
    sprint, review, number = action.sprint, action.review, action.sprint.pr.number
    vision = hands.vision(sprint.vision_number)
    revised = hands.ask(Mode.REVISE, RevisedPitch, hands.inputs(
        vision, (number, action.brief), feedback=review.body))
    md = render.pitch_markdown(vision.number, vision.title, clean_pitch(revised),
                               repo=hands.config.repo)
    # Only the pitch is revised: what a person added around it, meanwhile too, stays.
    old, ledger = action.brief.pitch, action.brief.ledger
    file = replacing(old, md.strip(), lambda: render.sprint_file(
        vision.title, vision.number, md, ledger, (), repo=hands.config.repo))
    ensure_file_edit(hands.forge, hands.ops, sprint_path(action.slug), file,
                     branch=sprint.pr.head.ref, message="sprint: revise the pitch",
                     written=hands.written_files)
    ensure_body_edit(hands.forge, hands.ops, number, replacing(
        old, md.strip(), lambda: render.pr_body(vision.number, md, ledger, (),
                                                       repo=hands.config.repo)))
    reviewer = review.user.login if review.user else "reviewer"
    hands.forge.create_comment(hands.ops, number, render.revised_comment(
        review.id, reviewer, neutralize(revised.changes)))


@performs(ClarifyDecision)
def clarify_decision(hands: Hands, action: ClarifyDecision) -> None:
    """One reply to each comment that reads like a decision the architect cannot act on."""
    for said in action.unclear:
        writes.ensure_comment(
            hands.forge, hands.ops, action.sprint.pr.number,
            replies.reply(said.why or replies.Why.LIKELY, said.login, said.text,
                          said.source_id, action.reviewers, action.asking,
                          writers=hands.snapshot.steering.steerers(), review=said.review,
                          read_back=_model_reading(hands, action, said)),
            bot_login=hands.bot, mark=UnclearMark(said.source_id, review=said.review),
            existing=action.sprint.comments)


def _model_reading(hands: Hands, action: ClarifyDecision, said: Signal) -> str:
    """With a model configured, what it reads in a comment the rules could not read for
    certain (the `read` mode), checked span by span: only ever read back, never acted on.
    No model call for someone who may not steer, nor with the offline planner."""
    if said.why == replies.Why.NOT_STEERER or hands.asker.runner.name == "offline":
        return ""
    comment = HumanComment(said.source_id, said.login, said.text, said.url)
    try:
        reading = hands.ask(Mode.READ, CommentReading, hands.inputs(
            hands.vision(action.sprint.vision_number), new_comments=(comment,)),
            session_key=None)
    except RunnerError as exc:
        log.warning("PR #%d: the model's reading of comment %d: %s", action.sprint.pr.number,
                    said.source_id, one_line(str(exc), 200))
        return ""
    return model_reading.read_back(model_reading.check(reading, said.text, None))


@performs(PointToSprint)
def point_to_sprint(hands: Hands, action: PointToSprint) -> None:
    """One reply on the vision to each decision or answer written there: where it belongs."""
    sprint = action.sprint
    for said in action.said:
        writes.ensure_comment(
            hands.filer, hands.config.repo, sprint.vision_number,
            pointer(said, ops_repo=hands.ops, pr_number=sprint.pr.number,
                    pr_url=sprint.pr.html_url, reviewers=action.reviewers,
                    writers=hands.snapshot.steering.steerers()),
            bot_login=hands.filer_login, mark=UnclearMark(said.source_id, said.login),
            existing=sprint.vision_comments)
