"""The benchmark's subprocess figures: `architect run` RSS, `architect --help`, webhook latency.

Each runs the real CLI as a child process against the bench forge served on a
loopback port (`EmbeddedForge.start`), with the environment a user would set.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import httpx

from architect.shell.guards import enable
from world import BASE, BOT, OPS, BenchWorld

HELP_RUNS = 5
SECRET = "bench-webhook-secret"
WAIT_S = 60.0
_CLEAN_ENV = ("FORGE_TOKEN", "FORGE_ARCHITECT_TOKEN", "FORGE_FILER_TOKEN", "ANTHROPIC_API_KEY",
              "OPENAI_API_KEY", "ARCHITECT_WEBHOOK_SECRET", "ARCHITECT_PROJECT",
              "ARCHITECT_STATE_DIR", "ARCHITECT_INTERVAL", "CLAUDE_MODEL")


def architect_command() -> list[str]:
    script = Path(sys.executable).with_name("architect")
    return [str(script)] if script.exists() else [sys.executable, "-m", "architect"]


def child_env(world: BenchWorld | None = None, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _CLEAN_ENV}
    if world is not None:
        env["FORGE_ARCHITECT_TOKEN"] = world.tokens[BOT]
    return env | extra


def loopback_url(world: BenchWorld) -> str:
    """The forge on 127.0.0.1 (started once), for the child processes."""
    return world.forge.url or world.forge.start()


def loopback_config(world: BenchWorld, max_open_pitches: int) -> Path:
    path = world.config_file(max_open_pitches=max_open_pitches, forge_url=loopback_url(world))
    enable(world.config(max_open_pitches=max_open_pitches).project_state_dir)
    return path


def wait_rss_mb(proc: subprocess.Popen[str]) -> tuple[int, float]:
    """Reap the child; its exit code and its own peak RSS in MiB.

    Not `ru_maxrss`: Linux carries the high-water mark of the memory a child had
    before its exec over into it, and a child forked from this process starts with
    this process's pages, so `wait4` reports the bench's size for a small command
    (a 300 MB parent running /bin/true reads 313 MB). VmHWM in /proc/<pid>/status
    counts only the memory of the program the child became; it only grows, so the
    last reading before the exit is the peak, but for the last few milliseconds.
    """
    status = Path(f"/proc/{proc.pid}/status")
    peak_kib = 0
    while True:
        peak_kib = max(peak_kib, _vm_hwm_kib(status))
        pid, code, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.005)
    proc.returncode = os.waitstatus_to_exitcode(code)
    if not peak_kib:  # no /proc (not Linux): the rusage figure, with its caveat
        peak_kib = usage.ru_maxrss
    return proc.returncode, peak_kib / 1024


def _vm_hwm_kib(status: Path) -> int:
    try:
        text = status.read_text()
    except OSError:  # gone, or not Linux
        return 0
    found = re.search(r"^VmHWM:\s+(\d+) kB", text, re.MULTILINE)
    return int(found.group(1)) if found else 0


def run_peak_rss_mb(world: BenchWorld) -> float:
    """`architect run` (an idle tick) as a subprocess; its peak RSS in MiB."""
    config = loopback_config(world, world.sizes.prs)
    proc = subprocess.Popen([*architect_command(), "run", "-p", str(config)], env=child_env(world),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    errors = proc.stderr.read()
    code, rss = wait_rss_mb(proc)
    if code != 0:
        raise RuntimeError(f"architect run exited {code}:\n{errors}")
    return rss


def cli_help_seconds() -> float:
    """Best of 5 wall times of `architect --help`."""
    best = float("inf")
    for _ in range(HELP_RUNS):
        started = time.perf_counter()
        subprocess.run([*architect_command(), "--help"], env=child_env(), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - started)
    return best


@dataclass(frozen=True)
class LoopFigures:
    latency_s: float  # from the delivery to the bot's reply on the PR
    peak_rss_mb: float  # of the whole `architect loop` process, its busy tick included


def webhook_latency(world: BenchWorld) -> LoopFigures:
    """`architect loop --webhook` as a subprocess."""
    config = loopback_config(world, world.sizes.prs)
    proc = subprocess.Popen(
        [*architect_command(), "loop", "-p", str(config), "--webhook", "127.0.0.1:0",
         "--interval", "1h"],
        env=child_env(world, ARCHITECT_WEBHOOK_SECRET=SECRET),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines = _lines(proc)
    try:
        port = int(_wait_for(lines, r"listening on http://127\.0\.0\.1:(\d+)/").group(1))
        _wait_for(lines, r"tick ended")  # the loop's first tick, at start
        latency = _deliver_and_wait(world, port)
        # The rest of that tick: the filing (which lists the project's open issues once,
        # I/50 pages), the merge, the journal, the dashboard.
        _wait_for(lines, r"tick ended", wait_s=3 * WAIT_S)
    finally:
        proc.send_signal(signal.SIGTERM)
    try:
        _, rss = wait_rss_mb(proc)
    except ChildProcessError:  # reaped already (never happens unless something else waits)
        rss = float("nan")
    return LoopFigures(latency, rss)


def _lines(proc: subprocess.Popen[str]) -> queue.Queue[str]:
    found: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            found.put(line)

    threading.Thread(target=pump, daemon=True).start()
    return found


def _wait_for(lines: queue.Queue[str], pattern: str, *, wait_s: float = WAIT_S) -> re.Match[str]:
    deadline = time.monotonic() + wait_s
    seen: list[str] = []
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=deadline - time.monotonic())
        except queue.Empty:
            break
        seen.append(line)
        match = re.search(pattern, line)
        if match:
            return match
    raise RuntimeError(f"architect loop never logged {pattern!r}:\n{''.join(seen)}")


def _deliver_and_wait(world: BenchWorld, port: int) -> float:
    number = world.sprint_prs[0]  # after the busy tick its Q2 is still open
    with world.client("alice") as alice, world.client(BOT) as bot:
        before = sum(1 for c in bot.list_comments(OPS, number) if c.user.login == BOT)
        comment = alice.create_comment(OPS, number, "Q2: A")
        body = _payload(world, number, comment.id)
        signature = hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
        headers = {"Content-Type": "application/json", "X-Forgejo-Event": "issue_comment",
                   "X-Forgejo-Event-Type": "issue_comment", "X-Forgejo-Signature": signature,
                   "X-Forgejo-Delivery": str(uuid.uuid4())}
        started = time.perf_counter()
        answer = httpx.post(f"http://127.0.0.1:{port}/", content=body, headers=headers)
        if answer.status_code >= 300:
            raise RuntimeError(f"the webhook receiver refused the delivery: {answer.status_code}")
        while time.perf_counter() - started < WAIT_S:
            mine = [c for c in bot.list_comments(OPS, number) if c.user.login == BOT]
            if len(mine) > before:
                return time.perf_counter() - started
            time.sleep(0.02)
    raise RuntimeError("the architect never replied on the PR")


def _payload(world: BenchWorld, number: int, comment_id: int) -> bytes:
    """An issue_comment delivery built from the forge's own JSON of the objects."""
    headers = {"Authorization": f"token {world.tokens['alice']}"}
    with httpx.Client(transport=world.transport, base_url=f"{BASE}/api/v1",
                      headers=headers) as api:
        issue = api.get(f"/repos/{OPS}/issues/{number}").json()
        comment = api.get(f"/repos/{OPS}/issues/comments/{comment_id}").json()
        repo = api.get(f"/repos/{OPS}").json()
        sender = api.get("/user").json()
    return json.dumps({"action": "created", "issue": issue, "comment": comment,
                       "repository": repo, "sender": sender, "is_pull": True}).encode()
