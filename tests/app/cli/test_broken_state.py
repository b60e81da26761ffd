"""Local state that is broken says so: a state dir that is a file or under /proc, or a run
lock that is a directory, ends `init` (with `--check` too), `run`, `loop`, `status`, `enable`
and `disable` with exit 2 and one line naming the path and the fix; never a traceback."""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest

from tests.app.cli.conftest import architect

COMMANDS = (["init"], ["init", "--check"], ["run"], ["status"], ["enable"], ["disable"],
            ["loop", "--interval", "1h"])


def _project(tmp_path: Path, state_dir: str) -> Path:
    toml = tmp_path / "shop.toml"
    toml.write_text(textwrap.dedent(f"""\
        name = "shop"
        repo = "acme/shop"
        ops_repo = "acme/shop-ops"
        forge_url = "http://127.0.0.1:9"

        [architect]
        model = "offline"
        min_available_mb = 0
        state_dir = "{state_dir}"
        """))
    return toml


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARCHITECT_")}
    return {**env, "FORGE_TOKEN": "t0ken"}


def _one_line_exit_2(toml: Path, command: list[str], *names: str) -> None:
    done = architect(*command, "-p", str(toml), env=_env(), timeout=30)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, (command, done.stderr)
    assert len(lines) == 1 and "Traceback" not in done.stderr, (command, done.stderr)
    for name in names:
        assert name in lines[0], (command, lines[0])


@pytest.mark.slow
def test_a_state_dir_that_is_a_file_is_named_with_the_fix(tmp_path: Path) -> None:
    in_the_way = tmp_path / "state"
    in_the_way.write_text("not a directory\n")
    toml = _project(tmp_path, str(in_the_way))
    for command in COMMANDS:
        _one_line_exit_2(toml, command, str(in_the_way), "is a file", "state_dir")
    assert in_the_way.read_text() == "not a directory\n"


@pytest.mark.slow
def test_a_state_dir_under_proc_is_named_with_the_fix(tmp_path: Path) -> None:
    toml = _project(tmp_path, "/proc/architect-state")
    for command in COMMANDS:
        _one_line_exit_2(toml, command, "/proc/architect-state", "not a writable directory",
                         "state_dir")


@pytest.mark.slow  # starts a process
def test_a_run_lock_that_is_a_directory_is_named_with_the_fix(tmp_path: Path) -> None:
    state = tmp_path / "state"
    (state / "shop" / "run.lock").mkdir(parents=True)
    toml = _project(tmp_path, str(state))
    # `init --check` says what `run` would: it must not call a setup ready that `run` refuses.
    for command in (["init", "--check"], ["run"], ["enable"]):
        _one_line_exit_2(toml, command, str(state / "shop" / "run.lock"), "rmdir")


@pytest.mark.slow  # starts a process
def test_status_json_names_the_project_of_its_error(tmp_path: Path) -> None:
    in_the_way = tmp_path / "state"
    in_the_way.write_text("not a directory\n")
    done = architect("status", "--json", "-p", str(_project(tmp_path, str(in_the_way))),
                     env=_env(), timeout=30)
    assert done.returncode == 2
    document = json.loads(done.stdout)
    assert document["project"] == "shop" and document["exit"] == 2
    assert str(in_the_way) in document["error"]
    # The plain line has the log's shape: `architect: PROJECT: error: …`.
    assert done.stderr.startswith("architect: shop: error: the state dir ")
