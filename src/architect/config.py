"""The project configuration (DESIGN.md §3): one TOML file plus the environment.

The file is the factory's ``projects/<name>.toml``: the top-level keys the
architect does not use are ignored, its own live under ``[architect]``, where
an unknown key is an error (a typo there would otherwise be silently ignored).
Environment variables override the file. Secrets come only from the
environment (`load_secrets`); a secret-looking key in the file is an error, so
a token never sits in a file that gets copied around or committed.

Every problem is a `ConfigError` whose message names the file (or the
variable), the key and the fix. No message repeats a secret, nor a URL's
credentials.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
)
from pydantic_core import ErrorDetails

from architect.durations import ACCEPTED_FORMS, DurationError, parse_duration
from architect.errors import ConfigError
from architect.forge.secret import Secret

__all__ = [
    "ArchitectConfig",
    "ProjectConfig",
    "SecretValue",
    "Secrets",
    "default_config_path",
    "load_config",
    "load_secrets",
    "looks_secret",
]

ModelKind = Literal["claude-cli", "anthropic", "openai", "offline"]
DEFAULT_STATE_DIR = "~/.local/state/architect"
EXAMPLE_FILE = "examples/project.toml"


# --- field types -----------------------------------------------------------------


def _expand_path(value: object, info: ValidationInfo) -> object:
    """`~` is expanded with the injected environment's HOME, so tests stay hermetic."""
    if not isinstance(value, str | Path):
        return value  # strict validation rejects it with a type error
    text = str(value)
    if not text.strip():
        raise ValueError("must not be empty")
    home = (info.context or {}).get("home")
    if home and (text == "~" or text.startswith("~/")):
        return Path(home) / text[2:]
    return Path(text).expanduser()


def _duration(value: object) -> object:
    try:
        return parse_duration(value)
    except DurationError as exc:
        raise ValueError(str(exc)) from None


def _list_as_tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def _http_url(value: str) -> str:
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("must be an http:// or https:// URL")
    if "@" in parts.netloc:
        raise ValueError(
            "must not carry credentials ('user:…@'); remove them and set the token in "
            "FORGE_ARCHITECT_TOKEN (or OPENAI_API_KEY for openai_base_url)"
        )
    return value.rstrip("/")


