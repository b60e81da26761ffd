"""What the CLI commands do, with real objects wired from the configuration.

Each function returns the process exit code and logs its reasons; the CLI
only parses arguments. Skips on purpose (inactive, lock held, low memory) are
exit 0; configuration problems exit 2; a failure a later tick may cure exits 1.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import httpx

from architect.app.setup_check import check_model, missing_repo
from architect.app.setup_forge import prove_setup
from architect.app.status import collect, render_table
from architect.app.status_notes import project_notes
from architect.app.tick_json import tick_document
from architect.app.wiring import filer_client, forge_client, project_runner, utc_now
from architect.config import ProjectConfig, Secrets
from architect.errors import ArchitectError, ConfigError, ForgeNotFound, RunnerUnavailable
from architect.forge.github import GitHubClient
from architect.forge.github_http import Kept
from architect.forge.http import without_retry_promise
from architect.redaction import Redactor
from architect.shell.changes import Changes
from architect.shell.guards import active_flag, is_active, run_guards
from architect.shell.tick import TickReport, run_tick

if TYPE_CHECKING:
    from architect.app.wiring import ForgeConnection
    from architect.runners.base import Runner

log = logging.getLogger("architect")


@dataclass(frozen=True)
class TickOutcome:
    """How `architect run` ended: the exit code and what `--json` reports."""

    exit: int
    report: TickReport | None = None
    error: str | None = None
    skipped: str | None = None


def tick_once(config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
              dry_run: bool = False, should_stop: Callable[[], bool] = lambda: False,
              as_json: bool = False, out: Callable[[str], None] = print,
              kept: Kept | None = None, transport: httpx.BaseTransport | None = None) -> int:
    """`architect run`: guards, then one tick. Returns the exit code; `as_json` prints the
    tick's JSON document through `out`. `kept`: on GitHub, what `architect loop`'s ticks
    share (the App's token, the ETags); `transport`: an in-process forge, for tests."""
    outcome = _tick_outcome(config, secrets, env, dry_run=dry_run, should_stop=should_stop,
                            kept=kept, transport=transport)
    if as_json:
        clean = _redactor(secrets)
        out(json.dumps(tick_document(config.name, dry_run=dry_run, exit_code=outcome.exit,
                                     report=outcome.report, error=clean(outcome.error),
                                     skipped=clean(outcome.skipped)), indent=2))
    return outcome.exit


def _redactor(secrets: Secrets) -> Callable[[str | None], str | None]:
    """Stdout's JSON masks what the log masks: the same secrets, the same shapes."""
    redactor = Redactor(secrets.values(), shapes=True)
    return lambda text: None if text is None else redactor.redact(text)


def _clients(config: ProjectConfig, secrets: Secrets, clients: ExitStack, *,
             kept: Kept | None = None, transport: httpx.BaseTransport | None = None,
             ) -> tuple[ForgeConnection, ForgeConnection | None]:
    """The architect's forge client and the filer's (FORGE_FILER_TOKEN), both closed with
    `clients`."""
    forge = forge_client(config, secrets, kept=kept, transport=transport)
    clients.enter_context(forge)
    filer = filer_client(config, secrets, transport=transport)
    if filer is not None:
        clients.enter_context(filer)
    return forge, filer


def _tick_outcome(config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
                  dry_run: bool, should_stop: Callable[[], bool], kept: Kept | None,
                  transport: httpx.BaseTransport | None) -> TickOutcome:
    with ExitStack() as clients:  # `architect loop` ticks for months: no client may leak
        try:
            forge, filer = _clients(config, secrets, clients, kept=kept, transport=transport)
            runner = project_runner(config, secrets, env)
            if not dry_run:
                runner.check_ready()
        except (ConfigError, RunnerUnavailable) as exc:
            log.error("%s", exc)
            return TickOutcome(2, error=str(exc))
        outcome = _guarded_tick(config, secrets, forge, filer, runner, dry_run=dry_run,
                                should_stop=should_stop)
        if isinstance(forge, GitHubClient) and (line := forge.http.limits_line()):
            log.info("%s: %s", config.name, line)
        return outcome


def _guarded_tick(config: ProjectConfig, secrets: Secrets, forge: ForgeConnection,
                  filer: ForgeConnection | None, runner: Runner, *, dry_run: bool,
                  should_stop: Callable[[], bool]) -> TickOutcome:
    if dry_run:
        outcome = _tick(lambda: run_tick(forge, runner, config, utc_now, dry_run=True), config,
                        forge)
        if outcome.report is not None and not is_active(config.project_state_dir):
            note = (f"disabled: a real tick skips {config.name} "
                    f"({active_flag(config.project_state_dir)} is absent): `architect enable`")
            log.warning("%s", note)
            outcome.report.setup_notes.append(note)
        return outcome
    with run_guards(config) as guard:
        if not guard.proceed:
            # Off means off: a disabled project sends the forge no request at all.
            log.info("skipped: %s", guard.reason)
            return TickOutcome(0, skipped=guard.reason)
        return _tick(lambda: run_tick(forge, runner, config, utc_now, filer=filer,
                                      secrets=tuple(secrets.values()),
                                      should_stop=should_stop, wait=time.sleep,
                                      changes=Changes.of(config)), config, forge)


def _tick(call: Callable[[], TickReport], config: ProjectConfig,
          forge: ForgeConnection) -> TickOutcome:
    try:
        report = call()
    except ForgeNotFound as exc:
        # A 404 on a list of a repo that is not there names the list, not the project file.
        error: ArchitectError = missing_repo(forge, config) or exc
        log.error("tick failed: %s", error)
        return TickOutcome(error.exit_code or 1, error=str(error))
    except ArchitectError as exc:
        log.error("tick failed: %s", exc)
        return TickOutcome(exc.exit_code or 1, error=str(exc))
    if not report.decision.actions:
        log.info("nothing to do")
    if report.blocked:  # the setup, not the forge's mood: `architect init --check` tells all
        return TickOutcome(2, report)
    return TickOutcome(0 if report.ok else 1, report)


def show_status(config: ProjectConfig, secrets: Secrets, *, as_json: bool,
                out: Callable[[str], None] = print) -> int:
    """`architect status`; with `as_json`, stdout is JSON also when it fails."""
    try:
        with forge_client(config, secrets) as forge:
            try:
                notes = project_notes(forge, config)
                rows, paused = collect(forge, config, utc_now())
                notes = replace(notes, paused_since=paused)
            except ForgeNotFound as exc:  # what `run` says of a repo that is not there
                error = missing_repo(forge, config)
                if error is None:
                    raise
                raise error from exc
    except ArchitectError as exc:
        log.error("status failed: %s", exc)
        code = exc.exit_code or 1
        if as_json:
            out(json.dumps({"project": config.name, "error": _redactor(secrets)(str(exc)),
                            "exit": code}))
        return code
    if as_json:
        out(json.dumps({"project": config.name, **notes.as_dict(),
                        "items": [row.as_dict() for row in rows], "exit": 0}, indent=2))
    else:
        for line in notes.lines(config):
            out(f"note: {line}")
        render_table(rows, title=f"architect status: {config.name}")
    return 0


def init_project(config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
                 webhook_url: str | None, check: bool,
                 out: Callable[[str], None] = print) -> int:
    """`architect init [--check]`: 0 when a tick can succeed, 2 when something blocks it."""

    def runner_ready() -> str | None:
        return check_model(config.architect.model,
                           lambda: project_runner(config, secrets, env))

    try:
        with ExitStack() as clients:
            forge, filer = _clients(config, secrets, clients)
            found = prove_setup(forge, config, secrets, webhook_url=webhook_url,
                                write=not check, runner_ready=runner_ready, filer=filer,
                                say=out)
    except ArchitectError as exc:
        # init is no tick: no later run tries again unless the user does.
        log.error("%s", without_retry_promise(str(exc)))
        return exc.exit_code or 1
    for warning in found.warnings:
        log.warning("%s", warning)
    for problem in found.problems:
        log.error("%s", problem)
    if found.problems:
        log.error("not ready: %d problem(s)", len(found.problems))
        return 2
    warned = f", with {len(found.warnings)} warning(s) above" if found.warnings else ""
    out(f"{config.name}: ready{warned}")
    return 0
