"""Hidden markers: how the architect recognises its own marks on the forge.

Every comment the architect writes ends with one HTML comment such as
``<!-- architect: questions round=2 -->``; some also carry a JSON payload
(``<!-- architect: ledger {...} -->``). Markers are what make a write whose
response was lost recognisable on the next tick, so it is never repeated.

A marker counts only in content the bot itself authored: `bot_markers` takes
the comment's author and the bot's login and ignores everything else, so a
human who pastes a marker into a comment changes nothing.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol, Self, TypeVar

from pydantic import ValidationError

from architect.core.ledger import Ledger, from_payload, to_payload
from architect.core.schemas import SubIssue
from architect.core.text import html_comment_spans
from architect.forge.models import Comment

MARK_OPEN = "<!-- architect:"  # how every marker of the architect starts


def after_pasted_marks(text: str) -> str:
    """What a person wrote after the last mark of the architect's in their comment: a bot
    comment pasted whole (it ends with its mark) is the bot's words, never the person's."""
    last = None
    for start, end in html_comment_spans(text):
        if text.startswith(MARK_OPEN, start):
            last = end
    return text if last is None else text[last:]


VISION_OPEN = f"{MARK_OPEN} vision="
_MARKER = re.compile(r"<!--\s*architect:\s*(?P<kind>[a-z][a-z-]*)(?P<rest>.*)-->\Z", re.DOTALL)
_ATTR = re.compile(r"([a-z_]+)=(\S+)")
_VISION = re.compile(r"<!--\s*architect:\s*vision=#(\d+)\s*-->")
_DECOMPOSED = re.compile(
    r"<!--\s*decomposed-from:\s*#(?P<vision>\d+),\s*sprint:\s*(?P<slug>[^,\s]+),\s*id:\s*(?P<id>[^\s>]+)\s*-->"
)


@dataclass(frozen=True)
class Marker:
    kind: str
    attrs: dict[str, str]
    payload: Any = None


def marker(kind: str, payload: Any = None, **attrs: object) -> str:
    """Render a marker; a payload is JSON that can never close the comment early."""
    parts = [f"{MARK_OPEN} {kind}"]
    parts.extend(f"{key}={value}" for key, value in attrs.items())
    if payload is not None:
        parts.append(_safe_json(payload))
    return " ".join(parts) + " -->"


def _safe_json(payload: Any) -> str:
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    # "--" may not appear inside an HTML comment; "\u002d" is the same "-" to JSON.
    while "--" in text:
        text = text.replace("--", "-\\u002d")
    return text.replace(">", "\\u003e")


def _marker_matches(text: str) -> Iterator[tuple[tuple[int, int], re.Match[str]]]:
    # Each HTML comment is found by a linear scan and matched on its own: a regex
    # over the whole text would be quadratic on a body full of unclosed comments.
    for start, end in html_comment_spans(text):
        match = _MARKER.match(text, start, end)
        if match:
            yield (start, end), match


def parse_markers(text: str) -> Iterator[Marker]:
    for _, match in _marker_matches(text):
        rest = match.group("rest").strip()
        payload: Any = None
        brace = rest.find("{")
        bracket = rest.find("[")
        starts = [i for i in (brace, bracket) if i >= 0]
        if starts:
            start = min(starts)
            try:
                payload = json.loads(rest[start:])
            except json.JSONDecodeError:
                payload = None
            rest = rest[:start]
        attrs = dict(_ATTR.findall(rest))
        yield Marker(match.group("kind"), attrs, payload)


def bot_markers(comments: Iterable[Comment], bot_login: str) -> Iterator[tuple[Comment, Marker]]:
    """Markers in comments the bot wrote, oldest first; anything else is ignored."""
    for comment in comments:
        if comment.user.login != bot_login:
            continue
        for found in parse_markers(comment.body):
            yield comment, found


def vision_marker(number: int) -> str:
    return f"{VISION_OPEN}#{number} -->"


# -- typed marks: one record per kind, rendered and parsed in one place ----------

class Kind(StrEnum):
    FOOTER = "footer"
    QUESTIONS = "questions"
    ANSWERS = "answers"
    PLAN = "plan"
    FILING_CHECK = "filing-check"
    FILED = "filed"
    REVISED = "revised"
    REJECTED = "rejected"
    MODEL_ERROR = "model-error"
    UNCLEAR = "unclear"
    STORY = "story"
    REMINDER = "reminder"
    PARKED = "parked"
    DASHBOARD = "dashboard"
    BOX = "box"
    STEERED = "steered"
    PAUSED = "paused"
    RESUMED = "resumed"
    CARRIED = "carried"
    BRANCH_GONE = "branch-gone"
    REPLAN = "replan"  # a re-plan proposal on a merged sprint PR (`core.replan`)
    REPLAN_DONE = "replan-done"  # what became of it: applied, dropped, failed
    REPLANNED = "replanned"  # the note on each sub-issue (and the vision) it touched
    REPLAN_REPLY = "replan-reply"  # one reply to a comment after filing
    REPLAN_REMINDER = "replan-reminder"  # the one reminder of an unanswered proposal
    SOURCE = "source"  # in the PR body: the vision the pitch was built from (`core.source`)
    REFRESHED = "refreshed"  # the one note that the pitch follows its edited vision
    ASKED_AGAIN = "asked-again"  # the vision changed after an approval: ACCEPT again


DESIGN_KINDS = frozenset({Kind.QUESTIONS, Kind.ANSWERS, Kind.FILING_CHECK})


class Mark(Protocol):
    kind: ClassVar[Kind]

    def render(self) -> str: ...

    def key(self) -> tuple[object, ...]:
        """What makes two marks of this kind the same write (for `ensure`)."""
        ...


M = TypeVar("M", bound=Mark)


def _int(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None


def _ints(value: str | None) -> tuple[int, ...]:
    return tuple(int(n) for n in (value or "").split(",") if n.isdigit())


def _seen(seen: int | None) -> dict[str, int]:
    # `seen`: the newest comment the tick had read when it wrote this. A comment posted
    # while the model was thinking is older than this comment but newer than `seen`.
    return {} if seen is None else {"seen": seen}


@dataclass(frozen=True)
class FooterMark:
    kind: ClassVar[Kind] = Kind.FOOTER
    slug: str = ""

    def render(self) -> str:
        return marker(self.kind, slug=self.slug)

    def key(self) -> tuple[object, ...]:
        return ()

    @classmethod
    def parse(cls, found: Marker) -> FooterMark:
        return cls(found.attrs.get("slug", ""))


@dataclass(frozen=True)
class QuestionsMark:
    kind: ClassVar[Kind] = Kind.QUESTIONS
    round: int
    ledger: Ledger | None
    seen: int | None = None

    def render(self) -> str:
        return marker(self.kind, to_payload(self.ledger or Ledger()), round=self.round,
                      **_seen(self.seen))

    def key(self) -> tuple[object, ...]:
        return (self.round,)

    @classmethod
    def parse(cls, found: Marker) -> QuestionsMark:
        return cls(_int(found.attrs.get("round")) or 1, from_payload(found.payload),
                   _int(found.attrs.get("seen")))


def digest(text: str) -> str:
    """A short fingerprint of a comment's text as it was read: an edit changes it."""
    return hashlib.sha256(text.encode()).hexdigest()[:10]


