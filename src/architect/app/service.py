"""What the CLI commands do, with real objects wired from the configuration.

Each function returns the process exit code and logs its reasons; the CLI
only parses arguments. Skips on purpose (inactive, lock held, low memory) are
exit 0; configuration problems exit 2; a failure a later tick may cure exits 1.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING

from architect.config import ProjectConfig, Secrets
from architect.errors import ArchitectError, ConfigError, RunnerUnavailable

if TYPE_CHECKING:
    from architect.forge.client import ForgeClient
    from architect.runners.base import Runner

log = logging.getLogger("architect")


def tick_once(config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
              dry_run: bool = False, should_stop: Callable[[], bool] = lambda: False) -> int:
    """`architect run`: guards, then one tick. Returns the exit code."""
    from architect.app.wiring import filer_client, forge_client, make_runner

    with ExitStack() as clients:  # `architect loop` ticks for months: no client may leak
        try:
            forge = clients.enter_context(forge_client(config, secrets))
            filer = filer_client(config, secrets)
            if filer is not None:
                clients.enter_context(filer)
            runner = make_runner(config, secrets, env)
            if not dry_run:
                runner.check_ready()
        except (ConfigError, RunnerUnavailable) as exc:
            log.error("%s: %s", config.name, exc)
            return 2
        return _guarded_tick(config, secrets, forge, filer, runner, dry_run=dry_run,
                             should_stop=should_stop)


def _guarded_tick(config: ProjectConfig, secrets: Secrets, forge: ForgeClient,
                  filer: ForgeClient | None, runner: Runner, *, dry_run: bool,
                  should_stop: Callable[[], bool]) -> int:
    from architect.app.wiring import utc_now
    from architect.shell.guards import run_guards
    from architect.shell.tick import run_tick

    if dry_run:
        return _tick(lambda: run_tick(forge, runner, config, utc_now, dry_run=True), config)
    with run_guards(config) as outcome:
        if not outcome.proceed:
            log.info("%s: skipped: %s", config.name, outcome.reason)
            return 0
        return _tick(lambda: run_tick(forge, runner, config, utc_now, filer=filer,
                                      secrets=tuple(secrets.values()),
                                      should_stop=should_stop), config)


def _tick(call: Callable[[], object], config: ProjectConfig) -> int:
    from architect.shell.tick import TickReport

    try:
        report = call()
    except ArchitectError as exc:
        log.error("%s: tick failed: %s", config.name, exc)
        return exc.exit_code or 1
    assert isinstance(report, TickReport)
    if not report.decision.actions:
        log.info("%s: nothing to do", config.name)
    return 0 if report.ok else 1


def run_loop(configs: Sequence[ProjectConfig], secrets: Secrets, env: Mapping[str, str], *,
             interval: str | None, webhook: str | None) -> int:
    from architect.app.loop import run_forever

    return run_forever(configs, secrets, env, interval=interval, webhook=webhook)


def show_status(config: ProjectConfig, secrets: Secrets, *, as_json: bool,
                out: Callable[[str], None] = print) -> int:
    from architect.app.status import collect_status, render_table
    from architect.app.wiring import forge_client, utc_now

    try:
        with forge_client(config, secrets) as forge:
            rows = collect_status(forge, config, utc_now())
    except ArchitectError as exc:
        log.error("%s: status failed: %s", config.name, exc)
        return exc.exit_code or 1
    if as_json:
        out(json.dumps([row.as_dict() for row in rows], indent=2))
    else:
        render_table(rows, title=f"architect status: {config.name}")
    return 0


def init_project(config: ProjectConfig, secrets: Secrets, *, webhook_url: str | None,
                 out: Callable[[str], None] = print) -> int:
    from architect.app.setup_forge import ensure_labels_and_rights
    from architect.app.wiring import forge_client

    try:
        with forge_client(config, secrets) as forge:
            problems = ensure_labels_and_rights(forge, config, secrets,
                                                webhook_url=webhook_url, out=out)
    except ArchitectError as exc:
        out(f"architect: {exc}")
        return exc.exit_code or 1
    if problems:
        for problem in problems:
            out(f"missing: {problem}")
        return 1
    out(f"{config.name}: ready")
    return 0
