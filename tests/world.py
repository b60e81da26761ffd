"""A small forge world for end-to-end tests: users, repos, labels, visions.

Everything is set up through the forge's HTTP API, as a human would on a real
Forgejo; the architect then runs ticks against it through the real client.
"""

from __future__ import annotations

import functools
import itertools
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

from architect.config import ProjectConfig, load_config
from architect.emulator import EmbeddedForge
from architect.emulator.app import ForgeApp
from architect.emulator.github_dialect import GitHubDialect
from architect.emulator.setup import ForgeSetup
from architect.emulator.store import Settings
from architect.forge.client import ForgeClient
from architect.forge.github import GitHubClient
from architect.forge.github_caps import Capabilities, capabilities_file
from architect.forge.github_http import Kept, Pace
from architect.forge.protocol import Forge
from architect.runners.base import Runner
from architect.runners.offline import OfflinePlanner
from architect.shell.tick import TickReport, run_tick

BASE = "http://forge.test"
PROJECT = "acme/shop"
OPS = "acme/shop-ops"
BOT = "architect-bot"
# The forges a world can speak: the embedded Forgejo, or its GitHub dialect (/api/v3).
DIALECTS = ("forgejo", "github")


class SteppingClock:
    """A clock that moves one second per reading, so every write has its own second."""

    def __init__(self, start: datetime | None = None, *, read: int = 0) -> None:
        """`read`: readings taken already (a clock that goes on from another's)."""
        self._ticks: Iterator[int] = itertools.count(read)
        self.start = start or datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
        self.now = self.start
        self.read = read  # the next reading's step from `start`

    def __call__(self) -> datetime:
        step = next(self._ticks)
        self.read = step + 1
        self.now = self.start + timedelta(seconds=step)
        return self.now

    def jump(self, to: datetime) -> None:
        """Days pass: the next reading is `to`, and the clock steps on from there."""
        self.start += to - self.now - timedelta(seconds=1)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Everything written inside happens within one second (a bulk change)."""
        at = next(self._ticks)
        self._ticks = itertools.repeat(at)
        try:
            yield
        finally:
            self._ticks = itertools.count(at + 1)


class VirtualTime:
    """Monotonic seconds that pass only when slept: GitHub's write spacing, without waiting."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


VISION_BODY = textwrap.dedent("""\
    Let shoppers keep a wishlist.

    ## Why
    Shoppers ask for a way to save items for later.

    ## Tasks
    - [ ] Store wishlist items (id: store) (files: shop/wishlist.py)
    - [ ] Wishlist API endpoints (id: api) (after: store) (files: shop/api.py)
    - [ ] Wishlist page (id: page) (after: api)

    ## Open questions
    1. Where are wishlists kept?
       - A) In the session cookie
       - B) In the database (recommended)
    2. Can wishlists be shared?
       - A) No
       - B) Yes, by link (recommended)
    """)