@dataclass(frozen=True)
class AnswersMark:
    """An answers round; `read=` names the comments it read, each as `id:digest` of the
    text read (plain `id` in marks written before edits were followed)."""

    kind: ClassVar[Kind] = Kind.ANSWERS
    round: int
    ledger: Ledger | None
    read: tuple[int, ...] = ()  # the comments this round read
    seen: int | None = None
    digests: tuple[tuple[int, str], ...] = ()  # (comment, `digest` of the text read)
    # The PR reviews this round read (numbered apart from comments on a forge).
    reviews: tuple[int, ...] = ()

    def render(self) -> str:
        known = dict(self.digests)
        entries = [f"{n}:{known[n]}" if n in known else str(n) for n in self.read]
        ids: dict[str, object] = {"read": ",".join(entries)} if entries else {}
        if self.reviews:
            ids["reviews"] = ",".join(map(str, self.reviews))
        return marker(self.kind, to_payload(self.ledger or Ledger()), round=self.round, **ids,
                      **_seen(self.seen))

    def key(self) -> tuple[object, ...]:
        return (self.round,)

    @classmethod
    def parse(cls, found: Marker) -> AnswersMark:
        entries = [e.partition(":") for e in (found.attrs.get("read") or "").split(",")]
        read = tuple(int(n) for n, _, _ in entries if n.isdigit())
        digests = tuple((int(n), d) for n, _, d in entries if n.isdigit() and d)
        reviews = tuple(int(n) for n in (found.attrs.get("reviews") or "").split(",")
                        if n.isdigit())
        return cls(_int(found.attrs.get("round")) or 1, from_payload(found.payload), read,
                   _int(found.attrs.get("seen")), digests, reviews)


