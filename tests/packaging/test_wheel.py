"""The package as a user installs it: a wheel built from this tree, installed by `pipx` and by
`uv tool`, each into an empty home of its own, then `architect --version` and `architect demo`
from the installed command (nothing of the test's own environment leaks in)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DISTRIBUTION = "forge-architect"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    # --no-isolation: the build backend (hatchling) comes with the dev extras, so building
    # needs no download of its own.
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    str(out), str(ROOT)], check=True, capture_output=True, text=True,
                   timeout=300)
    (built,) = out.glob("*.whl")
    return built


def test_the_wheel_is_named_for_the_distribution_and_carries_the_formula(wheel: Path) -> None:
    assert wheel.name.startswith(f"forge_architect-{version(DISTRIBUTION)}-py3-none-any")
    names = zipfile.ZipFile(wheel).namelist()
    assert "architect/cli.py" in names or any(n.endswith("/cli.py") for n in names)
    assert any(n.endswith("formulas/run-architect.toml") for n in names)
    assert "architect/examples/project.toml" in names  # `architect init --example`
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "architect = architect" in zipfile.ZipFile(wheel).read(entry_points).decode()


def _clean_env(home: Path, extra: dict[str, str]) -> dict[str, str]:
    """The user's environment, without this test run's virtual environment in it."""
    keep = {k: v for k, v in os.environ.items()
            if k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"}}
    venv_bin = str(Path(sys.executable).parent)
    path = [p for p in keep.get("PATH", "").split(os.pathsep) if p and p != venv_bin]
    return {**keep, "HOME": str(home), "PATH": os.pathsep.join(path), **extra}


def _install(tool: str, wheel: Path, home: Path) -> Path:
    """Install the wheel with `tool` into `home`; the directory of the installed commands."""
    bin_dir = home / "bin"
    if tool == "pipx":
        env = _clean_env(home, {"PIPX_HOME": str(home / "pipx"), "PIPX_BIN_DIR": str(bin_dir),
                                "PIPX_MAN_DIR": str(home / "man")})
        command = [sys.executable, "-m", "pipx", "install", "--python", sys.executable,
                   str(wheel)]
    else:
        uv = shutil.which("uv", path=str(Path(sys.executable).parent))
        assert uv is not None, "uv comes with the dev extras"
        env = _clean_env(home, {"UV_TOOL_DIR": str(home / "tools"),
                                "UV_TOOL_BIN_DIR": str(bin_dir)})
        command = [uv, "tool", "install", "--python", sys.executable, str(wheel)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return bin_dir


@pytest.mark.parametrize("tool", ["pipx", "uv"])
def test_installed_as_a_tool_the_command_runs_the_demo(tool: str, wheel: Path,
                                                       tmp_path: Path) -> None:
    bin_dir = _install(tool, wheel, tmp_path)
    command = bin_dir / "architect"
    assert command.exists(), sorted(p.name for p in bin_dir.iterdir())
    env = _clean_env(tmp_path, {})
    shown = subprocess.run([str(command), "--version"], env=env, capture_output=True,
                           text=True, timeout=60, check=False)
    assert shown.returncode == 0, shown.stderr
    assert version(DISTRIBUTION) in shown.stdout
    demo = subprocess.run([str(command), "demo"], env=env, capture_output=True, text=True,
                          timeout=120, check=False, cwd=tmp_path)
    assert demo.returncode == 0, demo.stdout[-2000:] + demo.stderr[-2000:]
    assert "Filed on demo/todo:" in demo.stdout
    assert "architect run --dry-run now: nothing to do" in demo.stdout
    # The hint for a missing project file names this command: it must work without a clone.
    example = subprocess.run([str(command), "init", "--example"], env=env, capture_output=True,
                             text=True, timeout=60, check=False, cwd=tmp_path)
    assert example.returncode == 0, example.stderr
    assert example.stdout.startswith("# A project for the architect")
