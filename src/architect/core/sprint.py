"""What a sprint PR's marks on the forge say: its state, ledger and signals.

`assess` reads a sprint PR (its body, comments and reviews) and returns a
`SprintView`: the lifecycle state, the trusted ledger and the human signals
that count. Only marks the bot authored and signals from people who may steer
are believed. Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime

from architect.core import (
    answer_reading,
    answer_scope,
    clauses,
    markers,
    replies,
    rounds,
    source,
    words,
)
from architect.core.actions import Written
from architect.core.answers import parse_comment, read_decision
from architect.core.ledger import Ledger
from architect.core.render import FOOTER_TEXT, filed_numbers
from architect.core.revision import asks_a_change
from architect.core.source import VisionChange
from architect.core.steering import Steering
from architect.core.table import SprintState, classify
from architect.core.text import slugify
from architect.core.view import Marks, Signal, SprintPR, SprintView
from architect.core.vision_comments import heard_on_vision
from architect.core.words import Family
from architect.forge.models import Comment, Issue, Review, ReviewState

BRANCH_PREFIX = "architect/sprint-vision-"
PARKED_LABEL = "parked"  # on a sprint PR whose questions went unanswered for park_after
# The original bash architect posted the same footer without our marker: its PRs,
# taken over, already have theirs.
_LEGACY_FOOTER = " ".join(FOOTER_TEXT.split())
_BRANCH = re.compile(rf"^{re.escape(BRANCH_PREFIX)}(\d+)$")


# A sprint PR's title is the vision's, after this prefix: how a merged sprint PR is known
# as the architect's when another account merged it, and how its vision's title is read back.
TITLE_PREFIX = "architect: "


def pr_title(vision_title: str) -> str:
    return f"{TITLE_PREFIX}{vision_title}"[:255]  # Forgejo's limit on a title


def vision_title_of(pr_title: str) -> str:
    return pr_title.removeprefix(TITLE_PREFIX)


def branch_for(vision_number: int) -> str:
    return f"{BRANCH_PREFIX}{vision_number}"


def vision_of_branch(ref: str) -> int | None:
    match = _BRANCH.match(ref)
    return int(match.group(1)) if match else None


def view_of(sprint: SprintPR, steering: Steering, vision: Issue | None = None) -> SprintView:
    """`vision`: its vision as the tick read it, which the pitch must still follow."""
    # The PR's title was fixed at the pitch; the vision's may have changed since,
    # and the slug derived from it must not.
    return assess(sprint, steering, vision_title=vision_title_of(sprint.pr.title),
                  vision=vision)


def advance(written: Written) -> SprintPR:
    """The PR as the next read would find it after a step's writes, without reading it."""
    sprint = written.sprint
    pr = sprint.pr if written.body is None else sprint.pr.model_copy(
        update={"body": written.body})
    # A comment the step edited (the plan, once filed) replaces the one read.
    edited = {c.id: c for c in written.comments}
    kept = tuple(edited.pop(c.id, c) for c in sprint.comments)
    return replace(sprint, pr=pr, comments=(*kept, *edited.values()), marks=None)


def sprint_slug(vision_number: int, vision_title: str) -> str:
    return f"{vision_number}-{slugify(vision_title, max_words=6) or 'sprint'}"


def with_marks(sprint: SprintPR, bot_login: str) -> SprintPR:
    """The PR carrying its marks, read once: every later `read_marks` of it this tick (the
    snapshot's, `assess`) reuses them while its comments are the ones they were read from."""
    return replace(sprint, marks=(bot_login, sprint.comments,
                                  _comment_marks(sprint.comments, bot_login)))


def read_marks(sprint: SprintPR, bot_login: str) -> Marks:
    carried = sprint.marks
    if carried is not None and carried[0] == bot_login and carried[1] is sprint.comments:
        marks = carried[2]
    else:
        marks = _comment_marks(sprint.comments, bot_login)
    started = marks.ledger is not None
    if not marks.filed and sprint.pr.user.login == bot_login:
        # The one comment that said "Sprint filed" deleted: the `## Filed:` line the finish
        # wrote into the body before its merge still says what was filed.
        marks = replace(marks, filed=filed_numbers(sprint.pr.body))
    reviews = (_as_meant(r) for r in sprint.reviews if not r.dismissed)
    return replace(marks, reviews=tuple(
        r for r in reviews
        if _review_matters(r, started, bot=bot_login) or _answers_like(r, marks.ledger)))


