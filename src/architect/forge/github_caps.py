"""What a GitHub server lacks, learned from its first 404 and kept in the state dir.

GitHub Enterprise Server trails github.com: 3.17 and 3.18 have neither the sub-issues
API (``/issues/{n}/sub_issues``) nor the issue dependencies API
(``/issues/{n}/dependencies/blocked_by``), 3.19 has no sub-issues API. Both only add to
what the text says already (a sub-issue's "Decomposed from #N", its "Depends on #M", the
vision's filing comment), so a server without them is asked once: the first 404 of such
a route, on an issue that exists, is learned for that server (by its API URL, in
``<state_dir>/github-servers.json``, so it outlives the run), and from then on the work
goes by the text alone, with one log line a client saying so. A learned lack is asked
again after `RELEARN`, for a server upgraded meanwhile.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

log = logging.getLogger(__name__)

Api = Literal["sub_issues", "dependencies"]
RELEARN = timedelta(days=7)
FILE_NAME = "github-servers.json"
WITHOUT: dict[str, str] = {
    "sub_issues": "no sub-issues API: a sub-issue is tied to its vision by the "
                  "\"Decomposed from #N\" line of its body and the vision's filing comment",
    "dependencies": "no issue dependencies API: \"Depends on #M\" in each body says what an "
                    "issue waits for, and a re-plan edits bodies, not links",
}


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Capabilities:
    """The APIs the server at `server` lacks; `path` None keeps them in memory only."""

    def __init__(self, server: str, path: Path | None = None, *,
                 now: Callable[[], datetime] = _utc_now) -> None:
        self.server = server
        self._path = path
        self._now = now
        self._lacks: dict[str, datetime] = self._load()
        self._said = False

    def lacks(self, api: Api) -> bool:
        learned = self._lacks.get(api)
        if learned is None:
            return False
        if self._now() - learned > RELEARN:
            del self._lacks[api]  # asked again: the server may have been upgraded
            return False
        if not self._said:
            self._said = True
            log.info("GitHub at %s (learned %s; %s): %s", self.server,
                     min(self._lacks.values()).date(), self._where(), "; ".join(
                         WITHOUT[a] for a in sorted(self._lacks)))
        return True

    def learn(self, api: Api) -> None:
        """The server answered 404 for `api` on an issue that exists: it has no such API."""
        if api in self._lacks:
            return
        self._lacks[api] = self._now()
        self._said = True  # this line says it for this client
        log.warning("GitHub at %s has %s (learned from its 404; %s)", self.server,
                    WITHOUT[api], self._where())
        self._save()

    def _where(self) -> str:
        return f"kept in {self._path}" if self._path else "kept for this run"

    def _load(self) -> dict[str, datetime]:
        if self._path is None:
            return {}
        try:
            known = json.loads(self._path.read_text(encoding="utf-8"))
            mine = known.get(self.server, {})
            return {api: datetime.fromisoformat(at) for api, at in mine.get("lacks", {}).items()
                    if api in WITHOUT}
        except (OSError, ValueError, AttributeError, TypeError):
            return {}  # none yet, or unreadable: learned again from the next 404

    def _save(self) -> None:
        if self._path is None:
            return
        try:
            known = json.loads(self._path.read_text(encoding="utf-8"))
            if not isinstance(known, dict):
                known = {}
        except (OSError, ValueError):
            known = {}
        known[self.server] = {"lacks": {a: at.isoformat() for a, at in self._lacks.items()}}
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self._path.with_suffix(".tmp")
            tmp.write_text(json.dumps(known, indent=2, sort_keys=True) + "\n", encoding="utf-8")
            tmp.replace(self._path)
        except OSError as exc:
            log.warning("cannot keep what GitHub at %s lacks in %s (%s): it is asked again "
                        "next run", self.server, self._path, exc.strerror or exc)


def capabilities_file(state_dir: Path) -> Path:
    return state_dir / FILE_NAME
