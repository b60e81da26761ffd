"""The `architect` command line. The only place that wires real objects together.

The commands import what they run inside their functions: `architect --help`
must not pay for pydantic, httpx or werkzeug (each such import would cost it
more than 10 ms; `bench/startup.py` measures them). Exit codes (DESIGN.md §2):
0 work done or skipped on purpose, 2 configuration error, 1 a failure a later
tick may cure.
"""

from __future__ import annotations

import json as jsonlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from architect import __version__
from architect.errors import ConfigError

if TYPE_CHECKING:
    from architect.config import ProjectConfig, Secrets

app = typer.Typer(
    name="architect",
    help="Planning bot: vision issues → sprint pitches → design questions → sub-issues.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain click help: rich's help renderer alone costs `architect --help` 0.15 s.
    rich_markup_mode=None,
)

ProjectOpt = Annotated[
    Path | None,
    typer.Option("-p", "--project", metavar="FILE", help="Project TOML (default: "
                 "$ARCHITECT_PROJECT or ./architect.toml).", show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
VerboseOpt = Annotated[bool, typer.Option("-v", "--verbose", help="Debug logging.")]


class ForgeKind(StrEnum):
    """The forge APIs the embedded forge speaks (`--dialect`, `demo --forge`)."""

    FORGEJO = "forgejo"
    GITHUB = "github"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"architect {__version__}")
        raise typer.Exit(0)


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True, help="Print the version and exit.")]
        = False) -> None:
    """Planning bot: vision issues → sprint pitches → design questions → sub-issues."""


def fail(message: str, code: int, *, json: bool = False, project: str | None = None) -> NoReturn:
    """The message on stderr, shaped as the log's lines are (`architect: PROJECT: error: …`);
    with `--json`, also `{"project", "error", "exit"}` on stdout."""
    typer.echo(f"architect: {project}: {message}" if project else f"architect: {message}",
               err=True)
    if json:
        # The plain line's "error: " is a label for eyes; the JSON key says it already.
        typer.echo(jsonlib.dumps({"project": project, "error": message.removeprefix("error: "),
                                  "exit": code}))
    raise typer.Exit(code)


def load(project: Path | None, *, json: bool = False) -> tuple[ProjectConfig, Secrets]:
    from architect.config import (  # noqa: PLC0415  start-up: pydantic
        default_config_path,
        load_config,
        load_secrets,
    )

    path = project or default_config_path(os.environ)
    try:
        return load_config(path, os.environ), load_secrets(os.environ)
    except ConfigError as exc:
        fail(f"error: {exc}", 2, json=json)


def usable(config: ProjectConfig, *, json: bool = False) -> ProjectConfig:
    """The config, once its state dir, log dir and run lock are known to be usable."""
    from architect.shell.state_dir import check_local_state  # noqa: PLC0415  start-up

    try:
        check_local_state(config)
    except ConfigError as exc:
        fail(f"error: {exc}", 2, json=json, project=config.name)
    return config


@contextmanager
def interrupts_logged(command: str) -> Iterator[list[int]]:
    """Inside, SIGINT and SIGTERM end the command with one log line saying so (in the log
    file as on stderr: a tick killed unseen leaves the next reader guessing), and the exit
    code 128 + the signal. The tick holds no state a kill could break: the next run
    converges from what the forge shows."""
    import logging  # noqa: PLC0415  start-up: only the commands that tick pay for it
    import signal  # noqa: PLC0415  start-up: only the commands that tick pay for it

    class Interrupted(BaseException):
        def __init__(self, signum: int) -> None:
            self.signum = signum

    def on_signal(signum: int, _frame: object) -> None:
        raise Interrupted(signum)

    code: list[int] = []
    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield code
    except Interrupted as stop:
        name = signal.Signals(stop.signum).name
        logging.getLogger("architect").warning(
            "%s interrupted by %s: stopped mid-tick; the next run takes up what it left",
            command, name)
        code.append(128 + stop.signum)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def logging_for(config: ProjectConfig, secrets: Secrets, *, json: bool, verbose: bool,
                one_project: bool = True) -> None:
    from architect.shell.logs import setup_logging  # noqa: PLC0415  start-up: logging.handlers

    # Every line names its project as `fail` does: `architect: PROJECT: LEVEL: message`. A
    # loop over several projects names each line's own (`log_project`), none by default.
    setup_logging(log_file=config.log_file, json=json, secrets=secrets.values(), verbose=verbose,
                  project=config.name if one_project else None)