@dataclass
class World:
    forge: EmbeddedForge
    setup: ForgeSetup
    tokens: dict[str, str]
    config: ProjectConfig
    runner: Runner
    clients: dict[str, Forge] = field(default_factory=dict)
    clock: SteppingClock = field(default_factory=SteppingClock)  # the forge's
    dialect: str = "forgejo"
    github: GitHubDialect | None = None  # the GitHub dialect's app, when `dialect` is github
    time: VirtualTime = field(default_factory=VirtualTime)  # GitHub clients' write spacing
    reports: list[TickReport] = field(default_factory=list)  # every tick's, in order

    def wait_until(self, at: datetime) -> None:
        """The forge's clock jumps to `at` (for what waits on time: pass `at` to `tick`)."""
        self.clock.jump(at)

    @property
    def wsgi(self) -> GitHubDialect | ForgeApp:
        """What answers HTTP: the GitHub dialect (which serves /api/v1 too), or the forge."""
        return self.github if self.github is not None else self.forge.wsgi

    def client(self, login: str, transport: httpx.BaseTransport | None = None) -> Forge:
        if transport is not None:
            return self._connect(login, transport)
        if login not in self.clients:
            self.clients[login] = self._connect(login, httpx.WSGITransport(app=self.wsgi))
        return self.clients[login]

    def _connect(self, login: str, transport: httpx.BaseTransport) -> Forge:
        if self.dialect == "github":
            # As `wiring.github_client`: what the server lacks is kept in the state dir.
            api = f"{BASE}/api/v3"
            known = Capabilities(api, capabilities_file(self.config.architect.state_dir))
            return GitHubClient(api, self.tokens[login], transport=transport,
                                kept=self.kept(), capabilities=known)
        return ForgeClient(BASE, self.tokens[login], transport=transport)

    def kept(self) -> Kept:
        """A GitHub client's own state, its writes spaced in virtual time (`time`)."""
        return Kept(pace=Pace(clock=self.time, sleep=self.time.sleep))

    @property
    def bot(self) -> Forge:
        return self.client(BOT)

    def tick(self, *, runner: Runner | None = None, transport: httpx.BaseTransport | None = None,
             dry_run: bool = False, at: datetime | None = None) -> TickReport:
        """`at`: the tick's clock (the forge keeps its own), for what waits on time."""
        forge = self.client(BOT, transport) if transport is not None else self.bot
        report = run_tick(forge, runner or self.runner, self.config, SteppingClock(at),
                          dry_run=dry_run)
        self.reports.append(report)
        return report

    def vision(self, title: str, body: str = VISION_BODY, *, by: str = "alice") -> int:
        return self.setup.create_issue(PROJECT, title, body, labels=("vision",),
                                       token=self.tokens[by])

    def accepted(self, title: str = "Wishlists") -> int:
        """A vision pitched and accepted by @alice: its sprint PR, design questions asked."""
        self.vision(title)
        self.tick()
        (pr,) = self.bot.list_pulls(OPS, state="open")
        self.comment(pr.number, "ACCEPT")
        self.tick()
        return pr.number

    def comment(self, number: int, body: str, *, by: str = "alice", repo: str = OPS) -> int:
        return self.setup.comment(repo, number, body, token=self.tokens[by])

    def review(self, number: int, event: str, body: str = "", *, by: str = "alice") -> int:
        return self.setup.review(OPS, number, event, body, token=self.tokens[by])

    def sprint_prs(self, state: str = "all") -> list[object]:
        return list(self.bot.list_pulls(OPS, state=state))  # type: ignore[arg-type]

    def comments(self, number: int, repo: str = OPS) -> list[str]:
        return [c.body for c in self.bot.list_comments(repo, number)]

    def bot_comments(self, number: int, repo: str = OPS) -> list[str]:
        return [c.body for c in self.bot.list_comments(repo, number) if c.user.login == BOT]


# A vision whose first question has a follow-up hanging on its option B: the changed-answer
# and edited-answer stories of several suites play on it.
SETTINGS_VISION = """\
Let users keep their settings between visits.

## Tasks
- [ ] Store the settings (id: store) (files: app/settings.py)
- [ ] Settings page (id: page) (after: store) (files: app/page.py)

## Open questions
1. Where are settings kept?
   - A) In browser localStorage
   - B) On the server (recommended)
     - If B: How are settings synced?
       - A) On every change (recommended)
       - B) Once a day
2. Can settings be exported?
   - A) No (recommended)
   - B) Yes, as a JSON file
"""


# A vision of three questions, two options each: the attachments stories of the corpus
# (tests/data/comments, stage "questions3") answer it by position, by words and in lists.
ATTACHMENTS_VISION = """\
Let users attach files to their notes.

## Tasks
- [ ] Store the uploaded files (id: store) (files: app/files.py)
- [ ] Attachment list on a note (id: page) (after: store) (files: app/page.py)

## Open questions
1. Where are uploaded files stored?
   - A) On the local disk
   - B) In S3-compatible object storage (recommended)
2. Who can see an attachment?
   - A) Everyone who can see the note (recommended)
   - B) Only the uploader and admins
3. How are expired files cleaned up?
   - A) A nightly cron job (recommended)
   - B) A background worker queue
"""


