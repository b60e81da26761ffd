"""`architect run --dry-run` tells the whole truth: every step the tick would take."""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import cast

import httpx
import pytest

from architect.forge.models import User
from architect.forge.protocol import Forge
from architect.shell.dry_forge import DryForge
from tests.app.cli.conftest import Served, architect, vision_enabled

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow

OPS = "acme/shop-ops"


def steps(stderr: str, *, dry: bool) -> list[str]:
    """The actions a run logged, one line each (a dry run prefixes them with "would:")."""
    lead = r"architect: shop: would: " if dry else r"architect: shop: "
    wanted = re.compile(rf"{lead}((?:PR|vision) #\d+: .*→.*)$")
    return [m.group(1) for line in stderr.splitlines() if (m := wanted.search(line))]


def answers_resolving_every_fork(served: Served) -> None:
    """The vision pitched and accepted, and answers posted that resolve every fork."""
    vision_enabled(served)
    assert architect("run", "-p", str(served.toml), env=served.env).returncode == 0
    served.setup.comment(OPS, 1, "ACCEPT", token=served.tokens["alice"])
    assert architect("run", "-p", str(served.toml), env=served.env).returncode == 0
    served.setup.comment(OPS, 1, "Q1: B\nQ2: B", token=served.tokens["alice"])


def test_a_dry_run_on_answers_that_resolve_every_fork_prints_ack_sub_issues_and_merge(
        served: Served) -> None:
    answers_resolving_every_fork(served)

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


# What a step logs it did; in a dry run each must read "would: …" (nothing was done).
CLAIMS = ("dashboard: created", "dashboard: #", "pitched as PR", ": filed #", ": merged",
          "design question(s)", "closed after rejection")


def claims(log: str) -> list[str]:
    return [line for line in log.splitlines() if any(c in line for c in CLAIMS)]


def forge_state(served: Served) -> list[object]:
    def get(path: str) -> object:
        return httpx.get(f"{served.url}/api/v1/repos/{path}", timeout=5,
                         params={"state": "all"}).json()

    return [get(f"{repo}/issues") for repo in ("acme/shop", OPS)] + [get(f"{OPS}/pulls")]


def test_a_dry_run_logs_what_it_would_do_and_never_that_it_did(served: Served) -> None:
    """The persistent log too: it must not say a dashboard was created when none was."""
    vision_enabled(served)
    log_file = served.toml.parent / "state" / "logs" / "architect" / "architect.log"
    before = forge_state(served)

    dry = architect("run", "-p", str(served.toml), "--dry-run", env=served.env)
    assert dry.returncode == 0, dry.stderr
    assert forge_state(served) == before  # nothing was written
    said = claims(log_file.read_text())
    assert said and claims(dry.stderr) == said
    assert [line.split("architect: shop: ", 1)[1] for line in said] == [
        "would: vision #1: pitched as PR #1", "would: dashboard: created #2"]
    # The PR a dry run would open has no link yet: it is named once.
    assert ("would:   comment on acme/shop#1: Pitched as a sprint: PR #1 on the ops repo. "
            "Reply there") in dry.stderr

    # The same lines, without "would: ", once the tick is real.
    real = architect("run", "-p", str(served.toml), env=served.env)
    assert real.returncode == 0, real.stderr
    assert [line.split("architect: shop: ", 1)[1] for line in claims(real.stderr)] == [
        "vision #1: pitched as PR #1", "dashboard: created #2"]
    assert forge_state(served) != before


def test_every_line_a_dry_run_of_the_whole_filing_logs_says_would(served: Served) -> None:
    answers_resolving_every_fork(served)
    before = forge_state(served)

    dry = architect("run", "-p", str(served.toml), "--dry-run", env=served.env)
    assert dry.returncode == 0, dry.stderr
    assert forge_state(served) == before
    said = [line.split("architect: shop: ", 1)[1] for line in claims(dry.stderr)]
    # The filed list is logged once: on the step that records it and merges.
    assert "would: PR #1: filed #2 #3 #4 → record and merge" in said
    assert "would: PR #1: merged" in said
    assert all(line.startswith("would: ") for line in said), said
    # A comment the dry run would post, then edit, has no id a reader could use.
    assert "would:   edit the new comment on acme/shop-ops#1" in dry.stderr
    assert not re.search(r"\d{10,}", dry.stderr)


def test_a_comment_preview_cut_at_100_characters_ends_with_an_ellipsis(
        caplog: pytest.LogCaptureFixture) -> None:
    bot = User(id=1, login="architect-bot")
    dry = DryForge(cast(Forge, SimpleNamespace(current_user=lambda: bot)),
                   datetime(2026, 1, 1, tzinfo=UTC))
    caplog.set_level(logging.INFO, logger="architect")
    long = "word " * 40
    dry.create_comment(OPS, 1, f"{long}\nsecond line")
    dry.create_comment(OPS, 1, "short\nsecond line")
    said = [r.getMessage() for r in caplog.records]
    assert said[0] == f"would:   comment on {OPS}#1: {long[:99]}…"
    assert said[1] == f"would:   comment on {OPS}#1: short"