# "wrong button lol. ACCEPT", "hit approve by mistake, still reading": the review's state
# was a slip of the mouse; its words are read as a comment's.
_MISCLICK = re.compile(
    r"\b(?:wrong\s+button(?!\s+(?:label|text|colou?r|name|style|placement))|mis-?click(?:ed)?"
    r"|clicked\s+the\s+wrong\s+(?:button|one|state)|wrong\s+review\s+(?:state|kind)"
    r"|(?:approved|approve|requested\s+changes|request\s+changes)\s+by\s+"
    r"(?:mistake|accident)|(?:by\s+mistake|by\s+accident|accidentally)\s+(?:approved|hit|clicked"
    r"|requested|pressed))\b", re.IGNORECASE)


def _as_meant(review: Review) -> Review:
    if review.state is ReviewState.COMMENT or not _MISCLICK.search(review.body):
        return review
    return review.model_copy(update={"state": ReviewState.COMMENT})


def _comment_marks(comments: tuple[Comment, ...], bot_login: str) -> Marks:
    """What the comments say (the reviews are judged by `read_marks`, each time: they
    are read after the marks decide whether they still matter)."""
    own = tuple(markers.read_marks(comments, bot_login))
    ledger, round_ = _trusted_ledger(own)
    last_design = heard_up_to(own)
    plan = next(((c, m) for c, m in reversed(own) if isinstance(m, markers.PlanMark)), None)
    footers = [m for _, m in own if isinstance(m, markers.FooterMark)]
    legacy = any(c.user.login == bot_login and _LEGACY_FOOTER in " ".join(c.body.split())
                 for c in comments)
    last_check = max((c.id for c, m in own if isinstance(m, markers.FilingCheckMark)), default=0)
    blocked = last_check != 0 and last_check == max(
        (c.id for c, m in own if m.kind in markers.DESIGN_KINDS), default=0)
    filed = next((m.numbers for _, m in reversed(own) if isinstance(m, markers.FiledMark)), ())
    # Once the filing starts, the plan is what was decided: an edit comes too late.
    edited = frozenset() if plan or filed else _edited(comments, own, bot_login)
    candidates = tuple(
        c for c in comments if c.user.login != bot_login
        and (c.id in edited or _is_signal(_word(c.body, bot_login), c.id,
                                          last_design=last_design)))
    return Marks(
        own=own, slug=next((m.slug for m in footers if m.slug), ""),
        has_footer=bool(footers) or legacy,
        ledger=ledger, round=round_, heard_up_to=last_design,
        plan=plan[1].subs if plan else None, plan_comment=plan[0] if plan else None,
        filed=filed,
        revised=frozenset(m.review for _, m in own
                          if isinstance(m, markers.RevisedMark) and not m.comment),
        revised_comments=frozenset(m.review for _, m in own
                                   if isinstance(m, markers.RevisedMark) and m.comment),
        read=frozenset(n for _, m in own if isinstance(m, markers.AnswersMark) for n in m.read),
        last_check=last_check, blocked=blocked, candidates=candidates,
        clarified=frozenset(m.comment for _, m in own
                            if isinstance(m, markers.UnclearMark) and not m.review),
        clarified_reviews=frozenset(m.comment for _, m in own
                                    if isinstance(m, markers.UnclearMark) and m.review),
        reviews_read=frozenset(n for _, m in own if isinstance(m, markers.AnswersMark)
                               for n in m.reviews),
        edited=edited,
        told=frozenset(m.who.lower() for _, m in own
                       if isinstance(m, markers.UnclearMark) and m.who),
        asked_again=next((c for c, m in reversed(own)
                          if isinstance(m, markers.AskedAgainMark)), None))


def _edited(comments: tuple[Comment, ...], own: tuple[tuple[Comment, markers.Mark], ...],
            bot_login: str) -> frozenset[int]:
    """Comments an answers round read whose text is no longer what it read (edited since):
    read again, so that the ledger follows the edit. The last round to read one counts."""
    read: dict[int, str] = {}
    for _, mark in own:
        if isinstance(mark, markers.AnswersMark):
            read.update(dict.fromkeys(mark.read, ""))
            read.update(mark.digests)
    return frozenset(c.id for c in comments if c.user.login != bot_login
                     and read.get(c.id) and markers.digest(c.body) != read[c.id])


