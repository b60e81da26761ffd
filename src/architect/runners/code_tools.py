"""Read-only code tools for the API runners: list files, read a file, search.

The API runners see the code the way `claude-cli` does with Read/Glob/Grep,
through the provider's tool use, over a snapshot of `repo_root` (a clone of
its committed tree, see `sessions.workdir`). The tools are defined once here
as JSON schemas; each runner adapts them to its provider's protocol.

What the model may see is the set of files `CodeTools.files()` lists: regular
files under the root (a symlink that resolves outside it is left out), not in
`.git` or a dependency or cache directory, not looking like a secret (`.env`,
keys, certificates, credentials), not larger than `max_file_bytes`, and
not a document the prompt holds already (VISION.md, AGENTS.md: reading it
again would pay for it twice). Every
result is capped at `max_result_bytes`, and all results together at
`max_total_bytes`: past it the model is told to answer with what it has.
A bad call (unknown file, bad regex) answers with the reason, never raises.
"""

from __future__ import annotations

import contextlib
import fnmatch
import logging
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from architect.codemap import SKIPPED_DIRS
from architect.runners.base import ModelRequest
from architect.runners.sessions import workdir

log = logging.getLogger(__name__)

MAX_RESULT_BYTES = 16_000
MAX_TOTAL_BYTES = 200_000
MAX_FILE_BYTES = 512_000
MAX_LISTED = 400
MAX_MATCHES = 200
SECRET_DIRS = frozenset({".git", ".ssh", ".gnupg", ".aws", ".docker", ".kube"})
_SECRET_FILE = re.compile(
    r"""^(?:\.env(?:\..*)?|.*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|gpg|asc)
    |id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?|\.netrc|\.npmrc|\.pypirc|\.htpasswd|\.git-credentials
    |.*credentials.*|.*secrets?\.(?:json|ya?ml|toml|ini|env|txt))$""",
    re.IGNORECASE | re.VERBOSE,
)
BUDGET_SPENT = "The reading budget of this answer is spent: answer now with what you have read."


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON schema of the arguments (OpenAI strict-compatible)


