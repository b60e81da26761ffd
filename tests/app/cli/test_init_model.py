"""`architect init --check` proves the model free of charge: one line and exit 2 when it cannot.

The API runners ask the provider's model endpoint (`GET /v1/models/{id}`) of a
loopback fake with the configured key and base URL; claude-cli asks a fake
`claude` (`--version`, `auth status --json`, answering what Claude Code 2.1.332
answered: tests/data/claude-cli). No model call is made in any case.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from tests.app.cli.conftest import Served, architect
from tests.e2e.runners.chat_api import ChatCompletionsAPI
from tests.e2e.runners.messages_api import MessagesAPI
from tests.sdk import needs_sdk

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow

RECORDED = Path(__file__).parents[2] / "data" / "claude-cli"
ANTHROPIC_KEY = "sk-ant-init-check-0123456789"
OPENAI_KEY = "sk-openai-init-check-0123456789"


def with_model(served: Served, settings: str) -> None:
    """Labels created once (offline), then the [architect] model settings replaced."""
    assert architect("init", "-p", str(served.toml), env=served.env).returncode == 0
    text = served.toml.read_text().replace('model = "offline"', settings)
    served.toml.write_text(text)


def problem_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "model runner" in line]


@needs_sdk("anthropic")
def test_an_unknown_anthropic_model_id_is_one_line_and_exit_2(served: Served) -> None:
    with MessagesAPI({}, ANTHROPIC_KEY) as api:
        with_model(served, 'model = "anthropic"\nmodel_name = "opus"')
        env = {**served.env, "ANTHROPIC_API_KEY": ANTHROPIC_KEY, "ANTHROPIC_BASE_URL": api.url}
        result = architect("init", "--check", "-p", str(served.toml), env=env)

    assert result.returncode == 2, result.stdout + result.stderr
    [line] = problem_lines(result.stderr)
    assert "model_name 'opus' is not a model of" in line
    assert "claude-opus-5-5" in line  # the fix: an id the server serves
    assert api.exchanges == []  # nothing billed


@needs_sdk("anthropic")
def test_a_bad_anthropic_key_is_one_line_and_exit_2(served: Served) -> None:
    with MessagesAPI({}, ANTHROPIC_KEY) as api:
        with_model(served, 'model = "anthropic"\nmodel_name = "claude-opus-5-5"')
        env = {**served.env, "ANTHROPIC_API_KEY": "sk-ant-wrong-key-000000",
               "ANTHROPIC_BASE_URL": api.url}  # fmt: skip
        result = architect("init", "--check", "-p", str(served.toml), env=env)

    assert result.returncode == 2
    [line] = problem_lines(result.stderr)
    assert "refused the key" in line and "set ANTHROPIC_API_KEY" in line
    assert "sk-ant-wrong-key" not in result.stderr + result.stdout


@needs_sdk("anthropic")
def test_a_good_anthropic_setup_is_ready(served: Served) -> None:
    with MessagesAPI({}, ANTHROPIC_KEY) as api:
        with_model(served, 'model = "anthropic"\nmodel_name = "claude-opus-5-5"')
        env = {**served.env, "ANTHROPIC_API_KEY": ANTHROPIC_KEY, "ANTHROPIC_BASE_URL": api.url}
        result = architect("init", "--check", "-p", str(served.toml), env=env)

    assert result.returncode == 0, result.stderr
    assert "ok: model runner 'anthropic' is ready" in result.stdout
    assert api.exchanges == []


@needs_sdk("openai")
def test_an_unknown_openai_model_and_a_wrong_base_url_are_one_line_each(served: Served) -> None:
    with ChatCompletionsAPI({}, OPENAI_KEY) as chat:
        with_model(served, f'model = "openai"\nmodel_name = "gpt-4.2"\n'
                           f'openai_base_url = "{chat.url}/v1"')  # fmt: skip
        env = {**served.env, "OPENAI_API_KEY": OPENAI_KEY}
        unknown = architect("init", "--check", "-p", str(served.toml), env=env)
        served.toml.write_text(served.toml.read_text().replace(
            'model_name = "gpt-4.2"', 'model_name = "gpt-4.1"').replace(f"{chat.url}/v1",
                                                                       chat.url))
        no_root = architect("init", "--check", "-p", str(served.toml), env=env)

    assert unknown.returncode == 2
    [line] = problem_lines(unknown.stderr)
    assert "model_name 'gpt-4.2' is not a model of" in line and "gpt-4.1" in line
    assert no_root.returncode == 2
    [line] = problem_lines(no_root.stderr)
    assert "is not the API's root" in line and "fix openai_base_url" in line
    assert chat.completions == []


@needs_sdk("openai")
def test_a_local_server_that_only_lists_its_models_is_ready(served: Served) -> None:
    with ChatCompletionsAPI({}, OPENAI_KEY, models=("qwen2.5-coder",), retrieve=False) as chat:
        with_model(served, f'model = "openai"\nmodel_name = "qwen2.5-coder"\n'
                           f'openai_base_url = "{chat.url}/v1"')  # fmt: skip
        result = architect("init", "--check", "-p", str(served.toml),
                           env={**served.env, "OPENAI_API_KEY": OPENAI_KEY})

    assert result.returncode == 0, result.stderr


def fake_claude(tmp_path: Path, *, logged_in: bool) -> Path:
    """A `claude` answering --version and `auth status --json` as 2.1.332 did."""
    status = "auth-status-api-key.json" if logged_in else "auth-status-logged-out.json"
    script = tmp_path / "bin" / "claude"
    script.parent.mkdir()
    script.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import sys
        from pathlib import Path
        args = sys.argv[1:]
        if args == ["--version"]:
            sys.stdout.write(Path({str(RECORDED / "version.stdout")!r}).read_text())
            sys.exit(0)
        if args[:2] == ["auth", "status"]:
            sys.stdout.write(Path({str(RECORDED / status)!r}).read_text())
            sys.exit({0 if logged_in else 1})
        Path({str(tmp_path / "billed")!r}).write_text(" ".join(args))
        sys.exit(3)
        """))
    script.chmod(0o755)
    return script


@pytest.mark.parametrize("logged_in", [False, True], ids=["logged-out", "logged-in"])
def test_claude_code_must_be_logged_in(served: Served, tmp_path: Path, logged_in: bool) -> None:
    claude = fake_claude(tmp_path, logged_in=logged_in)
    with_model(served, 'model = "claude-cli"\nmodel_name = "opus"')
    env = {**served.env, "ARCHITECT_CLAUDE_BIN": str(claude)}
    env.pop("ANTHROPIC_API_KEY", None)
    result = architect("init", "--check", "-p", str(served.toml), env=env)

    assert not (tmp_path / "billed").exists()  # no run of the model
    if logged_in:
        assert result.returncode == 0, result.stderr
        return
    assert result.returncode == 2
    [line] = problem_lines(result.stderr)
    assert "Claude Code 2.1.332 is not logged in: run `claude auth login`" in line
    assert json.loads((RECORDED / "auth-status-logged-out.json").read_text())["loggedIn"] is False