def assess(sprint: SprintPR, steering: Steering, *, vision_title: str,
           vision: Issue | None = None) -> SprintView:
    marks = read_marks(sprint, steering.bot_login)
    ledger, plan = marks.ledger, marks.plan

    heard = _read_comments(marks, steering)
    ignored, reject, accepts = heard.ignored, heard.reject, heard.accepts
    new_comments, unclear = heard.new_comments, heard.unclear

    revision = None
    changes_asked: datetime | None = None
    new_reviews: list[Comment] = []
    for review in marks.reviews:
        login = review.user.login if review.user else ""
        if (marks.ledger is not None and review.state is ReviewState.APPROVED
                and steering.may_steer(login) and not _answers_like(review, marks.ledger)):
            continue  # the pitch's approval, read before the questions
        said = read_decision(review.body, steering.bot_login)
        if said is not None and said.word not in _DECIDING and steering.may_steer(login):
            # `HOLD` as a review's words holds as the comment would, on every tick (replied
            # to or not): kept by its kind.
            heard.said.append(Signal(login, said.rest, review.id, review.html_url,
                                     review.submitted_at, kind=Family(said.word), review=True))
            continue
        if _aside(review, marks, steering, heard, new_reviews):
            continue
        if said is not None and review.state is ReviewState.REQUEST_CHANGES \
                and said.word != Family.REJECT:
            said = None  # changes asked with an ACCEPT in them: a revision, not a yes
        doubt = _review_doubt(review, marks, steering) if (
            said is None or marks.ledger is not None) else None
        if doubt is not None:  # read like a comment: "LGTM", "approving if …"
            unclear.append(Signal(login, review.body.strip(), review.id, review.html_url,
                                  review.submitted_at, why=doubt, review=True))
        elif said is not None:  # a review whose words decide counts as that comment would
            signal = Signal(login, said.rest, review.id, review.html_url, review.submitted_at)
            if said.word == Family.REJECT:
                reject = reject or signal
            elif review.state is not ReviewState.REQUEST_CHANGES:
                accepts.append(signal)
        elif review.state is ReviewState.COMMENT:
            continue  # plain discussion in a review, as in a comment
        elif review.state is ReviewState.APPROVED:
            accepts.append(Signal(login, review.body.strip(), review.id, review.html_url,
                                  review.submitted_at))
        elif review.submitted_at is not None:
            changes_asked = max(changes_asked or review.submitted_at, review.submitted_at)
            if review.id not in marks.revised and plan is None:
                revision = review
    from_comment = revision is None and plan is None and not accepts and reject is None \
        and heard.change is not None
    if from_comment and heard.change is not None:
        revision = _asked_in_comment(heard.change)
    if changes_asked is not None:
        # An approval given before someone asked for changes approved the old pitch.
        # An ACCEPT written after the revision's reply accepts the revised pitch, even in
        # the second the review came (the forge's clock counts seconds).
        revised = max((c.id for c, m in marks.own if isinstance(m, markers.RevisedMark)),
                      default=0)
        comments = {c.id for c in sprint.comments}
        accepts = [a for a in accepts if (a.at is not None and a.at > changes_asked)
                   or (a.source_id in comments and a.source_id > revised > 0)]

    yeses = _yeses(sprint, steering.bot_login)
    pause = _pause(marks.own)
    carried = next((m for _, m in marks.own if isinstance(m, markers.CarriedMark)), None)
    view = SprintView(
        sprint=sprint, state=SprintState.AWAITING_DECISION,
        slug=marks.slug or sprint_slug(sprint.vision_number, vision_title), ledger=ledger,
        guidance=tuple(accepts), reject=reject, revision=revision,
        revision_from_comment=from_comment,
        new_comments=tuple(new_comments), new_reviews=tuple(new_reviews),
        filing_replies=_filing_replies(sprint.comments, marks, new_comments), plan=plan,
        plan_comment=marks.plan_comment, filed=marks.filed, has_footer=marks.has_footer,
        round=marks.round, ignored=tuple(ignored), unclear=tuple(unclear),
        on_vision=heard_on_vision(sprint, steering), said=tuple(heard.said),
        replied=marks.clarified, replied_reviews=marks.clarified_reviews,
        model_failed=_waiting_after_model_error(sprint, marks.own, steering),
        filing_blocked=marks.blocked, edited=marks.edited,
        heard=max((c.id for c in sprint.comments if not steering.is_bot(c.user.login)),
                  default=0),
        last_other=max((c.id for c in sprint.comments if c.user.login != steering.bot_login),
                       default=0),
        parked=PARKED_LABEL in {label.name for label in sprint.pr.labels},
        asked_at=max((c.created_at for c, m in marks.own if m.kind in markers.DESIGN_KINDS),
                     default=None),
        nudged=frozenset(type(m) for _, m in marks.own
                         if isinstance(m, markers.ReminderMark) and m.round == marks.round),
        accepted_by=_accepted_by(yeses, steering),
        accept_words=_accept_words(yeses, steering),
        filing_problems=_filing_problems(marks),
        pause_note=pause[0], paused_at=pause[1], resumed=pause[2],
        carried=carried.ledger if carried else None, carried_from=carried.pr if carried else 0,
        reviewers=tuple(sorted(steering.reviewers)),
        asked=tuple((c.id, m.ledger) for c, m in marks.own
                    if isinstance(m, markers.QuestionsMark | markers.AnswersMark)
                    and m.ledger is not None),
        vision_change=_vision_change(sprint, vision, steering.bot_login),
        awaiting_reapproval=_awaiting_reapproval(sprint, marks, steering),
    )
    return replace(view, state=classify(view))


