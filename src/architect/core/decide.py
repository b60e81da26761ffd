"""decide: the snapshot in, the tick's actions out. Pure: no I/O, no clock.

Existing sprint PRs first (reject, finish, file, answers, questions, revise),
then new pitches within `max_open_pitches − open sprint PRs`.
"""

from __future__ import annotations

from dataclasses import dataclass

from architect.config import ArchitectConfig
from architect.core import render, rules
from architect.core.actions import (
    Action,
    CompletePitch,
    FileSprint,
    FinishSprint,
    OpenPitch,
    ProcessAnswers,
    RejectSprint,
    RevisePitch,
    StartQuestions,
    SyncLedger,
)
from architect.core.answers import RECOMMENDED, parse_comment
from architect.core.inputs import HumanComment
from architect.core.ledger import Answer, ForkStatus
from architect.core.sprint import SprintState, SprintView, assess, sprint_slug
from architect.core.text import clean_text
from architect.shell.snapshot import Snapshot


@dataclass(frozen=True)
class Decision:
    actions: tuple[Action, ...]
    notes: tuple[str, ...]  # decisions that need no action, for the log


def views(snapshot: Snapshot) -> list[SprintView]:
    out = []
    for sprint in snapshot.sprints:
        # The PR's title was fixed at the pitch; the vision's may have changed since,
        # and the slug derived from it must not.
        title = sprint.pr.title.removeprefix("architect: ")
        out.append(assess(sprint, snapshot.steering, vision_title=title))
    return out


def decide(snapshot: Snapshot, settings: ArchitectConfig) -> Decision:
    actions: list[Action] = []
    notes: list[str] = []
    for view in views(snapshot):
        notes.extend(f"PR #{view.number}: ignored {what}" for what in view.ignored)
        vision = snapshot.vision(view.sprint.vision_number)
        needs_label = vision is not None and settings.in_progress_label not in vision.label_names
        action = _sprint_action(view, needs_label=needs_label)
        if action is None:
            notes.append(f"PR #{view.number}: {view.state.value}; waiting for "
                         f"{_waits_for(view)}")
        else:
            actions.append(action)
        if needs_label and view.state not in (SprintState.PITCH_INCOMPLETE,
                                              SprintState.REJECTED):
            # A lost label never holds up the sprint's own step: it is put back beside it.
            actions.append(CompletePitch(view, footer=False, label=True))
    pitches, skipped = _pitches(snapshot, settings)
    actions.extend(pitches)
    notes.extend(skipped)
    return Decision(tuple(actions), tuple(notes))


def _waits_for(view: SprintView) -> str:
    from architect.core.sprint import WAITS_FOR

    return WAITS_FOR[view.state]


def _sprint_action(view: SprintView, *, needs_label: bool) -> Action | None:
    state = view.state
    if state is SprintState.REJECTED:
        return RejectSprint(view)
    if state is SprintState.FILED:
        return FinishSprint(view)
    if state in (SprintState.FILING, SprintState.READY_TO_FILE):
        return FileSprint(view)
    if state is SprintState.PITCH_INCOMPLETE:
        return CompletePitch(view, footer=True, label=needs_label)
    if state is SprintState.REVISION_REQUESTED:
        return RevisePitch(view)
    if state is SprintState.ACCEPTED:
        return StartQuestions(view)
    if state is SprintState.ANSWERS_PENDING:
        return read_answers(view)
    if view.ledger is not None and not _body_in_sync(view):
        return SyncLedger(view)
    return None


def _body_in_sync(view: SprintView) -> bool:
    assert view.ledger is not None
    # Both sides cleaned alike: NFKC turns the "…" of a shortened line into "...".
    return clean_text(render.forks_section(view.ledger)) in clean_text(view.sprint.pr.body)


def read_answers(view: SprintView) -> ProcessAnswers:
    """Apply what the grammar can read; keep the rest for the model."""
    assert view.ledger is not None
    ledger = view.ledger
    recorded: list[int] = []
    notes: list[str] = []
    free: list[HumanComment] = []
    for comment in view.new_comments:
        parsed = parse_comment(comment.body)
        login = comment.user.login
        if parsed.approve_all:
            for fork in ledger.forks:
                if fork.status is not ForkStatus.OPEN:
                    continue  # an explicit answer waiting on a follow-up stays as given
                answer = Answer(fork.recommended, _option_words(fork.option_text(fork.recommended)),
                                login, comment.html_url, comment.id)
                ledger = ledger.with_fork(fork.answered(answer))
                recorded.append(fork.number)
        for item in parsed.answers:
            target = ledger.get(item.question)
            if target is None:
                notes.append(f"Q{item.question} (from @{login}) does not exist; the questions "
                             f"are Q1–Q{ledger.next_number - 1}.")
                continue
            letter = target.recommended if item.choice == RECOMMENDED else item.choice
            if letter not in target.letters:
                notes.append(f"Q{target.number}: {letter} is not one of the options "
                             f"({', '.join(target.letters)}); answer again with one of them.")
                continue
            text = _option_words(target.option_text(letter))
            if item.reason:
                text = f"{text} — {item.reason}"
            ledger = ledger.with_fork(target.answered(Answer(letter, text, login,
                                                             comment.html_url, comment.id)))
            recorded.append(target.number)
        if parsed.leftover:
            free.append(HumanComment(comment.id, login, parsed.leftover, comment.html_url))
        elif parsed.is_empty:
            notes.append(f"The comment by @{login} carried no answer the architect could read.")
    return ProcessAnswers(view, ledger, tuple(dict.fromkeys(recorded)), tuple(notes), tuple(free))


def _option_words(text: str) -> str:
    return text.strip() or "(option text missing)"


def _pitches(snapshot: Snapshot, settings: ArchitectConfig) -> tuple[list[OpenPitch], list[str]]:
    budget = settings.max_open_pitches - len(snapshot.sprints)
    notes: list[str] = []
    if budget <= 0:
        if any(rules.may_be_pitched(v, {s.vision_number for s in snapshot.sprints},
                                    settings.in_progress_label) for v in snapshot.visions):
            notes.append(f"no new pitch: {len(snapshot.sprints)} sprint PRs open "
                         f"(max_open_pitches = {settings.max_open_pitches})")
        return [], notes
    by_number = {h.vision.number: h for h in snapshot.candidates}
    open_for = {s.vision_number for s in snapshot.sprints}
    pitches: list[OpenPitch] = []
    for number in snapshot.pitch_order:
        history = by_number.get(number)
        if history is None or len(pitches) >= budget:
            continue
        if not rules.may_be_pitched(history.vision, open_for, settings.in_progress_label):
            continue
        verdict = rules.pitchable(history, snapshot.steering)
        if not verdict.ok:
            notes.append(f"vision #{number}: not pitched: {verdict.reason}")
            continue
        vision = history.vision
        pitches.append(OpenPitch(vision.number, vision.title,
                                 sprint_slug(vision.number, vision.title),
                                 verdict.rejection_reason))
    return pitches, notes
