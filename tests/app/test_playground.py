"""`architect forge --seed` (app/playground.py): the embedded forge set up for the example
project file, and that file written for it, on a forge served in this process."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from architect.app.playground import BOT, HUMAN, AlreadySeeded, seed, seeded_text
from architect.config import ProjectConfig, example_text, load_config
from architect.emulator import EmbeddedForge
from architect.forge.client import ForgeClient
from architect.forge.models import Permission

URL = "http://127.0.0.1:3999"


@pytest.fixture
def forge() -> Iterator[tuple[str, str]]:
    """A forge listening on loopback: its URL and admin token."""
    served = EmbeddedForge()
    url = served.start("127.0.0.1", 0)
    try:
        yield url, served.admin_token
    finally:
        served.stop()


def load_config_of(text: str, tmp_path: Path) -> ProjectConfig:
    path = tmp_path / "seeded.toml"
    path.write_text(text)
    return load_config(path, {"ARCHITECT_STATE_DIR": str(tmp_path)})


def test_the_seeded_file_names_this_forge_and_the_offline_planner(tmp_path: Path) -> None:
    text = seeded_text(URL)
    config = load_config_of(text, tmp_path)
    assert (config.forge, config.forge_url, config.architect.model) == ("forgejo", URL,
                                                                        "offline")
    # Only those two lines differ from the example `init --example` prints.
    changed = [line for line in text.splitlines() if line not in example_text().splitlines()]
    assert [line.split("=")[0].strip() for line in changed] == ["forge_url", "model"]


def test_the_github_dialects_file_speaks_the_github_api(tmp_path: Path) -> None:
    config = load_config_of(seeded_text(URL, "github"), tmp_path)
    assert (config.forge, config.forge_url) == ("github", f"{URL}/api/v3")


def test_the_seed_makes_the_repos_labels_and_vision_the_printed_commands_need(
        forge: tuple[str, str], tmp_path: Path) -> None:
    url, admin = forge
    lines = seed(url, admin, tmp_path)

    toml = tmp_path / "myproj.toml"
    assert any(line.endswith(f"wrote {toml}") for line in lines)
    config = load_config_of(toml.read_text(), tmp_path)
    (bot_token,) = [line.split("=", 1)[1] for line in lines
                    if line.strip().startswith("export FORGE_ARCHITECT_TOKEN=")]
    bot = ForgeClient(url, bot_token)
    assert bot.current_user().login == BOT
    for repo in config.repos:
        # Admin: `architect init --webhook-url` registers the webhooks.
        assert bot.collaborator_permission(repo, BOT) is Permission.ADMIN
        assert bot.collaborator_permission(repo, HUMAN) is Permission.WRITE
    labels = {label.name for label in bot.list_labels(config.repo)}
    assert {"vision", "in-progress", "backlog"} <= labels
    (vision,) = bot.list_issues(config.repo, state="open", type="issues")
    assert vision.user.login == HUMAN and "vision" in vision.label_names
    assert f"vision #{vision.number} on {config.repo}: {vision.title}" in "\n".join(lines)
    assert lines[-1] == "  architect run -p myproj.toml --dry-run"


def test_a_forge_seeded_before_is_not_seeded_twice(forge: tuple[str, str],
                                                   tmp_path: Path) -> None:
    url, admin = forge
    seed(url, admin, tmp_path)
    with pytest.raises(AlreadySeeded, match=f"the forge has @{BOT} already"):
        seed(url, admin, tmp_path)


def test_a_project_file_there_already_is_left_alone_and_the_seeded_one_printed(
        forge: tuple[str, str], tmp_path: Path) -> None:
    url, admin = forge
    mine = tmp_path / "myproj.toml"
    mine.write_text("# my own\n")
    lines = seed(url, admin, tmp_path)
    assert mine.read_text() == "# my own\n"
    assert any(line.endswith(f"{mine} exists, left as it is; this is the seeded one:")
               for line in lines)
    shown = [line.removeprefix("  | ") for line in lines if line.startswith("  | ")]
    assert shown == seeded_text(url).splitlines()
    assert re.search(r'^forge_url\s*= "' + re.escape(url), "\n".join(shown), re.MULTILINE)
