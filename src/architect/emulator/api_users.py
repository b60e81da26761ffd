"""Users, tokens, repositories and collaborators."""

from __future__ import annotations

import re
import secrets

from architect.emulator import auth, git
from architect.emulator import serialize as ser
from architect.emulator.common import (
    Route,
    load_repo,
    require_admin,
    require_token,
    route,
    view,
)
from architect.emulator.store import Repo, Token, User, hash_secret
from architect.emulator.web import (
    ApiError,
    Ctx,
    Reply,
    no_content,
    not_found,
    opt_bool,
    opt_str,
    page_of,
    paged,
    req_str,
    unprocessable,
)

_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")
SITE_ADMIN_DENIED = "user should be the site administrator"


def version(ctx: Ctx) -> Reply:
    return Reply(200, {"version": ser.VERSION})


# -- users and tokens -------------------------------------------------------------


MIN_PASSWORD_LENGTH = 8  # `[security] MIN_PASSWORD_LENGTH`'s default


def _require_site_admin(ctx: Ctx) -> User:
    doer = require_token(ctx)
    if not doer.is_admin:
        raise ApiError(403, SITE_ADMIN_DENIED)
    return doer


def admin_create_user(ctx: Ctx) -> Reply:
    _require_site_admin(ctx)
    body = ctx.body()
    login = req_str(body, "username", "Username")
    email = req_str(body, "email", "Email")
    if not _NAME.match(login):
        raise unprocessable("[Username]: invalid username")
    password = opt_str(body, "password", "Password") or ""
    # routers/api/v1/admin/user.go, CreateUser: shorter than MIN_PASSWORD_LENGTH (8)
    # is ctx.Error(400, "PasswordIsRequired", errors.New("PasswordIsRequired")).
    if len(password) < MIN_PASSWORD_LENGTH:
        raise ApiError(400, "PasswordIsRequired")
    if "\r" in email or "\n" in email:
        # user_model.ValidateEmail → ErrEmailCharIsNotSupported, answered with 422
        raise unprocessable(f"e-mail address contains unsupported character [email: {email}]")
    if ctx.store.user_by_login(login) is not None:
        raise unprocessable(f"user already exists [name: {login}]")
    if any(u.email.lower() == email.lower() for u in ctx.store.state.users.values()):
        raise unprocessable(f"e-mail already in use [email: {email}]")
    must_change = opt_bool(body, "must_change_password", "MustChangePassword")
    user = User(
        id=ctx.store.next_id("user"),
        login=login,
        email=email,
        password_hash=hash_secret(password),
        created=ctx.store.now(),
        full_name=opt_str(body, "full_name", "FullName") or "",
        # A pointer in CreateUserOption: absent means true.
        must_change_password=True if must_change is None else must_change,
        visibility=opt_str(body, "visibility", "Visibility") or "public",
        restricted=bool(opt_bool(body, "restricted", "Restricted")),
    )
    ctx.store.add_user(user)
    ctx.store.touch()
    return Reply(201, ser.user(view(ctx), user))


def admin_edit_user(ctx: Ctx) -> Reply:
    """`PATCH /admin/users/{username}`: the fields of EditUserOption that matter here."""
    _require_site_admin(ctx)
    user = ctx.store.user_by_login(ctx.params["username"])
    if user is None:
        raise unprocessable(f"user does not exist [uid: 0, name: {ctx.params['username']}]")
    body = ctx.body()
    for key, attr in (("admin", "is_admin"), ("restricted", "restricted")):
        flag = opt_bool(body, key, key.title())
        if flag is not None:
            setattr(user, attr, flag)
    must_change = opt_bool(body, "must_change_password", "MustChangePassword")
    if must_change is not None:
        user.must_change_password = must_change
    for key, attr in (("full_name", "full_name"), ("email", "email"), ("visibility", "visibility")):
        value = opt_str(body, key, key.title())
        if value is not None:
            setattr(user, attr, value)
    password = opt_str(body, "password", "Password")
    if password:
        user.password_hash = hash_secret(password)
    ctx.store.touch()
    return Reply(200, ser.user(view(ctx), user))


