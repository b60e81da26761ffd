"""A child process for the loop tests: `run_forever` with a fake tick, under real signals.

    python loop_child.py STATE_DIR SECONDS_PER_TICK [WEBHOOK_ADDRESS]

The fake tick prints ``tick <project> <count>`` when it starts, then does
"actions" of 50 ms for SECONDS_PER_TICK, checking `should_stop` between two
actions as the real tick does (unless CHILD_STUBBORN=1: a tick stuck in one
long action). It prints what happened, so the
parent test sees what a user would: which ticks ran and whether one stopped early.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from architect.app.loop import run_forever
from architect.config import ArchitectConfig, ProjectConfig, Secrets
from architect.forge.secret import Secret
from architect.shell.logs import setup_logging

ACTION_S = 0.05


def main(argv: list[str]) -> int:
    state, seconds = Path(argv[1]), float(argv[2])
    webhook = argv[3] if len(argv) > 3 else None
    setup_logging(log_file=None, json=False, secrets=["s3cr3t"])
    config = ProjectConfig(name="widgets", repo="acme/widgets", ops_repo="acme/widgets-ops",
                           forge_url="http://127.0.0.1:9", architect=ArchitectConfig(
                               state_dir=state, webhook_max_body_kb=16))
    count = 0
    stubborn = os.environ.get("CHILD_STUBBORN") == "1"

    def tick(config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
             should_stop: Callable[[], bool]) -> int:
        nonlocal count
        count += 1
        print(f"tick {config.name} {count}", flush=True)
        for _ in range(round(seconds / ACTION_S)):
            if should_stop() and not stubborn:
                print(f"tick {count} stopped between actions", flush=True)
                return 0
            time.sleep(ACTION_S)
        print(f"tick {count} finished", flush=True)
        return 0

    secrets = Secrets(webhook_secret=Secret("s3cr3t"))
    return run_forever([config], secrets, os.environ, interval="1h", webhook=webhook, tick=tick)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