def _vision_change(sprint: SprintPR, vision: Issue | None, bot: str) -> VisionChange | None:
    """How the vision differs from what the pitch (in the body the bot wrote) was built from."""
    if vision is None or sprint.pr.user.login != bot or sprint.pr.state != "open":
        return None
    return source.change(sprint.pr.body, vision.title, vision.body, sprint.cited)


def _awaiting_reapproval(sprint: SprintPR, marks: Marks, steering: Steering) -> bool:
    """Asked for ACCEPT again, and neither an ACCEPT nor an approval came since."""
    asked = marks.asked_again
    if asked is None:
        return False
    # Read from the comments themselves: an ACCEPT an answers round has taken in since is
    # no longer among the signals, and still answers the ask.
    if any(c.id > asked.id and steering.may_steer(c.user.login)
           and (d := read_decision(c.body, steering.bot_login)) is not None
           and d.word == Family.ACCEPT for c in sprint.comments):
        return False
    return not any(r.state is ReviewState.APPROVED and not r.dismissed and r.user is not None
                   and steering.may_steer(r.user.login) and r.submitted_at is not None
                   and r.submitted_at > asked.created_at for r in sprint.reviews)


def _review_doubt(review: Review, marks: Marks, steering: Steering) -> str | None:
    """Why a review gets one reply, read as a comment would be (`replies.why_unclear`):
    a COMMENT review like `LGTM`, an approval whose words hold it back (`approving if
    the DB part goes`); None when it acts or is plain discussion, or was answered."""
    if review.id in marks.clarified_reviews:
        return None
    if marks.ledger is not None:
        return None  # on the design questions, a review's answers are read by the round
    if review.state is ReviewState.REQUEST_CHANGES:
        return None  # a request for changes is a revision (`SprintView.revision`)
    why = replies.why_unclear(review.body, steering.bot_login)
    if review.state is ReviewState.APPROVED:
        # An approval with plain words, or with agreement in them, approves; only words
        # that hold it back (a condition, a doubt, a refusal) ask first.
        reading = words.read(review.body, steering.bot_login)
        held = (reading.sense is words.Sense.NOT_DECISION
                and reading.modality is not clauses.Modality.CERTAIN
                and not _NOT_BLOCKING.search(review.body))
        refused = reading.sense is words.Sense.LIKELY and reading.family is Family.REJECT
        # "Oh great, more scope right before the freeze. What could go wrong?": an approval
        # in scorn approves nothing.
        scorn = answer_reading.SARCASTIC.search(words.unquoted(review.body, steering.bot_login))
        return (why or replies.Why.LIKELY) if held or refused or scorn else None
    return why


# "Approving this, though I'd love it if ticket 3 had clearer criteria (not blocking)":
# the writer says their wish holds nothing back.
_NOT_BLOCKING = re.compile(r"\b(?:not|non)[\s-]?blocking\b|\bnot\s+a\s+blocker\b|\bno\s+blocker\b",
                           re.IGNORECASE)


