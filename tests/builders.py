"""Data factories for the pure lifecycle tests: forge objects built directly, no forge.

The bot's comments are rendered by `architect.core.render`, exactly as the
architect writes them, so a test reads like the conversation on the PR:

    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("Q1: A")
    decide(a_snapshot(sprints=[talk.sprint()]), settings())

Every object is a plain value; a `Conversation` is the one mutable helper, a
PR whose comments, reviews and body grow as the test appends to them.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from architect.config import ArchitectConfig
from architect.core import render
from architect.core.decide import judged
from architect.core.facts import VisionHistory
from architect.core.ledger import Answer, DesignFork, ForkStatus, Ledger
from architect.core.markers import ModelErrorMark, PausedMark
from architect.core.schemas import Pitch, SubIssue, Verdict
from architect.core.snapshot import Snapshot
from architect.core.sprint import PARKED_LABEL, branch_for, sprint_slug
from architect.core.steering import Steering
from architect.core.table import SprintState
from architect.core.view import SprintPR
from architect.forge.models import (
    BranchRef,
    Comment,
    Issue,
    Label,
    PullRequest,
    Review,
    ReviewState,
    User,
)

BOT = "architect-bot"
REVIEWER = "alice"  # has write access on the ops repo
OTHER_REVIEWER = "bob"  # has write access on the ops repo
STRANGER = "mallory"  # can read, cannot write
PROJECT = "acme/shop"
OPS = "acme/shop-ops"
FORGE = "http://forge.test"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
VISION = 7
VISION_TITLE = "Shoppers keep a wishlist"


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


# -- people and labels ----------------------------------------------------------


def a_user(login: str = REVIEWER) -> User:
    return User(id=zlib.crc32(login.encode()) % 100_000 + 1, login=login)


def a_label(name: str) -> Label:
    return Label(id=zlib.crc32(name.encode()) % 1_000 + 1, name=name)


def settings(**overrides: object) -> ArchitectConfig:
    """The `[architect]` table with its defaults (max_open_pitches = 3, no reviewers)."""
    return ArchitectConfig.model_validate(overrides)


def a_steering(*, reviewers: Sequence[str] = (), writers: Iterable[str] = (REVIEWER,
               OTHER_REVIEWER), readers: Iterable[str] = (STRANGER,),
               config: ArchitectConfig | None = None) -> Steering:
    """Who may steer, built as `read_snapshot` builds it from the config and the forge."""
    cfg = config or settings(reviewers=list(reviewers))
    # Permissions are only looked up when no reviewers are configured; `readers` are
    # the users the lookup finds without write access.
    known = None if cfg.reviewers else frozenset(writers) - frozenset(readers)
    return Steering(bot_login=BOT, reviewers=frozenset(cfg.reviewers),
                    bot_patterns=cfg.bot_account_globs, writers=known)


# -- issues and comments --------------------------------------------------------


def an_issue(number: int = VISION, title: str = VISION_TITLE, *,
             labels: Iterable[str] = ("vision",), body: str = "Let shoppers keep a wishlist.",
             by: str = REVIEWER, state: str = "open", updated: datetime = T0) -> Issue:
    return Issue(id=10_000 + number, number=number, title=title, body=body, state=state,
                 user=a_user(by), labels=[a_label(n) for n in labels], created_at=T0,
                 updated_at=updated, html_url=f"{FORGE}/{PROJECT}/issues/{number}")


def a_vision(number: int = VISION, title: str = VISION_TITLE, *, in_progress: bool = False,
             updated: datetime = T0) -> Issue:
    labels = ("vision", "in-progress") if in_progress else ("vision",)
    return an_issue(number, title, labels=labels, updated=updated)


def a_comment(body: str, *, by: str = REVIEWER, id_: int = 1, at_: datetime | None = None,
              on: str = f"{OPS}/pulls/1") -> Comment:
    when = at_ or at(id_)
    return Comment(id=id_, body=body, user=a_user(by), created_at=when, updated_at=when,
                   html_url=f"{FORGE}/{on}#issuecomment-{id_}")


def a_review(state: ReviewState = ReviewState.APPROVED, *, by: str = REVIEWER, id_: int = 1,
             body: str = "", dismissed: bool = False) -> Review:
    return Review(id=id_, user=a_user(by), state=state, body=body, dismissed=dismissed,
                  submitted_at=at(id_), html_url=f"{FORGE}/{OPS}/pulls/1#issuecomment-{id_}")


# -- the design conversation ----------------------------------------------------


def a_fork(number: int = 1, question: str = "Where are wishlists kept?", *,
           options: Sequence[tuple[str, str]] = (("A", "In the session cookie"),
                                                 ("B", "In the database")),
           recommended: str = "B", answer: str | None = None, by: str = REVIEWER,
           status: ForkStatus | None = None, round_: int = 1) -> DesignFork:
    fork = DesignFork(number, question, tuple(options), recommended,
                      why="It survives a logout.", round=round_)
    if answer is None:
        return fork
    given = Answer(answer, dict(options)[answer], by, f"{FORGE}/{OPS}/pulls/1#answer", 1)
    return fork.answered(given, resolved=status is not ForkStatus.ANSWERED)


def two_forks() -> Ledger:
    """Q1 (recommended B) and Q2 (recommended A), both open."""
    return Ledger((
        a_fork(1),
        a_fork(2, "Can wishlists be shared?",
               options=(("A", "No, private only"), ("B", "Yes, by link")), recommended="A"),
    ))


def resolved(ledger: Ledger, **answers: str) -> Ledger:
    """`ledger` with Q<n> answered: resolved(ledger, Q1="B")."""
    for key, letter in answers.items():
        fork = ledger.get(int(key.removeprefix("Q")))
        assert fork is not None, key
        given = Answer(letter, fork.option_text(letter), REVIEWER, f"{FORGE}/{OPS}/pulls/1", 1)
        ledger = ledger.with_fork(fork.answered(given))
    return ledger


def all_resolved(ledger: Ledger) -> Ledger:
    return resolved(ledger, **{f"Q{f.number}": f.recommended for f in ledger.forks})


def a_sub_issue(id_: str = "store", title: str = "Store wishlist items", *,
                depends_on: Sequence[str] = ()) -> SubIssue:
    return SubIssue(id=id_, title=title, problem="Nowhere to keep items.",
                    proposed_solution="A wishlist table.", affected_files=["shop/wishlist.py"],
                    acceptance_criteria=["Items survive a restart."],
                    depends_on=list(depends_on))


def a_plan() -> tuple[SubIssue, ...]:
    return (a_sub_issue(), a_sub_issue("api", "Wishlist API", depends_on=["store"]))


def a_pitch() -> Pitch:
    return Pitch(what_this_enables="Shoppers save items for later.",
                 what_exists_today="A cart in the session.", complexity="Small: two modules.",
                 risks="Stale items.", cost_new_infra="None.", verdict=Verdict.GO,
                 recommendation="Worth a small sprint.")


def pr_body(vision: int = VISION, title: str = VISION_TITLE, ledger: Ledger | None = None,
            filed: Sequence[int] = ()) -> str:
    """The PR body exactly as the architect writes it."""
    return render.pr_body(vision, render.pitch_markdown(vision, title, a_pitch(), repo=PROJECT),
                          ledger, filed, repo=PROJECT)


def a_pull(vision: int = VISION, *, number: int = 1, title: str = VISION_TITLE,
           body: str | None = None, state: str = "open", merged: bool = False,
           closed_at: datetime | None = None, by: str = BOT,
           labels: Sequence[str] = ()) -> PullRequest:
    branch = branch_for(vision)
    return PullRequest(
        id=20_000 + number, number=number, title=f"architect: {title}",
        body=pr_body(vision, title) if body is None else body, state=state, user=a_user(by),
        head=BranchRef(label=branch, ref=branch), base=BranchRef(label="main", ref="main"),
        merged=merged, merged_at=closed_at if merged else None, created_at=T0,
        updated_at=closed_at or T0, closed_at=closed_at,
        labels=[a_label(name) for name in labels],
        html_url=f"{FORGE}/{OPS}/pulls/{number}")


@dataclass
class Conversation:
    """One sprint PR as it grows: the bot's marks and the humans' comments, in order.

    Comment ids and times rise with every write. The bot's writes are rendered
    by `render` and update the PR body as `apply` does.
    """

    vision: int = VISION
    title: str = VISION_TITLE
    number: int = 1
    comments: list[Comment] = field(default_factory=list)
    reviews: list[Review] = field(default_factory=list)
    ledger: Ledger | None = None  # what the body's "## Design forks" shows
    filed_numbers: tuple[int, ...] = ()
    body: str | None = None  # a hand-edited body, else the architect's
    round: int = 0
    labels: tuple[str, ...] = ()  # on the PR
    vision_gone: str = ""  # why the vision no longer holds the sprint (the snapshot says)
    vision_slipped: bool = False  # closed or unlabelled: it may come back (a pause first)
    closed_by: str = ""  # a human closed (or, with `merged`, merged) the PR
    merged: bool = False
    branch_gone: bool = False  # reopened after its branch was deleted
    _next_id: int = 0

    @property
    def slug(self) -> str:
        return sprint_slug(self.vision, self.title)

    def _id(self) -> int:
        self._next_id += 1
        return self.number * 1_000 + self._next_id

    # -- anyone ------------------------------------------------------------------
    def says(self, login: str, body: str) -> Comment:
        id_ = self._id()
        comment = a_comment(body, by=login, id_=id_, at_=at(id_ % 1_000),
                            on=f"{OPS}/pulls/{self.number}")
        self.comments.append(comment)
        return comment

    def human(self, body: str, by: str = REVIEWER) -> Comment:
        return self.says(by, body)

    def review(self, state: ReviewState, *, by: str = REVIEWER, body: str = "",
               dismissed: bool = False) -> Review:
        id_ = self._id()
        review = a_review(state, by=by, id_=id_, body=body, dismissed=dismissed).model_copy(
            update={"submitted_at": at(id_ % 1_000)})  # on the same clock as `says`
        self.reviews.append(review)
        return review

    # -- the bot -----------------------------------------------------------------
    def bot(self, body: str) -> Comment:
        return self.says(BOT, body)

    def footer(self) -> Comment:
        return self.bot(render.footer_comment(self.slug))

    def revised(self, review: Review) -> Comment:
        assert review.user is not None
        return self.bot(render.revised_comment(review.id, review.user.login, "Smaller scope."))

    def ask(self, ledger: Ledger | None = None) -> Comment:
        self.ledger = two_forks() if ledger is None else ledger
        self.round = 1
        return self.bot(render.questions_comment(self.ledger, no_fork_reason="", round_=1))

    def acknowledge(self, ledger: Ledger, acknowledged: Sequence[int] = ()) -> Comment:
        self.ledger = ledger
        self.round += 1
        shown = [f for n in acknowledged if (f := ledger.get(n)) is not None]
        return self.bot(render.answers_comment(ledger, acknowledged=shown, notes=(), reply="",
                                               follow_ups=(), round_=self.round))

    def plan(self, subs: Sequence[SubIssue] | None = None) -> Comment:
        return self.bot(render.plan_comment(a_plan() if subs is None else subs,
                                             repo=PROJECT))

    def filing_check(self, *problems: str) -> Comment:
        return self.bot(render.filing_problem_comment(problems or ("`api` has no criteria.",)))

    def model_error(self, step: str = "questions") -> Comment:
        return self.bot(render.model_error_comment(ModelErrorMark(step, after=0),
                                                     "- forks: Field required"))

    def paused(self, since: int = 0) -> Comment:
        return self.bot(f"Paused: {self.vision_gone}.\n\n{PausedMark(since).render()}")

    def filed(self, numbers: Sequence[int] = (20, 21)) -> Comment:
        self.filed_numbers = tuple(numbers)
        return self.bot(render.filed_comment(numbers, repo=PROJECT))

    # -- reading -----------------------------------------------------------------
    def pr(self) -> PullRequest:
        body = self.body if self.body is not None else pr_body(
            self.vision, self.title, self.ledger, self.filed_numbers)
        closed = at(900) if self.closed_by else None
        return a_pull(self.vision, number=self.number, title=self.title, body=body,
                      labels=self.labels, state="closed" if self.closed_by else "open",
                      merged=self.merged, closed_at=closed)

    def sprint(self) -> SprintPR:
        return SprintPR(self.pr(), self.vision, tuple(self.comments), tuple(self.reviews),
                        vision_gone=self.vision_gone, closed_by=self.closed_by,
                        vision_slipped=self.vision_slipped, branch_gone=self.branch_gone)


def conversation_in(state: SprintState, *, vision: int = VISION, title: str = VISION_TITLE,
                    number: int = 1) -> Conversation:
    """A sprint PR whose marks put it in `state`, reached the ordinary way."""
    talk = Conversation(vision=vision, title=title, number=number)
    if state is SprintState.PITCH_INCOMPLETE:
        return talk
    talk.footer()
    if state is SprintState.AWAITING_DECISION:
        return talk
    if state is SprintState.REVISION_REQUESTED:
        talk.review(ReviewState.REQUEST_CHANGES, body="Too big; drop sharing.")
        return talk
    if state is SprintState.REJECTED:
        talk.human("REJECT: not this quarter")
        return talk
    if state is SprintState.CLOSED_BY_HUMAN:
        talk.closed_by = REVIEWER
        return talk
    if state is SprintState.MERGED_UNFILED:
        talk.closed_by, talk.merged = REVIEWER, True
        return talk
    if state is SprintState.VISION_GONE:
        talk.vision_gone = f"its vision #{vision} was deleted"
        return talk
    if state in (SprintState.VISION_SLIPPED, SprintState.PAUSED):
        talk.vision_gone, talk.vision_slipped = f"its vision #{vision} was closed", True
        if state is SprintState.PAUSED:
            talk.paused()
        return talk
    if state is SprintState.BRANCH_GONE:
        talk.branch_gone = True
        return talk
    talk.human("ACCEPT")
    if state is SprintState.ACCEPTED:
        return talk
    if state is SprintState.MODEL_FAILED:
        talk.model_error()
        return talk
    talk.ask()
    if state is SprintState.HELD:
        talk.human("HOLD: waiting for the legal review")
        return talk
    # The two "unanswered" states also need the tick's clock (`nudge.with_clock`).
    if state in (SprintState.QUESTIONS_OPEN, SprintState.REMINDER_DUE, SprintState.PARK_DUE):
        return talk
    if state is SprintState.PARKED:
        talk.labels = (PARKED_LABEL,)
        return talk
    if state is SprintState.ANSWERS_PENDING:
        talk.human("Q1: B")
        return talk
    talk.human("yes")
    talk.acknowledge(all_resolved(two_forks()), acknowledged=(1, 2))
    if state is SprintState.READY_TO_FILE:
        return talk
    if state is SprintState.FILING_BLOCKED:
        talk.filing_check()
        return talk
    talk.plan()
    if state is SprintState.FILING:
        return talk
    talk.filed()
    assert state is SprintState.FILED, state
    return talk


def a_sprint_pr(state: SprintState = SprintState.AWAITING_DECISION, *, vision: int = VISION,
                title: str = VISION_TITLE, number: int = 1) -> SprintPR:
    return conversation_in(state, vision=vision, title=title, number=number).sprint()


# -- a vision's history and the snapshot ---------------------------------------


def a_rejected_history(vision: Issue | None = None, *, reason: str = "too big for now",
                       pr_number: int = 1, by: str = REVIEWER,
                       later: Sequence[Comment] = ()) -> VisionHistory:
    """A vision whose sprint PR was rejected: the PR closed, the notice on the vision.

    The vision's `updated_at` is the notice's time (posting a comment bumps it).
    `later` are comments that came after the notice.
    """
    notice_time = at(30)
    vision = vision or a_vision(updated=notice_time)
    notice = a_comment(render.rejection_notice(pr_number, reason, by), by=BOT, id_=500,
                       at_=notice_time, on=f"{PROJECT}/issues/{vision.number}")
    pr = a_pull(vision.number, number=pr_number, title=vision.title, state="closed",
                closed_at=at(29))
    return VisionHistory(vision, (pr,), (notice, *later))


def a_snapshot(*, visions: Iterable[Issue] | None = None, sprints: Iterable[SprintPR] = (),
               history: Mapping[int, VisionHistory] | None = None,
               pitch_order: Sequence[int] | None = None,
               steering: Steering | None = None) -> Snapshot:
    """What a tick read: open visions, open sprint PRs, and each vision's history.

    A vision's history holds its open sprint PRs too, as the forge remembers them.
    """
    sprints = tuple(sprints)
    histories = dict(history or {})
    vision_list = list(visions) if visions is not None else (
        [h.vision for h in histories.values()] or [a_vision()])
    candidates = []
    for vision in vision_list:
        known = histories.get(vision.number, VisionHistory(vision))
        listed = {pr.number for pr in known.sprint_prs}
        open_prs = tuple(s.pr for s in sprints
                         if s.vision_number == vision.number and s.pr.number not in listed)
        candidates.append(replace(known, vision=vision, sprint_prs=known.sprint_prs + open_prs))
    order = tuple(pitch_order) if pitch_order is not None else tuple(v.number for v in vision_list)
    # The shell judges each candidate while it reads: so does this reader.
    return judged(Snapshot(now=at(60), bot=a_user(BOT), visions=tuple(vision_list),
                           sprints=sprints, steering=steering or a_steering(),
                           candidates=tuple(candidates), pitch_order=order))


# The design questions of tests/world.py's two corpus visions, as the reader's tests use them.
ATTACHMENT_FORKS = (
    DesignFork(1, "Where are uploaded files stored?",
               (("A", "On the local disk"), ("B", "In S3-compatible object storage")), "B"),
    DesignFork(2, "Who can see an attachment?",
               (("A", "Everyone who can see the note"), ("B", "Only the uploader and admins")),
               "A"),
    DesignFork(3, "How are expired files cleaned up?",
               (("A", "A nightly cron job"), ("B", "A background worker queue")), "A"),
)
SETTINGS_FORKS = (
    DesignFork(1, "Where are settings kept?",
               (("A", "In browser localStorage"), ("B", "On the server")), "B"),
    DesignFork(2, "Can settings be exported?", (("A", "No"), ("B", "Yes, as a JSON file")), "A"),
)
