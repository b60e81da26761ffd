"""`architect --version` and the `-v/--verbose` trace of forge requests."""

from __future__ import annotations

import re
from importlib import metadata

import pytest

import architect
from tests.app.cli.conftest import Served
from tests.app.cli.conftest import architect as run_architect

pytestmark = pytest.mark.slow  # each test starts the `architect` command

_REQUEST_LINE = re.compile(r"forge (GET|POST|PATCH|PUT|DELETE) (/api/v1/\S*) → (\d{3}) in \d+ ms")


def test_version_prints_the_package_version() -> None:
    result = run_architect("--version")
    assert result.returncode == 0
    assert result.stdout == f"architect {architect.__version__}\n"
    # The installed metadata reads the same constant, whatever the distribution is called.
    scripts = metadata.entry_points(group="console_scripts", name="architect")
    versions = {ep.dist.version for ep in scripts if ep.dist is not None}
    assert versions == {architect.__version__}


def test_verbose_traces_each_forge_request_with_its_status_and_time(served: Served) -> None:
    quiet = run_architect("status", "-p", str(served.toml), env=served.env)
    assert quiet.returncode == 0, quiet.stderr
    assert not _REQUEST_LINE.search(quiet.stderr)

    verbose = run_architect("status", "-p", str(served.toml), "-v", env=served.env)
    assert verbose.returncode == 0, verbose.stderr
    traced = {(m[1], m[2], m[3]) for m in _REQUEST_LINE.finditer(verbose.stderr)}
    assert ("GET", "/api/v1/repos/acme/shop-ops/pulls", "200") in traced
    assert served.tokens["architect-bot"] not in verbose.stderr


def test_verbose_shows_a_refused_request_without_the_token(served: Served) -> None:
    wrong = "0" * 40
    env = {**served.env, "FORGE_ARCHITECT_TOKEN": wrong}
    result = run_architect("status", "-p", str(served.toml), "--verbose", env=env)
    assert result.returncode == 2
    assert any(m[3] == "401" for m in _REQUEST_LINE.finditer(result.stderr)), result.stderr
    assert wrong not in result.stderr
