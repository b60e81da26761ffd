"""Who is asking, what their token may do, and what they may do in a repository."""

from __future__ import annotations

import base64
import binascii
import hmac
import re

from architect.emulator.store import Repo, Store, User, hash_secret
from architect.emulator.web import ApiError

NONE, READ, WRITE, ADMIN, OWNER = 0, 1, 2, 3, 4
MODE_NAMES = {NONE: "none", READ: "read", WRITE: "write", ADMIN: "admin", OWNER: "owner"}
COLLABORATOR_MODES = {"read": READ, "write": WRITE, "admin": ADMIN}

SCOPE_CATEGORIES = (
    "activitypub",
    "admin",
    "issue",
    "misc",
    "notification",
    "organization",
    "package",
    "repository",
    "user",
)
VALID_SCOPES = frozenset(
    {"all", "public-only"}
    | {f"{level}:{cat}" for level in ("read", "write") for cat in SCOPE_CATEGORIES}
)

_SCHEME = re.compile(r"^\s*(token|bearer|basic)\s+(\S+)\s*$", re.IGNORECASE)


def authenticate(store: Store, header: str | None) -> tuple[User | None, list[str] | None]:
    """(doer, token scopes) for an Authorization header; scopes None = password sign-in.

    An unknown token is a 401 on every endpoint, even one that anonymous users
    may read (`routers/api/shared/middleware.go`). Unlike the real server, the
    message does not echo the token back: it would end up in client logs.
    """
    if not header:
        return None, None
    match = _SCHEME.match(header)
    if match is None:
        return None, None
    scheme, value = match.group(1).lower(), match.group(2)
    if scheme in ("token", "bearer"):
        return _by_token(store, value)
    return _by_basic(store, value)


def _by_token(store: Store, secret: str) -> tuple[User, list[str]]:
    token = store.token(secret)
    if token is None:
        raise ApiError(401, "access token does not exist")
    return store.user(token.user_id), list(token.scopes)


def _by_basic(store: Store, encoded: str) -> tuple[User, list[str] | None]:
    try:
        decoded = base64.b64decode(encoded, validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        raise ApiError(401, "invalid basic authentication") from None
    login, _, password = decoded.partition(":")
    # Basic auth with a token as the password (or as the user name) is token auth.
    for candidate in (password, login):
        if candidate and store.token(candidate) is not None:
            return _by_token(store, candidate)
    user = store.user_by_login(login)
    if user is None:
        raise ApiError(401, f"user does not exist [uid: 0, name: {login}]")
    if not hmac.compare_digest(user.password_hash, hash_secret(password)):
        raise ApiError(401, f"user's password is invalid [uid: {user.id}, name: {user.login}]")
    return user, None


def has_scope(scopes: list[str] | None, category: str, write: bool) -> bool:
    """`write:X` implies `read:X`; `all` grants everything; no token (password) = no limit."""
    if scopes is None or "all" in scopes:
        return True
    if f"write:{category}" in scopes:
        return True
    return not write and f"read:{category}" in scopes


def scope_error(category: str, write: bool) -> ApiError:
    level = "write" if write else "read"
    return ApiError(
        403, f"token does not have at least one of required scope(s): [{level}:{category}]"
    )


def access(repo: Repo, user: User | None) -> int:
    """The access mode of `user` in `repo` (Forgejo's `GetUserRepoPermission`)."""
    public = NONE if repo.private else READ
    if user is None:
        return public
    if user.id == repo.owner_id:
        return OWNER
    if user.is_admin:
        return ADMIN
    collaborator = COLLABORATOR_MODES.get(repo.collaborators.get(user.id, ""), NONE)
    return max(collaborator, public)
