"""One sprint, played by humans on the embedded forge and by a scripted model.

`ANSWERS` is the model: for each schema the architect asks for, what a good
model would answer, call after call, for the "Wishlists" vision.
`play_sprint` is the humans and the assertions on the forge after every tick:

1. alice files the vision; tick: the model pitches, the sprint PR opens;
2. alice approves; tick: the model asks Q1 and Q2 (the PR's session starts);
3. bob answers Q1 in free text; tick: the model reads it (the session
   continues) and asks a follow-up Q3; the architect acknowledges;
4. alice answers `Q2: A` and `Q3: recommended`, which the architect reads
   itself; tick: the model hears the round (no follow-up), then plans the
   sub-issues (the session continues); the architect files them and merges;
5. tick: nothing new, no model call.

`Metered` wraps the runner under test and keeps each call's mode and usage.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from architect.config import ProjectConfig
from architect.forge.models import PullRequest
from architect.runners.base import Mode, ModelRequest, ModelResult, Runner, Usage
from architect.shell.tick import TickReport
from tests.world import OPS, PROJECT, World

VISION_TITLE = "Wishlists"
VISION_BODY = textwrap.dedent("""\
    Shoppers ask for a way to save items for later and find them again.

    Keep a wishlist per shopper, show it on its own page, and let the
    product page add to it. Sharing a wishlist with friends would be nice.
    """)
APPROVAL = "Keep it small: no recommendations engine in this sprint."
FREE_TEXT_ANSWER = "For storage: the database please, we already run Postgres for the orders."
GRAMMAR_ANSWER = "Q2: A\nQ3: recommended"

PITCH: dict[str, Any] = {
    "what_this_enables": (
        "Shoppers keep the items they want for later and find them again from any device, "
        "which turns browsing sessions into return visits."
    ),
    "what_exists_today": (
        "A session cart in `shop/cart.py`, product lookups in `shop/catalog.py` and a JSON "
        "API in `shop/api.py`; no per-shopper storage beyond the cart."
    ),
    "complexity": "Small: one table, three endpoints and one page; three sub-issues.",
    "risks": "Wishlists pointing at deleted products; unbounded lists slowing the page.",
    "cost_new_infra": "None: one table in the existing database.",
    "verdict": "GO",
    "recommendation": "Cheap, visible to every shopper, and it builds on what exists.",
}
FORKS: dict[str, Any] = {
    "forks": [
        {
            "question": "Where are wishlists kept?",
            "options": [
                {"letter": "A", "text": "In the session cookie"},
                {"letter": "B", "text": "In the database, per shopper account"},
            ],
            "recommended": "B",
            "why": "They must survive a new device.",
        },
        {
            "question": "Can wishlists be shared?",
            "options": [
                {"letter": "A", "text": "No, private only"},
                {"letter": "B", "text": "Yes, by a read-only link"},
            ],
            "recommended": "A",
            "why": "Sharing can come later without a migration.",
        },
    ],
    "no_fork_reason": "",
}
ROUND_1: dict[str, Any] = {
    "interpretations": [
        {
            "question": 1,
            "option": "B",
            "summary": "In the database: Postgres already holds the orders",
            "comment_id": None,
            "resolved": True,
        }
    ],
    "follow_ups": [
        {
            "question": "How many items may one wishlist hold?",
            "options": [
                {"letter": "A", "text": "Up to 100"},
                {"letter": "B", "text": "No limit"},
            ],
            "recommended": "A",
            "why": "A bounded list keeps the page fast.",
        }
    ],
    "reply": "Thanks, the database it is. Storing lists raised one more question.",
}
ROUND_2: dict[str, Any] = {  # the answers were plain "Q2: A" lines: nothing to interpret
    "interpretations": [],
    "follow_ups": [],
    "reply": "Private lists of up to 100 items: everything is settled.",
}
PLAN: dict[str, Any] = {
    "sub_issues": [
        {
            "id": "store",
            "title": "Store wishlist items per shopper",
            "kind": "feature",
            "problem": "Nothing keeps items a shopper wants for later.",
            "proposed_solution": "A wishlist_items table and a small repository module.",
            "affected_files": ["shop/models.py", "shop/wishlist.py"],
            "acceptance_criteria": ["Items persist across sessions", "At most 100 items"],
            "depends_on": [],
            "labels": [],
            "shaped_by": [1, 3],
        },
        {
            "id": "api",
            "title": "Wishlist API endpoints",
            "kind": "feature",
            "problem": "The page and the product view cannot reach the wishlist.",
            "proposed_solution": "GET, POST and DELETE /api/wishlist in shop/api.py.",
            "affected_files": ["shop/api.py"],
            "acceptance_criteria": ["Adding twice keeps one item", "Only the owner sees it"],
            "depends_on": ["store"],
            "labels": [],
            "shaped_by": [2],
        },
        {
            "id": "page",
            "title": "Wishlist page and add button",
            "kind": "feature",
            "problem": "Shoppers have no way to see or fill their wishlist.",
            "proposed_solution": "A /wishlist page and an 'Add to wishlist' button.",
            "affected_files": ["shop/templates/wishlist.html"],
            "acceptance_criteria": ["The page lists the items", "The button adds one"],
            "depends_on": ["api"],
            "labels": [],
            "shaped_by": [],
        },
    ]
}
ANSWERS: dict[str, list[dict[str, Any]]] = {
    "Pitch": [PITCH],
    "ForkProposal": [FORKS],
    "AnswerRound": [ROUND_1, ROUND_2],
    "SubIssuePlan": [PLAN],
}
TICKS: tuple[tuple[Mode, ...], ...] = (
    (Mode.PITCH,),
    (Mode.QUESTIONS,),
    (Mode.ANSWERS,),
    (Mode.ANSWERS, Mode.FILE),
)
"""The model calls of each tick of the sprint."""
MODES = (Mode.PITCH, Mode.QUESTIONS, Mode.ANSWERS, Mode.FILE)

CHECKOUT = {
    "README.md": "# shop\n\nA small web shop: catalog, cart, checkout.\n",
    "shop/__init__.py": '"""The shop."""\n',
    "shop/cart.py": '"""The session cart."""\n\nCART_LIMIT = 50\n\n\n'
    "def add(cart: dict[str, int], sku: str) -> None:\n"
    "    cart[sku] = cart.get(sku, 0) + 1\n",
    "shop/catalog.py": '"""Product lookups."""\n\n\ndef find(sku: str) -> dict[str, str]:\n'
    '    return {"sku": sku}\n',
    "shop/api.py": '"""The JSON API."""\n\nfrom shop import cart, catalog\n',
    "shop/models.py": '"""Database tables."""\n\nTABLES = ("orders", "products")\n',
}
PREREQUISITES = "# Prerequisites\n\n- Postgres 16 runs the orders database.\n"


def make_checkout(root: Path) -> Path:
    """A small project checkout, the `repo_root` the model may read."""
    for name, text in CHECKOUT.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def with_model(world: World, checkout: Path, **architect: object) -> ProjectConfig:
    """The world's configuration with a model runner and a project checkout."""
    world.setup.put_file(OPS, "prerequisites.md", PREREQUISITES)
    settings = world.config.architect.model_copy(update=architect)
    config = world.config.model_copy(update={"architect": settings, "repo_root": checkout})
    world.config = config
    return config


