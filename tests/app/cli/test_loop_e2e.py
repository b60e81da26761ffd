"""`architect loop` for real: interval ticks, webhooks delivered by the forge, SIGTERM.

The embedded forge delivers signed webhooks to loopback targets as Forgejo
does, so the whole path runs: a human comments, the forge delivers, the
architect verifies the signature, ticks, and answers on the PR.
"""

from __future__ import annotations

import signal
import socket
import subprocess

import httpx
import pytest

from architect.config import load_config
from architect.forge.client import ForgeClient
from tests.app.cli.conftest import ARCHITECT, Served, architect, file_vision
from tests.deadlines import wait_for, within

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow

SECRET = "whsec-for-the-loop-test"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_loop(served: Served, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*ARCHITECT, "loop", "-p", str(served.toml), *args],
                            env={**served.env, "ARCHITECT_WEBHOOK_SECRET": SECRET},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def stop(proc: subprocess.Popen[str]) -> tuple[int, str]:
    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=within(20))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc.returncode, err


def test_loop_ticks_every_interval_until_sigterm(served: Served) -> None:
    assert architect("init", "-p", str(served.toml), env=served.env).returncode == 0
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    bot = ForgeClient(served.url, served.tokens["architect-bot"])
    proc = start_loop(served, "--interval", "2s")
    try:
        file_vision(served)
        # The first tick may have run before the vision existed; the interval tick pitches it.
        wait_for(lambda: len(bot.list_pulls("acme/shop-ops", state="open")) == 1, 10)
        # The dashboard tells the project's interval (its file's 6h), whichever command
        # ticks: `run` and `loop --interval 2s` never rewrite it in turn.
        wait_for(lambda: "a tick every 6h;" in dashboard(bot), 10)
    finally:
        code, err = stop(proc)
    assert code == 0, err
    # #1 or #2: a first tick that ran before the vision existed made the dashboard issue.
    (pr,) = bot.list_pulls("acme/shop-ops", state="open")
    assert f"pitched as PR #{pr.number}" in err
    assert "every 2s" not in dashboard(bot)


def dashboard(bot: ForgeClient) -> str:
    found = bot.list_issues("acme/shop-ops", labels=["architect"], type="issues")
    return found[0].body if found else ""


def test_a_forge_webhook_brings_the_answer_without_waiting_for_the_interval(served: Served) -> None:
    port = free_port()
    for repo in ("acme/shop", "acme/shop-ops"):  # registering webhooks takes repo admin
        served.setup.add_collaborator(repo, "architect-bot", "admin")
    env = {**served.env, "ARCHITECT_WEBHOOK_SECRET": SECRET}
    init = architect("init", "-p", str(served.toml), "--webhook-url",
                     f"http://127.0.0.1:{port}/hook", env=env)
    assert init.returncode == 0, init.stdout + init.stderr
    assert "webhook to" in init.stdout
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    file_vision(served)
    assert architect("run", "-p", str(served.toml), env=served.env).returncode == 0
    bot = ForgeClient(served.url, served.tokens["architect-bot"])
    (pr,) = bot.list_pulls("acme/shop-ops", state="open")

    proc = start_loop(served, "--interval", "1h", "--webhook", f"127.0.0.1:{port}")
    try:
        wait_for(lambda: _healthy(port), 10, "the webhook listener")
        # The comment must come after the start-up tick's read, or that tick answers it.
        log = load_config(served.toml, {}).log_file
        wait_for(lambda: log.exists() and "nothing to do" in log.read_text(), 10,
                 "the start-up tick")
        served.setup.comment("acme/shop-ops", pr.number, "ACCEPT",
                             token=served.tokens["alice"])
        # The interval is an hour: only the delivery can bring the questions this soon.
        wait_for(lambda: "**Q1:**" in bot.list_comments("acme/shop-ops", pr.number)[-1].body,
                 10, "the questions after the delivery")
    finally:
        code, err = stop(proc)
    assert code == 0, err
    assert "start design questions" in err


def _healthy(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False
