"""The project TOML as a user writes it, and the messages a user reads when it is wrong."""

from __future__ import annotations

from datetime import timedelta
from fnmatch import fnmatchcase
from pathlib import Path

import pytest
from pydantic import ValidationError

from architect.config import (
    ArchitectConfig,
    ProjectConfig,
    default_config_path,
    load_config,
    looks_secret,
)
from architect.core.steering import Steering
from architect.errors import ConfigError
from architect.runners.model_families import EFFORTS

REPO_ROOT = Path(__file__).resolve().parents[2]

MINIMAL = """\
name = "myproj"
repo = "owner/myproj"
ops_repo = "owner/myproj-ops"
forge_url = "http://localhost:3000"
"""


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def env(home: Path) -> dict[str, str]:
    return {"HOME": str(home)}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "projects" / "x.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path, env: dict[str, str]) -> str:
    with pytest.raises(ConfigError) as caught:
        load_config(path, env)
    assert caught.value.exit_code == 2
    return str(caught.value)


def test_a_minimal_file_gets_the_documented_defaults(
    tmp_path: Path, home: Path, env: dict[str, str]
) -> None:
    config = load_config(write(tmp_path, MINIMAL), env)

    assert (config.name, config.repo, config.ops_repo) == (
        "myproj",
        "owner/myproj",
        "owner/myproj-ops",
    )
    assert config.primary_branch == "main"
    assert config.repo_root is None
    a = config.architect
    assert (a.model, a.model_name, a.interval) == ("claude-cli", "opus", timedelta(hours=6))
    assert (a.max_open_pitches, a.min_available_mb, a.reviewers) == (3, 2000, ())
    assert a.bot_accounts == ("*-bot", "*[bot]")
    assert (a.max_sub_issues, a.max_cost_per_tick, a.context_budget_tokens) == (10, None, 16000)
    assert (a.model_timeout, a.max_turns, a.webhook_max_body_kb) == (timedelta(minutes=10), 8, 1024)
    assert (a.vision_label, a.in_progress_label, a.backlog_label) == (
        "vision",
        "in-progress",
        "backlog",
    )
    state = home / ".local/state/architect"
    assert a.state_dir == state
    assert config.project_state_dir == state / "myproj"
    assert config.sessions_dir == state / "sessions" / "myproj"
    assert config.journal_dir == state / "myproj" / "journal"
    assert config.scratch_dir == state / "myproj" / "scratch"
    assert config.log_file == state / "logs" / "architect" / "architect.log"


def test_every_architect_key_is_read(tmp_path: Path, env: dict[str, str]) -> None:
    text = (
        MINIMAL
        + """\
primary_branch = "trunk"
[architect]
model = "openai"
model_name = "qwen2.5-coder"
interval = "1h30m"
max_open_pitches = 0
min_available_mb = 0
reviewers = ["alice", "bob"]
bot_accounts = ["ci-*"]
state_dir = "/var/lib/architect"
log_dir = "/var/log/architect"
max_sub_issues = 4
max_cost_per_tick = 2
context_budget_tokens = 8000
openai_base_url = "http://localhost:11434/v1/"
model_timeout = 90
max_turns = 3
webhook_max_body_kb = 64
vision_label = "Vision"
in_progress_label = "wip"
backlog_label = "todo"
"""
    )
    config = load_config(write(tmp_path, text), env)

    a = config.architect
    assert config.primary_branch == "trunk"
    assert (a.model, a.model_name, a.interval) == ("openai", "qwen2.5-coder", timedelta(minutes=90))
    assert (a.max_open_pitches, a.min_available_mb, a.reviewers) == (0, 0, ("alice", "bob"))
    assert a.bot_accounts == ("ci-*",)
    assert config.log_file == Path("/var/log/architect/architect/architect.log")
    assert config.project_state_dir == Path("/var/lib/architect/myproj")
    assert (a.max_sub_issues, a.max_cost_per_tick, a.context_budget_tokens) == (4, 2.0, 8000)
    assert a.openai_base_url == "http://localhost:11434/v1"
    assert (a.model_timeout, a.max_turns, a.webhook_max_body_kb) == (timedelta(seconds=90), 3, 64)
    assert (a.vision_label, a.in_progress_label, a.backlog_label) == ("Vision", "wip", "todo")


