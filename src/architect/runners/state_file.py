"""A runner's file in the state dir (a session, what a server refused), written privately
and whole: the folder 0700, the file 0600 (a session holds the PR's conversation), and a
temporary file beside it renamed over it, so a reader, or a tick killed mid-write, never
finds half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_private(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        os.fchmod(fd, 0o600)  # mkstemp's own mode too: said here, not left to it
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