T = TypeVar("T", bound=BaseModel)


@dataclass
class Metered:
    """A runner that keeps the mode, session key and usage of every call it answers."""

    runner: Runner
    calls: list[tuple[Mode, str | None, Usage]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name = self.runner.name

    def check_ready(self) -> None:
        self.runner.check_ready()

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        result = self.runner.run(request)
        self.calls.append((request.mode, request.session_key, result.usage))
        return result

    def drop_session(self, session_key: str) -> None:
        self.runner.drop_session(session_key)


@dataclass
class SprintRun:
    vision: int = 0
    pr: int = 0
    ticks: list[TickReport] = field(default_factory=list)
    calls: list[tuple[Mode, str | None, Usage]] = field(default_factory=list)

    def usage(self, mode: Mode) -> Usage:
        total = Usage()
        for done, _, usage in self.calls:
            total = total + usage if done is mode else total
        return total

    def count(self, mode: Mode) -> int:
        return sum(1 for done, _, _ in self.calls if done is mode)

    @property
    def total(self) -> Usage:
        total = Usage()
        for report in self.ticks:
            total = total + report.usage
        return total


Check = Callable[[int], None]
"""Called after each model tick with its index in `TICKS`: a test's own checks."""


def play_sprint(
    world: World,
    meter: Metered,
    *,
    after: Check = lambda tick: None,
    between: Callable[[], None] = lambda: None,
) -> SprintRun:
    """Play the sprint (see the module docstring), checking the forge after every tick."""
    world.runner = meter
    run = SprintRun(calls=meter.calls)
    run.vision = world.vision(VISION_TITLE, VISION_BODY)
    humans = (
        lambda: None,
        lambda: world.review(run.pr, "APPROVED", APPROVAL),
        lambda: world.comment(run.pr, FREE_TEXT_ANSWER, by="bob"),
        lambda: world.comment(run.pr, GRAMMAR_ANSWER),
    )
    for index, (human, check) in enumerate(zip(humans, CHECKS, strict=True)):
        human()
        if index:
            between()  # hours pass before a human answers: prompt caches expire
        before = len(meter.calls)
        report = world.tick()
        assert report.failed == [], f"tick {index + 1} failed: {report.failed}"
        modes = tuple(mode for mode, _, _ in meter.calls[before:])
        assert modes == TICKS[index], f"tick {index + 1} asked the model {modes}"
        assert report.model_calls == len(modes)
        run.ticks.append(report)
        run.pr = run.pr or _only_pr(world).number
        check(world, run)
        after(index)

    idle = world.tick()
    assert (idle.decision.actions, idle.model_calls) == ((), 0), "nothing new: no model call"
    return run


def _only_pr(world: World) -> PullRequest:
    (pr,) = world.bot.list_pulls(OPS, state="all")
    return pr


def _check_pitched(world: World, run: SprintRun) -> None:
    pr = _only_pr(world)
    assert pr.title == f"architect: {VISION_TITLE}"
    assert pr.head.ref == f"architect/sprint-vision-{run.vision}"
    assert PITCH["what_this_enables"] in pr.body  # the model's words, not a template
    assert f"**GO** — {PITCH['recommendation']}" in pr.body
    assert f"<!-- architect: vision=#{run.vision} -->" in pr.body
    (footer,) = world.bot_comments(pr.number)
    assert "Reply `ACCEPT` to proceed with design questions" in footer
    assert "in-progress" in world.bot.get_issue(PROJECT, run.vision).label_names


def _check_questions(world: World, run: SprintRun) -> None:
    questions = world.bot_comments(run.pr)[-1]
    assert "**Q1:** Where are wishlists kept?" in questions
    assert "- B) In the database, per shopper account **(recommended)**" in questions
    assert "**Q2:** Can wishlists be shared?" in questions
    body = world.bot.get_pull(OPS, run.pr).body
    assert "### Q2: Can wishlists be shared?" in body
    assert "- **Status:** open" in body
    assert _backlog(world) == []


def _check_answers(world: World, run: SprintRun) -> None:
    ack = world.bot_comments(run.pr)[-1]
    # The option's own words ("the database") are read by the rules, so the ledger keeps
    # the option's text and the read-back quotes what was read; the model still replies.
    assert "- Q1: B) In the database, per shopper account (@bob) — read from “the database " \
        "please" in ack
    assert ROUND_1["reply"] in ack
    assert "**Q3:** How many items may one wishlist hold?" in ack
    assert "Still open: Q2, Q3." in ack
    pr = world.bot.get_pull(OPS, run.pr)
    assert "### Q3: How many items may one wishlist hold?" in pr.body
    assert pr.state == "open"
    assert _backlog(world) == []


def _check_filed(world: World, run: SprintRun) -> None:
    ack = next(c for c in world.bot_comments(run.pr) if ROUND_2["reply"] in c)
    assert "- Q2: A) No, private only (@alice)" in ack
    assert "- Q3: A) Up to 100 (@alice)" in ack
    assert "Every design fork is resolved." in ack
    filed = sorted(_backlog(world), key=lambda issue: issue.number)
    assert [i.title for i in filed] == [s["title"] for s in PLAN["sub_issues"]]
    store, api, _page = filed
    assert f"Decomposed from #{run.vision}" in api.body
    assert f"Depends on #{store.number}" in api.body
    assert f"<!-- decomposed-from: #{run.vision}, sprint: 1-wishlists, id: api -->" in api.body
    numbers = "\n".join(f"- {PROJECT}#{i.number} — {i.title}" for i in filed)
    assert any(c.startswith(f"Sprint filed:\n\n{numbers}") for c in world.bot_comments(run.pr))
    merged = world.bot.get_pull(OPS, run.pr)
    assert merged.merged
    assert "## Filed: " in merged.body
    on_main = world.bot.get_file(OPS, "sprints/1-wishlists.md", ref="main")
    assert on_main is not None
    assert on_main.text.count("- **Status:** resolved") == 3


def _backlog(world: World) -> list[Any]:
    return list(world.bot.list_issues(PROJECT, state="all", labels=["backlog"]))


CHECKS: tuple[Callable[[World, SprintRun], None], ...] = (
    _check_pitched,
    _check_questions,
    _check_answers,
    _check_filed,
)
