"""Model sessions, one per sprint PR: a cache, never the truth.

`<state_dir>/sessions/<project>/pr-<N>.json` (mode 0600) holds what lets the
next call continue the PR's design conversation: the claude CLI session id,
or the last exchange for the API runners, plus the cost so far and the
number of billed calls. `vision-<N>.json` only counts the overloaded runs of a
vision's pitch (no PR exists yet to hold them). Deleting one loses no sprint:
the next call starts a fresh session whose prompt carries the whole PR context.

Which modes use it: QUESTIONS starts a new session for the PR, ANSWERS and
FILE continue it, PITCH, REVISE and DIGEST are stateless (their cost is still
counted in the PR's file when they have one).
"""

from __future__ import annotations

import contextlib
import logging
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from architect.errors import (
    ModelOverloaded,
    ModelTimedOut,
    RunnerFailed,
    StillOverloaded,
    StillTimingOut,
)
from architect.runners.base import Limits, Mode, ModelRequest, Usage
from architect.runners.state_file import write_private

log = logging.getLogger(__name__)

STARTS = frozenset({Mode.QUESTIONS})
CONTINUES = frozenset({Mode.ANSWERS, Mode.FILE})
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
_COPY_SKIP = shutil.ignore_patterns(
    ".git", ".venv", "venv", "node_modules", "__pycache__", ".mypy_cache", ".pytest_cache"
)


def safe_name(value: str, what: str) -> str:
    """A name that is safe as one path component (no `/`, no `..`)."""
    if not _SAFE_NAME.match(value) or ".." in value:
        raise ValueError(f"{what} {value!r} is not a safe file name")
    return value


class SessionRecord(BaseModel):
    key: str
    runner: str
    model: str = ""
    session_id: str | None = None
    cost_usd: float = 0.0  # the known cost of every call for this PR
    calls: int = 0  # billed model calls (retries and tool turns included)
    cli_total_cost_usd: float = 0.0  # the claude CLI's running total for session_id
    messages: list[dict[str, Any]] = []  # API runners: the conversation so far
    # claude-cli: the tagged sections the session has read (tag -> digest of the section),
    # so a resumed run sends only those that are new or changed since.
    read: dict[str, str] = {}
    overloaded: int = 0  # runs in a row that ended in ModelOverloaded
    timed_out: int = 0  # runs in a row that ended in ModelTimedOut

    def charged(self, usage: Usage, calls: int = 1) -> SessionRecord:
        cost = self.cost_usd + (usage.cost_usd or 0.0)
        return self.model_copy(update={"cost_usd": cost, "calls": self.calls + calls})


class SessionStore:
    """The session files of one project."""

    def __init__(self, state_dir: Path, project: str) -> None:
        self.root = Path(state_dir) / "sessions" / safe_name(project, "project")

    def path(self, key: str) -> Path:
        return self.root / f"{safe_name(key, 'session key')}.json"

    def load(self, key: str) -> SessionRecord | None:
        path = self.path(key)
        try:
            return SessionRecord.model_validate_json(path.read_bytes())
        except FileNotFoundError:
            return None
        except (OSError, ValidationError, ValueError):
            # A cache: a broken file costs a fresh session, not a failed tick.
            log.warning("session file %s is unreadable; starting a fresh session", path)
            return None

    def save(self, record: SessionRecord) -> None:
        write_private(self.path(record.key), record.model_dump_json(indent=1))

    def drop(self, key: str) -> None:
        self.path(key).unlink(missing_ok=True)

    def for_call(self, key: str | None, runner: str, model: str) -> SessionRecord | None:
        """The PR's record to charge this call to (a new one if none), or None."""
        if key is None:
            return None
        found = self.load(key)
        if found is None:
            return SessionRecord(key=key, runner=runner, model=model)
        return found


OVERLOADED_RUNS_BEFORE_NOTE = 3
R = TypeVar("R")


def overload_key(request: ModelRequest[Any]) -> str | None:
    """The file that counts a request's overloaded runs: its PR's, else its vision's.

    A pitch has no PR yet and a revision no session, but the humans waiting on
    them must hear of an API that stays overloaded too; a digest has nobody
    waiting on it.
    """
    if request.session_key is not None:
        return request.session_key
    if request.inputs.pr_number:
        return f"pr-{request.inputs.pr_number}"
    if request.mode is Mode.PITCH:
        return f"{VISION_COUNTER}{request.inputs.vision.number}"
    return None


VISION_COUNTER = "vision-"  # a counter only: no session lives in a vision's file


