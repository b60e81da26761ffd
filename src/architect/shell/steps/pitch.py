"""Steps before the design starts: the pitch, its completion, its revision, and the reply
to a comment that reads like a decision."""

from __future__ import annotations

from architect.core import carry, heard, model_reading, render, replies, revision, source
from architect.core.actions import (
    ClarifyDecision,
    CompletePitch,
    FollowVision,
    OpenPitch,
    PointToSprint,
    RevisePitch,
)
from architect.core.inputs import HumanComment
from architect.core.markers import (
    AskedAgainMark,
    FooterMark,
    RefreshedMark,
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
from architect.errors import ForgeConflict, InvalidModelOutput, RunnerError
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
        # The body records what the pitch was built from: an edit of the vision shows.
        body = source.with_source(render.pr_body(vision.number, md, None, (),
                                                 repo=hands.config.repo),
                                  hands.source(vision))
        pr = forge.create_pull(ops, title=title, body=body, head=branch, base=primary)
        # Before the footer, which marks the pitch complete: the notice is never lost.
        _tell_pitched(hands, vision.number, pitched_notice(pr))
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


def _tell_pitched(hands: Hands, vision: int, notice: str) -> None:
    """The pitch's note on the vision; after this tick's answer to "pitch again", in that
    answer: "Pitching again…" and "Pitched as a sprint…" are one event, one note."""
    answer = hands.answered.pop(vision, None)
    if answer is not None and hands.filer_login == hands.bot:
        hands.forge.edit_comment(hands.config.repo, answer.id, f"{answer.body}\n\n{notice}")
        return
    hands.filer.create_comment(hands.config.repo, vision, notice)


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
    unanswered = revision.missing(review.body, revised.points)
    if unanswered:  # a revision answers every point of the review, or it is no revision
        error = InvalidModelOutput(
            f"the revision leaves {len(unanswered)} point(s) of the review unanswered, first: "
            f"“{unanswered[0]}”")
        error.step = Mode.REVISE.value
        raise error
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
        review.id, reviewer, neutralize(f"{revised.changes}\n\n"
                                        f"{revision.points_reply(revised.points)}"),
        comment=action.from_comment))


@performs(FollowVision)
def follow_vision(hands: Hands, action: FollowVision) -> None:
    """The pitch follows its edited vision: rebuilt, with one note (before the decision),
    or rebuilt and asked again (after an approval); a change of words only after the
    approval is recorded in the body, the plan standing as approved."""
    sprint, change, number = action.sprint, action.change, action.sprint.pr.number
    if change.record_only or (action.approved and not change.alters_plan):
        ensure_body_edit(hands.forge, hands.ops, number,
                         lambda body: source.with_source(body, change.now))
        return
    vision = hands.vision(sprint.vision_number)
    built_from = hands.source(vision)  # what it cites now, a file it names anew included
    pitch = hands.ask(Mode.PITCH, Pitch, hands.inputs(vision, (number, action.brief)))
    md = render.pitch_markdown(vision.number, vision.title, clean_pitch(pitch),
                               repo=hands.config.repo)
    old, ledger = action.brief.pitch, action.brief.ledger
    ensure_file_edit(hands.forge, hands.ops, sprint_path(action.slug), replacing(
        old, md.strip(), lambda: render.sprint_file(vision.title, vision.number, md, ledger, (),
                                                    repo=hands.config.repo)),
                     branch=sprint.pr.head.ref, message="sprint: the pitch follows its vision",
                     written=hands.written_files)
    edit = replacing(old, md.strip(), lambda: render.pr_body(vision.number, md, ledger, (),
                                                             repo=hands.config.repo))
    ensure_body_edit(hands.forge, hands.ops, number,
                     lambda body: source.with_source(edit(body), built_from))
    text, mark = ((render.asked_again_comment(change), AskedAgainMark(change.now.stamp))
                  if action.approved else
                  (render.refreshed_comment(change), RefreshedMark(change.now.stamp)))
    writes.ensure_comment(hands.forge, hands.ops, number, text, bot_login=hands.bot, mark=mark,
                          existing=sprint.comments)


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