def _aside(review: Review, marks: Marks, steering: Steering, heard: _Heard,
           new_reviews: list[Comment]) -> bool:
    """Whether a review is dealt with before its words are weighed: by someone who may not
    steer (one reply naming who may), answers on the design questions (read by the round),
    or a review already answered with one reply ("approving if …": it waits for the
    words it was told to write, and is no approval on the next tick)."""
    login = review.user.login if review.user else ""
    if not steering.may_steer(login):
        heard.ignored.append(f"review {review.id} by @{login} (not a reviewer)")
        if _told_of_review(review, marks, steering, heard.unclear):
            heard.unclear.append(Signal(login, review.body.strip(), review.id,
                                        review.html_url, review.submitted_at,
                                        why=replies.Why.NOT_STEERER, review=True))
        return True
    if (answering := _answering(review, marks)) is not None:
        new_reviews.append(answering)
        return True
    if review.id in marks.reviews_read and review.state is ReviewState.REQUEST_CHANGES \
            and _answers_like(review, marks.ledger):
        return True  # its answers were read by a round: no revision of the pitch
    return review.id in marks.clarified_reviews \
        and review.state is not ReviewState.REQUEST_CHANGES


def _asked_in_comment(asked: Comment) -> Review:
    """A comment asking for a change before the decision, as the request for changes it
    is (its id a comment's: the revision's mark says so)."""
    return Review(id=asked.id, user=asked.user, state=ReviewState.REQUEST_CHANGES,
                  body=asked.body, submitted_at=asked.created_at, html_url=asked.html_url)


def _answering(review: Review, marks: Marks) -> Comment | None:
    """A review written on the design questions with answers in it ("LGTM 👍 — Q1 B, Q2
    B"), not yet read by a round: read as a comment would be, by the same round."""
    if marks.ledger is None or review.id in marks.reviews_read or review.user is None:
        return None
    asked = next((c for c, m in marks.own if isinstance(m, markers.QuestionsMark)), None)
    if asked is None or review.submitted_at is None or review.submitted_at <= asked.created_at:
        return None  # the pitch's approval, read before the questions
    if not _answers_like(review, marks.ledger):
        return None
    return Comment(id=review.id, body=review.body, user=review.user,
                   created_at=review.submitted_at, updated_at=review.submitted_at,
                   html_url=review.html_url)


def _pause(own: tuple[tuple[Comment, markers.Mark], ...]) -> tuple[int, datetime | None, int]:
    """The pause note still open (no resume note ends it), when it was written, and the
    last resume note."""
    ended = {m.pause: c.id for c, m in own if isinstance(m, markers.ResumedMark)}
    notes = [c for c, m in own if isinstance(m, markers.PausedMark)]
    last = notes[-1] if notes and notes[-1].id not in ended else None
    return (last.id if last else 0, last.created_at if last else None,
            max(ended.values(), default=0))


def _yeses(sprint: SprintPR, bot_login: str) -> list[tuple[str, str]]:
    """Every ACCEPT comment, then every standing approval: who said yes, and the words
    that came with it (whoever wrote them: the caller judges who may steer)."""
    said = [(c.user.login, d.rest) for c in sprint.comments
            if (d := read_decision(c.body, bot_login)) and d.word == Family.ACCEPT]
    said += [(r.user.login, r.body.strip()) for r in sprint.reviews
             if r.user is not None and r.state is ReviewState.APPROVED and not r.dismissed]
    return said


def _accepted_by(yeses: list[tuple[str, str]], steering: Steering) -> tuple[str, ...]:
    """Who said yes to the pitch (a comment or an approval), known to steer or not yet read."""
    return tuple(login for login in dict.fromkeys(login for login, _ in yeses)
                 if steering.may_steer(login) or steering.needs_lookup(login))


def _accept_words(yeses: list[tuple[str, str]], steering: Steering) -> str:
    return "\n\n".join(words for login, words in yeses
                        if words and steering.may_steer(login))


def _filing_problems(marks: Marks) -> tuple[str, ...]:
    """The problems the last failed filing check listed, until a plan is posted."""
    if not marks.last_check or marks.plan is not None:
        return ()
    check = next(c for c, m in marks.own if c.id == marks.last_check)
    body = markers.strip_markers(check.body)
    return tuple(line[2:].strip() for line in body.splitlines() if line.startswith("- "))


@dataclass
class _Heard:
    """What the human comments on a sprint PR say, before the reviews are read."""

    ignored: list[str] = field(default_factory=list)
    reject: Signal | None = None
    rejects: list[Signal] = field(default_factory=list)  # every REJECT comment, in order
    accepts: list[Signal] = field(default_factory=list)
    new_comments: list[Comment] = field(default_factory=list)
    unclear: list[Signal] = field(default_factory=list)
    said: list[Signal] = field(default_factory=list)  # every other word, by its kind
    # ACCEPTs after the ask to accept again, during the design: an approval, no answer.
    reaccepts: list[Signal] = field(default_factory=list)
    change: Comment | None = None  # a comment asking for a change before the decision
    weighed: list[Signal] = field(default_factory=list)  # unclear, and replied to already
    yes: list[Signal] = field(default_factory=list)  # every ACCEPT comment, at any stage


