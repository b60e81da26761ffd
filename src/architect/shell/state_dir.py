"""Local state that is broken says so: one line naming the path and the fix.

The state dir holds the active flag, the run lock, the model sessions and the local
journal; the log dir the log file. Before a command that uses them (`run`, `loop`,
`status`, `enable`, `disable`) `check_local_state` makes sure each is a directory the
architect may write, and that the run lock is not a directory, so that a state dir
that is a file, or under /proc, ends in exit 2 and one line, never a traceback.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from architect.config import ProjectConfig
from architect.errors import LocalStateError
from architect.shell.guards import lock_path
from architect.shell.logs import make_private_dir

_FIX = ("set [architect].state_dir (or ARCHITECT_STATE_DIR) to a directory the architect may "
        "write")
_LOG_FIX = "set [architect].log_dir (or ARCHITECT_LOG_DIR) to a directory the architect may write"


def check_local_state(config: ProjectConfig) -> None:
    """Raise `LocalStateError` naming the first broken place; create what is missing."""
    _writable_dir(config.project_state_dir, "the state dir", _FIX)
    _writable_dir(config.log_file.parent, "the log dir", _LOG_FIX)
    lock = lock_path(config.project_state_dir)
    for path in (lock, lock.with_name(lock.name + ".holder")):
        if path.is_dir():
            raise LocalStateError(f"the run lock {path} is a directory, not a file; remove it "
                                  f"(rmdir {path}) and run again")


def _writable_dir(path: Path, what: str, fix: str) -> None:
    blocker = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        raise LocalStateError(f"{what} {path} cannot be made: {blocker} is a file, not a "
                              f"directory; {fix}, or move the file away")
    try:
        make_private_dir(path)
        # Writing is the only honest test: /proc and read-only mounts pass os.access as root.
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise LocalStateError(f"{what} {path} is not a writable directory ({reason}); "
                              f"{fix}") from exc