@dataclass(frozen=True)
class PlanMark:
    """The plan; `filed` records, as the filing goes, which sub-issue became which issue.

    The record is what recognises a filed sub-issue on a retry even when a human
    edited the provenance marker out of its body. `filed=` lists one entry per
    sub-issue in plan order: its number, or `-` while it is not filed.
    """

    kind: ClassVar[Kind] = Kind.PLAN
    subs: tuple[SubIssue, ...]
    filed: tuple[tuple[str, int], ...] = ()  # (sub-issue id, issue number)

    def render(self) -> str:
        done = dict(self.filed)
        record = ({"filed": ",".join(str(done.get(s.id, "-")) for s in self.subs)}
                  if done else {})
        return marker(self.kind, [s.model_dump(mode="json") for s in self.subs], **record)

    def key(self) -> tuple[object, ...]:
        return ()

    @classmethod
    def parse(cls, found: Marker) -> PlanMark | None:
        if not isinstance(found.payload, list):
            return None
        try:
            subs = tuple(SubIssue.model_validate(item) for item in found.payload)
        except ValidationError:
            return None
        entries = (found.attrs.get("filed") or "").split(",")
        return cls(subs, tuple((s.id, int(n)) for s, n in zip(subs, entries, strict=False)
                               if n.isdigit()))


@dataclass(frozen=True)
class FilingCheckMark:
    kind: ClassVar[Kind] = Kind.FILING_CHECK
    seen: int | None = None

    def render(self) -> str:
        return marker(self.kind, **_seen(self.seen))

    def key(self) -> tuple[object, ...]:
        return ()

    @classmethod
    def parse(cls, found: Marker) -> FilingCheckMark:
        return cls(_int(found.attrs.get("seen")))


@dataclass(frozen=True)
class FiledMark:
    kind: ClassVar[Kind] = Kind.FILED
    numbers: tuple[int, ...]

    def render(self) -> str:
        return marker(self.kind, numbers=",".join(map(str, self.numbers)))

    def key(self) -> tuple[object, ...]:
        return ()

    @classmethod
    def parse(cls, found: Marker) -> FiledMark:
        return cls(_ints(found.attrs.get("numbers")))


@dataclass(frozen=True)
class RevisedMark:
    kind: ClassVar[Kind] = Kind.REVISED
    review: int
    # The id is a comment's that asked for the change (comments and reviews are numbered
    # apart on a forge).
    comment: bool = False

    def render(self) -> str:
        return marker(self.kind, review=self.review, **({"comment": 1} if self.comment else {}))

    def key(self) -> tuple[object, ...]:
        return (self.review, self.comment)

    @classmethod
    def parse(cls, found: Marker) -> RevisedMark | None:
        review = _int(found.attrs.get("review"))
        return None if review is None else cls(review, found.attrs.get("comment") == "1")


