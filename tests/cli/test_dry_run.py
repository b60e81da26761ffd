"""`architect run --dry-run` tells the whole truth: every step the tick would take."""

from __future__ import annotations

import re

import httpx

from tests.cli.conftest import Served, architect
from tests.world import VISION_BODY

OPS = "acme/shop-ops"


def steps(stderr: str, *, dry: bool) -> list[str]:
    """The actions a run logged, one line each (a dry run prefixes them with "would:")."""
    lead = r"architect: would: " if dry else r"architect: "
    wanted = re.compile(rf"{lead}((?:PR|vision) #\d+: .*→.*)$")
    return [m.group(1) for line in stderr.splitlines() if (m := wanted.search(line))]


def test_a_dry_run_on_answers_that_resolve_every_fork_prints_ack_sub_issues_and_merge(
        served: Served) -> None:
    assert architect("init", "-p", str(served.toml), env=served.env).returncode == 0
    served.setup.create_issue("acme/shop", "Wishlists", VISION_BODY, labels=("vision",),
                              token=served.tokens["alice"])
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    assert architect("run", "-p", str(served.toml), env=served.env).returncode == 0
    served.setup.comment(OPS, 1, "ACCEPT", token=served.tokens["alice"])
    assert architect("run", "-p", str(served.toml), env=served.env).returncode == 0
    served.setup.comment(OPS, 1, "Q1: B\nQ2: B", token=served.tokens["alice"])

    dry = architect("run", "-p", str(served.toml), "--dry-run", env=served.env)
    assert dry.returncode == 0, dry.stderr
    assert "would:   comment on acme/shop-ops#1: Recorded:" in dry.stderr
    for number, title in ((2, "Store wishlist items"), (3, "Wishlist API endpoints"),
                          (4, "Wishlist page")):
        assert f"would:   file acme/shop#{number}: {title}" in dry.stderr
    assert "would:   merge acme/shop-ops#1" in dry.stderr
    pull = httpx.get(f"{served.url}/api/v1/repos/{OPS}/pulls/1", timeout=5).json()
    assert pull["state"] == "open" and not pull["merged"]  # nothing was written

    real = architect("run", "-p", str(served.toml), env=served.env)
    assert real.returncode == 0, real.stderr
    assert steps(dry.stderr, dry=True) == steps(real.stderr, dry=False) == [
        "PR #1: answers to Q1, Q2 and the model checks for follow-ups → acknowledge",
        "PR #1: every fork resolved → plan and file sub-issues",
        "PR #1: filed #2 #3 #4 → record and merge",
    ]
    pull = httpx.get(f"{served.url}/api/v1/repos/{OPS}/pulls/1", timeout=5).json()
    assert pull["merged"]