def _params(properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


_NULLABLE_INT = {"type": ["integer", "null"]}
TOOLS = (
    ToolSpec(
        "list_files",
        "List the project's files whose path matches a glob, e.g. `**/*.sh`, `src/**`, `*`.",
        _params({"glob": {"type": "string", "description": "A glob over paths from the root."}}),
    ),
    ToolSpec(
        "read_file",
        "Read one project file, numbered, whole or from start_line to end_line (1-based).",
        _params(
            {
                "path": {"type": "string", "description": "The path as list_files shows it."},
                "start_line": {**_NULLABLE_INT, "description": "First line, or null."},
                "end_line": {**_NULLABLE_INT, "description": "Last line, or null."},
            }
        ),
    ),
    ToolSpec(
        "search",
        "Search the project's files for a regular expression (Python syntax); "
        "answers `path:line: text` lines.",
        _params(
            {
                "pattern": {"type": "string", "description": "The regular expression."},
                "glob": {
                    "type": ["string", "null"],
                    "description": "Only files matching this glob, or null for all.",
                },
            }
        ),
    ),
)


def documents_in_prompt(request: ModelRequest[Any]) -> frozenset[str]:
    """The repo's documents whose whole text the request's context carries."""
    documents = {"VISION.md": request.inputs.context.vision_md,
                 "AGENTS.md": request.inputs.context.agents_md}  # fmt: skip
    return frozenset(
        name for name, text in documents.items() if text.strip() and text.strip() in request.context
    )


@contextlib.contextmanager
def code_snapshot(
    state_dir: Path,
    project: str,
    repo_root: Path | None,
    env: Mapping[str, str],
    in_prompt: frozenset[str] = frozenset(),
) -> Iterator[CodeTools | None]:
    """The tools over a fresh snapshot of `repo_root`, or None without one."""
    if repo_root is None:
        yield None
        return
    with workdir(state_dir, project, None, repo_root, env) as path:
        tools = CodeTools(path, in_prompt=in_prompt)
        try:
            yield tools
        finally:
            if tools.calls:
                log.info("the model read the code %d time(s): %s", len(tools.calls),
                         "; ".join(tools.calls)[:2000])


def looks_secret(name: str) -> bool:
    """A file name that usually holds a credential rather than code."""
    return bool(_SECRET_FILE.match(name))


class CodeTools:
    """The tools over one directory. See the module docstring."""

    def __init__(
        self,
        root: Path,
        *,
        max_result_bytes: int = MAX_RESULT_BYTES,
        max_total_bytes: int = MAX_TOTAL_BYTES,
        max_file_bytes: int = MAX_FILE_BYTES,
        in_prompt: frozenset[str] = frozenset(),
    ) -> None:
        self.root = Path(root).resolve()
        self.in_prompt = in_prompt  # paths from the root the prompt holds already
        self.max_result_bytes = max_result_bytes
        self.max_total_bytes = max_total_bytes
        self.max_file_bytes = max_file_bytes
        self.spent_bytes = 0
        self.calls: list[str] = []  # `name(arguments)` of every call, for the log

    @cached_property
    def files(self) -> tuple[str, ...]:
        """The readable files, relative with `/`, sorted."""
        found: list[str] = []
        for here, dirs, names in os.walk(self.root):
            dirs[:] = [d for d in dirs if d not in SECRET_DIRS and d not in SKIPPED_DIRS]
            for name in names:
                path = Path(here) / name
                rel = path.relative_to(self.root).as_posix()
                if not looks_secret(name) and rel not in self.in_prompt and self._inside(path):
                    found.append(rel)
        return tuple(sorted(found))

    def _inside(self, path: Path) -> bool:
        try:
            real = path.resolve(strict=True)
            return (
                real.is_relative_to(self.root)
                and real.is_file()
                and real.stat().st_size <= self.max_file_bytes
                and not any(part in SECRET_DIRS for part in real.relative_to(self.root).parts)
            )
        except (OSError, RuntimeError):
            return False

    def call(self, name: str, arguments: Mapping[str, Any]) -> str:
        """The tool's answer as text, capped; a bad call answers with its reason."""
        self.calls.append(f"{name}({', '.join(f'{k}={v!r}' for k, v in arguments.items())})")
        if self.spent_bytes >= self.max_total_bytes:
            return BUDGET_SPENT
        try:
            text = self._run(name, arguments)
        except (ValueError, TypeError, re.error) as exc:
            text = f"error: {exc}"
        encoded = text.encode()
        if len(encoded) > self.max_result_bytes:
            cut = encoded[: self.max_result_bytes].decode(errors="ignore")
            text = f"{cut}\n… (cut at {self.max_result_bytes} bytes: ask for less)"
        self.spent_bytes += len(text.encode())
        return text

    def _run(self, name: str, arguments: Mapping[str, Any]) -> str:
        if name == "list_files":
            return self.list_files(str(arguments.get("glob") or "**"))
        if name == "read_file":
            return self.read_file(
                str(arguments.get("path") or ""),
                _line(arguments.get("start_line")),
                _line(arguments.get("end_line")),
            )
        if name == "search":
            return self.search(str(arguments.get("pattern") or ""), arguments.get("glob"))
        raise ValueError(f"no tool {name!r}; the tools are {', '.join(t.name for t in TOOLS)}")

    def list_files(self, glob: str) -> str:
        matched = [f for f in self.files if _matches(f, glob)]
        if not matched:
            return f"no file matches {glob!r}"
        shown = matched[:MAX_LISTED]
        more = len(matched) - len(shown)
        return "\n".join(shown + ([f"… and {more} more: narrow the glob"] if more > 0 else []))

    def read_file(self, path: str, start: int | None = None, end: int | None = None) -> str:
        rel = path.strip().removeprefix("./")
        if rel in self.in_prompt:
            raise ValueError(f"{rel} is in the prompt already, whole: read it there")
        if rel not in self.files:
            raise ValueError(f"{path!r} is not a readable project file (see list_files)")
        lines = (self.root / rel).read_text(encoding="utf-8", errors="replace").splitlines()
        first = max(start or 1, 1)
        last = min(end or len(lines), len(lines))
        body = [f"{n:>5}  {lines[n - 1]}" for n in range(first, last + 1)]
        return f"{rel} (lines {first}-{last} of {len(lines)})\n" + "\n".join(body)

    def search(self, pattern: str, glob: object = None) -> str:
        regex = re.compile(pattern)
        hits: list[str] = []
        for rel in self.files:
            if isinstance(glob, str) and glob and not _matches(rel, glob):
                continue
            text = (self.root / rel).read_text(encoding="utf-8", errors="replace")
            for number, line in enumerate(text.splitlines(), 1):
                if regex.search(line):
                    hits.append(f"{rel}:{number}: {line.strip()[:200]}")
                    if len(hits) >= MAX_MATCHES:
                        return "\n".join([*hits, "… more matches: narrow the pattern or glob"])
        return "\n".join(hits) or f"no line matches {pattern!r}"


def _matches(path: str, glob: str) -> bool:
    glob = glob.strip().removeprefix("./")
    if glob in ("", "*", "**", "**/*"):
        return True
    # `**/x` also matches `x` at the root, as in git and most shells' globstar.
    return fnmatch.fnmatchcase(path, glob) or (
        glob.startswith("**/") and fnmatch.fnmatchcase(path, glob[3:])
    )


def _line(value: object) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"a line number must be an integer, not {value!r}")
    return int(value)