@dataclass(frozen=True)
class RejectedMark:
    """On the sprint PR, bare; on the vision, which PR and why (read by the next pitch)."""

    kind: ClassVar[Kind] = Kind.REJECTED
    pr: int | None = None
    reason: str = ""
    # The architect stopped the sprint itself (its vision gone): `reason` says what
    # happened, and is no person's reason for a rejection.
    stop: bool = False
    # How a person ended it without REJECT: "closed" or "merged" ("" for a REJECT:).
    how: str = ""

    def render(self) -> str:
        if self.pr is None:
            return marker(self.kind)
        return marker(self.kind, {"reason": self.reason}, pr=self.pr,
                      **({"stop": 1} if self.stop else {}),
                      **({"how": self.how} if self.how else {}))

    @property
    def word(self) -> str:
        """The one word for how the sprint ended, wherever it is shown."""
        if self.stop:
            return "stopped"
        if self.how == "merged":
            return "merged before filing"
        if self.how == "closed":
            return "closed without a REJECT: reason" if not self.reason else "closed"
        return "rejected"

    def key(self) -> tuple[object, ...]:
        return (self.pr,)

    @classmethod
    def parse(cls, found: Marker) -> RejectedMark:
        reason = found.payload.get("reason", "") if isinstance(found.payload, dict) else ""
        return cls(_int(found.attrs.get("pr")), str(reason), found.attrs.get("stop") == "1",
                   found.attrs.get("how", ""))


@dataclass(frozen=True)
class ModelErrorMark:
    kind: ClassVar[Kind] = Kind.MODEL_ERROR
    step: str
    after: int  # the newest comment not the bot's when the model failed
    edit: int | None = None  # on a vision: its updated_at (epoch seconds) at the failure

    def render(self) -> str:
        keys = {} if self.edit is None else {"edit": self.edit}
        return marker(self.kind, step=self.step, after=self.after, **keys)

    def key(self) -> tuple[object, ...]:
        return (self.step, self.after, self.edit)

    @classmethod
    def parse(cls, found: Marker) -> ModelErrorMark:
        return cls(found.attrs.get("step", ""), _int(found.attrs.get("after")) or 0,
                   _int(found.attrs.get("edit")))


@dataclass(frozen=True)
class UnclearMark:
    """The one reply to a comment: one like `LGTM` that reads like a decision but is none,
    or a word the table answers by its kind (`SprintView.replied` names them all)."""

    kind: ClassVar[Kind] = Kind.UNCLEAR
    comment: int  # the comment answered
    # Set on the reply to someone who may not steer: that person is told once per PR.
    who: str = ""
    # The id is a PR review's (reviews and comments are numbered apart on a forge).
    review: bool = False

    def render(self) -> str:
        attrs: dict[str, object] = {"comment": self.comment}
        if self.who:
            attrs["who"] = self.who
        if self.review:
            attrs["review"] = 1
        return marker(self.kind, **attrs)

    def key(self) -> tuple[object, ...]:
        return (self.comment, self.review)

    @classmethod
    def parse(cls, found: Marker) -> UnclearMark | None:
        comment = _int(found.attrs.get("comment"))
        return None if comment is None else cls(comment, found.attrs.get("who", ""),
                                                found.attrs.get("review") == "1")


@dataclass(frozen=True)
class BranchGoneMark:
    """The one note on a sprint PR reopened after its branch was deleted."""

    kind: ClassVar[Kind] = Kind.BRANCH_GONE

    def render(self) -> str:
        return marker(self.kind)

    def key(self) -> tuple[object, ...]:
        return ()

    @classmethod
    def parse(cls, found: Marker) -> BranchGoneMark:
        return cls()


class StoryEvent(StrEnum):
    """What became of a vision's sprint PR, as its `StoryMark` tells the vision."""

    PITCHED = "pitched"
    FILED = "filed"
    COMPLETED = "completed"