def test_a_factory_project_file_loads_ignoring_what_the_architect_does_not_use(
    tmp_path: Path, env: dict[str, str]
) -> None:
    text = """\
name = "harb"
repo = "johba/harb"
ops_repo = "johba/harb-ops"
forge_url = "http://forgejo:3000"
repo_root = "/home/agent/repos/harb"
check_cmd = "npm test"
agents = ["dev", "review", "architect"]

[mirrors]
github = "git@github.com:johba/harb.git"

[services]
containers = ["ponder"]
"""
    config = load_config(write(tmp_path, text), env)

    assert config.name == "harb"
    assert config.repo_root == Path("/home/agent/repos/harb")
    assert config.architect == ArchitectConfig(state_dir=config.architect.state_dir)


def test_the_shipped_example_loads() -> None:
    config = load_config(REPO_ROOT / "examples" / "project.toml", {"HOME": "/home/u"})

    assert config.name == "myproj"
    assert config.architect.state_dir == Path("/home/u/.local/state/architect")


def test_the_example_in_the_package_is_the_one_in_examples() -> None:
    """`architect init --example` prints the packaged copy; the clone's copy must not drift."""
    packaged = REPO_ROOT / "src" / "architect" / "examples" / "project.toml"
    assert packaged.read_bytes() == (REPO_ROOT / "examples" / "project.toml").read_bytes()


def test_an_unknown_architect_key_suggests_the_right_one(
    tmp_path: Path, env: dict[str, str]
) -> None:
    path = write(tmp_path, MINIMAL + "[architect]\nmax_open_pitch = 3\n")

    assert error_of(path, env) == (
        f"{path}: unknown key 'max_open_pitch' under [architect]; did you mean 'max_open_pitches'?"
    )


@pytest.mark.parametrize("table", ["architekt", "Architect", "archtect"])
def test_a_misspelt_architect_table_is_named_not_ignored(
    tmp_path: Path, env: dict[str, str], table: str
) -> None:
    path = write(tmp_path, MINIMAL + f"[{table}]\nmodel = 'offline'\n")

    assert error_of(path, env) == (
        f"{path}: table [{table}] is not read; did you mean [architect]? "
        "Rename it, or every setting in it falls back to its default"
    )


def test_the_factorys_other_tables_are_still_ignored(tmp_path: Path, env: dict[str, str]) -> None:
    config = load_config(write(tmp_path, MINIMAL + "[agents]\nplanner = 'x'\n"), env)

    assert config.architect.model == ArchitectConfig(state_dir=config.architect.state_dir).model


def test_an_unknown_key_like_no_other_lists_the_known_ones(
    tmp_path: Path, env: dict[str, str]
) -> None:
    message = error_of(write(tmp_path, MINIMAL + "[architect]\nzzz = 1\n"), env)

    assert "unknown key 'zzz' under [architect]; known keys: model, model_name," in message


def test_a_wrong_type_names_the_key_the_value_and_the_fix(
    tmp_path: Path, env: dict[str, str]
) -> None:
    path = write(tmp_path, MINIMAL + '[architect]\nmax_open_pitches = "three"\n')

    assert error_of(path, env) == (
        f'{path}: [architect].max_open_pitches must be an integer (got "three"); '
        "write max_open_pitches = 3"
    )


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("max_open_pitches = true", "[architect].max_open_pitches must be an integer (got true)"),
        ("max_open_pitches = -1", "[architect].max_open_pitches must be at least 0 (got -1)"),
        ('model = "gpt"', "[architect].model must be one of 'claude-cli', 'anthropic', 'openai'"),
        ('reviewers = "alice"', '[architect].reviewers must be a list (got "alice")'),
        ('reviewers = ["alice", 7]', "[architect].reviewers[1] must be a string (got 7)"),
        ('max_cost_per_tick = "2$"', '[architect].max_cost_per_tick must be a number (got "2$")'),
        ('model_name = ""', '[architect].model_name must not be empty (got "")'),
        ('interval = "6 hours"', '[architect].interval: "6 hours" is not a duration; write "90"'),
        ("interval = 0", "[architect].interval: 0 is not longer than zero"),
        ('openai_base_url = "localhost:8080"', "[architect].openai_base_url: must be an http"),
    ],
)
def test_each_kind_of_wrong_value_is_explained(
    tmp_path: Path, env: dict[str, str], line: str, expected: str
) -> None:
    path = write(tmp_path, MINIMAL + f"[architect]\n{line}\n")

    assert error_of(path, env).startswith(f"{path}: {expected}")


