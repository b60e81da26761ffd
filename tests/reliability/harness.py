"""Fault injection at the HTTP layer, and the forge state a human could look at.

`FaultyTransport` wraps the embedded forge's WSGI transport, counts the bot's
requests and breaks request number `k` in one of four ways: a 500, a timeout,
a reset connection (none of them reaching the forge), or "applied but the
response lost" (the forge applies it, the client hears a timeout or a dropped
connection). `run_scenario` plays one whole lifecycle (pitch, revision,
approval, questions, answers by grammar and by free text, a failed filing
check, filing, merge, a rejection and a new pitch) with the same human actions
at the same points, ticking until quiet after each. `forge_state` reads what
the run left on the forge, normalised so that two runs compare equal when a
human could not tell them apart.

Used by tests/reliability/test_fault_injection.py (a seeded sample), by
tests/reliability/test_human_edits_faults.py (`play_edits`: people editing) and by
bench/faults.py (the full matrix).
"""

from __future__ import annotations

import re
import tempfile
import textwrap
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar, cast

import httpx
from pydantic import BaseModel

from architect.core.schemas import SubIssue, SubIssuePlan
from architect.errors import ArchitectError
from architect.forge.client import ForgeClient
from architect.forge.http import RetryPolicy
from architect.runners.base import Mode, ModelRequest, ModelResult
from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import run_tick
from tests.world import BASE, BOT, OPS, PROJECT, SETTINGS_VISION, SteppingClock, World, make_world

T = TypeVar("T", bound=BaseModel)
WISHLISTS = 1  # the first vision each scenario files
MAX_TICKS = 12  # ticks to settle after one human step; a healthy run needs two or three


class FaultKind(StrEnum):
    ERROR_500 = "500"
    TIMEOUT = "timeout"  # the request never reached the forge; the client cannot know
    RESET = "reset"  # connection reset by peer while waiting for the answer
    LOST = "lost"  # the forge applied it, then the connection dropped


@dataclass(frozen=True)
class Fault:
    at: int  # 1-based number of the bot's request to break
    kind: FaultKind


class FaultyTransport(httpx.BaseTransport):
    """Counts requests; breaks request number `fault.at` in the way `fault.kind` says."""

    def __init__(self, inner: httpx.BaseTransport, fault: Fault | None = None) -> None:
        self.inner = inner
        self.fault = fault
        self.count = 0
        self.injected: str | None = None  # "METHOD path" of the broken request
        self.log: list[str] = []  # "METHOD path" of every request, in order

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.count += 1
        self.log.append(f"{request.method} {request.url.path}")
        fault = self.fault
        if fault is None or self.count != fault.at:
            return self.inner.handle_request(request)
        self.injected = f"{request.method} {request.url.path}"
        if fault.kind is FaultKind.ERROR_500:
            return httpx.Response(500, json={"message": "injected failure", "url": BASE},
                                  request=request)
        if fault.kind is FaultKind.TIMEOUT:
            raise httpx.ReadTimeout("timed out (injected)", request=request)
        if fault.kind is FaultKind.RESET:
            raise httpx.ReadError("[Errno 104] Connection reset by peer (injected)",
                                  request=request)
        response = self.inner.handle_request(request)
        response.read()
        response.close()
        if fault.at % 2:
            raise httpx.RemoteProtocolError(
                "Server disconnected without sending a response (injected)", request=request)
        raise httpx.ReadTimeout("timed out after the request was sent (injected)",
                                request=request)


# -- the forge state, normalised ------------------------------------------------------

_COMMENT_REF = re.compile(r"(issuecomment-|\"c\":|seen=)(\d+)")
_READ_LIST = re.compile(r"(read=)(\d+(?::[0-9a-f]+)?(?:,\d+(?::[0-9a-f]+)?)*)")
_DATE_LINE = re.compile(r"^- Date: .*$", re.MULTILINE)


def _admin(world: World) -> ForgeClient:
    return ForgeClient(BASE, world.forge.admin_token,
                       transport=httpx.WSGITransport(app=world.forge.wsgi))


def _raw(world: World, path: str, **params: str) -> Any:
    with httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE) as h:
        reply = h.get(f"/api/v1{path}", params={**params, "limit": "50"},
                      headers={"Authorization": f"token {world.forge.admin_token}"})
        reply.raise_for_status()
        return reply.json()


