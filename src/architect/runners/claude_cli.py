"""The `claude-cli` runner: Claude Code in print mode, one session per sprint PR.

    claude -p --output-format json --json-schema <schema> --model <model>
           --max-turns N --tools Read,Glob,Grep --permission-mode dontAsk
           --setting-sources "" --strict-mcp-config --disable-slash-commands
           --append-system-prompt <system> [--resume <session id>]

The prompt goes on stdin (one argument over 128 KiB fails). A resumed session
keeps the system prompt it started with, which is the same in every mode: a
resumed run sends the mode's prompt alone (see `_resumed_text`). The model may
only read a fresh copy of the project checkout (or an empty directory): in
`dontAsk` mode reads outside the working directory are denied; a document
the prompt holds whole (VISION.md, AGENTS.md) is left out of the copy. The child
gets an allow-listed environment (never a forge token), its own process group
(killed on timeout), and an exclusive lock so two runs never share one
Claude login at once.

Where the binary comes from (`check_ready`): the `claude_bin` option, else
`ARCHITECT_CLAUDE_BIN`, else `claude` on PATH, else the binary bundled in the
`claude-agent-sdk` wheel (`claude_agent_sdk/_bundled/claude`) when installed.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import filelock
from pydantic import BaseModel

from architect.errors import InvalidModelOutput, ModelTimedOut, RunnerFailed, RunnerUnavailable
from architect.redaction import redact, secret_values
from architect.runners.answer_json import compact_json
from architect.runners.base import Limits, ModelRequest, ModelResult, Usage
from architect.runners.code_tools import documents_in_prompt
from architect.runners.inline_schema import self_contained_schema
from architect.runners.retry import Reply, answer_with_retry
from architect.runners.sessions import (
    CONTINUES,
    STARTS,
    SessionRecord,
    SessionStore,
    cap_limits,
    overload_key,
    overload_watch,
    resumable,
    workdir,
)

T = TypeVar("T", bound=BaseModel)
log = logging.getLogger(__name__)

NAME = "claude-cli"
TOOLS = "Read,Glob,Grep"
PASSED_ENV = (
    "PATH",
    "HOME",
    "LANG",
    "TERM",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "CLAUDE_CONFIG_DIR",
)
FIXED_ENV = {
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_TELEMETRY": "1",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
}
SESSION_LOST = "No conversation found"
# The oldest Claude Code the flags above work with: claude-agent-sdk's own minimum
# (MINIMUM_CLAUDE_CODE_VERSION), which drives the CLI with the same --json-schema.
MIN_VERSION = (2, 0, 0)
_VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)")
_PROVE_TIMEOUT_S = 30.0
_GRACE_S = 3.0
_EXCERPT = 300


def find_claude(claude_bin: str | None, env: Mapping[str, str]) -> str | None:
    """The claude executable: option, ARCHITECT_CLAUDE_BIN, PATH, bundled copy."""
    explicit = claude_bin or env.get("ARCHITECT_CLAUDE_BIN")
    if explicit:
        found = shutil.which(explicit, path=env.get("PATH"))
        return found or (explicit if os.access(explicit, os.X_OK) else None)
    on_path = shutil.which("claude", path=env.get("PATH"))
    if on_path:
        return on_path
    spec = importlib.util.find_spec("claude_agent_sdk")
    for location in (spec.submodule_search_locations or []) if spec else []:
        bundled = Path(location) / "_bundled" / "claude"
        if os.access(bundled, os.X_OK):
            return str(bundled)
    return None


def child_env(env: Mapping[str, str]) -> dict[str, str]:
    """The allow-listed environment of the claude process."""
    return {k: env[k] for k in PASSED_ENV if k in env} | FIXED_ENV


def build_argv(
    binary: str, *, schema: str, model: str, max_turns: int, system: str, resume: str | None
) -> list[str]:
    argv = [
        binary,
        "-p",
        "--output-format", "json",
        "--json-schema", schema,
        "--model", model,
        "--max-turns", str(max_turns),
        "--tools", TOOLS,
        "--permission-mode", "dontAsk",
        "--setting-sources", "",
        "--strict-mcp-config",
        "--disable-slash-commands",
        "--append-system-prompt", system,
    ]  # fmt: skip
    return [*argv, "--resume", resume] if resume else argv


@dataclass(frozen=True)
class Completed:
    exit_code: int
    stdout: str
    stderr: str


def invoke(
    argv: list[str], stdin: str, *, cwd: Path, env: Mapping[str, str], timeout_s: float
) -> Completed:
    """Run the CLI in its own process group; kill the whole group on timeout."""
    try:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=dict(env),
            start_new_session=True,
        )
    except OSError as exc:
        raise RunnerFailed(f"claude could not start: {exc.strerror}") from exc
    try:
        out, err = proc.communicate(stdin.encode(), timeout=timeout_s)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise ModelTimedOut(
            f"claude timed out after {timeout_s:g}s and was killed"
        ).spent(None, 1) from None
    finally:
        if proc.poll() is None:
            _kill_group(proc)
    return Completed(proc.returncode, _text(out), _text(err))


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    for sig, wait in ((signal.SIGTERM, _GRACE_S), (signal.SIGKILL, _GRACE_S)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.communicate(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def _text(data: bytes | None) -> str:
    return (data or b"").decode("utf-8", errors="replace")


class SessionLostError(Exception):
    """`--resume` named a session the CLI no longer has."""


@dataclass(frozen=True)
class Envelope:
    """The CLI's `result` object: what we read of it."""

    session_id: str | None
    payload: Any  # structured_output, else the result text
    total_cost_usd: float
    input_tokens: int
    output_tokens: int
    error: str | None  # why the run failed, None on success
    invalid_output: bool = False  # the CLI gave up on the structured output


