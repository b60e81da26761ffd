"""The SDK floors of pyproject.toml work: installed alone in a throwaway environment, each
API runner makes one call against the loopback fakes (`floor_call.py`).

anthropic 0.76 has no `output_config` in `messages.create` (every call fails with a
TypeError), 0.77 has; openai before 1.55.3 passes `proxies` to httpx, which httpx 0.28
no longer takes. Installs from the package index (pip's cache): slow.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def floors() -> dict[str, str]:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    found: dict[str, str] = {}
    for requirement in extras["all"]:
        name, version = re.fullmatch(r"([\w-]+)>=([\w.]+)", requirement).groups()  # type: ignore[union-attr]
        found[name] = version
    return found


def test_the_floors_are_the_versions_whose_functions_the_runners_call() -> None:
    assert floors() == {"anthropic": "0.77", "openai": "1.55.3"}
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert extras["anthropic"] == ["anthropic>=0.77"] and extras["openai"] == ["openai>=1.55.3"]


@pytest.mark.slow
def test_one_call_of_each_api_runner_works_with_the_floor_versions(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    pins = [f"{name}=={version}" for name, version in floors().items()]
    installed = subprocess.run(
        [python, "-m", "pip", "install", "-q", str(ROOT), *pins],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr[-2000:]
    ran = subprocess.run(
        [python, str(ROOT / "tests" / "runners" / "floor_call.py")],
        capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout.splitlines() == ["anthropic: GO", "openai: GO"]