def create_token(ctx: Ctx) -> Reply:
    """`POST /users/{username}/tokens`: basic auth with the account's password only."""
    doer = ctx.doer
    if doer is None or ctx.scopes is not None:
        raise ApiError(401, "auth required")
    owner = ctx.store.user_by_login(ctx.params["username"])
    if owner is None:
        raise not_found()
    if owner.id != doer.id and not doer.is_admin:
        raise ApiError(403, "Only site admins can create tokens for other users")
    body = ctx.body()
    name = req_str(body, "name", "Name")
    scopes = _normalise_scopes(body.get("scopes"))
    if any(t.user_id == owner.id and t.name == name for t in ctx.store.state.tokens.values()):
        raise ApiError(400, "access token name has been used already")
    secret = secrets.token_hex(20)
    now = ctx.store.now()
    token = Token(
        id=ctx.store.next_id("token"),
        user_id=owner.id,
        name=name,
        token_hash=hash_secret(secret),
        last_eight=secret[-8:],
        scopes=scopes,
        created=now,
    )
    ctx.store.add_token(token)
    doer.last_login = now
    ctx.store.touch()
    return Reply(201, ser.access_token(token.id, name, secret, scopes, now))


def _normalise_scopes(raw: object) -> list[str]:
    if raw is None:
        raw = []
    if not isinstance(raw, list) or not all(isinstance(s, str) for s in raw):
        raise unprocessable("[Scopes]: must be a list of strings")
    scopes = [s.strip() for item in raw for s in item.split(",") if s.strip()]
    if not scopes:
        raise ApiError(400, "access token must have a scope")
    unknown = [s for s in scopes if s not in auth.VALID_SCOPES]
    if unknown:
        raise ApiError(400, f"invalid access token scope provided: {unknown[0]}")
    return sorted(set(scopes))


def current_user(ctx: Ctx) -> Reply:
    return Reply(200, ser.user(view(ctx), require_token(ctx)))


def get_user(ctx: Ctx) -> Reply:
    user = ctx.store.user_by_login(ctx.params["username"])
    if user is None:
        raise not_found(
            "GetUserByName", f"user redirect does not exist [name: {ctx.params['username']}]"
        )
    return Reply(200, ser.user(view(ctx), user))


# -- repositories -------------------------------------------------------------------


def create_own_repo(ctx: Ctx) -> Reply:
    doer = require_token(ctx)
    # routers/api/v1/api.go: the `/user` group requires the user scope before the
    # route's own repository scope, so `write:repository` alone is a 403.
    if not auth.has_scope(ctx.scopes, "user", True):
        raise auth.scope_error("user", True)
    return _create_repo(ctx, doer)


def admin_create_repo(ctx: Ctx) -> Reply:
    _require_site_admin(ctx)
    owner = ctx.store.user_by_login(ctx.params["username"])
    if owner is None:
        raise not_found()
    return _create_repo(ctx, owner)


def _create_repo(ctx: Ctx, owner: User) -> Reply:
    body = ctx.body()
    name = req_str(body, "name", "Name")
    if not _NAME.match(name) or len(name) > 100:
        raise unprocessable("[Name]: AlphaDashDot")
    if ctx.store.repo(owner.login, name) is not None:
        raise ApiError(409, "The repository with the same name already exists.")
    now = ctx.store.now()
    repo = Repo(
        id=ctx.store.next_id("repo"),
        owner_id=owner.id,
        name=name,
        created=now,
        updated=now,
        description=opt_str(body, "description", "Description") or "",
        private=bool(opt_bool(body, "private", "Private")),
        default_branch=opt_str(body, "default_branch", "DefaultBranch") or "main",
    )
    if opt_bool(body, "auto_init", "AutoInit"):
        author = ctx.doer or owner
        readme = f"# {name}\n\n{repo.description}".encode()
        commit = git.make_commit(
            [], {"README.md": readme}, "Initial commit", author.login, author.email, now
        )
        repo.commits[commit.sha] = commit
        repo.branches[repo.default_branch] = commit.sha
    ctx.store.add_repo(repo)
    ctx.store.touch()
    return Reply(201, ser.repository(view(ctx), repo))


def get_repo(ctx: Ctx) -> Reply:
    return Reply(200, ser.repository(view(ctx), load_repo(ctx)))