def test_every_problem_of_a_file_is_reported_at_once(tmp_path: Path, env: dict[str, str]) -> None:
    path = write(tmp_path, 'name = "x"\n[architect]\nmax_turns = "many"\n')

    lines = error_of(path, env).splitlines()

    assert lines == [
        f"{path}: missing required key 'repo'; add repo = \"owner/myproj\" "
        "before the first [table]",
        f"{path}: missing required key 'ops_repo'; add ops_repo = \"owner/myproj-ops\" "
        "before the first [table]",
        f"{path}: missing required key 'forge_url'; add forge_url = \"http://localhost:3000\" "
        "before the first [table]",
        f'{path}: [architect].max_turns must be an integer (got "many"); write max_turns = 8',
    ]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            'repo = "myproj"',
            'repo must be "owner/name" (got "myproj"); write repo = "owner/myproj"',
        ),
        ('name = "../etc"', "name must be a plain name"),
        ('forge_url = "forge.local:3000"', "forge_url: must be an http:// or https:// URL"),
    ],
)
def test_top_level_values_are_checked(
    tmp_path: Path, env: dict[str, str], line: str, expected: str
) -> None:
    key = line.split(" ", maxsplit=1)[0]
    text = "\n".join(ln for ln in MINIMAL.splitlines() if not ln.startswith(key + " "))
    path = write(tmp_path, f"{line}\n{text}\n")

    assert error_of(path, env).startswith(f"{path}: {expected}")


def test_credentials_in_the_forge_url_are_refused_without_repeating_them(
    tmp_path: Path, env: dict[str, str]
) -> None:
    text = MINIMAL.replace("http://localhost:3000", "http://bot:s3cr3t-pass@localhost:3000")

    message = error_of(write(tmp_path, text), env)

    assert "must not carry credentials" in message
    assert "FORGE_ARCHITECT_TOKEN" in message
    assert "s3cr3t-pass" not in message


def test_architect_that_is_not_a_table(tmp_path: Path, env: dict[str, str]) -> None:
    path = write(tmp_path, MINIMAL + 'architect = "on"\n')

    assert error_of(path, env) == (
        f"{path}: [architect] must be a table; write the [architect] header on its own line"
    )


def test_a_toml_syntax_error_names_the_line_and_column(tmp_path: Path, env: dict[str, str]) -> None:
    path = write(tmp_path, MINIMAL + "[architect]\ninterval = 6h\n")

    message = error_of(path, env)

    assert message.startswith(f"{path}: line 6, column 13: invalid TOML")
    assert message.endswith("fix the syntax there")


def test_a_missing_file_says_how_to_create_one(tmp_path: Path, env: dict[str, str]) -> None:
    path = tmp_path / "projects" / "nope.toml"

    message = error_of(path, env)

    assert message.startswith(f"{path}: no such project file.")
    assert "`architect init` does not create one" in message
    # A wheel user has no examples/ folder: the command prints the packaged example.
    assert f"`architect init --example > {path}` writes an example there to edit" in message


def test_a_file_that_is_not_utf8(tmp_path: Path, env: dict[str, str]) -> None:
    path = write(tmp_path, MINIMAL)
    path.write_bytes(MINIMAL.encode() + b'primary_branch = "\xff"\n')

    assert error_of(path, env).startswith(f"{path}: not UTF-8 text")


@pytest.mark.parametrize(
    ("table", "key", "variable"),
    [
        ("", "token", "FORGE_ARCHITECT_TOKEN"),
        ("", "forge_token", "FORGE_ARCHITECT_TOKEN"),
        ("[architect]\n", "anthropic_api_key", "ANTHROPIC_API_KEY"),
        ("[architect]\n", "openai-api-key", "OPENAI_API_KEY"),
        ("[architect]\n", "webhook_secret", "ARCHITECT_WEBHOOK_SECRET"),
        ("[architect]\n", "filer_token", "FORGE_FILER_TOKEN"),
    ],
)
def test_a_secret_in_the_file_is_refused_and_the_variable_named(
    tmp_path: Path, env: dict[str, str], table: str, key: str, variable: str
) -> None:
    text = MINIMAL + f'{table}{key} = "tok-123456"\n'
    path = write(tmp_path, text)

    message = error_of(path, env)

    prefix = "[architect]." if table else ""
    assert message == (
        f"{path}: {prefix}{key} looks like a secret, and secrets are read only from the "
        f"environment; delete it from the file and set {variable} instead"
    )
    assert "tok-123456" not in message