@dataclass(frozen=True)
class StoryMark:
    """On a vision: what became of its sprint PR."""

    kind: ClassVar[Kind] = Kind.STORY
    event: StoryEvent
    pr: int

    def render(self) -> str:
        return marker(self.kind, event=self.event, pr=self.pr)

    def key(self) -> tuple[object, ...]:
        return (self.event, self.pr)

    @classmethod
    def parse(cls, found: Marker) -> StoryMark | None:
        pr = _int(found.attrs.get("pr"))
        try:
            event = StoryEvent(found.attrs.get("event", ""))
        except ValueError:
            return None
        return None if pr is None else cls(event, pr)


@dataclass(frozen=True)
class ReminderMark:
    """On a sprint PR: the one reminder, or (`PARKED`) the one parking note, of a round."""

    kind: ClassVar[Kind] = Kind.REMINDER
    round: int

    def render(self) -> str:
        return marker(self.kind, round=self.round)

    def key(self) -> tuple[object, ...]:
        return (self.round,)

    @classmethod
    def parse(cls, found: Marker) -> ReminderMark:
        return cls(_int(found.attrs.get("round")) or 0)


@dataclass(frozen=True)
class ParkedMark(ReminderMark):
    kind: ClassVar[Kind] = Kind.PARKED


@dataclass(frozen=True)
class PausedMark:
    """On a sprint PR: its vision slipped (closed, or its label gone), so the sprint waits
    `stop_after` before it stops. `since`: the resume note that ended the last pause (0 for
    none), so that each slip gets its own note, and one only."""

    kind: ClassVar[Kind] = Kind.PAUSED
    since: int = 0

    def render(self) -> str:
        return marker(self.kind, since=self.since)

    def key(self) -> tuple[object, ...]:
        return (self.since,)

    @classmethod
    def parse(cls, found: Marker) -> PausedMark:
        return cls(_int(found.attrs.get("since")) or 0)


@dataclass(frozen=True)
class ResumedMark:
    """On a sprint PR: its vision came back within `stop_after`; `pause`: the pause note
    this ends."""

    kind: ClassVar[Kind] = Kind.RESUMED
    pause: int

    def render(self) -> str:
        return marker(self.kind, pause=self.pause)

    def key(self) -> tuple[object, ...]:
        return (self.pause,)

    @classmethod
    def parse(cls, found: Marker) -> ResumedMark:
        return cls(_int(found.attrs.get("pause")) or 0)


@dataclass(frozen=True)
class CarriedMark:
    """On a new sprint PR: the answered design forks of the vision's last sprint PR, which
    stopped (`pr`); the design questions start from them instead of asking them again."""

    kind: ClassVar[Kind] = Kind.CARRIED
    pr: int
    ledger: Ledger | None

    def render(self) -> str:
        return marker(self.kind, to_payload(self.ledger or Ledger()), pr=self.pr)

    def key(self) -> tuple[object, ...]:
        return (self.pr,)

    @classmethod
    def parse(cls, found: Marker) -> CarriedMark | None:
        pr = _int(found.attrs.get("pr"))
        return None if pr is None else cls(pr, from_payload(found.payload))


@dataclass(frozen=True)
class DashboardMark:
    """In the dashboard issue's body: which project it shows, and the recent finishes
    it carries forward from tick to tick (the forge keeps no other record of them)."""

    kind: ClassVar[Kind] = Kind.DASHBOARD
    project: str
    finished: tuple[dict[str, Any], ...] = ()
    open: tuple[int, ...] = ()  # the sprint PRs open at this render: one that is gone ended
    paused: str = ""  # paused from the dashboard since then (ISO 8601); "" while not paused

    def render(self) -> str:
        prs = {"open": ",".join(map(str, self.open))} if self.open else {}
        if self.paused:
            prs["paused"] = self.paused
        return marker(self.kind, list(self.finished) if self.finished else None,
                      project=self.project, **prs)

    def key(self) -> tuple[object, ...]:
        return (self.project,)

    @classmethod
    def parse(cls, found: Marker) -> DashboardMark:
        items = found.payload if isinstance(found.payload, list) else []
        return cls(found.attrs.get("project", ""),
                   tuple(item for item in items if isinstance(item, dict)),
                   _ints(found.attrs.get("open")), found.attrs.get("paused", ""))