def parse_envelope(done: Completed, secrets: tuple[str, ...]) -> Envelope:
    """Read the CLI's answer; raise `SessionLostError` or `RunnerFailed` when there is none."""
    if done.exit_code != 0 and SESSION_LOST in done.stderr:
        raise SessionLostError(done.stderr.strip())
    data = _last_json_line(done.stdout)
    if not isinstance(data, dict) or data.get("type") != "result":
        shown = done.stdout.strip() or done.stderr.strip()
        raise RunnerFailed(
            f"claude exited {done.exit_code} without a result envelope: "
            f"{redact(shown[:_EXCERPT], secrets)!r}"
        )
    usage = data.get("usage") or {}
    return Envelope(
        session_id=data.get("session_id"),
        payload=_payload(data),
        total_cost_usd=float(data.get("total_cost_usd") or 0.0),
        input_tokens=sum(
            int(usage.get(k) or 0)
            for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
        ),
        output_tokens=int(usage.get("output_tokens") or 0),
        error=_failure(data, done.exit_code, secrets),
        invalid_output=data.get("subtype") == "error_max_structured_output_retries",
    )


def _last_json_line(stdout: str) -> Any:
    for candidate in (stdout.strip(), *reversed(stdout.strip().splitlines())):
        try:
            return json.loads(candidate)
        except json.JSONDecodeError:
            continue
    return None


def _payload(data: dict[str, Any]) -> Any:
    structured = data.get("structured_output")
    return structured if structured is not None else data.get("result") or ""


def _failure(data: dict[str, Any], exit_code: int, secrets: tuple[str, ...]) -> str | None:
    """Why the run failed. `subtype` decides even when `is_error` is false (CLI 2.0.x)."""
    subtype = data.get("subtype")
    errors = "; ".join(str(e) for e in data.get("errors") or [])
    if subtype != "success":
        return redact(f"claude stopped: {subtype}: {errors or 'no detail'}"[:_EXCERPT], secrets)
    if data.get("is_error"):
        status = data.get("api_error_status")
        reason = str(data.get("result") or errors or "no detail")
        where = f"API error {status}" if status else "error"
        return redact(f"claude reported an {where}: {reason}"[:_EXCERPT], secrets)
    if exit_code != 0:
        return f"claude exited {exit_code}"
    return None


