"""The guards a tick passes before it touches the forge (DESIGN.md §5 step 1).

In the order the seed's architect-run runs them:

1. the active flag ``<state_dir>/<project>/.architect-active`` (off by default:
   `architect enable` creates it);
2. the run lock: no two ticks of one project at once. It is an OS lock
   (flock, through `filelock`), so the kernel drops it when its process dies,
   even by SIGKILL: a crashed tick never leaves it stuck. A sidecar file names
   the holder, so the tick that finds the lock taken can say who has it;
3. the memory guard: skip when MemAvailable is below ``min_available_mb``;
4. under the lock, the scratch files of the previous run are removed.

A skip is not a failure: the CLI logs the reason and exits 0. `LockHeld` is
therefore an `ArchitectError` with ``exit_code = 0``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from filelock import Timeout, UnixFileLock

from architect.config import ProjectConfig
from architect.errors import ArchitectError
from architect.shell.logs import make_private_dir

ACTIVE_FLAG = ".architect-active"
DISABLED_AT = ".architect-disabled-at"  # when `architect disable` removed the flag
EDITS_FILE = "dashboard-edits.json"
KEPT_EDITS = 50
LOCK_FILE = "run.lock"


# --- who edited the dashboard, as webhook deliveries said -----------------------------


def body_hash(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()


def record_edit(project_dir: Path, number: int, body: str, login: str) -> None:
    """Note that a signed `issues` `edited` delivery said `login` left issue `number` with
    `body`: the forge's API records no editor, so the dashboard's steer reads this."""
    path = project_dir / EDITS_FILE
    kept = edits(project_dir)[-(KEPT_EDITS - 1):]
    kept.append({"issue": number, "hash": body_hash(body), "login": login})
    make_private_dir(project_dir)
    _save_edits(path, kept)


def forget_edits(project_dir: Path, number: int) -> None:
    """Drop the recorded edits of issue `number` once they were acted on, so a later
    edit that restores the same body (a box ticked again) is not taken for the reviewer's."""
    kept = [e for e in edits(project_dir) if e.get("issue") != number]
    path = project_dir / EDITS_FILE
    if path.exists():
        _save_edits(path, kept)


def _save_edits(path: Path, kept: list[dict[str, object]]) -> None:
    """Written whole then renamed: a reader never sees half a file."""
    scratch = path.with_suffix(".tmp")
    scratch.write_text(json.dumps(kept))
    os.replace(scratch, path)


def edits(project_dir: Path) -> list[dict[str, object]]:
    """The recorded edits, oldest first; nothing (not an error) when unreadable."""
    try:
        found = json.loads((project_dir / EDITS_FILE).read_text())
    except (OSError, ValueError):
        return []
    return [e for e in found if isinstance(e, dict)] if isinstance(found, list) else []


def edited_by(project_dir: Path, number: int, body: str) -> set[str]:
    """Who, by a recorded delivery, left issue `number` with exactly this body."""
    digest = body_hash(body)
    return {str(e.get("login", "")) for e in edits(project_dir)
            if e.get("issue") == number and e.get("hash") == digest}


# --- the active flag -------------------------------------------------------------------


def active_flag(project_dir: Path) -> Path:
    return project_dir / ACTIVE_FLAG


def is_active(project_dir: Path) -> bool:
    return active_flag(project_dir).exists()


def enable(project_dir: Path) -> bool:
    """Create the flag; False when it was there already."""
    (project_dir / DISABLED_AT).unlink(missing_ok=True)
    if is_active(project_dir):
        return False
    make_private_dir(project_dir)
    active_flag(project_dir).touch()
    return True


def disable(project_dir: Path, now: datetime | None = None) -> bool:
    """Remove the flag, noting when (for `status`); False when it was not there."""
    try:
        active_flag(project_dir).unlink()
    except FileNotFoundError:
        return False
    when = (now or _utc_now()).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    (project_dir / DISABLED_AT).write_text(when + "\n")
    return True


def disabled_since(project_dir: Path) -> datetime | None:
    """When `architect disable` removed the flag (None while active, or never noted)."""
    if is_active(project_dir):
        return None
    try:
        return moment_of((project_dir / DISABLED_AT).read_text())
    except OSError:
        return None


def moment_of(text: str) -> datetime | None:
    """A time as this package notes it (`2026-11-27T09:13:05Z`, a dashboard's older
    `2026-11-27T09:13Z`, an older note's `2026-11-27 09:13 UTC`), in UTC; None if unread."""
    raw = text.strip().removesuffix(" UTC").removesuffix("Z").replace(" ", "T")
    try:
        moment = datetime.fromisoformat(raw)
    except ValueError:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


# --- the run lock ------------------------------------------------------------------------


@dataclass(frozen=True)
class Holder:
    """Who holds a run lock, from its sidecar file."""

    pid: int
    host: str
    started: str  # ISO 8601, UTC
    command: str

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.started} ({self.command})"


class LockHeld(ArchitectError):
    """Another tick of this project holds the run lock: skip this one (exit 0)."""

    exit_code = 0

    def __init__(self, path: Path, holder: Holder | None) -> None:
        self.path = path
        self.info = holder
        self.holder = holder.describe() if holder else "a process that did not say who it is"
        super().__init__(f"another run holds the lock {path}: {self.holder}")


def lock_path(project_dir: Path) -> Path:
    return project_dir / LOCK_FILE


