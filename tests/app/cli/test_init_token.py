"""`architect init` on a person's token: it warns that the architect would take that
person's words for its own, and refuses when another account keeps the dashboard already
(a tick with this token would create a second one)."""

from __future__ import annotations

import pytest

from tests.app.cli.conftest import Served, architect
from tests.app.cli.test_init import LABELS

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow


def _with(served: Served, login: str) -> dict[str, str]:
    return {**served.env, "FORGE_ARCHITECT_TOKEN": served.tokens[login]}


def test_a_writers_token_is_ready_with_a_warning_and_the_bots_without(served: Served) -> None:
    person = architect("init", "-p", str(served.toml), env=_with(served, "alice"))
    assert person.returncode == 0, person.stderr
    assert ("the token is @alice's, who may steer (writes on acme/shop-ops and its name "
            "matches none of `bot_accounts`)") in person.stderr
    assert person.stdout.splitlines()[-1] == "shop: ready, with 1 warning(s) above"
    bot = architect("init", "--check", "-p", str(served.toml), env=served.env)
    assert bot.returncode == 0, bot.stderr
    assert "who may steer" not in bot.stderr
    assert "ok: @architect-bot is a bot account: its comments never steer" in bot.stdout
    assert bot.stdout.splitlines()[-1] == "shop: ready"


def test_a_reviewers_token_is_warned_about_whatever_its_name(served: Served) -> None:
    text = served.toml.read_text()
    served.toml.write_text(text.replace("[architect]\n", '[architect]\nreviewers = ["alice"]\n'))
    check = architect("init", "-p", str(served.toml), env=_with(served, "alice"))
    assert "the token is @alice's, who may steer (listed in `reviewers`)" in check.stderr


@pytest.mark.slow  # four CLI runs, one of them a tick
def test_with_the_bots_dashboard_there_another_token_is_refused(served: Served) -> None:
    for name, color in LABELS:
        served.setup.create_label("acme/shop", name, color)
    assert architect("init", "-p", str(served.toml), env=served.env).returncode == 0
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    tick = architect("run", "-p", str(served.toml), env=served.env)
    assert tick.returncode == 0, tick.stderr
    mine = architect("init", "--check", "-p", str(served.toml), env=served.env)
    assert "acme/shop-ops: dashboard #1:" in mine.stdout
    other = architect("init", "--check", "-p", str(served.toml), env=_with(served, "alice"))
    assert other.returncode == 2
    assert ("acme/shop-ops: the dashboard is #1, kept by @architect-bot; with @alice's token "
            "a tick would create a second one") in other.stderr
    assert "the first tick creates the dashboard" not in other.stdout