@pytest.mark.parametrize("key", ["max_tokens", "context_budget_tokens", "token_file", "tokenizer"])
def test_keys_that_only_mention_tokens_are_not_secrets(key: str) -> None:
    assert not looks_secret(key)


@pytest.mark.parametrize(
    ("variable", "value", "read"),
    [
        ("CLAUDE_MODEL", "sonnet", lambda c: c.architect.model_name),
        ("ARCHITECT_INTERVAL", "15m", lambda c: c.architect.interval),
        ("ARCHITECT_MODEL", "offline", lambda c: c.architect.model),
        ("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1", lambda c: c.architect.openai_base_url),
        ("ARCHITECT_STATE_DIR", "/srv/state", lambda c: c.architect.state_dir),
        ("ARCHITECT_LOG_DIR", "/srv/logs", lambda c: c.log_dir),
        ("FORGE_URL", "https://forge.example", lambda c: c.forge_url),
    ],
)
def test_the_environment_wins_over_the_file(
    tmp_path: Path, env: dict[str, str], variable: str, value: str, read: object
) -> None:
    text = (
        MINIMAL
        + """\
[architect]
model = "anthropic"
model_name = "opus"
interval = "6h"
openai_base_url = "http://localhost:11434/v1"
state_dir = "/a"
log_dir = "/b"
"""
    )
    path = write(tmp_path, text)
    assert callable(read)

    got = read(load_config(path, {**env, variable: value}))

    expected = {
        "ARCHITECT_INTERVAL": timedelta(minutes=15),
        "ARCHITECT_STATE_DIR": Path("/srv/state"),
        "ARCHITECT_LOG_DIR": Path("/srv/logs"),
    }.get(variable, value)
    assert got == expected


def test_an_empty_variable_counts_as_unset(tmp_path: Path, env: dict[str, str]) -> None:
    config = load_config(write(tmp_path, MINIMAL), {**env, "CLAUDE_MODEL": "", "FORGE_URL": " "})

    assert config.architect.model_name == "opus"
    assert config.forge_url == "http://localhost:3000"


def test_a_bad_environment_value_names_the_variable(tmp_path: Path, env: dict[str, str]) -> None:
    path = write(tmp_path, MINIMAL)

    message = error_of(path, {**env, "ARCHITECT_INTERVAL": "often"})

    assert message.startswith('environment variable ARCHITECT_INTERVAL: "often" is not a duration')
    assert message.endswith("set it like ARCHITECT_INTERVAL=6h, or unset it")
    assert str(path) not in message


def test_a_bad_model_in_the_environment_names_the_variable(
    tmp_path: Path, env: dict[str, str]
) -> None:
    message = error_of(write(tmp_path, MINIMAL), {**env, "ARCHITECT_MODEL": "gpt"})

    assert message.startswith("environment variable ARCHITECT_MODEL: must be one of 'claude-cli'")
    assert '(got "gpt")' in message


def test_a_forge_url_with_credentials_in_the_environment_is_not_echoed(
    tmp_path: Path, env: dict[str, str]
) -> None:
    message = error_of(write(tmp_path, MINIMAL), {**env, "FORGE_URL": "http://u:pw-9x8y@h"})

    assert message.startswith("environment variable FORGE_URL: must not carry credentials")
    assert "pw-9x8y" not in message


def test_paths_expand_home_and_relative_ones_follow_the_file(
    tmp_path: Path, home: Path, env: dict[str, str]
) -> None:
    text = MINIMAL + 'repo_root = "../checkout"\n[architect]\nstate_dir = "~/state"\n'
    path = write(tmp_path, text)

    config = load_config(path, env)

    assert config.repo_root == path.parent.absolute() / "../checkout"
    assert config.architect.state_dir == home / "state"
    assert config.log_file == home / "state" / "logs" / "architect" / "architect.log"


def test_the_configuration_is_frozen(tmp_path: Path, env: dict[str, str]) -> None:
    config = load_config(write(tmp_path, MINIMAL), env)

    with pytest.raises(ValidationError):
        config.name = "other"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        config.architect.max_open_pitches = 9  # type: ignore[misc]


@pytest.mark.parametrize(
    ("login", "is_bot"),
    [
        ("architect-bot", True),
        ("renovate[bot]", True),
        ("Dependabot[bot]", True),
        ("scott", False),  # "*[bot]" read as a character class would match any login ending in t
        ("robot", False),
        ("alice", False),
    ],
)
def test_bot_account_patterns_treat_brackets_literally(login: str, is_bot: bool) -> None:
    architect = ArchitectConfig()

    assert Steering("architect-bot", bot_patterns=architect.bot_account_globs).is_bot(login) \
        is is_bot
    assert any(fnmatchcase(login.lower(), g) for g in architect.bot_account_globs) is is_bot