# The words read here one by one (their reviews, their stages); every other word of the
# registry is kept on the view by its kind (`SprintView.said`) for the table to read.
_DECIDING = frozenset({"", Family.ACCEPT, Family.REJECT})


def _read_comments(marks: Marks, steering: Steering) -> _Heard:
    bot = steering.bot_login
    started = marks.ledger is not None
    heard = _Heard()
    told = set(marks.told)
    for comment in marks.candidates:
        login = comment.user.login
        if steering.is_bot(login):
            continue
        if not steering.may_steer(login):
            _not_steering(heard, comment, marks, steering, told, started=started)
            continue
        decision = read_decision(comment.body, bot)
        word = decision.word if decision else ""
        signal = Signal(login, decision.rest if decision else "", comment.id,
                        comment.html_url, comment.created_at)
        if word == Family.ACCEPT:
            heard.yes.append(signal)
        if word not in _DECIDING:  # every other word of the registry: kept by its kind
            heard.said.append(replace(signal, kind=Family(word)))
        elif word == Family.REJECT:
            heard.rejects.append(signal)
        elif word == Family.ACCEPT and not started:
            heard.accepts.append(signal)
        elif (word == Family.ACCEPT and marks.asked_again is not None
              and comment.id > marks.asked_again.id):
            heard.reaccepts.append(signal)
        elif started and (comment.id in marks.edited or (
                comment.id > marks.heard_up_to and not _discussion(comment, marks))):
            heard.new_comments.append(comment)
        elif (not started and comment.id not in marks.revised_comments
              and heard.change is None and marks.plan is None
              and asks_a_change(words.unquoted(comment.body, bot))):
            heard.change = comment  # "Drop the UI part": a revision, as a review asks one
        elif not started:
            unclear = replies.why_unclear(comment.body, bot)
            if unclear is not None:
                # Replied to already: no second reply, but still the writer's word so far.
                kept = heard.weighed if comment.id in marks.clarified else heard.unclear
                kept.append(replace(signal, text=comment.body.strip(), why=unclear))
    _last_word(heard, started=started, answered=marks.clarified)
    heard.reject = heard.rejects[0] if heard.rejects else None
    return heard


# The replies that weigh the pitch itself (a hesitant yes or no, a condition, a hedge);
# a reply to an answer on the wrong PR or to someone who may not steer is not one.
_ON_THE_PITCH = frozenset({replies.Why.LIKELY, replies.Why.NOT_DECISION})


def _last_word(heard: _Heard, *, started: bool, answered: frozenset[int]) -> None:
    """A writer's newest comment on the pitch is their word: `REJECT` then `sorry, wrong
    PR. ACCEPT` accepts (on every later tick too), `ACCEPT` then `hmm, not sure yet` waits
    with one reply. Before the decision, one that acts supersedes the hesitations written
    before it, by anyone: their replies would answer a question the decision has settled."""
    # Agreement in other words (`+1`, "that's a yes") takes back no ACCEPT of its writer
    # before it (after a REJECT it is a change of mind, read back).
    decided = sorted([*heard.yes, *heard.rejects], key=lambda s: s.source_id)
    yes_ids = {s.source_id for s in heard.yes}
    agreeing = {s.source_id for s in heard.unclear if _agreement(s)}  # read once

    def confirms(signal: Signal) -> bool:
        before = [d for d in decided if d.login == signal.login and d.source_id < signal.source_id]
        return bool(before) and before[-1].source_id in yes_ids and signal.source_id in agreeing

    weighing = [] if started else [s for s in (*heard.unclear, *heard.weighed)
                                   if s.why in _ON_THE_PITCH and not confirms(s)]
    said = sorted([*heard.yes, *heard.rejects, *weighing], key=lambda s: s.source_id)
    last = {s.login: s.source_id for s in said}
    yes = {s.source_id for s in heard.yes}
    # Every ACCEPT of a writer whose last word is ACCEPT stands: each is guidance.
    stale = {s.source_id for s in said if s.source_id < last[s.login]
             and not (s.source_id in yes and last[s.login] in yes)}
    heard.rejects = [s for s in heard.rejects if s.source_id not in stale]
    # "Let's park this" then, from the same writer before the architect answered the
    # hold, "never mind — ACCEPT": their newest word wins. Once the hold is acknowledged,
    # an ACCEPT is kept until RESUME, as that reply says (another's HOLD always stands).
    heard.said = [s for s in heard.said if not (
        s.kind is Family.HOLD and s.source_id not in answered
        and any(y.login == s.login and y.source_id > s.source_id for y in heard.yes))]
    if started:
        return
    heard.accepts = [s for s in heard.accepts if s.source_id not in stale]
    deciding = [s.source_id for s in (*heard.accepts, *heard.rejects)]
    heard.unclear = [s for s in heard.unclear if s.source_id not in stale and not (
        s.why in _ON_THE_PITCH and deciding and s.source_id < min(deciding))
        # `ACCEPT` then `+1, agreed` (by anyone who may steer): agreement with what is
        # being done needs no reply saying that nothing happened.
        and not (heard.accepts and not heard.rejects and s.source_id in agreeing
                 and s.source_id > min(a.source_id for a in heard.accepts))]


