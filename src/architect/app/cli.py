"""The `architect` command line. The only place that wires real objects together.

Imports are lazy: `architect --help` must not pay for httpx, pydantic models
or the model SDKs. Exit codes (DESIGN.md §2): 0 work done or skipped on
purpose, 2 configuration error, 1 a failure a later tick may cure.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

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
    typer.Option("-p", "--project", help="Project TOML (default: $ARCHITECT_PROJECT or "
                 "./architect.toml).", show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
VerboseOpt = Annotated[bool, typer.Option("-v", "--verbose", help="Debug logging.")]


def fail(message: str, code: int) -> NoReturn:
    typer.echo(f"architect: {message}", err=True)
    raise typer.Exit(code)


def load(project: Path | None) -> tuple[ProjectConfig, Secrets]:
    from architect.config import default_config_path, load_config, load_secrets
    from architect.errors import ConfigError

    path = project or default_config_path(os.environ)
    try:
        return load_config(path, os.environ), load_secrets(os.environ)
    except ConfigError as exc:
        fail(f"error: {exc}", 2)


def logging_for(config: ProjectConfig, secrets: Secrets, *, json: bool, verbose: bool) -> None:
    from architect.shell.logs import setup_logging

    setup_logging(log_file=config.log_file, json=json, secrets=secrets.values(), verbose=verbose)


@app.command()
def run(project: ProjectOpt = None,
        dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan; write nothing.")]
        = False,
        json: JsonOpt = False, verbose: VerboseOpt = False) -> None:
    """One tick: take every vision issue and sprint PR one step further."""
    from architect.app.service import tick_once

    config, secrets = load(project)
    logging_for(config, secrets, json=json, verbose=verbose)
    raise typer.Exit(tick_once(config, secrets, os.environ, dry_run=dry_run))


@app.command()
def loop(project: Annotated[list[Path] | None, typer.Option(
            "-p", "--project", help="Project TOML; repeat for several projects.")] = None,
         interval: Annotated[str | None, typer.Option(
             "--interval", help="Time between ticks, e.g. 6h, 15m (default: the config's).")]
         = None,
         webhook: Annotated[str | None, typer.Option(
             "--webhook", help="Also listen for Forgejo webhooks on HOST:PORT (signed with "
             "$ARCHITECT_WEBHOOK_SECRET).")] = None,
         json: JsonOpt = False, verbose: VerboseOpt = False) -> None:
    """Tick every interval (and on webhooks) until SIGTERM."""
    from architect.app.service import run_loop

    loaded = [load(p) for p in (project or [None])]  # type: ignore[list-item]
    config, secrets = loaded[0]
    logging_for(config, secrets, json=json, verbose=verbose)
    raise typer.Exit(run_loop([c for c, _ in loaded], secrets, os.environ, interval=interval,
                              webhook=webhook))


@app.command()
def status(project: ProjectOpt = None, json: JsonOpt = False) -> None:
    """Every vision and sprint PR, its lifecycle state and what the architect waits for."""
    from architect.app.service import show_status

    config, secrets = load(project)
    logging_for(config, secrets, json=False, verbose=False)
    raise typer.Exit(show_status(config, secrets, as_json=json))


@app.command()
def enable(project: ProjectOpt = None) -> None:
    """Create the active flag: ticks of this project do their work."""
    from architect.shell.guards import active_flag
    from architect.shell.guards import enable as do_enable

    config, _ = load(project)
    changed = do_enable(config.project_state_dir)
    state = "enabled" if changed else "already enabled"
    typer.echo(f"{config.name}: {state} ({active_flag(config.project_state_dir)})")


@app.command()
def disable(project: ProjectOpt = None) -> None:
    """Remove the active flag: ticks of this project skip."""
    from architect.shell.guards import disable as do_disable

    config, _ = load(project)
    changed = do_disable(config.project_state_dir)
    typer.echo(f"{config.name}: {'disabled' if changed else 'already disabled'}")


@app.command()
def init(project: ProjectOpt = None,
         webhook_url: Annotated[str | None, typer.Option(
             "--webhook-url", help="Register Forgejo webhooks that deliver to this URL.")]
         = None) -> None:
    """Create the labels and check the token's rights on both repos."""
    from architect.app.service import init_project

    config, secrets = load(project)
    raise typer.Exit(init_project(config, secrets, webhook_url=webhook_url))


@app.command()
def demo(keep: Annotated[bool, typer.Option("--keep", help="Keep the forge running at the end "
                                            "(Ctrl-C stops it).")] = False) -> None:
    """The whole lifecycle on the embedded forge with the offline planner. No network."""
    from architect.app.demo import run_demo

    raise typer.Exit(run_demo(keep=keep))


@app.command()
def forge(port: Annotated[int, typer.Option("--port", help="0 picks a free port.")] = 3000,
          host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
          data: Annotated[Path | None, typer.Option("--data", help="Persist to this JSON file.")]
          = None,
          admin_token: Annotated[str | None, typer.Option(
              "--admin-token", help="The admin's token (generated when absent).")] = None,
          ) -> None:
    """Run the embedded Forgejo-compatible forge on its own."""
    from architect.emulator.server import serve_forever

    serve_forever(host, port, data_file=data, admin_token=admin_token, out=sys.stdout)


def main() -> None:
    app()
