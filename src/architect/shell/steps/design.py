"""Steps of the design conversation: the first questions, then each round of answers."""

from __future__ import annotations

from architect.core import carry, render
from architect.core.actions import ProcessAnswers, StartQuestions, SyncLedger, Written
from architect.core.ledger import DesignFork, Ledger
from architect.core.markers import neutralize
from architect.core.model_output import interpret, numbered_fork, unread_by_model
from architect.core.rounds import settle
from architect.core.schemas import MAX_FORKS, AnswerRound, ForkProposal
from architect.core.text import one_line
from architect.errors import InvalidModelOutput
from architect.runners.base import Mode
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands, session_key
from architect.shell.steps.registry import performs

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


@performs(StartQuestions)
def start_questions(hands: Hands, action: StartQuestions) -> Written:
    sprint, number = action.sprint, action.sprint.pr.number
    vision = hands.vision(sprint.vision_number)
    proposal = hands.ask(Mode.QUESTIONS, ForkProposal,
                         hands.inputs(vision, (number, action.brief)),
                         session_key=session_key(number))
    forks = proposal.forks[:MAX_FORKS]
    ledger = Ledger(tuple(numbered_fork(i + 1, f, 1) for i, f in enumerate(forks)))
    # A vision whose last sprint stopped: what was answered there is not asked again.
    ledger, kept = carry.start_from(ledger, action.carried)
    text = render.questions_comment(ledger, no_fork_reason=neutralize(proposal.no_fork_reason),
                                    round_=1, seen=action.seen)
    note = carry.carried_note(action.carried_from, kept)
    posted = hands.forge.create_comment(hands.ops, number,
                                        f"{note}\n\n{text}" if note else text)
    body = hands.sync(sprint, action.slug, ledger, ())
    log.info("PR #%d: asked %d design question(s)", number, len(ledger.forks))
    return Written(sprint, (posted,), body)


@performs(ProcessAnswers)
def process_answers(hands: Hands, action: ProcessAnswers) -> Written:
    sprint, number = action.sprint, action.sprint.pr.number
    ledger = action.ledger
    acknowledged = list(action.recorded)
    notes = list(action.notes)
    reply = ""
    follow_ups: list[DesignFork] = []
    round_ = action.round + 1
    # The model hears every round with an answer in it: it reads the free text, and
    # a plain "Q2: B" may still call for a follow-up question.
    if action.free_text or action.recorded:
        vision = hands.vision(sprint.vision_number)
        try:
            answer = hands.ask(Mode.ANSWERS, AnswerRound, hands.inputs(
                vision, (number, action.brief), ledger=ledger, new_comments=action.free_text,
                round_comments=action.said, recorded=action.recorded),
                session_key=session_key(number))
        except InvalidModelOutput as exc:
            # The round still closes with what the grammar read: asking again next
            # tick would fail the same way, and the humans can answer without a model.
            answer = AnswerRound(reply="")
            notes.append(unread_by_model(action.free_text, exc, ledger))
            log.error("PR #%d: the model's answers answer: %s: %s; recorded what the grammar "
                      "read", number, exc.what, one_line(str(exc), 300))
        ledger, read = interpret(ledger, answer, action.free_text, notes)
        acknowledged += read
        reply = neutralize(answer.reply)
        for proposed in answer.follow_ups[:MAX_FORKS]:
            fork = numbered_fork(ledger.next_number, proposed, round_, ledger)
            ledger = ledger.with_fork(fork)
            follow_ups.append(fork)
    ledger = settle(ledger)
    notes += render.withdrawn_notes(action.brief.ledger, ledger)
    shown = [f for n in dict.fromkeys(acknowledged) if (f := ledger.get(n)) and f.answer]
    # What the model read after all is no longer "could not read".
    unread = [u for u in action.unread if u[0] not in acknowledged[len(action.recorded):]]
    posted = hands.forge.create_comment(hands.ops, number, render.answers_comment(
        ledger, acknowledged=shown, notes=notes, reply=reply, follow_ups=follow_ups,
        round_=round_, read=[i for i, _ in action.read], seen=action.seen,
        digests=list(action.read), sources=dict(action.sources), unread=unread,
        reviews=action.reviews))
    return Written(sprint, (posted,), hands.sync(sprint, action.slug, ledger, ()))


@performs(SyncLedger)
def sync_ledger(hands: Hands, action: SyncLedger) -> None:
    """A `## Design forks` section broken by hand: the trusted ledger written back."""
    hands.sync(action.sprint, action.slug, action.ledger, ())
