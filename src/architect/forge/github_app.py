"""GitHub App authentication: app id + private key → JWT → installation token.

The App signs a short JWT (RS256, valid ten minutes, issued a minute in the past
for clock drift) with its private key, and trades it for an installation token
(``POST /app/installations/{id}/access_tokens``), which lives an hour. The token is
renewed five minutes before it expires, and at once when GitHub refuses it.
Without an installation id, the installation of the project's repository is
looked up (``GET /repos/{owner}/{repo}/installation``).

From the environment: ``GITHUB_APP_ID``, ``GITHUB_APP_PRIVATE_KEY`` (the PEM text)
or ``GITHUB_APP_PRIVATE_KEY_FILE`` (its path), and optionally
``GITHUB_APP_INSTALLATION_ID``. The key and the tokens are `Secret`s: never logged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import jwt

from architect.errors import ConfigError, ForgeAuthError, ForgeError
from architect.forge.github_http import API_VERSION
from architect.forge.secret import Secret

APP_ID_ENV = "GITHUB_APP_ID"
APP_KEY_ENV = "GITHUB_APP_PRIVATE_KEY"
APP_KEY_FILE_ENV = "GITHUB_APP_PRIVATE_KEY_FILE"
APP_INSTALLATION_ENV = "GITHUB_APP_INSTALLATION_ID"
# What the App (or a fine-grained token) needs on both repositories, named as GitHub's
# settings page names them; `init` asks for these, and docs/github.md lists them.
REPOSITORY_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("Contents", "Read and write"),  # sprint branches, sprint files, the merge
    ("Issues", "Read and write"),  # visions, sub-issues, labels, comments, the dashboard
    ("Pull requests", "Read and write"),  # sprint PRs, their reviews
    ("Metadata", "Read-only"),  # GitHub's mandatory one, granted with the others
)
RENEW_BEFORE = timedelta(minutes=5)
JWT_LIFETIME = timedelta(minutes=10)
JWT_BACKDATE = timedelta(seconds=60)


@dataclass(frozen=True)
class AppCredentials:
    app_id: str
    private_key: Secret
    installation_id: int | None = None


def app_credentials(env: Mapping[str, str]) -> AppCredentials | None:
    """The App's credentials from `env`, None when no App is configured."""
    app_id = env.get(APP_ID_ENV, "").strip()
    key = env.get(APP_KEY_ENV, "").strip()
    key_file = env.get(APP_KEY_FILE_ENV, "").strip()
    if not app_id and not key and not key_file:
        return None
    if not app_id or not (key or key_file):
        raise ConfigError(f"a GitHub App needs both {APP_ID_ENV} and {APP_KEY_ENV} (or "
                          f"{APP_KEY_FILE_ENV}, the path of its .pem file); set the missing one")
    if not key:
        try:
            key = Path(key_file).expanduser().read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"{APP_KEY_FILE_ENV}={key_file}: cannot read the App's private "
                              f"key ({exc.strerror}); point it at the .pem file") from None
    installation = env.get(APP_INSTALLATION_ENV, "").strip()
    if installation and not installation.isdigit():
        raise ConfigError(f"{APP_INSTALLATION_ENV} must be the installation's number, "
                          f"got {installation!r}")
    return AppCredentials(app_id, Secret(key.replace("\\n", "\n")),
                          int(installation) if installation else None)


def app_jwt(credentials: AppCredentials, now: datetime) -> str:
    """The App's own JWT (RS256), as GitHub asks for it."""
    claims = {"iat": int((now - JWT_BACKDATE).timestamp()),
              "exp": int((now + JWT_LIFETIME - JWT_BACKDATE).timestamp()),
              "iss": credentials.app_id}
    try:
        return jwt.encode(claims, credentials.private_key.reveal(), algorithm="RS256")
    except (ValueError, TypeError, jwt.PyJWTError) as exc:
        raise ConfigError(f"{APP_KEY_ENV} is not an RSA private key in PEM form "
                          f"({type(exc).__name__}); paste the App's .pem file") from None


class InstallationTokens:
    """A `TokenSource` for a GitHub App installation on `repo`."""

    env = f"{APP_ID_ENV} and {APP_KEY_ENV}"

    def __init__(self, credentials: AppCredentials, api_url: str, repo: str, *,
                 transport: httpx.BaseTransport | None = None,
                 now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self._credentials = credentials
        self._repo = repo
        self._now = now
        self._token: Secret | None = None
        self._expires: datetime | None = None
        self.installation_id = credentials.installation_id
        self.minted = 0  # installation tokens made so far (a renewal counts one)
        self._client = httpx.Client(base_url=api_url, transport=transport, timeout=30.0,
                                    headers={"Accept": "application/vnd.github+json",
                                             "X-GitHub-Api-Version": API_VERSION,
                                             "User-Agent": "architect"})

    def token(self) -> Secret:
        now = self._now()
        if self._token is None or self._expires is None or now >= self._expires - RENEW_BEFORE:
            self._token, self._expires = self._mint(now)
        return self._token

    def invalidate(self) -> None:
        self._token = None

    def app_slug(self) -> str:
        """The App's slug: its bot account is `<slug>[bot]`."""
        return str(self._app_call("GET", "/app")["slug"])

    def installation_on(self, repo: str) -> int | None:
        """The id of the App's installation that covers `repo`, None when it covers none."""
        try:
            return int(self._app_call("GET", f"/repos/{repo}/installation")["id"])
        except ForgeAuthError as exc:
            if exc.status == 404:
                return None
            raise

    def current_installation(self) -> int:
        """The installation this source's tokens are made for (looked up once)."""
        self.token()
        assert self.installation_id is not None  # set by the first token
        return self.installation_id

    def close(self) -> None:
        self._client.close()

    def _mint(self, now: datetime) -> tuple[Secret, datetime]:
        if self.installation_id is None:
            found = self._app_call("GET", f"/repos/{self._repo}/installation")
            self.installation_id = int(found["id"])
        answer = self._app_call("POST", f"/app/installations/{self.installation_id}/access_tokens")
        self.minted += 1
        expires = datetime.fromisoformat(str(answer["expires_at"]).replace("Z", "+00:00"))
        return Secret(str(answer["token"])), expires

    def _app_call(self, method: str, path: str) -> dict[str, Any]:
        bearer = app_jwt(self._credentials, self._now())
        try:
            response = self._client.request(method, path,
                                            headers={"Authorization": f"Bearer {bearer}"})
        except httpx.TransportError as exc:
            raise ForgeError(f"GitHub did not answer {method} {path} ({type(exc).__name__}) "
                             "while making the App's installation token") from exc
        if response.status_code >= 400:
            raise ForgeAuthError(
                f"GitHub refused the App ({method} {path}, HTTP {response.status_code}): check "
                f"{APP_ID_ENV}, the private key, and that the App is installed on {self._repo}",
                status=response.status_code, method=method, path=path)
        body = response.json()
        if not isinstance(body, dict):
            raise ForgeError(f"GitHub answered {method} {path} with something unexpected")
        return body