def forge_state(world: World) -> dict[str, Any]:
    """What a human could see on both repos, with comment ids replaced by their place."""
    admin = _admin(world)
    state: dict[str, Any] = {}
    places: dict[int, str] = {}
    for repo in (PROJECT, OPS):
        issues = sorted(admin.list_issues(repo, state="all"), key=lambda i: i.number)
        threads: dict[int, list[tuple[str, str]]] = {}
        for issue in issues:
            comments = admin.list_comments(repo, issue.number)
            for place, comment in enumerate(comments, start=1):
                places[comment.id] = f"{repo}#{issue.number}/{place}"
            threads[issue.number] = [(c.user.login, c.body) for c in comments]
        deps = {i.number: sorted(d.number for d in admin.list_dependencies(repo, i.number))
                for i in issues if not i.is_pull}
        pulls = {p.number: (p.state, p.merged, p.head.ref, p.base.ref)
                 for p in admin.list_pulls(repo, state="all")}
        branches = sorted(b["name"] for b in _raw(world, f"/repos/{repo}/branches"))
        state[repo] = {
            "issues": [(i.number, i.is_pull, i.state, i.user.login, i.title, i.body,
                        sorted(i.label_names)) for i in issues],
            "comments": threads,
            "dependencies": deps,
            "pulls": pulls,
            "branches": branches,
            "files": {b: _sprint_files(world, repo, b) for b in branches},
        }
    journal = world.config.project_state_dir / "journal"
    state["journal"] = ({p.name: _DATE_LINE.sub("- Date: …", p.read_text())
                         for p in sorted(journal.glob("*.md"))} if journal.is_dir() else {})
    admin.close()
    return cast(dict[str, Any], _normalise(state, places))


def _sprint_files(world: World, repo: str, branch: str) -> dict[str, str]:
    admin = _admin(world)
    try:
        listing = _raw(world, f"/repos/{repo}/contents/sprints", ref=branch)
    except httpx.HTTPStatusError:
        return {}
    out = {}
    for entry in listing:
        found = admin.get_file(repo, entry["path"], ref=branch)
        out[entry["path"]] = found.text if found else "(unreadable)"
    admin.close()
    return out


def _normalise(value: Any, places: dict[int, str]) -> Any:
    if isinstance(value, str):
        value = _READ_LIST.sub(lambda m: m.group(1) + ",".join(
            places.get(int(n), "?") + sep + digest
            for n, sep, digest in (e.partition(":") for e in m.group(2).split(","))), value)
        return _COMMENT_REF.sub(lambda m: m.group(1) + places.get(int(m.group(2)), "?"), value)
    if isinstance(value, dict):
        return {k: _normalise(v, places) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_normalise(v, places) for v in value]
    return value


def object_counts(state: dict[str, Any]) -> Counter[str]:
    """How many of each thing the state holds, per place: duplicates show up here."""
    counts: Counter[str] = Counter()
    for repo in (PROJECT, OPS):
        data = state[repo]
        counts[f"{repo}: issues"] = sum(1 for i in data["issues"] if not i[1])
        counts[f"{repo}: pull requests"] = sum(1 for i in data["issues"] if i[1])
        counts[f"{repo}: branches"] = len(data["branches"])
        for number, thread in data["comments"].items():
            counts[f"{repo}#{number}: comments"] = len(thread)
        for issue in data["issues"]:
            counts[f"{repo}#{issue[0]}: labels"] = len(issue[6])
        for number, deps in data["dependencies"].items():
            counts[f"{repo}#{number}: dependencies"] = len(deps)
    counts["journal entries"] = len(state["journal"])
    return counts


def duplicates(state: dict[str, Any], baseline: dict[str, Any]) -> dict[str, int]:
    """Things there are more of than in the fault-free run."""
    have, want = object_counts(state), object_counts(baseline)
    return {k: have[k] - want[k] for k in have if have[k] > want[k]}


def differences(state: dict[str, Any], baseline: dict[str, Any]) -> list[str]:
    """Short paths to where two states differ (empty when identical)."""
    out: list[str] = []
    _diff(state, baseline, "", out)
    return out