def _agreement(signal: Signal) -> bool:
    """A reply-worthy signal that only agrees (`+1, agreed`, "that's a yes from me")."""
    if signal.why != replies.Why.LIKELY:
        return False
    reading = words.read(signal.text, "")
    # "looks ok I think" hesitates: still its reply.
    return (reading.sense is words.Sense.LIKELY and reading.family is words.Family.ACCEPT
            and clauses.modality(signal.text)[0] is clauses.Modality.CERTAIN
            and not _HESITANT.search(signal.text))


# What `clauses.modality` (vocabulary.HEDGES) leaves certain but a reader hears as
# hesitating after a decision: "looks ok I think", "seems fine", "ok-ish?".
_HESITANT = re.compile(r"\b(?:i\s+think|i\s+believe|seems?|kinda|ok-?ish)\b|\?", re.IGNORECASE)


def _not_steering(heard: _Heard, comment: Comment, marks: Marks, steering: Steering,
                  told: set[str], *, started: bool) -> None:
    """Noted in the log; one reply per person and PR to what reads like a decision or
    an answer, never to someone whose rights this tick did not read."""
    login = comment.user.login
    unknown = steering.needs_lookup(login)
    why = "whether they may steer was not read this tick" if unknown else "not a reviewer"
    heard.ignored.append(f"comment {comment.id} by @{login} ({why})")
    if (login.lower() not in told and comment.id not in marks.clarified and not unknown
            and replies.wants_steering(comment.body, steering.bot_login, started=started,
                                       forks=marks.ledger.forks if marks.ledger else ())):
        told.add(login.lower())
        heard.unclear.append(Signal(login, comment.body.strip(), comment.id, comment.html_url,
                                    comment.created_at, why=replies.Why.NOT_STEERER))


def _discussion(comment: Comment, marks: Marks) -> bool:
    """A comment on the design questions with nothing of an answer in it: left to people."""
    assert marks.ledger is not None
    if marks.last_check:
        return False  # a reply to a failed filing check is for the next plan to hear
    return (parse_comment(comment.body, marks.ledger.forks).discussion
            and not rounds.takes_back(comment.body, marks.ledger))


def heard_up_to(own: tuple[tuple[Comment, markers.Mark], ...]) -> int:
    """The newest human comment the design conversation has taken in.

    A design comment's `seen=` is the newest comment its tick had read; a comment
    posted while the model was thinking is older than the bot's reply but newer
    than `seen`, and stays new. Without `seen=`, the reply's own id.
    """
    heard = 0
    for comment, mark in own:
        if isinstance(mark, markers.QuestionsMark | markers.AnswersMark
                      | markers.FilingCheckMark):
            heard = max(heard, comment.id if mark.seen is None else mark.seen)
    return heard


def _is_signal(word: str, comment_id: int, *, last_design: int) -> bool:
    """Whether a human comment can change the sprint: the test `assess` and the
    snapshot's permission lookups share, so no one's rights are read in vain."""
    if word not in (Family.ACCEPT, "") or comment_id > last_design:
        return True  # REJECT, and every word kept by its kind, count at any stage
    # An ACCEPT counts at any stage too: it takes back its writer's earlier REJECT.
    return word == Family.ACCEPT


def _word(body: str, bot_login: str) -> str:
    decision = read_decision(body, bot_login)
    return decision.word if decision else ""