@app.command()
def run(project: ProjectOpt = None,
        dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan; write nothing.")]
        = False,
        json: Annotated[bool, typer.Option(
            "--json", help="Print one JSON document on stdout (plan, applied, failed, model "
            "calls, cost, exit); log lines on stderr as JSON.")] = False,
        verbose: VerboseOpt = False) -> None:
    """One tick: take every vision issue and sprint PR one step further."""
    from architect.app.service import tick_once  # noqa: PLC0415  start-up: the whole tick

    config, secrets = load(project, json=json)
    logging_for(usable(config, json=json), secrets, json=json, verbose=verbose)
    with interrupts_logged("run") as code:
        code.append(tick_once(config, secrets, os.environ, dry_run=dry_run, as_json=json))
    raise typer.Exit(code[-1])


@app.command()
def loop(project: Annotated[list[Path] | None, typer.Option(
            "-p", "--project", metavar="FILE",
            help="Project TOML; repeat for several projects.")] = None,
         interval: Annotated[str | None, typer.Option(
             "--interval", metavar="DURATION",
             help="Time between ticks, e.g. 6h, 15m (default: the config's).")] = None,
         webhook: Annotated[str | None, typer.Option(
             "--webhook", metavar="HOST:PORT", help="Also listen for Forgejo webhooks there "
             "(signed with $ARCHITECT_WEBHOOK_SECRET).")] = None,
         json: Annotated[bool, typer.Option(
             "--json", help="Log lines on stderr as JSON objects, each naming its project.")]
         = False,
         verbose: VerboseOpt = False) -> None:
    """Tick every interval (and on webhooks) until SIGTERM."""
    from architect.app.loop import run_forever  # noqa: PLC0415  start-up: the whole tick

    loaded = [load(p) for p in (project or [None])]  # type: ignore[list-item]
    for each, _ in loaded:
        usable(each)
    config, secrets = loaded[0]
    logging_for(config, secrets, json=json, verbose=verbose, one_project=len(loaded) == 1)
    raise typer.Exit(run_forever([c for c, _ in loaded], secrets, os.environ,
                                 interval=interval, webhook=webhook))


@app.command()
def status(project: ProjectOpt = None, json: JsonOpt = False, verbose: VerboseOpt = False) -> None:
    """Every vision and sprint PR, its lifecycle state and what the architect waits for."""
    from architect.app.service import show_status  # noqa: PLC0415  start-up: the whole tick

    config, secrets = load(project, json=json)
    logging_for(usable(config, json=json), secrets, json=False, verbose=verbose)
    raise typer.Exit(show_status(config, secrets, as_json=json))


@app.command()
def enable(project: ProjectOpt = None) -> None:
    """Create the active flag: ticks of this project do their work."""
    from architect.shell.guards import active_flag  # noqa: PLC0415  start-up: pydantic
    from architect.shell.guards import enable as do_enable  # noqa: PLC0415  start-up: pydantic

    config = usable(load(project)[0])
    changed = do_enable(config.project_state_dir)
    state = "enabled" if changed else "already enabled"
    typer.echo(f"{config.name}: {state} ({active_flag(config.project_state_dir)})")


@app.command()
def disable(project: ProjectOpt = None) -> None:
    """Remove the active flag: ticks of this project skip (and send the forge nothing).
    The dashboard says so, if the forge answers within seconds."""
    from architect.app.switch import tell_dashboard  # noqa: PLC0415  start-up: httpx
    from architect.shell.guards import disable as do_disable  # noqa: PLC0415  start-up: pydantic
    from architect.shell.guards import disabled_since  # noqa: PLC0415  start-up: pydantic

    config, secrets = load(project)
    state = usable(config).project_state_dir
    changed = do_disable(state)
    typer.echo(f"{config.name}: {'disabled' if changed else 'already disabled'}")
    since = disabled_since(state)
    # Disabled first: a forge that is down (the maintenance itself) changes nothing of that.
    problem = tell_dashboard(config, secrets, since) if since is not None else None
    if problem is not None:
        typer.echo(f"architect: {config.name}: disabled, but the dashboard still shows the last "
                   f"tick: {problem}", err=True)


@app.command()
def init(project: ProjectOpt = None,
         webhook_url: Annotated[str | None, typer.Option(
             "--webhook-url", metavar="URL",
            help="Check (and unless --check, register) webhooks that deliver to URL.")]
         = None,
         check: Annotated[bool, typer.Option(
             "--check", help="Prove the setup and report what is missing; write nothing.")]
         = False, verbose: VerboseOpt = False,
         example: Annotated[bool, typer.Option(
             "--example", help="Print an example project file (to edit) and exit.")]
         = False) -> None:
    """Prove a tick can succeed: repos, branch, labels (created), token rights, reviewers,
    model runner, webhooks. Exit 2 when something blocks."""
    from architect.app.service import init_project  # noqa: PLC0415  start-up: the whole tick
    from architect.config import example_text  # noqa: PLC0415  start-up: pydantic

    if example:  # before `load`: there is no project file yet
        typer.echo(example_text(), nl=False)
        raise typer.Exit(0)
    config, secrets = load(project)
    # The same local checks as `run`: `--check` must not say ready where `run` would refuse.
    logging_for(usable(config), secrets, json=False, verbose=verbose)
    raise typer.Exit(init_project(config, secrets, os.environ, webhook_url=webhook_url,
                                  check=check))


