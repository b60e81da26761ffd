"""`architect run` in real processes: killed with SIGKILL at random moments, and twice at once.

The full count of crash runs is in bench/faults.py; here a few seeded runs of a
shorter story, each killed at three requests (at set points: the forge has done what
the request asked and the process dies before reading the answer, the same on a busy
machine as on an idle one), must end with the forge a run without kills leaves.
"""

from __future__ import annotations

import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.deadlines import within
from tests.reliability.crash import ARCHITECT, crash_campaign, serve
from tests.reliability.harness import play_edits, play_short
from tests.reliability.test_human_moves import play_human_moves
from tests.world import OPS, VISION_BODY

pytestmark = pytest.mark.slow


def test_runs_killed_at_random_moments_converge_without_duplicates() -> None:
    summary = crash_campaign(2, seed=11, kills_per_run=3, jobs=1, jitter=0, play_fn=play_short)
    assert summary.failures == []
    assert (summary.runs, summary.converged, summary.duplicates) == (2, 2, 0)
    # A kill planned at a tick's last request may come after the process ended.
    assert summary.kills >= 4


def test_two_runs_started_together_one_works_the_other_names_the_holder(
        tmp_path: Path) -> None:
    served = serve(tmp_path)
    try:
        served.world.vision("Wishlists", VISION_BODY)
        served.switch.delay = 0.3  # a slow forge keeps the first run inside its tick
        first = subprocess.Popen([*ARCHITECT, "run", "-p", str(served.toml)], env=served.env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        served.switch.arm(first)
        deadline = time.monotonic() + within(3)
        while served.switch.count == 0 and time.monotonic() < deadline:
            threading.Event().wait(0.05)  # the first run talks to the forge: it has the lock
        second = subprocess.run([*ARCHITECT, "run", "-p", str(served.toml)],
                                env=served.env, capture_output=True, text=True, timeout=60,
                                check=False)
        _, first_err = first.communicate(timeout=within(12))
        served.switch.arm(None)
    finally:
        served.world.forge.stop()
    assert second.returncode == 0, second.stderr
    assert "another run holds the lock" in second.stderr
    assert f"pid {first.pid}" in second.stderr
    assert first.returncode == 0, first_err
    assert "vision #1: pitched as PR #1" in first_err
    assert len(served.world.bot.list_pulls(OPS, state="all")) == 1


def test_runs_killed_while_following_human_edits_converge() -> None:
    """The edited answer read again, the description kept around a person's note, the
    filing recorded on its plan comment: killed anywhere, nothing is duplicated."""
    summary = crash_campaign(1, seed=12, kills_per_run=4, jobs=1, jitter=0, play_fn=play_edits)
    assert summary.failures == []
    assert (summary.runs, summary.converged, summary.duplicates) == (1, 1, 0)
    assert summary.kills >= 3


def test_runs_killed_while_answering_human_moves_converge() -> None:
    """A PR closed by hand, one merged by hand, a vision closed under its sprint: kills
    at random moments of those answers leave what a run without kills leaves."""
    summary = crash_campaign(1, seed=12, kills_per_run=3, jobs=1, jitter=0,
                             play_fn=play_human_moves)
    assert summary.failures == []
    assert (summary.runs, summary.converged, summary.duplicates) == (1, 1, 0)