@functools.cache
def _seeded(start: datetime | None, settings: Settings | None
            ) -> tuple[EmbeddedForge, dict[str, str], int]:
    """The forge every world starts from, seeded through the HTTP API as a human would
    (users, repos, collaborators, labels, files), once per start and settings: its
    tokens, and the clock readings the seeding took."""
    clock = SteppingClock(start)
    forge = EmbeddedForge(clock=clock, settings=settings)
    http = httpx.Client(transport=httpx.WSGITransport(app=forge.wsgi), base_url=BASE)
    setup = ForgeSetup(http, forge.admin_token)
    tokens = {login: setup.create_user(login) for login in
              ("acme", BOT, "alice", "bob", "stranger", "deploy-bot")}
    for name in ("shop", "shop-ops"):
        setup.create_repo("acme", name)
        for login in (BOT, "alice", "bob"):
            setup.add_collaborator(f"acme/{name}", login, "write")
        setup.add_collaborator(f"acme/{name}", "deploy-bot", "write")
    for label, color in (("vision", "5319e7"), ("in-progress", "fbca04"), ("backlog", "0e8a16")):
        setup.create_label(PROJECT, label, color)
    setup.create_label(PROJECT, "wontfix", "ffffff")  # a team's label for "won't do"
    setup.create_label(OPS, "parked", "c5def5")  # as `architect init` creates it
    setup.put_file(PROJECT, "VISION.md", "# Shop\n\nA small web shop.\n")
    setup.put_file(PROJECT, "AGENTS.md", "# Agents\n\nThe dev agent works from backlog issues.\n")
    return forge, tokens, clock.read


def make_world(tmp_path: Path, *, runner: Runner | None = None, max_open_pitches: int = 3,
               reviewers: tuple[str, ...] = (), extra: str = "",
               start: datetime | None = None, settings: Settings | None = None,
               dialect: str = "forgejo", ghes: str | None = None) -> World:
    """`dialect`: "github" makes the architect (and `world.bot`) speak the GitHub dialect;
    people and the seeding keep the Forgejo API, on the same store. `ghes`: the dialect
    answers as that GitHub Enterprise Server version (3.18: no sub-issues, no
    dependencies)."""
    seeded, tokens, read = _seeded(start, settings)
    # Each world its own copy of the seeded forge, its clock going on from the seeding's.
    clock = SteppingClock(start, read=read)
    forge = seeded.copy(clock)
    setup = ForgeSetup(httpx.Client(transport=httpx.WSGITransport(app=forge.wsgi),
                                    base_url=BASE), forge.admin_token)
    tokens = dict(tokens)
    reviewers_toml = ", ".join(f'"{r}"' for r in reviewers)
    toml = tmp_path / "shop.toml"
    toml.write_text(textwrap.dedent(f"""\
        name = "shop"
        repo = "{PROJECT}"
        ops_repo = "{OPS}"
        forge = "{dialect}"
        forge_url = "{BASE + ('/api/v3' if dialect == 'github' else '')}"
        primary_branch = "main"
        unrelated_factory_key = "ignored"

        [architect]
        model = "offline"
        max_open_pitches = {max_open_pitches}
        min_available_mb = 0
        reviewers = [{reviewers_toml}]
        state_dir = "{tmp_path / 'state'}"
        {extra}
        """))
    config = load_config(toml, {})
    github = GitHubDialect(forge, ghes=ghes) if dialect == "github" else None
    return World(forge, setup, tokens, config, runner or OfflinePlanner(), clock=clock,
                 dialect=dialect, github=github)