PathValue = Annotated[Path, BeforeValidator(_expand_path)]
Duration = Annotated[timedelta, BeforeValidator(_duration)]
Text = Annotated[str, Field(min_length=1)]
Logins = Annotated[tuple[Text, ...], BeforeValidator(_list_as_tuple)]
Url = Annotated[str, AfterValidator(_http_url)]
RepoName = Annotated[str, Field(pattern=r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")]
# The name becomes a directory under state_dir: no separators, no "..".
ProjectName = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")]


class ArchitectConfig(BaseModel):
    """The ``[architect]`` table."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    model: ModelKind = "claude-cli"
    model_name: Text = "opus"
    interval: Duration = timedelta(hours=6)
    max_open_pitches: Annotated[int, Field(ge=0)] = 3
    min_available_mb: Annotated[int, Field(ge=0)] = 2000
    reviewers: Logins = ()
    bot_accounts: Logins = ("*-bot", "*[bot]")
    state_dir: PathValue = Field(default=DEFAULT_STATE_DIR, validate_default=True)
    log_dir: PathValue | None = None  # None: <state_dir>/logs
    max_sub_issues: Annotated[int, Field(ge=1)] = 10
    max_cost_per_tick: Annotated[float, Field(gt=0)] | None = None
    context_budget_tokens: Annotated[int, Field(ge=1000)] = 16000
    openai_base_url: Url | None = None
    model_timeout: Duration = timedelta(minutes=10)
    max_turns: Annotated[int, Field(ge=1)] = 8
    webhook_max_body_kb: Annotated[int, Field(ge=1)] = 1024
    vision_label: Text = "vision"
    in_progress_label: Text = "in-progress"
    backlog_label: Text = "backlog"

    @property
    def bot_account_globs(self) -> tuple[str, ...]:
        """`bot_accounts` for `fnmatch.fnmatchcase`, with "[" made literal ("*[[]bot]")."""
        return tuple(p.lower().replace("[", "[[]") for p in self.bot_accounts)

    def is_bot_account(self, login: str) -> bool:
        """Whether `login` matches a `bot_accounts` pattern (case-insensitive).

        Only `*` and `?` are wildcards: the brackets of ``*[bot]`` (GitHub-style
        app accounts) are literal, where fnmatch would read them as a class.
        """
        return any(fnmatchcase(login.lower(), glob) for glob in self.bot_account_globs)


class ProjectConfig(BaseModel):
    """One project: the top-level keys of the project TOML plus ``[architect]``."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    name: ProjectName
    repo: RepoName
    ops_repo: RepoName
    forge_url: Url
    primary_branch: Text = "main"
    repo_root: PathValue | None = None
    architect: ArchitectConfig = Field(default_factory=ArchitectConfig)

    @property
    def project_state_dir(self) -> Path:
        return self.architect.state_dir / self.name

    @property
    def sessions_dir(self) -> Path:
        return self.project_state_dir / "sessions"

    @property
    def journal_dir(self) -> Path:
        return self.project_state_dir / "journal"

    @property
    def scratch_dir(self) -> Path:
        return self.project_state_dir / "scratch"

    @property
    def log_dir(self) -> Path:
        return self.architect.log_dir or self.architect.state_dir / "logs"

    @property
    def log_file(self) -> Path:
        return self.log_dir / "architect" / "architect.log"


# --- secrets ---------------------------------------------------------------------------

SecretValue = Secret  # shows as '**********' in reprs and messages; .reveal() gives the value
FORGE_TOKEN_VARIABLES = ("FORGE_ARCHITECT_TOKEN", "FORGE_TOKEN")


@dataclass(frozen=True)
class Secrets:
    """The secrets of one process, from the environment only. The repr shows no value."""

    forge_token: SecretValue | None = None
    forge_token_env: str | None = None  # which variable the forge token came from
    filer_token: SecretValue | None = None
    anthropic_api_key: SecretValue | None = None
    openai_api_key: SecretValue | None = None
    webhook_secret: SecretValue | None = None

    def values(self) -> list[str]:
        """Every secret value set, for the log redactor."""
        found = (
            self.forge_token,
            self.filer_token,
            self.anthropic_api_key,
            self.openai_api_key,
            self.webhook_secret,
        )
        return [s.reveal() for s in found if s]

    def require_forge_token(self) -> SecretValue:
        """The forge token, or a ConfigError saying which variable to set."""
        if self.forge_token is None:
            raise ConfigError(
                "no forge token: set FORGE_ARCHITECT_TOKEN to an access token of the "
                "architect's bot account (FORGE_TOKEN is used when it is unset)"
            )
        return self.forge_token


def load_secrets(env: Mapping[str, str]) -> Secrets:
    """Read the secrets from `env`; a missing one is None (commands that need it say so)."""
    forge_env = next((v for v in FORGE_TOKEN_VARIABLES if _secret(env, v) is not None), None)
    return Secrets(
        forge_token=_secret(env, forge_env) if forge_env else None,
        forge_token_env=forge_env,
        filer_token=_secret(env, "FORGE_FILER_TOKEN"),
        anthropic_api_key=_secret(env, "ANTHROPIC_API_KEY"),
        openai_api_key=_secret(env, "OPENAI_API_KEY"),
        webhook_secret=_secret(env, "ARCHITECT_WEBHOOK_SECRET"),
    )


def _secret(env: Mapping[str, str], variable: str) -> SecretValue | None:
    # Secret.from_env strips: surrounding whitespace is never part of a token, and a
    # stray newline from `$(cat token-file)` would otherwise break every request.
    return Secret.from_env(env, variable)


# --- loading ------------------------------------------------------------------------

ENV_OVERRIDES: Mapping[str, tuple[str, ...]] = {
    "CLAUDE_MODEL": ("architect", "model_name"),
    "ARCHITECT_INTERVAL": ("architect", "interval"),
    "ARCHITECT_MODEL": ("architect", "model"),
    "OPENAI_BASE_URL": ("architect", "openai_base_url"),
    "ARCHITECT_STATE_DIR": ("architect", "state_dir"),
    "ARCHITECT_LOG_DIR": ("architect", "log_dir"),
    "FORGE_URL": ("forge_url",),
}

# How to write each key, for the "write key = …" part of a message.
EXAMPLES: Mapping[str, str] = {
    "name": '"myproj"',
    "repo": '"owner/myproj"',
    "ops_repo": '"owner/myproj-ops"',
    "forge_url": '"http://localhost:3000"',
    "primary_branch": '"main"',
    "repo_root": '"/srv/myproj"',
    "model": '"claude-cli"',
    "model_name": '"opus"',
    "interval": '"6h"',
    "max_open_pitches": "3",
    "min_available_mb": "2000",
    "reviewers": '["alice", "bob"]',
    "bot_accounts": '["*-bot", "*[bot]"]',
    "state_dir": f'"{DEFAULT_STATE_DIR}"',
    "log_dir": f'"{DEFAULT_STATE_DIR}/logs"',
    "max_sub_issues": "10",
    "max_cost_per_tick": "2.5",
    "context_budget_tokens": "16000",
    "openai_base_url": '"http://localhost:11434/v1"',
    "model_timeout": '"10m"',
    "max_turns": "8",
    "webhook_max_body_kb": "1024",
    "vision_label": '"vision"',
    "in_progress_label": '"in-progress"',
    "backlog_label": '"backlog"',
}


def default_config_path(env: Mapping[str, str]) -> Path:
    """``$ARCHITECT_PROJECT``, else ``./architect.toml``."""
    return Path(env.get("ARCHITECT_PROJECT") or "architect.toml").expanduser()


def load_config(path: Path, env: Mapping[str, str]) -> ProjectConfig:
    """Read, check and validate the project TOML at `path`, with `env` overriding it."""
    data = _read_toml(path)
    _reject_secrets(path, data)
    _reject_unknown_architect_keys(path, data.get("architect"))
    _resolve_relative_paths(path, data)
    # Validated even when absent, so that its defaults see the injected HOME.
    data.setdefault("architect", {})
    origins = _apply_env(data, env)
    try:
        return ProjectConfig.model_validate(data, context={"home": env.get("HOME")})
    except ValidationError as exc:
        lines = [_describe(path, err, origins) for err in exc.errors(include_url=False)]
        raise ConfigError("\n".join(lines)) from None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ConfigError(
            f"{path}: no such project file. `architect init` does not create one: copy "
            f"{EXAMPLE_FILE} to {path} and edit it, or point -p (or ARCHITECT_PROJECT) "
            "at an existing project file"
        ) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the project file ({exc.strerror})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {_toml_error(exc)}") from None


def _toml_error(exc: tomllib.TOMLDecodeError) -> str:
    found = re.search(r"^(.*) \(at line (\d+), column (\d+)\)$", str(exc))
    if found is None:
        return f"invalid TOML: {exc}; fix the syntax"
    what, line, column = found.groups()
    return f"line {line}, column {column}: invalid TOML: {what}; fix the syntax there"


# --- secrets and unknown keys -----------------------------------------------------------

_SECRET_WORDS = ("token", "secret", "password", "passwd", "api_key", "apikey", "private_key")
_SECRET_ENV = (
    ("anthropic", "ANTHROPIC_API_KEY"),
    ("openai", "OPENAI_API_KEY"),
    ("webhook", "ARCHITECT_WEBHOOK_SECRET"),
    ("filer", "FORGE_FILER_TOKEN"),
)


def looks_secret(key: str) -> bool:
    """`token`, `forge_token`, `api-key`…, but not `max_tokens` or `token_file`."""
    norm = key.lower().replace("-", "_")
    return any(norm == word or norm.endswith("_" + word) for word in _SECRET_WORDS)


def _reject_secrets(path: Path, data: Mapping[str, Any]) -> None:
    tables: list[tuple[str, Mapping[str, Any]]] = [("", data)]
    if isinstance(data.get("architect"), dict):
        tables.append(("[architect].", data["architect"]))
    for prefix, table in tables:
        for key in table:
            if looks_secret(key):
                raise ConfigError(
                    f"{path}: {prefix}{key} looks like a secret, and secrets are read only "
                    f"from the environment; delete it from the file and set "
                    f"{_secret_env_for(key)} instead"
                )


def _secret_env_for(key: str) -> str:
    norm = key.lower()
    for word, variable in _SECRET_ENV:
        if word in norm:
            return variable
    return "FORGE_ARCHITECT_TOKEN"


def _reject_unknown_architect_keys(path: Path, table: object) -> None:
    if not isinstance(table, dict):
        return  # absent, or not a table: validation says so
    known = list(ArchitectConfig.model_fields)
    problems = []
    for key in table:
        if key in known:
            continue
        close = difflib.get_close_matches(key, known, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"known keys: {', '.join(known)}"
        problems.append(f"{path}: unknown key '{key}' under [architect]; {hint}")
    if problems:
        raise ConfigError("\n".join(problems))


# --- environment and paths ----------------------------------------------------------------


def _resolve_relative_paths(path: Path, data: dict[str, Any]) -> None:
    """A relative path in the file means relative to the file, not to cron's cwd."""
    base = path.absolute().parent
    tables: list[tuple[dict[str, Any], tuple[str, ...]]] = [(data, ("repo_root",))]
    if isinstance(data.get("architect"), dict):
        tables.append((data["architect"], ("state_dir", "log_dir")))
    for table, keys in tables:
        for key in keys:
            value = table.get(key)
            if isinstance(value, str) and value.strip() and not value.startswith(("~", "/")):
                table[key] = str(base / value)


def _apply_env(data: dict[str, Any], env: Mapping[str, str]) -> dict[tuple[str, ...], str]:
    """Write the overrides into `data`; return which key came from which variable."""
    origins: dict[tuple[str, ...], str] = {}
    for variable, loc in ENV_OVERRIDES.items():
        value = env.get(variable, "").strip()
        if not value:
            continue  # an empty variable counts as unset, as in the shell scripts
        table = data
        if len(loc) == 2:
            section = data.setdefault(loc[0], {})
            if not isinstance(section, dict):
                continue  # validation reports the broken table
            table = section
        table[loc[-1]] = value
        origins[loc] = variable
    return origins


# --- messages ----------------------------------------------------------------------------

_PROBLEMS: Mapping[str, str] = {
    "int_type": "must be an integer",
    "int_parsing": "must be an integer",
    "int_from_float": "must be an integer",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "string_type": "must be a string",
    "bool_type": "must be true or false",
    "tuple_type": "must be a list",
    "list_type": "must be a list",
    "model_type": "must be a table",
    "dict_type": "must be a table",
    "string_too_short": "must not be empty",
    "timedelta_type": "must be a duration",
    "path_type": "must be a path",
}
_PATTERNS: Mapping[str, str] = {
    "repo": 'must be "owner/name"',
    "ops_repo": 'must be "owner/name"',
    "name": "must be a plain name (letters, digits, '.', '_', '-'): it names the state directory",
}


def _describe(path: Path, err: ErrorDetails, origins: Mapping[tuple[str, ...], str]) -> str:
    loc = tuple(str(part) for part in err["loc"])
    key = next((part for part in reversed(loc) if not part.isdigit()), loc[-1])
    problem = _problem(err, key)
    variable = next((v for o, v in origins.items() if loc[: len(o)] == o), None)
    if variable is not None:
        example = EXAMPLES.get(key, "").strip('"')
        if err["type"] != "value_error":
            problem = f"{problem} (got {_show(err['input'])})"
        fix = f"set it like {variable}={example}, or unset it"
        return f"environment variable {variable}: {problem}; {fix}"
    where = _where(loc)
    if loc == ("architect",):
        return f"{path}: [architect] must be a table; write the [architect] header on its own line"
    if err["type"] == "value_error":
        return f"{path}: {where}: {problem}; for example {key} = {EXAMPLES[key]}"
    if err["type"] == "missing":
        hint = "under [architect]" if loc[0] == "architect" else "before the first [table]"
        return f"{path}: missing required key '{key}'; add {key} = {EXAMPLES[key]} {hint}"
    return f"{path}: {where} {problem} (got {_show(err['input'])}); write {key} = {EXAMPLES[key]}"


def _problem(err: ErrorDetails, key: str) -> str:
    kind, ctx = err["type"], err.get("ctx", {})
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}"
    if kind == "greater_than":
        return f"must be greater than {ctx.get('gt')}"
    if kind == "string_pattern_mismatch":
        return _PATTERNS.get(key, f"must match {ctx.get('pattern')}")
    if key in ("interval", "model_timeout"):
        return f"must be a duration: {ACCEPTED_FORMS}"
    return _PROBLEMS.get(kind, f"is wrong: {err['msg']}")


def _where(loc: tuple[str, ...]) -> str:
    text = "[architect]." + ".".join(loc[1:2]) if loc[0] == "architect" and len(loc) > 1 else loc[0]
    return text + "".join(f"[{part}]" for part in loc[2:])


_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@]*@")


def _show(value: object, limit: int = 60) -> str:
    """The offending value as TOML would show it, shortened, without URL credentials."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = json.dumps(_USERINFO.sub(r"\1***@", value), ensure_ascii=False)
    elif isinstance(value, dict):
        text = "a table"
    else:
        text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"