# -- collaborators ----------------------------------------------------------------------


def _collaborator(ctx: Ctx) -> User:
    user = ctx.store.user_by_login(ctx.params["collaborator"])
    if user is None:
        raise unprocessable(f"user does not exist [uid: 0, name: {ctx.params['collaborator']}]")
    return user


def add_collaborator(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    require_admin(ctx, repo)
    user = _collaborator(ctx)
    permission = opt_str(ctx.body(), "permission", "Permission") or "write"
    if permission not in auth.COLLABORATOR_MODES:
        raise unprocessable("[Permission]: In")
    if user.id != repo.owner_id:
        repo.collaborators[user.id] = permission
        ctx.store.touch()
    return no_content()


def remove_collaborator(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    require_admin(ctx, repo)
    user = _collaborator(ctx)
    if repo.collaborators.pop(user.id, None) is not None:
        ctx.store.touch()
    return no_content()


def is_collaborator(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    user = _collaborator(ctx)
    if user.id not in repo.collaborators:
        raise not_found()
    return no_content()


def list_collaborators(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    require_token(ctx)  # `reqToken()` (routers/api/v1/api.go): 401 without one
    users = sorted((ctx.store.user(i) for i in repo.collaborators), key=lambda u: u.login.lower())
    page = page_of(ctx)
    body = [ser.user(view(ctx), u) for u in page.slice(users)]
    return paged(ctx, body, len(users), page, link=False)


def list_assignees(ctx: Ctx) -> Reply:
    """Users with write access (Forgejo's `GetRepoAssignees`): readable by any reader,
    unlike other users' permissions, which only repo admins may see. Not paginated."""
    repo = load_repo(ctx)
    require_token(ctx)  # `reqToken()` (routers/api/v1/api.go): 401 without one
    writers = [u for u in (ctx.store.user(i) for i in repo.collaborators)
               if u.id != repo.owner_id and auth.access(repo, u) >= auth.WRITE]
    # models/repo/user_repo.go, GetRepoAssignees: the writers by name, and a user
    # owner appended after them.
    users = [*sorted(writers, key=lambda u: u.login), ctx.store.user(repo.owner_id)]
    return Reply(200, [ser.user(view(ctx), u) for u in users])


def collaborator_permission(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    doer = require_token(ctx)
    user = ctx.store.user_by_login(ctx.params["collaborator"])
    if user is None:
        raise not_found()
    if not (doer.is_admin or doer.id == user.id or auth.access(repo, doer) >= auth.ADMIN):
        raise ApiError(
            403,
            "Only admins can query all permissions, repo admins can query all repo "
            "permissions, collaborators can query only their own",
        )
    return Reply(200, ser.collaborator_permission(view(ctx), user, auth.access(repo, user)))


ROUTES: list[Route] = [
    route("/version", "GET", version, None),
    route("/admin/users", "POST", admin_create_user, "admin"),
    route("/admin/users/<username>", "PATCH", admin_edit_user, "admin"),
    route("/admin/users/<username>/repos", "POST", admin_create_repo, "admin"),
    route("/users/<username>/tokens", "POST", create_token, None, token=False),
    route("/user", "GET", current_user, "user", token=True),
    route("/users/<username>", "GET", get_user, "user"),
    route("/user/repos", "POST", create_own_repo, "repository"),
    route("/repos/<owner>/<repo>", "GET", get_repo, "repository"),
    route("/repos/<owner>/<repo>/collaborators", "GET", list_collaborators, "repository"),
    route("/repos/<owner>/<repo>/assignees", "GET", list_assignees, "repository"),
    route(
        "/repos/<owner>/<repo>/collaborators/<collaborator>", "PUT", add_collaborator, "repository"
    ),
    route(
        "/repos/<owner>/<repo>/collaborators/<collaborator>",
        "DELETE",
        remove_collaborator,
        "repository",
    ),
    route(
        "/repos/<owner>/<repo>/collaborators/<collaborator>",
        "GET",
        is_collaborator,
        "repository",
    ),
    route(
        "/repos/<owner>/<repo>/collaborators/<collaborator>/permission",
        "GET",
        collaborator_permission,
        "repository",
        token=True,
    ),
]