def _told_of_review(review: Review, marks: Marks, steering: Steering,
                    unclear: list[Signal]) -> bool:
    """Whether a review by someone who may not steer gets the one reply naming who may: an
    approval or a request for changes is a vote by its state, a comment review by its
    words; once per person and PR, never to someone whose rights this tick did not read."""
    login = review.user.login if review.user else ""
    if (not login or steering.needs_lookup(login) or steering.is_bot(login)
            or review.id in marks.clarified_reviews or login.lower() in marks.told
            or any(s.login.lower() == login.lower() for s in unclear)):
        return False
    if review.state is not ReviewState.COMMENT:
        return True
    return replies.wants_steering(review.body, steering.bot_login,
                                  started=marks.ledger is not None)


def _answers_like(review: Review, ledger: Ledger | None) -> bool:
    """A review on the design questions whose words answer them, or name one: read by the
    answers round as a comment is."""
    if ledger is None or not review.body.strip():
        return False
    parsed = parse_comment(review.body, ledger.forks)
    if review.state is ReviewState.REQUEST_CHANGES and not answer_scope.not_the_pitch(
            review.body):
        # "Q2 must be B — contractual requirements": changes asked of an answer, not of
        # the pitch; one that also asks a change of the plan ("split the data model part
        # out") is a revision.
        return bool(parsed.answers) and not parsed.leftover and not asks_a_change(review.body)
    # "Defaults look good to me 👍" in an approval: words for the round to read back, as a
    # comment's would be, never silence.
    return bool(parsed.answers or parsed.approve_all or parsed.doubted or parsed.unread
                or (parsed.leftover and review.state is ReviewState.APPROVED))


def _review_matters(review: Review, started: bool, *, bot: str) -> bool:
    """An approval until the questions start; a request for changes until the filing
    (answered ones too: they decide which approvals are older than the revision);
    a COMMENT review with words (until the questions), or with REJECT, HOLD or another
    word kept by its kind (at any stage, as a comment's)."""
    if review.state is ReviewState.APPROVED:
        # After the questions, an approval is no answer; kept all the same, so that one by
        # someone who may not steer gets its one reply naming who may (`assess`).
        return True
    if review.state is ReviewState.COMMENT:
        # Read like a comment: a decision, or (before the questions) any words that may
        # call for one reply.
        word = _word(review.body, bot)
        return word not in ("", Family.ACCEPT) or not started
    return review.state is ReviewState.REQUEST_CHANGES


def _waiting_after_model_error(sprint: SprintPR, own: tuple[tuple[Comment, markers.Mark], ...],
                               steering: Steering) -> bool:
    """True when the bot's last word is a model-error note and no human answered it.

    The note is posted once per failure; until someone who may steer comments or
    reviews after it, asking the same model the same thing again would fail the
    same way, every tick, at a cost.
    """
    last = own[-1][0] if own else None
    if last is None or not any(isinstance(m, markers.ModelErrorMark)
                               for c, m in own if c.id == last.id):
        return False
    if any(c.id > last.id and steering.may_steer(c.user.login) for c in sprint.comments):
        return False
    if markers.steered_after(sprint.comments, steering.bot_login, last.id):
        return False  # "retry" ticked on the dashboard
    return not any(
        r.submitted_at is not None and r.submitted_at > last.created_at and r.user is not None
        and steering.may_steer(r.user.login) and not r.dismissed
        and r.state in (ReviewState.APPROVED, ReviewState.REQUEST_CHANGES)
        for r in sprint.reviews)


def _filing_replies(comments: tuple[Comment, ...], marks: Marks,
                    new_comments: list[Comment]) -> tuple[Comment, ...]:
    """Replies to the last failed filing check: new ones, and those the bot already read.

    The `read=` of an answers marker names the comments that round read (checked
    then as coming from someone who may steer), so a reply whose acknowledgment
    was posted by a tick that died before planning still reaches the next plan.
    """
    if not marks.last_check:
        return ()
    fresh = {c.id for c in new_comments}
    return tuple(c for c in comments
                 if c.id > marks.last_check and (c.id in marks.read or c.id in fresh))


def _trusted_ledger(own: tuple[tuple[Comment, markers.Mark], ...]) -> tuple[Ledger | None, int]:
    ledger: Ledger | None = None
    round_ = 0
    for _, mark in own:
        if (isinstance(mark, markers.QuestionsMark | markers.AnswersMark)
                and mark.ledger is not None):
            ledger = mark.ledger
            round_ = max(round_, mark.round)
    return ledger, round_
