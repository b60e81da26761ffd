"""`architect demo`: the whole lifecycle on the embedded forge, narrated.

It plays both sides: a human maintainer (alice) who writes visions, approves,
answers and rejects through the forge's API, and the architect, which runs
real ticks through the real client with the offline planner. No network
beyond loopback, no model, nothing installed beyond the package.
"""

from __future__ import annotations

import signal
import tempfile
import textwrap
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import httpx
from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel

from architect.app.demo_project import DEMO, DemoProject
from architect.app.setup_forge import prove_setup
from architect.app.status import collect_status, folds_at_80, render_table
from architect.app.wiring import utc_now
from architect.config import ProjectConfig, Secrets, load_config
from architect.core import markers
from architect.emulator import EmbeddedForge
from architect.emulator.github_dialect import GitHubDialect
from architect.emulator.github_web import PREFIX as GITHUB_PREFIX
from architect.emulator.setup import ForgeSetup
from architect.forge.client import ForgeClient
from architect.forge.github import GitHubClient
from architect.forge.github_http import Kept, Pace
from architect.forge.protocol import Forge
from architect.runners.offline import OfflinePlanner
from architect.shell.dashboard import find
from architect.shell.guards import enable
from architect.shell.logs import setup_logging, teardown_logging
from architect.shell.tick import plan_tick, run_tick

BOT = "architect-bot"


@dataclass
class DemoWorld:
    project: DemoProject
    url: str
    setup: ForgeSetup
    tokens: dict[str, str]
    config: ProjectConfig
    config_path: Path
    console: Console
    numbers: dict[str, int] = field(default_factory=dict)  # vision key -> issue number
    seen: dict[int, int] = field(default_factory=dict)  # PR -> comments already shown
    dialect: str = "forgejo"

    def client(self, login: str) -> Forge:
        if self.dialect == "github":
            # The embedded forge asks no spacing of writes: the story plays at its pace.
            return GitHubClient(self.url + GITHUB_PREFIX, self.tokens[login],
                                kept=Kept(pace=Pace(gap=0)))
        return ForgeClient(self.url, self.tokens[login])


class _Narration(Console):
    """Piped (`architect demo | less`), a sentence stays one line instead of being folded
    at 80 columns; the panels keep that width."""

    def print(self, *objects: Any, **kwargs: Any) -> None:
        if all(isinstance(o, str) for o in objects):
            kwargs.setdefault("soft_wrap", True)
        super().print(*objects, **kwargs)


def narration_console() -> Console:
    """Rich's console for the story: in a terminal as it is, piped without folded lines."""
    return _Narration() if folds_at_80(Console()) else Console()


def run_demo(
    *, keep: bool = False, verbose: bool = False, console: Console | None = None,
    dialect: str = "forgejo",
) -> int:
    """`dialect` "github": the architect speaks the embedded forge's GitHub dialect."""
    console = console or narration_console()
    started = time.monotonic()
    with _sigterm_as_interrupt(), tempfile.TemporaryDirectory(prefix="architect-demo-") as tmp, \
            EmbeddedForge() as forge:
        url = forge.start(app=GitHubDialect(forge) if dialect == "github" else None)
        console.rule("[bold]architect demo")
        api = f"the GitHub API at {url}{GITHUB_PREFIX}" if dialect == "github" else "Forgejo"
        console.print(f"Embedded forge at {url}, speaking {api} (offline planner, no model, "
                      "no network)\n")
        world = play_demo(forge, url, Path(tmp), console, verbose=verbose, dialect=dialect)
        _finale(world, time.monotonic() - started, keep=keep)
        if keep:
            _keep_running(world)
    return 0


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM unwinds like Ctrl-C, so the forge stops and the temporary directory goes
    (a killed demo left /tmp/architect-demo-* behind)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def play_demo(forge: EmbeddedForge, url: str, tmp: Path, console: Console, *,
              verbose: bool = False, dialect: str = "forgejo") -> DemoWorld:
    """The demo's story on a started forge, up to the closed vision; the world it leaves."""
    world = _seed(forge, url, tmp, console, dialect)
    setup_logging(log_file=world.config.log_file, json=False,
                  secrets=list(world.tokens.values()), verbose=verbose)
    try:
        _play(world)
    finally:
        teardown_logging()
    return world