def test_a_config_built_in_code_gets_the_same_defaults() -> None:
    config = ProjectConfig(
        name="p", repo="o/p", ops_repo="o/p-ops", forge_url="http://127.0.0.1:3000/"
    )

    assert config.forge_url == "http://127.0.0.1:3000"
    assert config.architect.state_dir.is_absolute()
    assert config.log_dir == config.architect.state_dir / "logs"


def test_the_default_config_path() -> None:
    assert default_config_path({}) == Path("architect.toml")
    assert default_config_path({"ARCHITECT_PROJECT": "/etc/p.toml"}) == Path("/etc/p.toml")


def test_default_paths_use_the_injected_home_when_architect_is_present(
    tmp_path: Path, home: Path, env: dict[str, str]
) -> None:
    config = load_config(write(tmp_path, MINIMAL + "[architect]\nmax_turns = 3\n"), env)

    assert config.project_state_dir == home / ".local/state/architect/myproj"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("close_vision_when_dne = false", "did you mean 'close_vision_when_done'?"),
        ('remind_afer = "2d"', "did you mean 'remind_after'?"),
        ('park_after = "soon"', "[architect].park_after"),
        ('close_vision_when_done = "no"', "[architect].close_vision_when_done"),
    ],
)
def test_the_story_keys_are_checked_like_the_others(
    tmp_path: Path, env: dict[str, str], line: str, message: str
) -> None:
    assert message in error_of(write(tmp_path, MINIMAL + f"[architect]\n{line}\n"), env)


def test_the_story_keys_default_and_load(tmp_path: Path, env: dict[str, str]) -> None:
    default = ArchitectConfig()
    assert (default.close_vision_when_done, default.remind_after, default.park_after) == (
        True, timedelta(days=3), timedelta(days=14))
    text = MINIMAL + '[architect]\nclose_vision_when_done = false\nremind_after = "1d"\n' \
        'park_after = "7d"\n'
    loaded = load_config(write(tmp_path, text), env).architect
    assert (loaded.close_vision_when_done, loaded.remind_after, loaded.park_after) == (
        False, timedelta(days=1), timedelta(weeks=1))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('dashboard = "no"', '[architect].dashboard must be'),
        ('dashboard_title = ""', '[architect].dashboard_title must not be empty (got "")'),
        ("overlap_threshold = 1.5", "[architect].overlap_threshold must be at most 1"),
        ("dashbord = false", "unknown key 'dashbord' under [architect]; did you mean 'dashboard'?"),
    ],
)
def test_the_dashboard_and_overlap_keys_are_checked_as_the_others(
    tmp_path: Path, env: dict[str, str], line: str, expected: str
) -> None:
    path = write(tmp_path, MINIMAL + f"[architect]\n{line}\n")

    assert error_of(path, env).startswith(f"{path}: {expected}")


def test_thinking_effort_takes_each_effort_the_anthropic_runner_knows(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """One list of efforts (runners/model_families.py): the file accepts what the runner
    sends, and nothing else."""
    for effort in EFFORTS:
        path = write(tmp_path, MINIMAL + f'[architect]\nthinking_effort = "{effort}"\n')
        assert load_config(path, env).architect.thinking_effort == effort
    said = error_of(write(tmp_path, MINIMAL + '[architect]\nthinking_effort = "extreme"\n'), env)
    assert "thinking_effort" in said


@pytest.mark.parametrize(("written", "meant"), [("opsrepo", "ops_repo"), ("forge_ulr", "forge_url"),
                                               ("Repo", "repo")])
def test_a_misspelt_top_level_key_is_named_with_the_one_it_meant(
    tmp_path: Path, env: dict[str, str], written: str, meant: str
) -> None:
    # Top-level keys the architect does not know are the factory's and ignored, so a typo
    # of a required one shows only as the key that is missing: the message names both.
    lines = [line if not line.startswith(f"{meant} ") else line.replace(meant, written, 1)
             for line in MINIMAL.splitlines()]
    path = write(tmp_path, "\n".join(lines) + "\n")

    assert error_of(path, env) == (
        f"{path}: missing required key '{meant}'; found '{written}': did you mean '{meant}'? "
        "Rename it"
    )