@dataclass(frozen=True)
class BoxMark:
    """Beside a checkbox of the dashboard: what ticking it asks for."""

    kind: ClassVar[Kind] = Kind.BOX
    id: str

    def render(self) -> str:
        return marker(self.kind, id=self.id)

    def key(self) -> tuple[object, ...]:
        return (self.id,)

    @classmethod
    def parse(cls, found: Marker) -> BoxMark | None:
        box = found.attrs.get("id")
        return None if not box else cls(box)


@dataclass(frozen=True)
class SteeredMark:
    """The answer to a ticked box, on the vision or PR it concerns; `after` is the bot's
    note the box answers, so a box ticked again after a new note is a new request."""

    kind: ClassVar[Kind] = Kind.STEERED
    box: str
    after: int

    def render(self) -> str:
        return marker(self.kind, box=self.box, after=self.after)

    def key(self) -> tuple[object, ...]:
        return (self.box, self.after)

    @classmethod
    def parse(cls, found: Marker) -> SteeredMark | None:
        after = _int(found.attrs.get("after"))
        box = found.attrs.get("box")
        return None if after is None or not box else cls(box, after)


def steered_after(comments: Iterable[Comment], bot_login: str, note: int) -> bool:
    """Whether the bot carried out a ticked box about this note (a person's request,
    relayed from the dashboard, counts as their reply)."""
    return any(mark.after == note for _, mark in marks_of(SteeredMark, comments, bot_login))


@dataclass(frozen=True)
class ReplanMark:
    """A re-plan proposal; `added` records, as the apply goes, which new sub-issue became
    which issue, and `started` that the apply began (it is no longer rebuilt then)."""

    kind: ClassVar[Kind] = Kind.REPLAN
    n: int
    seen: int  # the newest human comment the proposal took in
    state: str  # `digest` of the sub-issues as the proposal saw them
    payload: dict[str, Any]
    added: tuple[tuple[str, int], ...] = ()
    started: bool = False

    def render(self) -> str:
        record: dict[str, object] = {"started": 1} if self.started else {}
        if self.added:
            record["added"] = ",".join(f"{sub}:{number}" for sub, number in self.added)
        return marker(self.kind, self.payload, n=self.n, seen=self.seen, state=self.state,
                      **record)

    def key(self) -> tuple[object, ...]:
        return (self.n,)

    @classmethod
    def parse(cls, found: Marker) -> ReplanMark | None:
        n = _int(found.attrs.get("n"))
        if n is None or not isinstance(found.payload, dict):
            return None
        entries = [e.rpartition(":") for e in (found.attrs.get("added") or "").split(",")]
        added = tuple((sub, int(num)) for sub, _, num in entries if sub and num.isdigit())
        return cls(n, _int(found.attrs.get("seen")) or 0, found.attrs.get("state", ""),
                   found.payload, added, found.attrs.get("started") == "1")


@dataclass(frozen=True)
class ReplanDoneMark:
    """What became of proposal `n`: `applied` (with the ledger and the bodies it wrote),
    `dropped` (a REJECT) or `failed` (the model could not propose)."""

    kind: ClassVar[Kind] = Kind.REPLAN_DONE
    n: int
    outcome: str
    payload: dict[str, Any] | None = None

    def render(self) -> str:
        return marker(self.kind, self.payload, n=self.n, outcome=self.outcome)

    def key(self) -> tuple[object, ...]:
        return (self.n,)

    @classmethod
    def parse(cls, found: Marker) -> ReplanDoneMark | None:
        n = _int(found.attrs.get("n"))
        payload = found.payload if isinstance(found.payload, dict) else None
        return None if n is None else cls(n, found.attrs.get("outcome", ""), payload)