_Call = Callable[[str, "str | None"], Reply]


@dataclass
class _Conversation:
    """One run's view of the CLI session: which one, its cost so far, what it has read."""

    session_id: str | None
    baseline_usd: float  # the CLI's total_cost_usd for session_id before this call
    record: SessionRecord | None
    # Runs of the binary: its inner API turns are not reported, so a run is one call.
    calls: int = 0
    read: dict[str, str] = field(default_factory=dict)  # see `SessionRecord.read`


class ClaudeCliRunner:
    """Claude Code in print mode. See the module docstring."""

    name = NAME

    def __init__(
        self,
        *,
        model_name: str,
        state_dir: Path,
        project: str,
        env: Mapping[str, str],
        repo_root: Path | None = None,
        claude_bin: str | None = None,
        limits_cap: Limits | None = None,
        lock_path: Path | None = None,
    ) -> None:
        self.model_name = model_name
        self.state_dir = Path(state_dir)
        self.project = project
        self.env = dict(env)
        self.repo_root = repo_root
        self.claude_bin = claude_bin
        self.limits_cap = limits_cap
        self.lock_path = lock_path or self.state_dir / "claude-cli.lock"
        self.sessions = SessionStore(self.state_dir, project)
        self._secrets = secret_values(self.env)

    def check_ready(self) -> None:
        if find_claude(self.claude_bin, self.env) is None:
            explicit = self.claude_bin or self.env.get("ARCHITECT_CLAUDE_BIN")
            if explicit:  # set, it is used alone: no PATH or bundled copy to fall back to
                where = "claude_bin" if self.claude_bin else "ARCHITECT_CLAUDE_BIN"
                raise RunnerUnavailable(
                    f"the `claude` binary set in {where}, '{explicit}', is neither an "
                    f"executable file nor a command on PATH: fix {where}, or unset it to use "
                    "`claude` on PATH or the one claude-agent-sdk bundles")
            raise RunnerUnavailable(
                "the `claude` binary was not found: install Claude Code, or "
                "`pip install claude-agent-sdk` (it bundles one), or set ARCHITECT_CLAUDE_BIN"
            )
        if self.repo_root is not None and not self.repo_root.is_dir():
            raise RunnerUnavailable(f"repo_root {self.repo_root} is not a directory")

    def prove_model(self) -> None:
        """The CLI runs, is new enough, and is logged in or has a key: no billed call.

        `claude --version`, then `claude auth status` (JSON, `loggedIn`; exit 1 when
        logged out), with the environment a run gets. A CLI without `auth status`
        passes when a key is set, or its config dir holds a login.
        """
        self.check_ready()
        binary = find_claude(self.claude_bin, self.env)
        assert binary is not None  # check_ready proved it
        env = child_env(self.env)
        shown = self._ask_cli([binary, "--version"], env)
        found = _VERSION.search(shown.stdout)
        if shown.exit_code != 0 or found is None:
            raise RunnerUnavailable(
                f"`{binary} --version` failed ({_excerpt(shown)}): reinstall Claude Code"
            )
        version = tuple(int(n) for n in found.groups())
        if version < MIN_VERSION:
            raise RunnerUnavailable(
                f"Claude Code {found.group(0)} is older than "
                f"{'.'.join(map(str, MIN_VERSION))}: update it (`claude update`)"
            )
        status = self._ask_cli([binary, "auth", "status", "--json"], env)
        if not _logged_in(status, env):
            raise RunnerUnavailable(
                f"Claude Code {found.group(0)} is not logged in: run `claude auth login` "
                "as the user the architect runs as, or set ANTHROPIC_API_KEY"
            )

    def _ask_cli(self, argv: list[str], env: Mapping[str, str]) -> Completed:
        with tempfile.TemporaryDirectory(prefix="architect-claude-check-") as cwd:
            return invoke(argv, "", cwd=Path(cwd), env=env, timeout_s=_PROVE_TIMEOUT_S)

    def drop_session(self, session_key: str) -> None:
        self.sessions.drop(session_key)

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        # A run killed at model_timeout is counted per PR, as the API runners count theirs.
        return overload_watch(self.sessions, overload_key(request), self.name,
                              lambda: self._run(request))

    def _run(self, request: ModelRequest[T]) -> ModelResult[T]:
        binary = find_claude(self.claude_bin, self.env)
        if binary is None:
            raise RunnerFailed("the `claude` binary was not found")
        limits = cap_limits(request.limits, self.limits_cap)
        record = self.sessions.for_call(request.session_key, self.name, self.model_name)
        resumed = resumable(record, request.mode, self.name)
        talk = _Conversation(
            resumed.session_id if resumed else None,
            resumed.cli_total_cost_usd if resumed else 0.0,
            record,
            read=dict(resumed.read) if resumed else {},
        )
        with (
            self._login_lock(limits),
            workdir(
                self.state_dir, self.project, request.session_key, self.repo_root, self.env
            ) as cwd,
        ):
            # Claude Code's own Read and Grep would serve them again: what the prompt holds
            # whole is not in the copy.
            for name in documents_in_prompt(request):
                (cwd / name).unlink(missing_ok=True)

            def call(stdin: str, resume: str | None) -> Reply:
                return self._call(
                    binary, request, talk, stdin=stdin, resume=resume, cwd=cwd, limits=limits
                )

            def ask(correction: str | None) -> Reply:
                if correction is None:
                    return self._first(request, talk, call)
                if talk.session_id:
                    try:
                        return call(correction, talk.session_id)
                    except SessionLostError:
                        talk.session_id, talk.baseline_usd = None, 0.0
                return call(_fresh_text(request) + "\n\n" + correction, None)

            output, usage, _ = answer_with_retry(request.schema, ask)
        return ModelResult(output, usage, talk.session_id, talk.calls)

    def _first(self, request: ModelRequest[T], talk: _Conversation, call: _Call) -> Reply:
        if talk.session_id is None:
            return call(_fresh_text(request), None)
        try:
            return call(_resumed_text(request, talk.read), talk.session_id)
        except SessionLostError:
            # The CLI forgot the session (expired, other machine): start over; the
            # request's prompt carries the whole PR context.
            log.warning("claude session of %s is gone; starting a fresh one", request.session_key)
            talk.session_id, talk.baseline_usd = None, 0.0
            return call(_fresh_text(request), None)

    def _call(
        self,
        binary: str,
        request: ModelRequest[T],
        talk: _Conversation,
        *,
        stdin: str,
        resume: str | None,
        cwd: Path,
        limits: Limits,
    ) -> Reply:
        argv = build_argv(
            binary,
            schema=compact_json(self_contained_schema(request.schema)),
            model=self.model_name,
            max_turns=limits.max_turns,
            system=request.system,
            resume=resume,
        )
        done = invoke(argv, stdin, cwd=cwd, env=child_env(self.env), timeout_s=limits.timeout_s)
        try:
            envelope = parse_envelope(done, self._secrets)
        except SessionLostError:
            if resume is None:
                raise RunnerFailed("claude reported a lost session without --resume") from None
            raise
        talk.read = {**(talk.read if resume else {}), **section_digests(stdin)}
        usage = self._account(request, talk, envelope)
        if envelope.invalid_output:
            raise InvalidModelOutput(envelope.error or "claude gave up on the structured output")
        if envelope.error:
            raise RunnerFailed(envelope.error)
        return Reply(envelope.payload, usage)

    def _account(self, request: ModelRequest[T], talk: _Conversation, env: Envelope) -> Usage:
        """Usage of this call; the CLI's total of a resumed session includes earlier runs."""
        same = env.session_id is not None and env.session_id == talk.session_id
        cost = env.total_cost_usd - talk.baseline_usd if same else env.total_cost_usd
        usage = Usage(env.input_tokens, env.output_tokens, max(cost, 0.0))
        talk.calls += 1
        talk.session_id, talk.baseline_usd = env.session_id, env.total_cost_usd
        if talk.record is not None:
            record = talk.record.charged(usage)
            if request.mode in STARTS | CONTINUES:
                record = record.model_copy(
                    update={
                        "session_id": env.session_id,
                        "cli_total_cost_usd": env.total_cost_usd,
                        "read": talk.read,
                        "runner": self.name,
                        "model": self.model_name,
                    }
                )
            talk.record = record
            self.sessions.save(record)
        return usage

    @contextlib.contextmanager
    def _login_lock(self, limits: Limits) -> Iterator[None]:
        self.lock_path.parent.mkdir(parents=True, exist_ok=True)
        lock = filelock.FileLock(str(self.lock_path))
        try:
            lock.acquire(timeout=limits.timeout_s)
        except filelock.Timeout:
            raise RunnerFailed(
                f"another run holds the claude login lock {self.lock_path} "
                f"after {limits.timeout_s:g}s"
            ) from None
        try:
            yield
        finally:
            lock.release()


