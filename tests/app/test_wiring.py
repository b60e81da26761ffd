"""The shell's wiring (`app.wiring`): the clients a project file and its secrets make."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from architect.app.wiring import filer_client, forge_client, project_runner, utc_now
from architect.errors import ConfigError
from architect.forge.client import ForgeClient
from architect.forge.github import GitHubClient
from architect.forge.secret import Secret
from architect.secrets import Secrets
from tests.world import BOT, make_world


def test_the_forge_client_speaks_as_the_token_on_the_configured_forge(tmp_path: Path) -> None:
    for dialect, kind in (("forgejo", ForgeClient), ("github", GitHubClient)):
        (tmp_path / dialect).mkdir()
        world = make_world(tmp_path / dialect, dialect=dialect)
        transport = httpx.WSGITransport(app=world.wsgi)
        secrets = Secrets(forge_token=Secret(world.tokens[BOT]))
        client = forge_client(world.config, secrets, transport=transport)
        assert isinstance(client, kind) and client.current_user().login == BOT
        assert filer_client(world.config, secrets, transport=transport) is None
        filer = filer_client(world.config, Secrets(filer_token=Secret(world.tokens["alice"])),
                             transport=transport)
        assert filer is not None and filer.current_user().login == "alice"


def test_no_token_is_a_config_error_naming_the_variable(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    with pytest.raises(ConfigError, match="no forge token: set FORGE_ARCHITECT_TOKEN"):
        forge_client(world.config, Secrets())


def test_the_runner_is_the_configured_one_and_the_clock_has_whole_seconds(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    assert project_runner(world.config, Secrets(), {}).name == world.config.architect.model
    assert utc_now().microsecond == 0 and utc_now().tzinfo is not None