def _diff(a: Any, b: Any, path: str, out: list[str]) -> None:
    if len(out) >= 10 or a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            _diff(a.get(key), b.get(key), f"{path}/{key}", out)
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(x, y, f"{path}[{i}]", out)
        return
    out.append(f"{path}: {_short(a)} != {_short(b)}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 160 else text[:157] + "..."


# -- the scenario -----------------------------------------------------------------------

GIFT_BODY = textwrap.dedent("""\
    Let shoppers buy gift cards.

    ## Tasks
    - [ ] Gift card model (id: model)
    - [ ] Redeem at checkout (id: redeem) (after: model)

    ## Open questions
    1. Do gift cards expire?
       - A) Never (recommended)
       - B) After a year
    """)

NEWSLETTER_BODY = textwrap.dedent("""\
    Send a monthly newsletter.

    ## Tasks
    - [ ] Subscriber list (id: subscribers)
    - [ ] Monthly send job (id: send) (after: subscribers)
    """)


class FussyPlanner:
    """The offline planner, except that it over-plans the newsletter until told otherwise.

    Deterministic in its inputs (so a run with faults asks the same questions as
    one without): for the newsletter vision, a plan with no human reply to
    read has a sub-issue with an unknown label, which fails the filing check.
    """

    name = "fussy-offline"

    def __init__(self) -> None:
        self.offline = OfflinePlanner()
        self.calls: Counter[Mode] = Counter()

    def check_ready(self) -> None:
        return None

    def drop_session(self, session_key: str) -> None:
        return None

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        self.calls[request.mode] += 1
        inputs = request.inputs
        if (request.mode is Mode.FILE and "newsletter" in inputs.vision.title.lower()
                and not inputs.new_comments):
            plan = SubIssuePlan(sub_issues=[SubIssue(
                id="everything", title="Build the whole newsletter", problem="All of it.",
                proposed_solution="Everything at once.", acceptance_criteria=["It works"],
                labels=["epic"])])
            return ModelResult(output=request.schema.model_validate(plan.model_dump()))
        return self.offline.run(request)


@dataclass
class Run:
    """One play of the scenario."""

    world: World
    transport: FaultyTransport
    runner: FussyPlanner = field(default_factory=FussyPlanner)
    ticks: int = 0
    at: datetime | None = None  # the ticks' clock (the forge keeps its own), for reminders
    unsettled: list[str] = field(default_factory=list)  # steps that never went quiet
    crashes: list[str] = field(default_factory=list)  # exceptions outside the error tree
    cursor: bool = False  # keep the cursor, as `architect run` does: incremental ticks

    def tick(self) -> bool:
        """One tick through the faulty transport; True when it had nothing to do."""
        self.ticks += 1
        client = ForgeClient(BASE, self.world.tokens[BOT], transport=self.transport,
                             retry=RetryPolicy(sleep=lambda _: None, rng=lambda: 0.0))
        try:
            report = run_tick(client, self.runner, self.world.config, SteppingClock(self.at),
                              changes=Changes.of(self.world.config) if self.cursor else None)
        except ArchitectError:
            return False
        except Exception as exc:  # a crash: reported, and the run goes on as a new tick would
            self.crashes.append(f"{type(exc).__name__}: {exc}")
            return False
        finally:
            client.close()
        return not report.decision.actions and report.settled  # the render done too

    def settle(self, step: str) -> None:
        for _ in range(MAX_TICKS):
            if self.tick():
                return
        self.unsettled.append(step)

    def pr_for(self, vision: int, state: str = "open") -> int:
        head = f"architect/sprint-vision-{vision}"
        pulls = [p for p in self.world.bot.list_pulls(OPS, state="all") if p.head.ref == head
                 or p.head.label.endswith(head)]
        chosen = [p for p in pulls if p.state == state] or pulls
        return max(p.number for p in chosen) if chosen else 0


def play(run: Run) -> None:
    """The scripted humans; the bot settles after each step."""
    w = run.world
    wish = w.vision("Wishlists")
    gift = w.vision("Gift cards", GIFT_BODY)
    news = w.vision("Newsletter", NEWSLETTER_BODY, by="bob")
    run.settle("pitch")
    if run.pr_for(gift):
        w.review(run.pr_for(gift), "REQUEST_CHANGES", "- Mention the fraud risk")
    if run.pr_for(wish):
        w.comment(run.pr_for(wish), "ACCEPT — keep the API small")
    if run.pr_for(news):
        w.review(run.pr_for(news), "APPROVED", "Go.", by="bob")
    run.settle("revise, questions")
    if run.pr_for(wish):
        w.comment(run.pr_for(wish), "Q1: B because we already run Postgres")
    if run.pr_for(news):
        w.comment(run.pr_for(news), "Only label it backlog, please; no epic label.", by="bob")
    run.settle("answers, filing check")
    if run.pr_for(wish):
        w.comment(run.pr_for(wish), "Yes, they should be shareable.")
    if run.pr_for(gift):
        w.comment(run.pr_for(gift), "REJECT: not this quarter", by="bob")
    run.settle("free text, filing, rejection")
    w.comment(gift, "The scope is smaller now; please pitch again.", repo=PROJECT)
    run.settle("pitch again")
    if run.pr_for(gift):
        w.comment(run.pr_for(gift), "ACCEPT", by="bob")
    run.settle("questions again")
    play_the_ending(run, news)


def play_the_ending(run: Run, lost_label: int) -> None:
    """Nobody answers (a reminder, then parking); the developers close the wishlist's
    sub-issues (the story ends); someone strips `in-progress` from a filed vision."""
    w = run.world
    start = SteppingClock().start
    run.at = start + timedelta(days=4)
    run.settle("reminder")
    run.at = start + timedelta(days=20)
    run.settle("parking")
    developer = w.client("alice")
    # In filing order: Forgejo refuses to close an issue whose dependencies are open.
    for issue in sorted(developer.list_issues(PROJECT, state="open", labels=["backlog"]),
                        key=lambda i: i.number):
        if f"Decomposed from #{WISHLISTS}" in issue.body:
            if "API" in issue.title:
                developer.add_issue_labels(PROJECT, issue.number, ["wontfix"])
            developer.edit_issue(PROJECT, issue.number, state="closed")
    run.settle("completion")
    developer.remove_issue_label(PROJECT, lost_label, "in-progress")
    run.settle("label repair")


@contextmanager
def scratch_dir(base: Path | None) -> Iterator[Path]:
    if base is not None:
        yield base
        return
    with tempfile.TemporaryDirectory(prefix="architect-faults-") as tmp:
        yield Path(tmp)


@dataclass(frozen=True)
class Result:
    fault: Fault | None
    requests: int
    ticks: int
    state: dict[str, Any]
    unsettled: tuple[str, ...]
    crashes: tuple[str, ...]
    injected: str | None
    requests_log: tuple[str, ...] = ()


def run_scenario(fault: Fault | None = None, *, tmp: Path | None = None,
                 play_fn: Callable[[Run], None] = play, cursor: bool = False,
                 proxy: Callable[[httpx.BaseTransport], httpx.BaseTransport] | None = None
                 ) -> Result:
    """`proxy`: what stands between the bot and the forge (tests/proxies.FlakyProxy)."""
    with scratch_dir(tmp) as where:
        world = make_world(where)
        inner: httpx.BaseTransport = httpx.WSGITransport(app=world.forge.wsgi)
        transport = FaultyTransport(proxy(inner) if proxy is not None else inner, fault)
        run = Run(world, transport, cursor=cursor)
        play_fn(run)
        return Result(fault, transport.count, run.ticks, forge_state(world),
                      tuple(run.unsettled), tuple(run.crashes), transport.injected,
                      tuple(transport.log))


@dataclass
class Verdict:
    result: Result
    diffs: list[str]
    dupes: dict[str, int]

    @property
    def converged(self) -> bool:
        return not self.diffs and not self.result.unsettled and not self.result.crashes


def judge(result: Result, baseline: Result) -> Verdict:
    return Verdict(result, differences(result.state, baseline.state),
                   duplicates(result.state, baseline.state))


def play_short(run: Run) -> None:
    """A shorter story for the slow runs: accept and file one vision, reject another."""
    w = run.world
    wish = w.vision("Wishlists")
    gift = w.vision("Gift cards", GIFT_BODY)
    run.settle("pitch")
    if run.pr_for(wish):
        w.comment(run.pr_for(wish), "ACCEPT")
    if run.pr_for(gift):
        w.comment(run.pr_for(gift), "REJECT: not this quarter", by="bob")
    run.settle("questions, rejection")
    if run.pr_for(wish):
        w.comment(run.pr_for(wish), "Q1: B\nQ2: recommended")
    run.settle("answers, filing")
    developer = w.client("alice")
    for issue in sorted(developer.list_issues(PROJECT, state="open", labels=["backlog"]),
                        key=lambda i: i.number):
        developer.edit_issue(PROJECT, issue.number, state="closed")
    run.settle("completion")


SETTINGS_BODY = SETTINGS_VISION
NOTE = "## Notes from alice\n\nKeep it small."


def play_edits(run: Run) -> None:
    """A person edits their answer and the PR description while the architect works."""
    w = run.world
    alice = w.client("alice")
    vision = w.vision("Settings", SETTINGS_BODY)
    run.settle("pitch")
    pr = run.pr_for(vision)
    w.comment(pr, "ACCEPT")
    run.settle("questions")
    answer = w.comment(pr, "Q1: A")
    run.settle("answer")
    alice.edit_pull(OPS, pr, body=f"{alice.get_pull(OPS, pr).body}\n\n{NOTE}\n")
    alice.edit_comment(OPS, answer, "Q1: B")
    run.settle("edited answer")
    w.comment(pr, "Q2: A\nQ3: A")
    run.settle("filing")