@dataclass(frozen=True)
class ReplannedMark:
    """On a sub-issue or the vision: re-plan `n` of sprint PR `pr` touched it."""

    kind: ClassVar[Kind] = Kind.REPLANNED
    pr: int
    n: int

    def render(self) -> str:
        return marker(self.kind, pr=self.pr, n=self.n)

    def key(self) -> tuple[object, ...]:
        return (self.pr, self.n)

    @classmethod
    def parse(cls, found: Marker) -> ReplannedMark | None:
        pr, n = _int(found.attrs.get("pr")), _int(found.attrs.get("n"))
        return None if pr is None or n is None else cls(pr, n)


@dataclass(frozen=True)
class ReplanReplyMark:
    """The one reply to a comment written after filing (`login`: once per person when
    they may not steer)."""

    kind: ClassVar[Kind] = Kind.REPLAN_REPLY
    comment: int
    login: str = ""

    def render(self) -> str:
        return marker(self.kind, comment=self.comment, **({"login": self.login}
                                                          if self.login else {}))

    def key(self) -> tuple[object, ...]:
        return (self.comment,)

    @classmethod
    def parse(cls, found: Marker) -> ReplanReplyMark | None:
        comment = _int(found.attrs.get("comment"))
        return None if comment is None else cls(comment, found.attrs.get("login", ""))


@dataclass(frozen=True)
class ReplanReminderMark:
    kind: ClassVar[Kind] = Kind.REPLAN_REMINDER
    n: int

    def render(self) -> str:
        return marker(self.kind, n=self.n)

    def key(self) -> tuple[object, ...]:
        return (self.n,)

    @classmethod
    def parse(cls, found: Marker) -> ReplanReminderMark | None:
        n = _int(found.attrs.get("n"))
        return None if n is None else cls(n)


@dataclass(frozen=True)
class SourceMark:
    """What a pitch was built from: its vision's digest, title and open tasks as read, and
    the files and issues the vision cites (each file's blob sha, each issue's digest) with
    the commit of the project's primary branch they were read at."""

    kind: ClassVar[Kind] = Kind.SOURCE
    digest: str
    title: str = ""
    tasks: tuple[str, ...] = ()
    files: tuple[tuple[str, str], ...] = ()  # (path, blob sha)
    issues: tuple[tuple[int, str], ...] = ()  # (number, digest of its title, body, state)
    head: str = ""  # the primary branch's commit the files were read at ("": not read)

    @property
    def stamp(self) -> str:
        """One digest of everything recorded: a note says each state of it once."""
        if not self.files and not self.issues:
            return self.digest
        whole = json.dumps([self.digest, self.files, self.issues], sort_keys=True)
        return hashlib.sha256(whole.encode()).hexdigest()[:16]

    def render(self) -> str:
        payload: dict[str, object] = {"title": self.title, "tasks": list(self.tasks)}
        if self.files:
            payload["files"] = dict(self.files)
        if self.issues:
            payload["issues"] = {str(n): d for n, d in self.issues}
        return marker(self.kind, payload, digest=self.digest,
                      **({"head": self.head} if self.head else {}))

    def key(self) -> tuple[object, ...]:
        return ()

    @classmethod
    def parse(cls, found: Marker) -> SourceMark | None:
        digest = found.attrs.get("digest")
        data = found.payload if isinstance(found.payload, dict) else {}
        tasks = data.get("tasks")
        if not digest or not isinstance(tasks, list):
            return None
        files, issues = data.get("files"), data.get("issues")
        files = files if isinstance(files, dict) else {}
        issues = issues if isinstance(issues, dict) else {}
        return cls(digest, str(data.get("title", "")), tuple(str(t) for t in tasks),
                   tuple((str(p), str(s)) for p, s in files.items()),
                   tuple((int(n), str(d)) for n, d in issues.items() if str(n).isdigit()),
                   found.attrs.get("head", ""))