@app.command()
def demo(keep: Annotated[bool, typer.Option("--keep", help="Keep the forge running at the end "
                                            "(Ctrl-C stops it).")] = False,
         verbose: VerboseOpt = False,
         forge: Annotated[ForgeKind, typer.Option(
             "--forge", metavar="[forgejo|github]",
             help="The API the architect speaks: forgejo, or the embedded forge's "
                  "GitHub dialect.")] = ForgeKind.FORGEJO) -> None:
    """The whole lifecycle on the embedded forge with the offline planner. No network."""
    from architect.app.demo import run_demo  # noqa: PLC0415  start-up: the forge and a tick

    raise typer.Exit(run_demo(keep=keep, verbose=verbose, dialect=forge.value))


@app.command()
def forge(port: Annotated[int, typer.Option(
              "--port", metavar="PORT", help="0 picks a free port.")] = 3000,
          host: Annotated[str, typer.Option("--host", metavar="HOST")] = "127.0.0.1",
          data: Annotated[Path | None, typer.Option(
              "--data", metavar="FILE", help="Persist to this JSON file.")]
          = None,
          admin_token: Annotated[str | None, typer.Option(
              "--admin-token", metavar="TOKEN",
              help="The admin's token (generated when absent).")] = None,
          issue_indexer: Annotated[str, typer.Option(
              "--issue-indexer", metavar="[bleve|db]",
              help="How `q` searches: bleve (Forgejo's default) or db.")]
          = "bleve",
          index_delay: Annotated[str | None, typer.Option(
              "--index-delay", metavar="DURATION",
              help="How long a change takes to reach the search index "
                   "(e.g. 2s; default: at once).")] = None,
          merge_check: Annotated[str | None, typer.Option(
              "--merge-check", metavar="DURATION",
              help="How long a PR cannot be merged after its head or base "
                   "moved (405 \"Please try again later\"; default: no wait).")]
          = None,
          seed: Annotated[bool, typer.Option(
              "--seed", help="Create what `architect init --example` expects (users, repos, "
                             "labels, a vision) and print the tokens and the commands to try.")]
          = False,
          dialect: Annotated[ForgeKind, typer.Option(
              "--dialect", metavar="[forgejo|github]",
              help="github: also serve GitHub's REST API under /api/v3 "
                   "(same store).")] = ForgeKind.FORGEJO,
          as_ghes: Annotated[str | None, typer.Option(
              "--as-ghes", metavar="VERSION",
              help="With --dialect github: answer as that GitHub Enterprise Server "
                   "(e.g. 3.18: no sub-issues, no dependencies).")] = None,
          ) -> None:
    """Run the embedded Forgejo-compatible forge on its own."""
    from architect.app.playground import (  # noqa: PLC0415  start-up: the forge
        AlreadySeeded,
    )
    from architect.app.playground import (  # noqa: PLC0415  start-up: the forge
        seed as seed_playground,
    )
    from architect.emulator.github_dialect import (  # noqa: PLC0415  start-up: werkzeug
        ghes_version,
    )
    from architect.emulator.server import (  # noqa: PLC0415  start-up: werkzeug, httpx
        serve_forever,
        settings_from_options,
    )
    from architect.emulator.store import DataFileError  # noqa: PLC0415  start-up: werkzeug

    try:
        settings = settings_from_options(issue_indexer, index_delay, merge_check)
        if as_ghes is not None:
            if dialect is not ForgeKind.GITHUB:
                raise ValueError("--as-ghes answers as GitHub Enterprise Server: add "
                                 "--dialect github")
            ghes_version(as_ghes)
    except ValueError as exc:
        fail(str(exc), 2)
    seeding = partial(seed_playground, dialect=dialect.value) if seed else None
    try:
        serve_forever(host, port, data_file=data, admin_token=admin_token, out=sys.stdout,
                      settings=settings, seed=seeding, dialect=dialect.value, ghes=as_ghes)
    except DataFileError as exc:
        fail(f"error: {exc}", 2)
    except AlreadySeeded as exc:
        fail(f"error: --seed: {exc}", 2)


def main() -> None:
    app()
