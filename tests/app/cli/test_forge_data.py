"""`architect forge --data FILE` on a file it cannot load: exit 2, naming the file and why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.app.cli.conftest import architect


@pytest.mark.parametrize(("content", "problem"), [
    (b'{"users": {', "not JSON: Expecting property name enclosed in double quotes at line 1"),
    (b"\xff\xfe not text", "not UTF-8 text"),
    (json.dumps({"users": {}}).encode(), "not a forge data file (missing key"),
    (b"[1, 2, 3]", "not a forge data file"),
])
@pytest.mark.slow  # starts a process
def test_a_corrupt_data_file_exits_2_naming_the_file_and_the_problem(
        tmp_path: Path, content: bytes, problem: str) -> None:
    data = tmp_path / "forge.json"
    data.write_bytes(content)
    result = architect("forge", "--port", "0", "--data", str(data))
    assert result.returncode == 2, result.stderr
    assert f"the forge data file {data} cannot be loaded: {problem}" in result.stderr
    assert "Traceback" not in result.stderr
    assert "move it away" in result.stderr
    assert data.read_bytes() == content  # nothing lost: the file is left as it was


@pytest.mark.slow  # starts a process
def test_a_data_file_that_is_a_directory_exits_2(tmp_path: Path) -> None:
    result = architect("forge", "--port", "0", "--data", str(tmp_path))
    assert result.returncode == 2
    assert f"the forge data file {tmp_path} cannot be loaded: Is a directory" in result.stderr