def _seed(forge: EmbeddedForge, url: str, tmp: Path, console: Console,
          dialect: str) -> DemoWorld:
    project = DEMO
    setup = ForgeSetup(httpx.Client(base_url=url), forge.admin_token)
    owner = project.repo.split("/")[0]
    tokens = {login: setup.create_user(login) for login in (owner, BOT, project.reviewer)}
    for repo in (project.repo, project.ops_repo):
        setup.create_repo(owner, repo.split("/")[1])
        setup.add_collaborator(repo, BOT, "write")
        setup.add_collaborator(repo, project.reviewer, "admin")
    setup.put_file(project.repo, "VISION.md", project.vision_md)
    setup.put_file(project.repo, "AGENTS.md", project.agents_md)
    for path, text in project.files:
        if path != "README.md":
            setup.put_file(project.repo, path, text)
    setup.put_file(project.ops_repo, "prerequisites.md", project.prerequisites_md)
    config_path = tmp / f"{project.name}.toml"
    config_path.write_text(textwrap.dedent(f"""\
        name = "{project.name}"
        repo = "{project.repo}"
        ops_repo = "{project.ops_repo}"
        forge = "{dialect}"
        forge_url = "{url + GITHUB_PREFIX if dialect == "github" else url}"

        [architect]
        model = "offline"
        max_open_pitches = 3
        min_available_mb = 0
        reviewers = ["{project.reviewer}"]
        state_dir = "{tmp / 'state'}"
        """))
    config = load_config(config_path, {})
    world = DemoWorld(project, url, setup, tokens, config, config_path, console,
                      dialect=dialect)
    console.print(f"[bold]Setup[/]: users {owner}, {BOT}, {project.reviewer}; repos "
                  f"{project.repo} and {project.ops_repo}")
    console.print("[bold]architect init[/] (labels and rights):")
    prove_setup(world.client(BOT), config, Secrets(), webhook_url=None, write=True,
                runner_ready=lambda: None, say=lambda line: console.print(f"  {line}"))
    setup.create_label(project.repo, "wontfix", "ffffff")  # the team's own "won't do" label
    for vision in project.visions:
        world.numbers[vision.key] = setup.create_issue(
            project.repo, vision.title, vision.body, labels=("vision",),
            token=tokens[project.reviewer])
        console.print(f"  @{project.reviewer} filed vision #{world.numbers[vision.key]}: "
                      f"{vision.title}")
    enable(config.project_state_dir)
    console.print(f"  architect enable → {config.project_state_dir / '.architect-active'}\n")
    return world


def _tick(world: DemoWorld, title: str) -> None:
    world.console.rule(f"[bold cyan]{title}")
    bot = world.client(BOT)
    report = run_tick(bot, OfflinePlanner(), world.config, utc_now)
    if not report.decision.actions:
        world.console.print("  (nothing to do)")
    _show_new_comments(world, bot)


def _show_new_comments(world: DemoWorld, bot: Forge) -> None:
    for pr in bot.list_pulls(world.project.ops_repo, state="all"):
        comments = bot.list_comments(world.project.ops_repo, pr.number)
        for comment in comments[world.seen.get(pr.number, 0):]:
            if comment.user.login != BOT:
                continue
            _bot_panel(world, comment.body, f"PR #{pr.number}: {pr.title}")
        world.seen[pr.number] = len(comments)


def _bot_panel(world: DemoWorld, body: str, where: str) -> None:
    """A comment of the bot, shortened, without its markers."""
    text = body.split(markers.MARK_OPEN, maxsplit=1)[0].strip()
    world.console.print(Panel(Markdown(_shorten(text)), title=f"@{BOT} on {where}",
                              title_align="left", border_style="green"))


def _shorten(text: str, lines: int = 24) -> str:
    kept = text.splitlines()
    return "\n".join(kept[:lines] + (["…"] if len(kept) > lines else []))


def _human(world: DemoWorld, key: str, body: str, shows: str) -> None:
    pr = _pr_of(world, key)
    world.setup.comment(world.project.ops_repo, pr, body,
                        token=world.tokens[world.project.reviewer])
    world.console.print(Panel(body, title=f"@{world.project.reviewer} on PR #{pr} — {shows}",
                              title_align="left", border_style="magenta"))


def _pr_of(world: DemoWorld, key: str) -> int:
    branch = f"architect/sprint-vision-{world.numbers[key]}"
    for pr in world.client(BOT).list_pulls(world.project.ops_repo, state="all", head=branch):
        return pr.number
    raise LookupError(f"no sprint PR for {key}")


def _play(world: DemoWorld) -> None:
    _tick(world, "Tick 1: the architect pitches the visions, in prerequisites.md order")
    replies = list(world.project.replies)
    # ACCEPT one pitch, REJECT another: both reach the architect in the next tick.
    for reply in replies[:2]:
        _human(world, reply.vision, reply.body, reply.shows)
    _tick(world, "Tick 2: design questions on the accepted PR; the rejected one is closed")
    for number, reply in enumerate(replies[2:], start=3):
        _human(world, reply.vision, reply.body, reply.shows)
        _tick(world, f"Tick {number}: the architect reads the answer")
    _developers_finish(world)
    _tick(world, f"Tick {len(replies) + 1}: every sub-issue is closed; the vision's story ends")
    _show_vision(world)


