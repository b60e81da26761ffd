"""`architect forge`: serving until interrupted, what it prints, and its options."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

import httpx
import pytest

from architect.emulator.server import serve_forever, settings_from_options


def test_serve_forever_prints_the_url_and_token_and_saves_when_interrupted(
    tmp_path: Path,
) -> None:
    seen: list[int] = []

    def seed(url: str, token: str) -> Sequence[str]:
        answer = httpx.get(f"{url}/api/v1/user", headers={"Authorization": f"token {token}"})
        seen.append(answer.status_code)
        raise KeyboardInterrupt  # as Ctrl-C once it is listening

    out = io.StringIO()
    data = tmp_path / "forge.json"
    serve_forever("127.0.0.1", 0, data_file=data, admin_token="a" * 40, out=out, seed=seed)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Embedded forge listening on http://127.0.0.1:")
    assert lines[1] == "Admin token: " + "a" * 40
    assert seen == [200]
    assert "users" in json.loads(data.read_text())


def test_the_github_dialect_says_where_it_is_and_where_forgejo_stays() -> None:
    out = io.StringIO()

    def stop(url: str, token: str) -> Sequence[str]:
        raise KeyboardInterrupt

    serve_forever("127.0.0.1", 0, data_file=None, admin_token=None, out=out, seed=stop,
                  dialect="github")
    github = out.getvalue().splitlines()[1]
    assert github.startswith("GitHub dialect at http://127.0.0.1:")
    assert '/api/v3 (forge = "github"' in github and github.endswith("/api/v1")


def test_settings_from_options_parse_durations_and_name_the_bad_option() -> None:
    settings = settings_from_options("db", "2s", None)
    assert (settings.issue_indexer, settings.index_delay) == ("db", timedelta(seconds=2))
    assert settings.merge_check == timedelta(0)
    with pytest.raises(ValueError, match=r"^--merge-check: "):
        settings_from_options("bleve", None, "soon")
    with pytest.raises(ValueError, match="unknown issue indexer"):
        settings_from_options("elastic", None, None)
