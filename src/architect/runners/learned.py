"""What a runner learned from a server's refusals, kept per base URL and model.

A reasoning model behind a base URL refuses `max_tokens`, then `temperature`;
a local server refuses `json_schema` or the tools. Each refusal costs a
request, so what the runner dropped is written to
`<state_dir>/learned/<hash of server and model>.json` and read by the next
run: paid once, not every tick. A cache: an unreadable file is learned again.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from pydantic import BaseModel, ValidationError

from architect.runners.state_file import write_private

log = logging.getLogger(__name__)


class Learned(BaseModel):
    server: str
    model: str
    temperature_refused: bool = False
    tokens_key: str | None = None  # the key the server took, when it refused the other
    tools_refused: bool = False
    # OutputFormat: the strongest rung of the ladder the server took. (A file of an older
    # version, with a three-rung `output_format`, is read without it: learned again.)
    format_rung: int = 0


class LearnedStore:
    """The file of one server and model."""

    def __init__(self, state_dir: Path, server: str, model: str) -> None:
        digest = hashlib.sha256(f"{server}\n{model}".encode()).hexdigest()[:16]
        self.path = Path(state_dir) / "learned" / f"{digest}.json"
        self.server = server
        self.model = model

    def load(self) -> Learned:
        fresh = Learned(server=self.server, model=self.model)
        try:
            found = Learned.model_validate_json(self.path.read_bytes())
        except FileNotFoundError:
            return fresh
        except (OSError, ValidationError, ValueError):
            log.warning("%s is unreadable: learning the server's refusals again", self.path)
            return fresh
        return found if (found.server, found.model) == (self.server, self.model) else fresh

    def save(self, learned: Learned) -> None:
        """Written as a session is (0600, whole); a state dir that takes no file costs a
        refusal next run, no more."""
        try:
            write_private(self.path, learned.model_dump_json(indent=1))
        except OSError as exc:
            log.warning("cannot keep what %s refused in %s: %s", self.server, self.path, exc)
