"""Repository webhooks: list, create, get, delete."""

from __future__ import annotations

import re

from architect.emulator import serialize_git as ser
from architect.emulator.common import Route, load_repo, require_admin, route
from architect.emulator.hooks import subscription
from architect.emulator.store import Hook, Repo
from architect.emulator.web import (
    Ctx,
    Reply,
    no_content,
    not_found,
    opt_bool,
    opt_str,
    opt_str_list,
    page_of,
    paged,
    raw_value,
    unprocessable,
)

# The `type` enum of CreateHookOption. Only the raw-JSON kinds (forgejo, gitea,
# gogs) are delivered here; the chat integrations are accepted but stay silent.
HOOK_TYPES = (
    "forgejo",
    "dingtalk",
    "discord",
    "gitea",
    "gogs",
    "msteams",
    "slack",
    "telegram",
    "feishu",
    "wechatwork",
    "packagist",
)
JSON_TYPES = ("forgejo", "gitea", "gogs")
_URL = re.compile(r"^https?://[^/\s]+", re.IGNORECASE)  # validation.IsValidURL


def wants(hook: Hook, flag: str) -> bool:
    """Whether an event gated by `flag` is delivered to `hook`."""
    return hook.active and hook.type in JSON_TYPES and flag in hook.events


def _admin_repo(ctx: Ctx) -> Repo:
    repo = load_repo(ctx)
    require_admin(ctx, repo)
    return repo


def list_hooks(ctx: Ctx) -> Reply:
    repo = _admin_repo(ctx)
    hooks = sorted(repo.hooks.values(), key=lambda h: h.id)
    page = page_of(ctx)
    return paged(ctx, [ser.hook(h) for h in page.slice(hooks)], len(hooks), page, link=False)


def create_hook(ctx: Ctx) -> Reply:
    repo = _admin_repo(ctx)
    body = ctx.body()
    kind = opt_str(body, "type", "Type") or ""
    if not kind:
        raise unprocessable("[Type]: Required")
    if kind not in HOOK_TYPES:
        raise unprocessable(f"Invalid hook type: {kind}")
    config = raw_value(body, "config")
    if not isinstance(config, dict) or not all(isinstance(v, str) for v in config.values()):
        raise unprocessable("[Config]: Required")
    for name in ("url", "content_type"):
        if name not in config:
            raise unprocessable(f"Missing config option: {name}")
    if config["content_type"] not in ("json", "form"):
        raise unprocessable("Invalid content type")
    if not _URL.match(config["url"]):
        raise unprocessable("Invalid url")
    now = ctx.store.now()
    hook = Hook(
        id=ctx.store.next_id("hook"),
        repo_id=repo.id,
        type=kind,
        url=config["url"],
        content_type=config["content_type"],
        secret=config.get("secret", ""),
        events=subscription(opt_str_list(body, "events", "Events") or []),
        # `active` defaults to false: a hook created without it never fires.
        active=bool(opt_bool(body, "active", "Active")),
        created=now,
        updated=now,
        branch_filter=opt_str(body, "branch_filter", "BranchFilter") or "",
        authorization_header=opt_str(body, "authorization_header", "AuthorizationHeader") or "",
        http_method="post",  # addHook always sets POST
    )
    repo.hooks[hook.id] = hook
    ctx.store.touch()
    return Reply(201, ser.hook(hook))


def _hook(ctx: Ctx, repo: Repo) -> Hook:
    hook = repo.hooks.get(int(ctx.params["id"]))
    if hook is None:
        raise not_found()
    return hook


def get_hook(ctx: Ctx) -> Reply:
    repo = _admin_repo(ctx)
    return Reply(200, ser.hook(_hook(ctx, repo)))


def delete_hook(ctx: Ctx) -> Reply:
    repo = _admin_repo(ctx)
    del repo.hooks[_hook(ctx, repo).id]
    ctx.store.touch()
    return no_content()


_HOOKS = "/repos/<owner>/<repo>/hooks"
ROUTES: list[Route] = [
    route(_HOOKS, "GET", list_hooks, "repository", token=True),
    route(_HOOKS, "POST", create_hook, "repository"),
    route(f"{_HOOKS}/<int:id>", "GET", get_hook, "repository", token=True),
    route(f"{_HOOKS}/<int:id>", "DELETE", delete_hook, "repository"),
]
