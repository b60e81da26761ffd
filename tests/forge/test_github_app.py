"""The two ways to authenticate on GitHub, and the project file that picks GitHub."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from architect.app.wiring import forge_client
from architect.config import load_config, load_secrets
from architect.errors import ConfigError
from architect.forge.github import GitHubClient
from architect.forge.github_app import AppCredentials, InstallationTokens, app_jwt
from architect.forge.secret import Secret

APP_ID = "123456"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class FakeGitHub:
    """GitHub's App endpoints: a JWT signed by the App's key buys an installation token."""

    def __init__(self, public_pem: bytes, clock: Clock) -> None:
        self.public_pem = public_pem
        self.clock = clock
        self.minted: list[str] = []
        self.refuse: set[str] = set()

    def __call__(self, request: httpx.Request) -> httpx.Response:
        bearer = request.headers["authorization"].removeprefix("Bearer ")
        if request.url.path.startswith(("/app", "/repos/acme/shop/installation")):
            claims = jwt.decode(bearer, self.public_pem, algorithms=["RS256"],
                                options={"verify_exp": False, "verify_iat": False})
            assert claims["iss"] == APP_ID
            assert claims["exp"] - claims["iat"] <= 600  # GitHub takes ten minutes at most
            if request.url.path == "/app":
                return httpx.Response(200, json={"id": 1, "slug": "architect-app"})
            if request.url.path == "/repos/acme/shop/installation":
                return httpx.Response(200, json={"id": 42})
            token = f"ghs_{len(self.minted) + 1}"
            self.minted.append(token)
            expires = self.clock.now + timedelta(hours=1)
            return httpx.Response(201, json={"token": token,
                                             "expires_at": expires.strftime("%Y-%m-%dT%H:%M:%SZ")})
        if bearer not in self.minted or bearer in self.refuse:
            return httpx.Response(401, json={"message": "Bad credentials"})
        if request.url.path == "/users/architect-app[bot]":
            return httpx.Response(200, json={"id": 9, "login": "architect-app[bot]"})
        return httpx.Response(200, json={"id": 7, "name": "shop", "full_name": "acme/shop"})


@pytest.fixture
def app_env(tmp_path: Path) -> tuple[dict[str, str], bytes]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    (tmp_path / "app.pem").write_bytes(pem)
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo)
    return {"GITHUB_APP_ID": APP_ID, "GITHUB_APP_PRIVATE_KEY_FILE": str(tmp_path / "app.pem")}, \
        public


def github_project(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "shop.toml"
    path.write_text(f'name = "shop"\nrepo = "acme/shop"\nops_repo = "acme/shop-ops"\n'
                    f'forge = "github"\n{extra}')
    return path


def test_a_github_project_needs_no_forge_url(tmp_path: Path) -> None:
    config = load_config(github_project(tmp_path), {})
    assert (config.forge, config.forge_url) == ("github", "https://api.github.com")
    enterprise = load_config(github_project(tmp_path, 'forge_url = "https://ghe.example/api/v3"'),
                             {})
    assert enterprise.forge_url == "https://ghe.example/api/v3"


def test_the_default_api_address_is_written_once() -> None:
    """The project file's default and the adapter's are one value (forge/github_http.py):
    two copies could drift apart, and a project without forge_url would then be judged
    by one address and talked to at another."""
    src = Path(__file__).parents[2] / "src" / "architect"
    written = [str(path.relative_to(src)) for path in sorted(src.rglob("*.py"))
               if '"https://api.github.com"' in path.read_text(encoding="utf-8")]
    assert written == ["forge/github_http.py"]


def test_a_personal_access_token_makes_a_github_client(tmp_path: Path) -> None:
    config = load_config(github_project(tmp_path), {})
    secrets = load_secrets({"FORGE_ARCHITECT_TOKEN": "github_pat_x"})
    forge = forge_client(config, secrets)
    assert isinstance(forge, GitHubClient) and forge.base_url == "https://api.github.com"


def test_an_app_installation_token_is_minted_and_renewed_before_it_expires(
        tmp_path: Path, app_env: tuple[dict[str, str], bytes]) -> None:
    env, public = app_env
    clock = Clock()
    fake = FakeGitHub(public, clock)
    config = load_config(github_project(tmp_path), {})
    secrets = load_secrets(env)
    assert secrets.github_app is not None
    assert "PRIVATE KEY" in "".join(secrets.values())  # so the log redactor masks it
    tokens = InstallationTokens(secrets.github_app, "https://api.github.com", config.repo,
                                transport=httpx.MockTransport(fake), now=clock)
    forge = GitHubClient(None, tokens, transport=httpx.MockTransport(fake))
    assert forge.current_user().login == "architect-app[bot]"
    forge.get_repo("acme/shop")
    assert fake.minted == ["ghs_1"]  # one token serves the hour
    clock.now += timedelta(minutes=56)  # five minutes before it expires: a new one
    forge.get_repo("acme/shop")
    assert fake.minted == ["ghs_1", "ghs_2"]
    fake.refuse.add("ghs_2")  # revoked meanwhile: a 401 buys a new one, once
    forge.get_repo("acme/shop")
    assert fake.minted == ["ghs_1", "ghs_2", "ghs_3"]


def test_half_an_app_configuration_names_the_missing_variable() -> None:
    with pytest.raises(ConfigError, match="GITHUB_APP_PRIVATE_KEY"):
        load_secrets({"GITHUB_APP_ID": "1"})
    with pytest.raises(ConfigError, match="not an RSA private key"):
        app_jwt(AppCredentials("1", Secret("not a key")), datetime(2026, 1, 1, tzinfo=UTC))