def overload_watch(store: SessionStore, key: str | None, runner: str, run: Callable[[], R]) -> R:
    """`run()`, counting the overloaded runs, and the runs cut off at `model_timeout`, in
    a row in the file of `key`.

    Either defers the action silently (the next tick tries again: a busy API, or a
    runaway answer now and then); past `OVERLOADED_RUNS_BEFORE_NOTE` runs in a row it
    becomes `StillOverloaded` or `StillTimingOut`, which the lifecycle tells the humans
    about, and no model is asked again for it before one of them replies.
    """
    try:
        result = run()
    except (ModelOverloaded, ModelTimedOut) as exc:
        if key is None:
            raise
        field, still = (("overloaded", StillOverloaded) if isinstance(exc, ModelOverloaded)
                        else ("timed_out", StillTimingOut))
        record = store.load(key) or SessionRecord(key=key, runner=runner)
        count = getattr(record, field) + 1
        # Told once: the count starts again for the next note.
        told = count >= OVERLOADED_RUNS_BEFORE_NOTE
        store.save(record.model_copy(update={field: 0 if told else count}))
        if told:
            raise still(f"{exc} ({count} runs in a row)").spent(exc.usage, exc.calls) from exc
        raise
    done = store.load(key) if key is not None else None
    if done is not None and key is not None and key.startswith(VISION_COUNTER):
        store.drop(key)
    elif done is not None and (done.overloaded or done.timed_out):
        store.save(done.model_copy(update={"overloaded": 0, "timed_out": 0}))
    return result


def cap_limits(limits: Limits, cap: Limits | None) -> Limits:
    """The request's limits, never above the configured ones."""
    if cap is None:
        return limits
    return Limits(min(limits.max_turns, cap.max_turns), min(limits.timeout_s, cap.timeout_s))


def resumable(record: SessionRecord | None, mode: Mode, runner: str) -> SessionRecord | None:
    """The record to continue, when the mode continues a session this runner made."""
    if record is None or mode not in CONTINUES or record.runner != runner:
        return None
    return record


@contextlib.contextmanager
def workdir(
    state_dir: Path, project: str, key: str | None, repo_root: Path | None, env: Mapping[str, str]
) -> Iterator[Path]:
    """A fresh working directory for one run, removed afterwards.

    A copy of `repo_root` when set (a local `git clone` of its checked-out
    branch, or a plain copy when it is not a git repository), else empty.
    The path is stable per session key because the claude CLI files its
    sessions under the working directory's path: `--resume` only finds a
    session started from the same path.
    """
    base = Path(state_dir) / "workdirs" / safe_name(project, "project")
    base.mkdir(parents=True, exist_ok=True, mode=0o700)
    if key is None:
        path = Path(tempfile.mkdtemp(dir=base, prefix="stateless-"))
        path.rmdir()
    else:
        path = base / safe_name(key, "session key")
    shutil.rmtree(path, ignore_errors=True)
    try:
        _populate(path, repo_root, env)
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def _populate(path: Path, repo_root: Path | None, env: Mapping[str, str]) -> None:
    if repo_root is None:
        path.mkdir(mode=0o700)
        return
    if not (repo_root / ".git").exists():
        shutil.copytree(repo_root, path, symlinks=True, ignore=_COPY_SKIP)
        return
    git_env = {k: env[k] for k in ("PATH", "HOME") if k in env} | {"GIT_TERMINAL_PROMPT": "0"}
    try:
        done = subprocess.run(
            ["git", "clone", "--quiet", "--local", "--no-tags", str(repo_root), str(path)],
            env=git_env,
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RunnerFailed(f"could not copy repo_root {repo_root}: {exc}") from exc
    if done.returncode != 0:
        raise RunnerFailed(f"could not copy repo_root {repo_root}: {done.stderr.strip()[:300]}")


class Transcript:
    """One call of an API runner: its turns and the PR's bookkeeping.

    Turns are plain `{"role", "content"}`: the system text and the shared context
    travel outside them (they are re-sent, and cached, each call).
    The PR's file keeps the last valid exchange, for a person reading it; no
    turn of it is sent again.
    """

    def __init__(
        self, store: SessionStore, key: str | None, mode: Mode, runner: str, model: str
    ) -> None:
        self.store = store
        self.mode = mode
        self.runner = runner
        self.model = model
        self.record = store.for_call(key, runner, model)
        self.calls = 0  # billed model calls of this run
        # No earlier turn is replayed: each prompt carries the PR's facts as they stand
        # now (the design forks hold what was asked and answered), and a replayed turn
        # would repeat the vision and the pitch and show forks long since resolved as open.
        self.history: list[dict[str, Any]] = []

    def messages(self, prompt: str) -> list[dict[str, Any]]:
        """The turns to send: history, then the prompt."""
        return [*self.history, {"role": "user", "content": prompt}]

    def charge(self, usage: Usage, calls: int = 1) -> None:
        self.calls += calls
        if self.record is not None:
            self.record = self.record.charged(usage, calls)
            self.store.save(self.record)

    def keep(self, prompt: str, answer: str) -> None:
        """Remember the exchange when the mode starts or continues the PR's session."""
        if self.record is None or self.mode not in STARTS | CONTINUES:
            return
        turns = [
            *self.history,
            {"role": "user", "content": prompt},
            {"role": "assistant", "content": answer},
        ]
        self.record = self.record.model_copy(
            update={"messages": turns, "runner": self.runner, "model": self.model}
        )
        self.store.save(self.record)
