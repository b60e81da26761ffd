"""`architect forge --seed --dialect github`: the seeded forge also answers as GitHub at
/api/v3, and the real CLI proves a GitHub project on it and plans its first tick."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from pathlib import Path

import pytest

from tests.app.cli.conftest import ARCHITECT, architect, read_until
from tests.deadlines import within


@pytest.mark.slow
def test_the_cli_runs_a_github_project_against_the_dialect(tmp_path: Path) -> None:
    proc = subprocess.Popen([*ARCHITECT, "forge", "--port", "0", "--seed", "--dialect",
                             "github"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path)  # --seed writes its project file there
    try:
        shown = read_until(proc, "--dry-run")
        found = re.search(r"GitHub dialect at (\S+/api/v3)", shown)
        assert found, shown
        exports = dict(re.findall(r"export (\w+)=(\S+)", shown))
        env = {**os.environ, "HOME": str(tmp_path), "ARCHITECT_MODEL": "offline",
               "FORGE_ARCHITECT_TOKEN": exports["FORGE_ARCHITECT_TOKEN"]}
        for unset in ("FORGE_TOKEN", "FORGE_URL", "GITHUB_TOKEN"):
            env.pop(unset, None)
        toml = tmp_path / "myproj.toml"  # as --seed wrote it: for the GitHub API
        seeded = toml.read_text()
        assert re.search(r'^forge\s*= "github"', seeded, re.MULTILINE), seeded
        assert f'forge_url      = "{found[1]}"' in seeded
        toml.write_text(seeded.replace("min_available_mb = 2000", "min_available_mb = 0"))

        check = architect("init", "-p", str(toml), "--check", env=env)
        assert check.returncode == 0, check.stdout + check.stderr
        assert "myproj: ready" in check.stdout
        assert architect("enable", "-p", str(toml), env=env).returncode == 0
        dry = architect("run", "-p", str(toml), "--dry-run", env=env)
        assert dry.returncode == 0, dry.stderr
        assert "would: vision #1: pitch a sprint" in dry.stderr
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=within(10))
        proc.communicate(timeout=within(10))
