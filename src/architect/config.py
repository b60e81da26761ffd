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
import re
import tomllib
from collections.abc import Mapping
from datetime import timedelta
from importlib import resources
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
    field_validator,
    model_validator,
)

from architect.config_messages import describe
from architect.durations import DurationError, parse_duration
from architect.errors import ConfigError
from architect.forge.github_http import GITHUB_API_URL
from architect.secrets import (
    FORGE_TOKEN_VARIABLES,
    Secrets,
    SecretValue,
    load_secrets,
    looks_secret,
    reject_secrets,
)
from architect.values import Effort

__all__ = [
    "FORGE_TOKEN_VARIABLES",
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
# The example project file ships in the package (architect/examples/project.toml), so a
# wheel user, who has no clone, gets it from this command.
EXAMPLE_COMMAND = "architect init --example"


def example_text() -> str:
    """The example project file, as shipped in the package."""
    return (resources.files("architect") / "examples" / "project.toml").read_text("utf-8")


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


MIN_THINKING_BUDGET = 1024


class ArchitectConfig(BaseModel):
    """The ``[architect]`` table."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    model: ModelKind = "claude-cli"
    model_name: Text = "opus"
    interval: Duration = timedelta(hours=6)
    # None: the interval. Between full reads a tick asks only what changed (`shell.changes`).
    full_read_every: Duration | None = None
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
    # anthropic only: tokens the model may think before answering (0: off; else >= 1024),
    # for the models that take a budget; the others get the effort that spends about as much
    thinking_budget_tokens: Annotated[int, Field(ge=0)] = 0
    # anthropic only: how hard an adaptive-thinking model thinks (None: the model's default)
    thinking_effort: Effort | None = None
    webhook_max_body_kb: Annotated[int, Field(ge=1)] = 1024
    vision_label: Text = "vision"
    in_progress_label: Text = "in-progress"
    backlog_label: Text = "backlog"
    # A vision whose filed sub-issues are all closed gets a summary; then it is closed too.
    close_vision_when_done: bool = True
    remind_after: Duration = timedelta(days=3)  # an unanswered design fork: one reminder
    park_after: Duration = timedelta(days=14)  # still unanswered: the sprint is parked
    # A vision that lost its label (or was closed) pauses its sprint this long before it stops.
    stop_after: Duration = timedelta(days=1)
    # The dashboard issue on the ops repo (docs/dashboard.md); false: none.
    dashboard: bool = True
    dashboard_title: Text = "Architect dashboard"
    dashboard_label: Text = "architect"
    # How alike a planned sub-issue and an open issue must be to be listed (0..1).
    overlap_threshold: Annotated[float, Field(gt=0, le=1)] = 0.6

    @field_validator("thinking_budget_tokens")
    @classmethod
    def _thinking_budget(cls, value: int) -> int:
        if 0 < value < MIN_THINKING_BUDGET:
            # The Messages API's own minimum: a smaller budget is a 400 on every call.
            raise ValueError(f"must be 0 (off) or at least {MIN_THINKING_BUDGET}")
        return value

    @property
    def bot_account_globs(self) -> tuple[str, ...]:
        """`bot_accounts` for `fnmatch.fnmatchcase`, with "[" made literal ("*[[]bot]")."""
        return tuple(p.lower().replace("[", "[[]") for p in self.bot_accounts)

class ProjectConfig(BaseModel):
    """One project: the top-level keys of the project TOML plus ``[architect]``."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    name: ProjectName
    repo: RepoName
    ops_repo: RepoName
    # "github": api.github.com unless forge_url names a GitHub Enterprise Server's
    # https://HOST/api/v3; "forgejo" (Gitea too) needs forge_url.
    forge: Literal["forgejo", "github"] = "forgejo"
    forge_url: Url
    primary_branch: Text = "main"
    repo_root: PathValue | None = None
    architect: ArchitectConfig = Field(default_factory=ArchitectConfig)

    @model_validator(mode="before")
    @classmethod
    def _github_default_url(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("forge") == "github" and not data.get("forge_url"):
            return {**data, "forge_url": GITHUB_API_URL}
        return data

    @property
    def repos(self) -> tuple[str, ...]:
        """The project repo, then the ops repo; one name when they are the same."""
        return tuple(dict.fromkeys((self.repo, self.ops_repo)))

    @property
    def project_state_dir(self) -> Path:
        return self.architect.state_dir / self.name

    @property
    def sessions_dir(self) -> Path:
        # Where runners.sessions.SessionStore keeps them: <state_dir>/sessions/<project>.
        return self.architect.state_dir / "sessions" / self.name

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


def default_config_path(env: Mapping[str, str]) -> Path:
    """``$ARCHITECT_PROJECT``, else ``./architect.toml``."""
    return Path(env.get("ARCHITECT_PROJECT") or "architect.toml").expanduser()


def load_config(path: Path, env: Mapping[str, str]) -> ProjectConfig:
    """Read, check and validate the project TOML at `path`, with `env` overriding it."""
    data = _read_toml(path)
    reject_secrets(path, data)
    _reject_misspelt_architect_table(path, data)
    _reject_unknown_architect_keys(path, data.get("architect"))
    _resolve_relative_paths(path, data)
    # Validated even when absent, so that its defaults see the injected HOME.
    data.setdefault("architect", {})
    origins = _apply_env(data, env)
    try:
        return ProjectConfig.model_validate(data, context={"home": env.get("HOME")})
    except ValidationError as exc:
        tables: tuple[tuple[tuple[str, ...], object], ...] = (
            ((), data), (("architect",), data["architect"]))
        present = {loc: list(table) for loc, table in tables if isinstance(table, dict)}
        lines = [describe(path, err, origins, present)
                 for err in exc.errors(include_url=False)]
        raise ConfigError("\n".join(lines)) from None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ConfigError(
            f"{path}: no such project file. `architect init` does not create one: "
            f"`{EXAMPLE_COMMAND} > {path}` writes an example there to edit, or point -p "
            "(or ARCHITECT_PROJECT) at an existing project file"
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


# --- unknown keys --------------------------------------------------------------------


def _reject_misspelt_architect_table(path: Path, data: dict[str, Any]) -> None:
    """Other tables belong to the factory and are ignored, but `[architekt]` is a typo
    that would silently run every setting on its default (claude-cli, the default state dir)."""
    if "architect" in data:
        return
    for name, value in data.items():
        if isinstance(value, dict) and difflib.get_close_matches(name, ["architect"], cutoff=0.75):
            raise ConfigError(f"{path}: table [{name}] is not read; did you mean [architect]? "
                              "Rename it, or every setting in it falls back to its default")


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