def _developers_finish(world: DemoWorld) -> None:
    """The developers work through the filed sub-issues; one of them is dropped."""
    project, console = world.project, world.console
    dev = world.client(project.reviewer)
    vision = world.numbers[project.accepted().key]
    filed = sorted((i for i in dev.list_issues(project.repo, state="open", labels=["backlog"])
                    if f"Decomposed from #{vision}" in i.body), key=lambda i: i.number)
    dropped = next((i for i in filed if i.title.startswith("Docs:")), filed[-1])
    # In filing order: the forge refuses to close an issue whose dependencies are open.
    for issue in filed:
        if issue is dropped:
            dev.add_issue_labels(project.repo, issue.number, ["wontfix"])
        dev.edit_issue(project.repo, issue.number, state="closed")
    done = " ".join(f"#{i.number}" for i in filed if i is not dropped)
    console.rule("[bold magenta]The developers")
    console.print(f"  @{project.reviewer} closed {done} as done, and #{dropped.number} "
                  "(labelled wontfix) as not planned")


def _show_vision(world: DemoWorld) -> None:
    """What someone watching the vision issue saw, from the pitch to the end."""
    project = world.project
    bot = world.client(BOT)
    number = world.numbers[project.accepted().key]
    vision = bot.get_issue(project.repo, number)
    for comment in bot.list_comments(project.repo, number):
        if comment.user.login == BOT:
            _bot_panel(world, comment.body, f"vision #{number}: {vision.title}")
    world.console.print(f"  vision #{number} is now {vision.state}; labels: "
                        f"{', '.join(sorted(vision.label_names)) or 'none'}")


def _finale(world: DemoWorld, elapsed: float, *, keep: bool) -> None:
    console = world.console
    bot = world.client(BOT)
    console.rule("[bold]Where things stand")
    render_table(collect_status(bot, world.config, utc_now()),
                 title=f"architect status: {world.config.name}")
    filed = bot.list_issues(world.project.repo, state="all", labels=["backlog"])
    console.print("\n[bold]Filed on " + world.project.repo + ":[/]")
    for issue in sorted(filed, key=lambda i: i.number):
        deps = [line.removeprefix("Depends on ") for line in issue.body.splitlines()
                if line.startswith("Depends on #")]
        suffix = f"  (depends on {', '.join(deps)})" if deps else ""
        console.print(f"  #{issue.number} {issue.title}{suffix} — {issue.state}", markup=False)
    _, planned = plan_tick(bot, world.config, utc_now())
    plan = ", ".join(a.describe() for a in planned.decision.actions) or "nothing to do"
    console.print(f"\n[bold]architect run --dry-run[/] now: {plan}")
    number, url = _sprint_to_open(world)
    console.print(f"\nSprint PR #{number}, its questions and answers, in a browser:")
    console.print(f"  {url}", soft_wrap=True)  # never folded: it must stay clickable
    _show_dashboard(world)
    if keep:  # what follows says how to explore the forge that keeps running
        console.print(f"\nDone in {elapsed:.1f} s.")
    else:
        console.print(f"\nDone in {elapsed:.1f} s. (The forge and the state dir are temporary; "
                      "`architect demo --keep` leaves the forge running to explore.)")


def _show_dashboard(world: DemoWorld) -> None:
    bot = world.client(BOT)
    board = find(bot, world.config, bot.current_user())
    if board is not None:
        world.console.print("\nThe dashboard, the whole project's planning state on the forge:")
        world.console.print(f"  {board.html_url}", soft_wrap=True)


def _sprint_to_open(world: DemoWorld) -> tuple[int, str]:
    """The sprint PR with the longest conversation: the one worth reading in the web view."""
    project = world.project
    key = max(sorted({r.vision for r in project.replies}),
              key=lambda k: len(project.replies_for(k)))
    number = _pr_of(world, key)
    return number, world.client(BOT).get_pull(project.ops_repo, number).html_url


def _keep_running(world: DemoWorld) -> None:
    console = world.console
    try:  # a signal as soon as the last line is out still ends in "stopped"
        console.print(f"\nThe forge keeps running at {world.url} (open it in a browser). "
                      "Try, in another shell:\n"
                      f"  export FORGE_ARCHITECT_TOKEN={world.tokens[BOT]}\n"
                      f"  architect status -p {world.config_path}\n"
                      f"  architect run -p {world.config_path} --dry-run\n"
                      "Ctrl-C stops it.")
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        console.print("stopped")