def _utc_now() -> datetime:
    return datetime.now(UTC)


class RunLock:
    """The run lock of one project: `with RunLock(path).acquire() as holder: …`."""

    def __init__(
        self,
        path: Path,
        *,
        clock: Callable[[], datetime] = _utc_now,
        command: Sequence[str] | None = None,
    ) -> None:
        self.path = path
        self.sidecar = path.with_name(path.name + ".holder")
        self._clock = clock
        self._command = shlex.join(sys.argv if command is None else command)

    @contextmanager
    def acquire(self) -> Iterator[Holder]:
        """Hold the lock for the `with` block; raise `LockHeld` at once if it is taken."""
        make_private_dir(self.path.parent)
        # UnixFileLock, not FileLock: never the "soft" file lock, which a killed
        # process would leave behind. timeout=0: one try, no waiting.
        lock = UnixFileLock(self.path, timeout=0, mode=0o600)
        try:
            lock.acquire()
        except Timeout:
            raise LockHeld(self.path, self.holder()) from None
        try:
            me = self._write_sidecar()
            yield me
        finally:
            self.sidecar.unlink(missing_ok=True)
            lock.release()

    def holder(self) -> Holder | None:
        """The sidecar's holder, or None when it is missing or unreadable."""
        try:
            raw = json.loads(self.sidecar.read_text(encoding="utf-8"))
            return Holder(
                pid=int(raw["pid"]),
                host=str(raw["host"]),
                started=str(raw["started"]),
                command=str(raw["command"]),
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _write_sidecar(self) -> Holder:
        started = self._clock().astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        me = Holder(os.getpid(), socket.gethostname(), started, self._command)
        # Written whole then renamed: a reader never sees half a file.
        tmp = self.sidecar.with_name(self.sidecar.name + f".{me.pid}.tmp")
        tmp.write_text(json.dumps(me.__dict__), encoding="utf-8")
        tmp.replace(self.sidecar)
        return me


# --- memory ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryLow:
    available_mb: int
    min_mb: int

    def describe(self) -> str:
        return (
            f"only {self.available_mb} MB of memory available, below min_available_mb = "
            f"{self.min_mb}; skipping this tick"
        )


def available_mb(meminfo_text: str) -> int:
    """MemAvailable of /proc/meminfo in MB (MemFree+Buffers+Cached on kernels before 3.14)."""
    fields: dict[str, int] = {}
    for line in meminfo_text.splitlines():
        name, _, rest = line.partition(":")
        parts = rest.split()
        if parts and parts[0].isdigit():
            fields[name.strip()] = int(parts[0])  # kB
    if "MemAvailable" in fields:
        return fields["MemAvailable"] // 1024
    if "MemFree" in fields:
        return sum(fields.get(k, 0) for k in ("MemFree", "Buffers", "Cached")) // 1024
    raise ValueError("no MemAvailable or MemFree line in /proc/meminfo")


def _read_meminfo() -> str:
    return Path("/proc/meminfo").read_text(encoding="ascii")


def check_memory(min_mb: int, read: Callable[[], str] = _read_meminfo) -> MemoryLow | None:
    """A `MemoryLow` when less than `min_mb` is available; None when enough or unknown.

    Where there is no /proc/meminfo (macOS) the guard cannot measure and lets
    the tick run, as the seed's did. ``min_mb = 0`` turns the guard off.
    """
    if min_mb <= 0:
        return None
    try:
        found = available_mb(read())
    except (OSError, ValueError):
        return None
    return MemoryLow(found, min_mb) if found < min_mb else None


# --- scratch -----------------------------------------------------------------------------------


def clean_scratch(scratch_dir: Path) -> int:
    """Empty `scratch_dir` (creating it if needed); return how many entries went.

    Call it only while holding the run lock: the scratch of a running tick is
    not the previous run's.
    """
    make_private_dir(scratch_dir)
    removed = 0
    for entry in scratch_dir.iterdir():
        # A symlink is removed, never followed.
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
        removed += 1
    return removed


# --- all together -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GuardOutcome:
    """Whether the tick may run; when not, `reason` says why (for the log)."""

    proceed: bool
    reason: str = ""
    scratch_removed: int = 0
    inactive: bool = False  # skipped for the missing flag: the dashboard still renders


@contextmanager
def run_guards(
    config: ProjectConfig,
    *,
    read_meminfo: Callable[[], str] = _read_meminfo,
    clock: Callable[[], datetime] = _utc_now,
) -> Iterator[GuardOutcome]:
    """Pass the guards in order; when `proceed`, the lock is held for the `with` block.

    A held lock is an outcome here, not an exception, so that every skip looks
    the same to the caller.
    """
    project_dir = config.project_state_dir
    if not is_active(project_dir):
        flag = active_flag(project_dir)
        yield GuardOutcome(False, f"inactive ({flag} is absent); `architect enable` starts it",
                           inactive=True)
        return
    with ExitStack() as stack:
        try:
            stack.enter_context(RunLock(lock_path(project_dir), clock=clock).acquire())
        except LockHeld as held:
            yield GuardOutcome(False, str(held))
            return
        low = check_memory(config.architect.min_available_mb, read_meminfo)
        if low is not None:
            yield GuardOutcome(False, low.describe())
            return
        removed = clean_scratch(config.scratch_dir)
        yield GuardOutcome(True, scratch_removed=removed)
