"""A large forge for the tick benchmark, seeded in-process through the HTTP API.

The sizes are those of issue 7: V open vision issues, P open sprint PRs with a
conversation of `comments` comments and `reviews` reviews each, C closed PRs on
the ops repo and I open (non-vision) issues on the project repo.

The sprint PRs are made by the architect itself (real ticks, offline planner)
before the bulk is added, so their comments, markers and ledgers are exactly
what a long-running project has. Everything else is created through the API
with `ForgeClient`, as a user would, over `httpx.WSGITransport` (no socket).
"""

from __future__ import annotations

import itertools
import textwrap
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import httpx

from architect.app.wiring import utc_now
from architect.config import ProjectConfig, load_config
from architect.emulator import EmbeddedForge
from architect.emulator.setup import ForgeSetup
from architect.emulator.store import Settings
from architect.forge.client import ForgeClient
from architect.runners.offline import OfflinePlanner
from architect.shell.journal import LESSONS_PATH
from architect.shell.pr_history import vision_of
from architect.shell.tick import TickReport, run_tick

BASE = "http://forge.bench"
OWNER = "acme"
PROJECT = "acme/shop"
OPS = "acme/shop-ops"
BOT = "architect-bot"
HUMANS = ("alice", "bob")
OPS_BOT = "deploy-bot"  # another bot on the ops repo: its PRs are the closed ones

SPRINT_VISION = textwrap.dedent("""\
    Let shoppers keep {thing} for later.

    ## Why
    Shoppers ask for a way to keep {thing} between visits; today they use browser tabs.

    ## Tasks
    - [ ] Store {thing} (id: store; files: shop/{slug}/model.py, shop/{slug}/store.py)
    - [ ] API endpoints for {thing} (id: api; after: store; files: shop/api.py)
    - [ ] A page that lists {thing} (id: page; after: api; files: shop/web/{slug}.py)
    - [ ] Notify shoppers about changes to {thing} (id: notify; after: store)
    - [ ] Docs for {thing} (id: docs; after: page, notify; files: README.md)

    ## Open questions
    1. Where is the data kept?
       - A) In the database (recommended: it survives a new device)
       - B) In the session cookie
    2. Who can see it?
       - A) Only its owner (recommended)
       - B) Anyone with a link

    ## Risks
    - Old sessions carry no data and must keep working.

    ## Acceptance
    - `pytest` passes.
    """)

BULK_VISION = textwrap.dedent("""\
    Improvement {n}: make the {area} of the shop better for returning customers.

    ## Why
    Feedback from the last survey names the {area} among the top annoyances.

    ## Tasks
    - [ ] Measure what customers do in the {area} today (id: measure)
    - [ ] Redesign the {area} flow (id: redesign; after: measure; files: shop/{area}.py)
    - [ ] Roll the change out behind a flag (id: rollout; after: redesign)

    ## Open questions
    1. How is the change rolled out?
       - A) Behind a feature flag (recommended)
       - B) For everyone at once
    """)

PLAIN_ISSUE = textwrap.dedent("""\
    Steps to reproduce: open the {area} page, change something, reload.

    Expected: the change is kept. Actual: it is sometimes lost.
    {extra}
    """)

AREAS = ("checkout", "search", "cart", "account page", "catalogue", "wishlist", "returns")
CHATTER = (
    "Still discussing this with the team; no decision yet.",
    "We looked at the numbers from last quarter, more on that soon.",
    "Parking this until the planning meeting on Thursday.",
    "Thanks, reading through the pitch again before we decide.",
)


LESSON = ("- PR #{n} (vision #{v}) was rejected: the sprint needed a new service to run and "
          "watch; prefer changes inside the app and its database, and say what it costs to "
          "maintain.\n")


def lessons_2kb() -> str:
    """A lessons-learned file of just under 2 KB, the cap the prompts keep."""
    text = "# Lessons learned\n\n"
    for n in itertools.count():
        line = LESSON.format(n=n + 10, v=n + 3)
        if len((text + line).encode()) > 2048:
            return text
        text += line
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class Sizes:
    visions: int = 500
    prs: int = 3
    closed: int = 1000
    issues: int = 2000
    comments: int = 40
    reviews: int = 3
    profile: bool = False  # the bot's .profile repo: lessons in prompts, a journal on the forge
    sub_issues: int = 1000  # filed by people, "Decomposed from #N", for the covered tick
    indexer: str = "bleve"  # the issue indexer the embedded forge searches like
    index_delay: float = 2.0  # seconds until a change is found by `q`

    def describe(self) -> str:
        extra = ", the bot's .profile repo" if self.profile else ""
        return (f"V={self.visions} P={self.prs} C={self.closed} I={self.issues} "
                f"({self.comments} comments, {self.reviews} reviews a PR{extra}; "
                f"{self.indexer} indexer, {self.index_delay:g} s index delay)")