def _logged_in(status: Completed, env: Mapping[str, str]) -> bool:
    """What `claude auth status --json` says; an older CLI without it: a key or a login file."""
    try:
        said = json.loads(status.stdout)
    except json.JSONDecodeError:
        said = None
    if isinstance(said, dict) and "loggedIn" in said:
        return bool(said["loggedIn"])
    config = Path(env.get("CLAUDE_CONFIG_DIR") or Path(env.get("HOME", "~")) / ".claude")
    return bool(env.get("ANTHROPIC_API_KEY")) or (config / ".credentials.json").is_file()


def _excerpt(done: Completed) -> str:
    return (done.stderr.strip() or done.stdout.strip() or f"exit {done.exit_code}")[:_EXCERPT]


def _fresh_text(request: ModelRequest[Any]) -> str:
    """What a new session reads: the shared context, then the mode's prompt."""
    return f"{request.context}\n\n{request.prompt}" if request.context else request.prompt


_SECTION = re.compile(r"^<(?P<tag>[a-z_]+)>\n.*?\n</(?P=tag)>$", re.DOTALL | re.MULTILINE)


def section_digests(text: str) -> dict[str, str]:
    """Each tagged section of a prompt (`<vision_issue>…</vision_issue>`): tag -> digest."""
    return {m["tag"]: _digest(m[0]) for m in _SECTION.finditer(text)}


def _digest(section: str) -> str:
    return hashlib.sha256(section.encode()).hexdigest()[:16]


def _resumed_text(request: ModelRequest[Any], read: Mapping[str, str]) -> str:
    """What a resumed session reads: what is new since its last turn, then the task.

    The session holds every earlier turn, so a section it has read, unchanged
    (the vision, the pitch, the design forks when no answer came), is named,
    not sent again; a new or changed one is sent whole. On `--resume`, Claude
    Code (2.1.332) keeps the system prompt the session started with and
    ignores `--append-system-prompt`, while it does take the new
    `--json-schema` (tests/runners_e2e drive the real binary). The system text
    is the same in every mode (`prompts`), so the one kept still holds; the
    task and the schema of this turn close the prompt.
    """
    same: list[str] = []

    def unless_read(found: re.Match[str]) -> str:
        if read.get(found["tag"]) != _digest(found[0]):
            return found[0]
        same.append(found["tag"])
        return ""

    text = re.sub(r"\n{3,}", "\n\n", _SECTION.sub(unless_read, request.prompt)).strip()
    if not same:
        return text
    named = ", ".join(same)
    return f"Unchanged since your last turn, so not repeated: {named}.\n\n{text}"
