"""apply: perform each action of `decide`, idempotently.

Every procedure writes in an order chosen so that its *last* write is the mark
the next tick reads as "done" (a comment with its marker, or the PR body), and
every earlier write is an ensure. A tick killed between any two writes and run
again therefore finishes the job without duplicating anything.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import TypeVar

from pydantic import BaseModel

from architect.config import ProjectConfig
from architect.core import heard, render
from architect.core.actions import (
    Action,
    ClarifyDecision,
    CompletePitch,
    CompleteVision,
    FileSprint,
    FinishSprint,
    NoteClosedSprint,
    NudgeSprint,
    OpenPitch,
    ProcessAnswers,
    RejectSprint,
    RepairMerged,
    RevisePitch,
    StartQuestions,
    StopSprint,
    SyncLedger,
    UnparkSprint,
    Written,
)
from architect.core.filing import check_plan, filing_order
from architect.core.heard import pitch_part
from architect.core.inputs import HumanComment, PlannerInputs, VisionInput
from architect.core.ledger import DesignFork, Ledger
from architect.core.markers import (
    FooterMark,
    ModelErrorMark,
    RejectedMark,
    StoryMark,
    UnclearMark,
    digest,
    find_decomposed,
    neutralize,
)
from architect.core.model_output import (
    clean_pitch,
    clean_sub,
    interpret,
    numbered_fork,
    unread_by_model,
)
from architect.core.overlap import PlannedItem, find_overlaps
from architect.core.rounds import settle
from architect.core.schemas import (
    AnswerRound,
    ForkProposal,
    Pitch,
    RevisedPitch,
    SubIssue,
    SubIssuePlan,
)
from architect.core.sections import own_sections
from architect.core.snapshot import Snapshot
from architect.core.sprint import Signal, SprintPR, SprintView, branch_for
from architect.core.story import filed_notice, pitched_notice
from architect.core.text import one_line
from architect.errors import (
    ConfigError,
    ForgeConflict,
    ForgeError,
    ForgeNotFound,
    InvalidModelOutput,
)
from architect.forge.models import Comment, Issue, PullRequest
from architect.forge.protocol import Forge
from architect.runners.base import Mode
from architect.shell import nudges, story, writes
from architect.shell.asking import Asker
from architect.shell.backlog import open_backlog
from architect.shell.context import TickContext
from architect.shell.filing_record import FilingRecord
from architect.shell.journal import JournalEntry
from architect.shell.section_writes import (
    ensure_body_edit,
    ensure_body_sections,
    ensure_file_edit,
    replacing,
    sections_edit,
)

log = logging.getLogger("architect")
M = TypeVar("M", bound=BaseModel)


class Applier:
    def __init__(self, *, forge: Forge, filer: Forge, filer_login: str, asker: Asker,
                 config: ProjectConfig, context: TickContext,
                 snapshot: Snapshot, live: bool = True,
                 wait: writes.Wait | None = None) -> None:
        self.forge = forge
        self.wait = wait  # pauses between merge attempts; None: one attempt per tick
        self.filer = filer
        self.filer_login = filer_login
        self.asker = asker
        self.config = config
        self.context = context
        self.snapshot = snapshot
        self.bot = snapshot.bot.login
        self._closed_visions: dict[int, Issue] = {}
        self.live = live  # False in a dry run: the journal and the sessions stay as they are
        self.journaled = False  # a journal entry was written this tick: time to digest?

    # -- dispatch -------------------------------------------------------------
    def apply(self, action: Action) -> Written | None:
        """Perform exactly this action; say what it wrote on its sprint PR, if anything."""
        try:
            return self._dispatch(action)
        except InvalidModelOutput as exc:
            self._model_failed(action, exc)
            raise

    def _dispatch(self, action: Action) -> Written | None:
        match action:
            case OpenPitch():
                self.open_pitch(action)
            case CompletePitch():
                self.complete_pitch(action)
            case RevisePitch():
                self.revise(action.view)
            case StartQuestions():
                return self.start_questions(action.view)
            case ProcessAnswers():
                return self.process_answers(action)
            case FileSprint():
                return self.file(action.view)
            case FinishSprint():
                self.finish(action)
            case RejectSprint():
                self.reject(action.sprint, action.signal)
            case SyncLedger():
                self.sync(action.sprint, action.slug, action.ledger, ())
            case ClarifyDecision():
                self.clarify(action)
            case CompleteVision():
                story.complete(self.forge, self.filer, self.filer_login, self.config, action)
            case RepairMerged():
                story.repair(self.forge, self.filer, self.config, action)
            case NudgeSprint():
                nudges.nudge(self.forge, self.ops, self.bot, action, self.snapshot.now)
            case UnparkSprint():
                nudges.unpark(self.forge, self.ops, action)
            case StopSprint():
                self.stop(action)
            case NoteClosedSprint():
                self.note_closed(action)
        return None

    def tell_vision(self, number: int, text: str, mark: StoryMark) -> None:
        """One comment on the vision per event of its sprint (by the filer: project repo)."""
        with suppress(ForgeNotFound):  # a vision deleted meanwhile hears nothing
            writes.ensure_comment(self.filer, self.config.repo, number, text,
                                  bot_login=self.filer_login, mark=mark)

    # -- helpers --------------------------------------------------------------
    def ask(self, mode: Mode, schema: type[M], inputs: PlannerInputs, *,
            session_key: str | None = None) -> M:
        return self.asker.ask(mode, schema, inputs, session_key=session_key)

    @property
    def ops(self) -> str:
        return self.config.ops_repo

    def vision(self, number: int) -> Issue:
        """From the snapshot, or (a closed vision) read once for the whole tick."""
        found = self.snapshot.vision(number) or self._closed_visions.get(number)
        if found is None:
            found = self._closed_visions[number] = self.forge.get_issue(self.config.repo, number)
        return found

    def inputs(self, view: SprintView | None, vision: Issue, **extra: object) -> PlannerInputs:
        fields: dict[str, object] = {
            "project": self.config.name,
            "vision": VisionInput(vision.number, vision.title, vision.body, vision.html_url),
            "context": self.context.project,
            "max_sub_issues": self.config.architect.max_sub_issues,
        }
        if view is not None:
            fields["pr_number"] = view.number
            fields["pitch_markdown"] = pitch_part(view.sprint.pr.body)
            fields["guidance"] = "\n\n".join(g.text for g in view.guidance if g.text)
            if view.ledger is not None:
                fields["ledger"] = view.ledger
        fields.update(extra)
        return PlannerInputs(**fields)  # type: ignore[arg-type]

    # -- what the humans said, for the prompt (see `heard`) --------------------
    def _pitch_heard(self, number: int) -> dict[str, object]:
        history = next((h for h in self.snapshot.candidates if h.vision.number == number), None)
        return {"vision_comments": heard.vision_comments(history, self.snapshot.steering),
                "rejected_pitch": heard.rejected_pitch(history,
                                                       *self.snapshot.steering.own_logins)}

    def _round_heard(self, action: ProcessAnswers) -> dict[str, object]:
        comments = heard.human_comments(action.view.new_comments, self.snapshot.steering)
        return {"round_comments": comments, "recorded": action.recorded,
                "guidance": heard.accept_guidance(action.view, self.snapshot.steering)}

    def _filing_heard(self, view: SprintView) -> dict[str, object]:
        return {"filing_problems": heard.filing_problems(view, self.bot),
                "guidance": heard.accept_guidance(view, self.snapshot.steering)}

    def sprint_path(self, slug: str) -> str:
        return f"sprints/{slug}.md"

    def sync(self, sprint: SprintPR, slug: str, ledger: Ledger | None,
             filed: tuple[int, ...]) -> str:
        """Bring the sprint file, then the PR body, in line with the trusted ledger."""
        sections = own_sections(ledger, filed)

        def whole() -> str:
            vision = self.vision(sprint.vision_number)
            return render.sprint_file(vision.title, vision.number, pitch_part(sprint.pr.body),
                                      ledger, filed)

        ensure_file_edit(self.forge, self.ops, self.sprint_path(slug),
                         sections_edit(sections, whole), branch=branch_for(sprint.vision_number),
                         message=f"sprint: update {self.sprint_path(slug)}")
        return ensure_body_sections(self.forge, self.ops, sprint.pr, sections)

    # -- pitch ----------------------------------------------------------------
    def open_pitch(self, action: OpenPitch) -> None:
        vision = self.vision(action.vision_number)
        inputs = self.inputs(None, vision, rejection_reason=action.rejection_reason,
                             **self._pitch_heard(vision.number))
        pitch = self.ask(Mode.PITCH, Pitch, inputs)
        md = render.pitch_markdown(vision.number, vision.title, clean_pitch(pitch))
        branch = branch_for(vision.number)
        primary = self.config.primary_branch
        created = writes.ensure_branch(self.forge, self.ops, branch, primary)
        writes.ensure_file(self.forge, self.ops, self.sprint_path(action.slug),
                           render.sprint_file(vision.title, vision.number, md, None, ()),
                           branch=branch, message=f"sprint: pitch for #{vision.number}",
                           probably_new=created)
        title = f"architect: {vision.title}"[:255]
        body = render.pr_body(vision.number, md, None, ())
        try:
            pr = self.forge.create_pull(self.ops, title=title, body=body, head=branch,
                                        base=primary)
            # Before the footer, which marks the pitch complete: the notice is never lost.
            self.filer.create_comment(self.config.repo, vision.number, pitched_notice(pr))
            self.forge.create_comment(self.ops, pr.number, render.footer_comment(action.slug))
        except ForgeConflict:
            # The PR exists already (a run lost the forge's answer): finish it instead.
            found = writes.find_open_pr(self.forge, self.ops, branch, self.bot)
            if found is None:
                raise
            pr = found
            self.tell_vision(vision.number, pitched_notice(pr), StoryMark("pitched", pr.number))
            writes.ensure_comment(self.forge, self.ops, pr.number,
                                  render.footer_comment(action.slug), bot_login=self.bot,
                                  mark=FooterMark(action.slug))
        writes.ensure_label(self.filer, self.config.repo, vision.number,
                            self.config.architect.in_progress_label)
        log.info("vision #%d: pitched as PR #%d", vision.number, pr.number)

    def complete_pitch(self, action: CompletePitch) -> None:
        sprint = action.sprint
        if action.footer:
            self.tell_vision(sprint.vision_number, pitched_notice(sprint.pr),
                             StoryMark("pitched", sprint.pr.number))
            writes.ensure_comment(self.forge, self.ops, sprint.pr.number,
                                  render.footer_comment(action.slug), bot_login=self.bot,
                                  mark=FooterMark(action.slug), existing=sprint.comments)
        if action.label:
            writes.ensure_label(self.filer, self.config.repo, sprint.vision_number,
                                self.config.architect.in_progress_label)

    def revise(self, view: SprintView) -> None:
        review = view.revision
        assert review is not None
        vision = self.vision(view.sprint.vision_number)
        revised = self.ask(Mode.REVISE, RevisedPitch,
                                 self.inputs(view, vision, feedback=review.body))
        md = render.pitch_markdown(vision.number, vision.title, clean_pitch(revised))
        # Only the pitch is revised: what a person added around it, meanwhile too, stays.
        old = pitch_part(view.sprint.pr.body)
        file = replacing(old, md.strip(), lambda: render.sprint_file(
            vision.title, vision.number, md, view.ledger, ()))
        ensure_file_edit(self.forge, self.ops, self.sprint_path(view.slug), file,
                         branch=view.sprint.pr.head.ref, message="sprint: revise the pitch")
        ensure_body_edit(self.forge, self.ops, view.number, replacing(
            old, md.strip(), lambda: render.pr_body(vision.number, md, view.ledger, ())))
        reviewer = review.user.login if review.user else "reviewer"
        self.forge.create_comment(self.ops, view.number,
                                  render.revised_comment(review.id, reviewer,
                                                         neutralize(revised.changes)))

    def clarify(self, action: ClarifyDecision) -> None:
        """One reply to each comment that reads like a decision the architect cannot act on."""
        view = action.view
        for said in view.unclear:
            writes.ensure_comment(
                self.forge, self.ops, view.number,
                render.unclear_decision_comment(said.login, said.text, said.source_id),
                bot_login=self.bot, mark=UnclearMark(said.source_id),
                existing=view.sprint.comments)

    # -- design conversation --------------------------------------------------
    def start_questions(self, view: SprintView) -> Written:
        vision = self.vision(view.sprint.vision_number)
        proposal = self.ask(Mode.QUESTIONS, ForkProposal, self.inputs(view, vision),
                                  session_key=f"pr-{view.number}")
        forks = proposal.forks[:5]
        ledger = Ledger(tuple(numbered_fork(i + 1, f, 1) for i, f in enumerate(forks)))
        posted = self.forge.create_comment(self.ops, view.number, render.questions_comment(
            ledger, no_fork_reason=neutralize(proposal.no_fork_reason), round_=1,
            seen=view.heard))
        body = self.sync(view.sprint, view.slug, ledger, ())
        log.info("PR #%d: asked %d design question(s)", view.number, len(ledger.forks))
        return Written(view.sprint, (posted,), body)

    def process_answers(self, action: ProcessAnswers) -> Written:
        view = action.view
        ledger = action.ledger
        acknowledged = list(action.recorded)
        notes = list(action.notes)
        reply = ""
        follow_ups: list[DesignFork] = []
        round_ = view.round + 1
        # The model hears every round with an answer in it: it reads the free text, and
        # a plain "Q2: B" may still call for a follow-up question.
        if action.free_text or action.recorded:
            vision = self.vision(view.sprint.vision_number)
            try:
                answer = self.ask(
                    Mode.ANSWERS, AnswerRound,
                    self.inputs(view, vision, ledger=ledger, new_comments=action.free_text,
                                **self._round_heard(action)),
                    session_key=f"pr-{view.number}")
            except InvalidModelOutput as exc:
                # The round still closes with what the grammar read: asking again next
                # tick would fail the same way, and the humans can answer without a model.
                answer = AnswerRound(reply="")
                notes.append(unread_by_model(action.free_text, exc, ledger))
                log.error("PR #%d: the model's answers answer was invalid twice: %s; "
                          "recorded what the grammar read", view.number, one_line(str(exc), 300))
            ledger, read = interpret(ledger, answer, action.free_text, notes)
            acknowledged += read
            reply = neutralize(answer.reply)
            for proposed in answer.follow_ups[:5]:
                fork = numbered_fork(ledger.next_number, proposed, round_, ledger)
                ledger = ledger.with_fork(fork)
                follow_ups.append(fork)
        ledger = settle(ledger)
        notes += render.withdrawn_notes(view.ledger, ledger)
        shown = [f for n in dict.fromkeys(acknowledged) if (f := ledger.get(n)) and f.answer]
        posted = self.forge.create_comment(self.ops, view.number, render.answers_comment(
            ledger, acknowledged=shown, notes=notes, reply=reply, follow_ups=follow_ups,
            round_=round_, read=[c.id for c in view.new_comments], seen=view.heard,
            digests=[(c.id, digest(c.body)) for c in view.new_comments]))
        return Written(view.sprint, (posted,), self.sync(view.sprint, view.slug, ledger, ()))

    # -- filing ---------------------------------------------------------------
    def file(self, view: SprintView) -> Written:
        labels = {label.name: label.id for label in self.filer.list_labels(self.config.repo)}
        subs, plan_comment = view.plan, view.plan_comment
        fresh = subs is None or plan_comment is None
        posted: tuple[Comment, ...] = ()
        if subs is None or plan_comment is None:
            planned = self._plan(view, labels)
            if isinstance(planned, Comment):  # the filing check failed; it says why
                return Written(view.sprint, (planned,), None)
            subs, plan_comment = planned
            posted = (plan_comment,)
        numbers = tuple(self._file_subs(view, subs, plan_comment, labels, fresh=fresh))
        log.info("PR #%d: filed %s", view.number, " ".join(f"#{n}" for n in numbers))
        filed = self.forge.create_comment(self.ops, view.number, render.filed_comment(numbers))
        return Written(view.sprint, (*posted, filed), None)

    def _plan(self, view: SprintView,
              labels: dict[str, int]) -> tuple[tuple[SubIssue, ...], Comment] | Comment:
        vision = self.vision(view.sprint.vision_number)
        heard = {c.id: c for c in (*view.filing_replies, *view.new_comments)}
        extra = tuple(HumanComment(c.id, c.user.login, c.body, c.html_url)
                      for c in sorted(heard.values(), key=lambda c: c.id))
        # Withdrawn follow-ups were decided for an option no longer chosen: not for the plan.
        live = {"ledger": view.ledger.live} if view.ledger is not None else {}
        open_issues = open_backlog(self.forge, self.config.repo, view)
        plan = self.ask(Mode.FILE, SubIssuePlan,
                              self.inputs(view, vision, new_comments=extra,
                                          backlog_titles=tuple(i.title for i in open_issues),
                                          **self._filing_heard(view), **live),
                              session_key=f"pr-{view.number}")
        subs = tuple(clean_sub(s) for s in plan.sub_issues)
        problems = check_plan(subs, max_sub_issues=self.config.architect.max_sub_issues,
                              known_labels=labels.keys(), backlog=open_issues)
        backlog = self.config.architect.backlog_label
        if backlog not in labels:
            problems.append(f"The label `{backlog}` does not exist on {self.config.repo}; "
                            "run `architect init` to create it.")
        if problems:
            check = self.forge.create_comment(self.ops, view.number,
                                              render.filing_problem_comment(problems,
                                                                            seen=view.heard))
            log.warning("PR #%d: filing check failed: %s", view.number, "; ".join(problems))
            return check
        near = find_overlaps([PlannedItem(s.id, s.title, f"{s.problem}\n{s.proposed_solution}")
                              for s in subs], open_issues,
                             threshold=self.config.architect.overlap_threshold)
        comment = self.forge.create_comment(self.ops, view.number,
                                            render.plan_comment(subs, near=near))
        return subs, comment

    def _file_subs(self, view: SprintView, subs: tuple[SubIssue, ...], plan_comment: Comment,
                   labels: dict[str, int], *, fresh: bool) -> list[int]:
        repo = self.config.repo
        vision_number = view.sprint.vision_number
        record = FilingRecord(self.forge, self.ops, plan_comment, subs, self.bot)
        existing: dict[str, int] = {}
        # Issues filed for a plan were created after it was posted; a plan posted in this
        # very call has none yet, and a complete record needs no lookup.
        found_before = () if fresh or record.complete else self.filer.list_issues(
            repo, state="all", type="issues", created_by=self.filer_login,
            since=plan_comment.created_at)
        for issue in found_before:
            found = find_decomposed(issue.body)
            if found and found.vision == vision_number and found.slug == view.slug:
                existing.setdefault(found.sub_id, issue.number)
        record.note(existing)
        existing = dict(record.done)
        numbers: dict[str, int] = {}
        ledger = (view.ledger or Ledger()).live
        for sub in filing_order(subs):
            deps = [numbers[d] for d in sub.depends_on if d in numbers]
            if sub.id in existing:
                numbers[sub.id] = existing[sub.id]
                writes.ensure_dependencies(self.filer, repo, existing[sub.id], deps)
                continue
            shaped = [f for n in dict.fromkeys(sub.shaped_by) if (f := ledger.get(n)) is not None]
            body = render.sub_issue_body(sub, vision=vision_number, slug=view.slug,
                                         depends_on=deps, shaped_by=shaped,
                                         pr_url=view.sprint.pr.html_url)
            backlog = self.config.architect.backlog_label
            if backlog not in labels:
                raise ConfigError(f"the label '{backlog}' does not exist on {repo}: run "
                                  "`architect init` to create it")
            label_ids = [labels[backlog],
                         *(labels[name] for name in sub.labels if name in labels)]
            issue = self.filer.create_issue(repo, title=sub.title, body=body,
                                            label_ids=label_ids)
            numbers[sub.id] = issue.number
            record.note({sub.id: issue.number})
            writes.ensure_dependencies(self.filer, repo, issue.number, deps, fresh=True)
        return [numbers[s.id] for s in subs]

    def finish(self, action: FinishSprint) -> None:
        filed = action.filed  # from the bot's own "Sprint filed" marker
        self.sync(action.sprint, action.slug, action.ledger, filed)
        pr = action.sprint.pr
        # The journal (idempotent) and the session go before the merge: a merged PR is
        # no longer read, so whatever follows a merge whose answer was lost never happens.
        vision = self.vision(action.sprint.vision_number)
        decisions = render.forks_section(action.ledger) if action.ledger else "No design forks."
        if self.live:
            self.journaled |= self.context.journal.record(JournalEntry(
                pr.created_at, pr.number, vision.number, vision.title, "merged",
                f"Filed: {' '.join(f'#{n}' for n in filed)}\n\n{decisions}"))
            self.asker.runner.drop_session(f"pr-{pr.number}")
        self.tell_vision(vision.number, filed_notice(pr.number, filed),
                         StoryMark("filed", pr.number))
        message = f"Sprint filed: {' '.join(f'#{n}' for n in filed)}"
        if writes.merge_when_ready(self.forge, self.ops, pr.number, message=message,
                                   wait=self.wait):
            log.info("PR #%d: merged", pr.number)
            # Missed here (a lost answer), the next tick's RepairMerged deletes it.
            writes.ensure_branch_deleted(self.forge, self.ops, branch_for(vision.number))

    # -- when the model's answer is invalid twice ------------------------------
    def _model_failed(self, action: Action, exc: InvalidModelOutput) -> None:
        """Tell the humans once, where they must act; the next tick waits for them.

        On a sprint PR the note makes the sprint MODEL_FAILED (see `sprint`) until
        someone who may steer replies; on a vision, `_pitch_on_hold` waits for an
        edit or a comment. Either way no model call is repeated meanwhile.
        """
        step = exc.step or "unknown"
        try:
            forge, author = self.forge, self.bot
            if isinstance(action, OpenPitch):
                # The project repo is written by the filer (FORGE_FILER_TOKEN), notes included.
                forge, author = self.filer, self.filer_login
                repo, number = self.config.repo, action.vision_number
                comments: list[Comment] | tuple[Comment, ...] = self.forge.list_comments(
                    repo, number)
                mark = ModelErrorMark(
                    step, max((c.id for c in comments if c.user.login != author), default=0),
                    int(self.vision(number).updated_at.timestamp()))
            elif isinstance(action, RevisePitch | StartQuestions | ProcessAnswers | FileSprint):
                repo, number = self.ops, action.view.number
                comments = action.view.sprint.comments
                mark = ModelErrorMark(step, action.view.last_other)
            else:  # no other step asks a model
                return
            writes.ensure_comment(forge, repo, number,
                                  render.model_error_comment(mark, str(exc),
                                                             why=exc.explanation),
                                  bot_login=author, mark=mark, existing=comments)
        except ForgeError as forge_exc:
            log.error("%s #%d: could not post the note about the model's invalid answer: %s",
                      repo, number, forge_exc)
            return
        log.error("%s #%d: the model's %s answer was invalid twice; a note on it asks a human "
                  "to reply, and the model is not asked again before that", repo, number, step)

    # -- reject ---------------------------------------------------------------
    def reject(self, sprint: SprintPR, signal: Signal) -> None:
        self._close_rejected(
            sprint, render.rejected_comment(signal.text, signal.login),
            render.rejection_notice(sprint.pr.number, signal.text, signal.login), signal)
        log.info("PR #%d: closed after rejection by @%s", sprint.pr.number, signal.login)

    def stop(self, action: StopSprint) -> None:
        sprint = action.sprint
        label = self.config.architect.vision_label
        self._close_rejected(sprint, render.stopped_comment(action.reason),
                             render.stopped_notice(sprint.pr.number, action.reason, label),
                             Signal(self.bot, action.reason, 0))
        log.info("PR #%d: stopped: %s", sprint.pr.number, action.reason)

    def note_closed(self, action: NoteClosedSprint) -> None:
        """A rejection without a reason; removing `in-progress` is the last write, the
        mark that it was answered (the tick reads such PRs only while the label is on)."""
        sprint, pr, by = action.sprint, action.sprint.pr, action.by
        number = sprint.vision_number
        if action.merged:
            writes.ensure_comment(self.forge, self.ops, pr.number,
                                  render.merged_unfiled_comment(by, number), bot_login=self.bot,
                                  mark=RejectedMark(), existing=sprint.comments)
        writes.ensure_comment(self.filer, self.config.repo, number,
                              render.closed_notice(pr.number, by, merged=action.merged,
                                                   reason=action.reason),
                              bot_login=self.filer_login,
                              mark=RejectedMark(pr.number, action.reason))
        if self.live:
            said = ("merged before its sub-issues were filed; nothing was filed"
                    if action.merged else f"closed: {action.reason}" if action.reason
                    else "closed without a REJECT: reason")
            title = pr.title.removeprefix("architect: ")
            self.journaled |= self.context.journal.record(JournalEntry(
                pr.created_at, pr.number, number, title,
                "merged" if action.merged else "rejected", f"By @{by}: {said}"))
            self.asker.runner.drop_session(f"pr-{pr.number}")
        writes.ensure_no_label(self.filer, self.config.repo, number,
                               self.config.architect.in_progress_label)
        log.info("PR #%d: %s by @%s; noted on vision #%d", pr.number,
                 "merged before filing" if action.merged else "closed", by, number)

    def _close_rejected(self, sprint: SprintPR, pr_note: str, vision_note: str,
                        signal: Signal) -> None:
        pr = sprint.pr
        vision_number = sprint.vision_number
        writes.ensure_comment(self.forge, self.ops, pr.number, pr_note, bot_login=self.bot,
                              mark=RejectedMark(), existing=sprint.comments)
        writes.ensure_no_label(self.filer, self.config.repo, vision_number,
                               self.config.architect.in_progress_label)
        # A vision deleted or moved away must not keep its sprint PR open forever.
        with suppress(ForgeNotFound):
            writes.ensure_comment(self.filer, self.config.repo, vision_number, vision_note,
                                  bot_login=self.filer_login,
                                  mark=RejectedMark(pr.number, signal.text))
        if self.live:
            self._journal_rejection(pr, vision_number, signal)
        # Once deleted, head.ref reads refs/pull/N/head; the branch name is ours to know.
        writes.ensure_branch_deleted(self.forge, self.ops, branch_for(vision_number))
        if self.forge.get_pull(self.ops, pr.number).state == "open":
            self.forge.edit_pull(self.ops, pr.number, state="closed")

    def _journal_rejection(self, pr: PullRequest, vision_number: int, signal: Signal) -> None:
        title = pr.title.removeprefix("architect: ")
        # The architect stops a sprint itself when its vision changed: no lesson in that.
        stopped = signal.login == self.bot
        said = (f"Stopped: {signal.text}" if stopped
                else f"Rejected by @{signal.login}: {signal.text or '(no reason given)'}")
        self.journaled |= self.context.journal.record(JournalEntry(
            pr.created_at, pr.number, vision_number, title, "rejected", said))
        if signal.text and not stopped:
            self.context.journal.add_lesson(
                f"Sprint \"{one_line(title, 80)}\" (PR #{pr.number}) was rejected: "
                f"{one_line(signal.text, 300)}")
        # Deleting the head branch closes the PR on Forgejo (CloseBranchPulls), after which
        # it is never read again: everything local happens before.
        self.asker.runner.drop_session(f"pr-{pr.number}")