@dataclass(frozen=True)
class _DigestMark:
    """A mark that says one thing once per state of the vision (its `digest`)."""

    kind: ClassVar[Kind]
    digest: str

    def render(self) -> str:
        return marker(self.kind, digest=self.digest)

    def key(self) -> tuple[object, ...]:
        return (self.digest,)

    @classmethod
    def parse(cls, found: Marker) -> Self | None:
        digest = found.attrs.get("digest")
        return cls(digest) if digest else None


@dataclass(frozen=True)
class RefreshedMark(_DigestMark):
    """The note that the pitch was rebuilt from its edited vision (once per digest)."""

    kind: ClassVar[Kind] = Kind.REFRESHED


@dataclass(frozen=True)
class AskedAgainMark(_DigestMark):
    """The vision changed after an approval: the plan waits for ACCEPT again."""

    kind: ClassVar[Kind] = Kind.ASKED_AGAIN


# Every kind has its parser here: a kind missing would be skipped by `read_marks`, and
# `writes.ensure_comment` would then post its comment again on every retry.
_PARSERS: dict[str, Any] = {
    cls.kind.value: cls.parse
    for cls in (FooterMark, QuestionsMark, AnswersMark, PlanMark, FilingCheckMark, FiledMark,
                RevisedMark, RejectedMark, ModelErrorMark, UnclearMark, StoryMark, ReminderMark,
                ParkedMark, DashboardMark, BoxMark, SteeredMark, PausedMark, ResumedMark,
                CarriedMark, BranchGoneMark, ReplanMark, ReplanDoneMark, ReplannedMark,
                ReplanReplyMark, ReplanReminderMark, SourceMark, RefreshedMark, AskedAgainMark)
}


def _typed(found: Marker) -> Mark | None:
    parse = _PARSERS.get(found.kind)
    return parse(found) if parse is not None else None


def marks_in(text: str) -> Iterator[Mark]:
    """The typed marks in a text whose author is known to be the bot (a body it wrote, a
    comment `read_marks` or `rules.last_rejection` picked); broken ones are skipped."""
    for found in parse_markers(text):
        mark = _typed(found)
        if mark is not None:
            yield mark


def read_marks(comments: Iterable[Comment], bot_login: str) -> Iterator[tuple[Comment, Mark]]:
    """The bot's typed marks, oldest first; unknown kinds and broken ones are skipped."""
    for comment, found in bot_markers(comments, bot_login):
        mark = _typed(found)
        if mark is not None:
            yield comment, mark


def marks_of(kind: type[M], comments: Iterable[Comment],
             bot_login: str) -> Iterator[tuple[Comment, M]]:
    for comment, mark in read_marks(comments, bot_login):
        if isinstance(mark, kind):
            yield comment, mark


def find_vision(text: str) -> int | None:
    """The vision a sprint PR's body names (its head branch is gone once deleted)."""
    match = _VISION.search(text)
    return int(match.group(1)) if match else None


def decomposed_marker(vision: int, slug: str, sub_id: str) -> str:
    return f"<!-- decomposed-from: #{vision}, sprint: {slug}, id: {sub_id} -->"


@dataclass(frozen=True)
class DecomposedFrom:
    vision: int
    slug: str
    sub_id: str


def find_decomposed(text: str) -> DecomposedFrom | None:
    match = _DECOMPOSED.search(text)
    if not match:
        return None
    return DecomposedFrom(int(match.group("vision")), match.group("slug"), match.group("id"))


def strip_markers(text: str) -> str:
    parts: list[str] = []
    pos = 0
    for (start, end), _ in _marker_matches(text):
        parts.append(text[pos:start])
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def neutralize(text: str) -> str:
    """Text the architect did not write (a model's answer, an error that quotes one) may
    not carry hidden markers of its own into the forge."""
    return text.replace("<!--", "&lt;!--").replace("-->", "--&gt;")
