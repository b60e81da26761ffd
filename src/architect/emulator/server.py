"""`architect forge`: the embedded forge on a socket until it is interrupted."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from types import FrameType
from typing import TextIO

from architect.durations import parse_duration
from architect.emulator import EmbeddedForge
from architect.emulator.github_dialect import GitHubDialect
from architect.emulator.github_web import PREFIX as GITHUB_PREFIX
from architect.emulator.store import Settings


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def serve_forever(
    host: str,
    port: int,
    *,
    data_file: Path | None,
    admin_token: str | None,
    out: TextIO,
    settings: Settings | None = None,
    seed: Callable[[str, str], Sequence[str]] | None = None,
    dialect: str = "forgejo",
    ghes: str | None = None,
) -> None:
    """Serve until KeyboardInterrupt or SIGTERM, then shut down cleanly (and save).

    `seed(url, admin_token)`, once listening, sets the forge up and returns lines to print;
    `ghes`: the GitHub dialect answers as that GitHub Enterprise Server version.
    """
    forge = EmbeddedForge(admin_token, data_file=data_file, settings=settings)
    previous = None
    in_main = threading.current_thread() is threading.main_thread()
    if in_main:
        previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        github = GitHubDialect(forge, ghes=ghes) if dialect == "github" else None
        url = forge.start(host, port, github)
        out.write(f"Embedded forge listening on {url}\n")
        if github is not None:
            server = f" as GitHub Enterprise Server {ghes}" if ghes else ""
            out.write(f"GitHub dialect{server} at {url}{GITHUB_PREFIX} (forge = \"github\", "
                      f"forge_url = \"{url}{GITHUB_PREFIX}\"); the Forgejo API stays at "
                      f"{url}/api/v1\n")
        # The user's own admin token, generated for them: printing it is the point.
        out.write(f"Admin token: {forge.admin_token}\n")
        out.write(f"Admin login: {forge.admin_login}\n")
        if seed is not None:
            out.writelines(f"{line}\n" for line in seed(url, forge.admin_token))
        out.flush()
        idle = threading.Event()
        while not idle.wait(0.2):  # short waits, so an interrupt is seen promptly
            pass
    except KeyboardInterrupt:
        pass
    finally:
        forge.stop()
        if in_main and previous is not None:
            signal.signal(signal.SIGTERM, previous)


def settings_from_options(issue_indexer: str, index_delay: str | None,
                          merge_check: str | None) -> Settings:
    """`architect forge`'s options; a ValueError names the bad one."""
    def duration(option: str, value: str | None) -> timedelta:
        if value is None:
            return timedelta(0)
        try:
            return parse_duration(value)
        except ValueError as exc:
            raise ValueError(f"{option}: {exc}") from None

    return Settings(issue_indexer=issue_indexer,
                    index_delay=duration("--index-delay", index_delay),
                    merge_check=duration("--merge-check", merge_check))