@dataclass
class BenchWorld:
    forge: EmbeddedForge
    sizes: Sizes
    tokens: dict[str, str]
    tmp: Path
    sprint_prs: list[int] = field(default_factory=list)  # PR numbers, oldest first
    sprint_visions: list[int] = field(default_factory=list)
    transport: httpx.BaseTransport = field(init=False)

    def __post_init__(self) -> None:
        self.transport = httpx.WSGITransport(app=self.forge.wsgi)

    def client(self, login: str, *, transport: httpx.BaseTransport | None = None
               ) -> ForgeClient:
        """A fresh client (fresh request counts), in-process."""
        return ForgeClient(BASE, self.tokens[login], transport=transport or self.transport)

    def config(self, *, max_open_pitches: int) -> ProjectConfig:
        return load_config(self.config_file(max_open_pitches=max_open_pitches), {})

    def config_file(self, *, max_open_pitches: int, forge_url: str = BASE) -> Path:
        """The project TOML; the same project (state dir, lock) whatever the forge URL."""
        where = "wsgi" if forge_url == BASE else "loopback"
        path = self.tmp / f"shop-{max_open_pitches}-{where}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(f"""\
            name = "shop"
            repo = "{PROJECT}"
            ops_repo = "{OPS}"
            forge_url = "{forge_url}"
            primary_branch = "main"

            [architect]
            model = "offline"
            max_open_pitches = {max_open_pitches}
            min_available_mb = 0
            state_dir = "{self.tmp / 'state'}"
            """))
        return path

    def cover_visions(self) -> None:
        """Sub-issues filed by people for every vision that has no open sprint PR, then wait
        until the index has them (as a tick long after their filing would find them)."""
        with self.client(BOT) as bot:
            open_for = {vision_of(pr) for pr in bot.list_pulls(OPS, state="open")}
            visions = [v.number for v in bot.list_issues(PROJECT, labels=["vision"])
                       if v.number not in open_for]
        clients = [self.client(login) for login in HUMANS]
        for n, (vision, author) in enumerate(zip(itertools.cycle(visions),
                                                 itertools.cycle(clients), strict=False)):
            if n >= self.sizes.sub_issues:
                break
            author.create_issue(PROJECT, title=f"Part {n + 1} of #{vision}",
                                body=f"A slice of the work.\n\nDecomposed from #{vision}\n")
        for client in clients:
            client.close()
        time.sleep(self.sizes.index_delay)

    def tick(self, *, max_open_pitches: int) -> TickReport:
        with self.client(BOT) as bot:
            return run_tick(bot, OfflinePlanner(), self.config(max_open_pitches=max_open_pitches),
                            utc_now)


def build_world(sizes: Sizes, tmp: Path) -> BenchWorld:
    forge = EmbeddedForge(settings=Settings(issue_indexer=sizes.indexer,
                                            index_delay=timedelta(seconds=sizes.index_delay)))
    http = httpx.Client(transport=httpx.WSGITransport(app=forge.wsgi), base_url=BASE)
    setup = ForgeSetup(http, forge.admin_token)
    tokens = {login: setup.create_user(login) for login in (OWNER, BOT, *HUMANS, OPS_BOT)}
    for repo in (PROJECT, OPS):
        setup.create_repo(OWNER, repo.split("/")[1])
        for login in (BOT, *HUMANS, OPS_BOT):
            setup.add_collaborator(repo, login, "write")
    for label, color in (("vision", "5319e7"), ("in-progress", "fbca04"), ("backlog", "0e8a16")):
        setup.create_label(PROJECT, label, color)
    setup.put_file(PROJECT, "VISION.md", "# Shop\n\nA small web shop for returning customers.\n")
    setup.put_file(PROJECT, "AGENTS.md", "# Agents\n\nThe dev agent works from backlog issues.\n")
    if sizes.profile:  # lessons learned from earlier rejections (DESIGN.md §6)
        setup.create_repo(BOT, ".profile")
        setup.put_file(f"{BOT}/.profile", LESSONS_PATH, lessons_2kb())
    world = BenchWorld(forge, sizes, tokens, tmp)
    _sprints(world)
    _bulk_visions(world)
    _plain_issues(world)
    _closed_prs(world)
    setup.put_file(OPS, "prerequisites.md", _prerequisites(world))
    http.close()
    return world


def _sprints(world: BenchWorld) -> None:
    """P visions, pitched, reviewed, accepted and talked over by the architect itself."""
    sizes = world.sizes
    if not sizes.prs:
        return
    with world.client(OWNER) as owner:
        label = {lab.name: lab.id for lab in owner.list_labels(PROJECT)}["vision"]
        for n in range(sizes.prs):
            thing = f"list {n + 1}"
            issue = owner.create_issue(PROJECT, title=f"Saved {thing}",
                                       body=SPRINT_VISION.format(thing=thing, slug=f"list{n + 1}"),
                                       label_ids=[label])
            world.sprint_visions.append(issue.number)
    _expect(world.tick(max_open_pitches=sizes.prs), "pitch the sprint visions")
    with world.client(BOT) as bot:
        world.sprint_prs = sorted(pr.number for pr in bot.list_pulls(OPS, state="open"))
    humans = {login: world.client(login) for login in HUMANS}
    reviews = itertools.cycle((("bob", "COMMENT", "Reads well; the risks section helps."),
                               ("alice", "COMMENT", "One thought on scope: keep it small."),
                               ("alice", "APPROVED", "Go ahead.")))
    for number in world.sprint_prs:
        for login, event, body in itertools.islice(reviews, sizes.reviews):
            humans[login].create_review(OPS, number, event=event, body=body)  # type: ignore[arg-type]
    _expect(world.tick(max_open_pitches=sizes.prs), "ask the design questions")
    # footer + questions so far; then rounds of a human remark and the architect's reply.
    rounds, odd = divmod(max(sizes.comments - 2, 0), 2)
    chatter = itertools.cycle(CHATTER)
    speakers = itertools.cycle(HUMANS)
    for _ in range(rounds):
        text = next(chatter)
        for number in world.sprint_prs:
            humans[next(speakers)].create_comment(OPS, number, text)
        _expect(world.tick(max_open_pitches=sizes.prs), "answer a round of remarks")
    if odd:
        with world.client(OPS_BOT) as ops_bot:
            for number in world.sprint_prs:
                ops_bot.create_comment(OPS, number, "CI: sprint file lints clean.")
    for client in humans.values():
        client.close()


def _expect(report: TickReport, what: str) -> None:
    if not report.ok or not report.applied:
        raise RuntimeError(f"seeding: the tick meant to {what} did not: "
                           f"{[a.describe() for a in report.decision.actions]} {report.failed}")


def _bulk_visions(world: BenchWorld) -> None:
    with world.client(OWNER) as owner:
        label = {lab.name: lab.id for lab in owner.list_labels(PROJECT)}["vision"]
        for n in range(world.sizes.visions - world.sizes.prs):
            area = AREAS[n % len(AREAS)]
            owner.create_issue(PROJECT, title=f"Better {area} ({n + 1})",
                               body=BULK_VISION.format(n=n + 1, area=area), label_ids=[label])


def _plain_issues(world: BenchWorld) -> None:
    """Bug reports and backlog items; a quarter of them were filed from older sprints."""
    clients = [world.client(login) for login in HUMANS]
    with world.client(OWNER) as owner:
        backlog = {lab.name: lab.id for lab in owner.list_labels(PROJECT)}["backlog"]
    for n, author in zip(range(world.sizes.issues), itertools.cycle(clients), strict=False):
        area = AREAS[n % len(AREAS)]
        extra = f"\nDecomposed from #{100_000 + n % 50}\n" if n % 4 == 0 else ""
        author.create_issue(PROJECT, title=f"The {area} forgets changes ({n + 1})",
                            body=PLAIN_ISSUE.format(area=area, extra=extra),
                            label_ids=[backlog] if n % 4 == 0 else [])
    for client in clients:
        client.close()


def _closed_prs(world: BenchWorld) -> None:
    """Closed PRs of another bot on the ops repo (deploy bumps and the like)."""
    with world.client(OPS_BOT) as ops_bot:
        ops_bot.create_branch(OPS, "ops/bump", "main")
        for n in range(world.sizes.closed):
            pr = ops_bot.create_pull(OPS, title=f"ops: bump deploy {n + 1}",
                                     body="Automated bump.", head="ops/bump", base="main")
            ops_bot.edit_pull(OPS, pr.number, state="closed")


def _prerequisites(world: BenchWorld) -> str:
    lines = ["# Prerequisites", "", "The order in which the architect pitches the visions.", ""]
    lines += [f"{i}. #{n}" for i, n in enumerate(world.sprint_visions, start=1)]
    return "\n".join(lines) + "\n"
