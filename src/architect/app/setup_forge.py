"""`architect init`: the labels the lifecycle needs, and a check of the token's rights."""

from __future__ import annotations

from collections.abc import Callable

from architect.config import ProjectConfig, Secrets
from architect.errors import ForgeNotFound, ForgePermissionError
from architect.forge.protocol import Forge

LABEL_COLORS = {"vision": "5319e7", "in-progress": "fbca04", "backlog": "0e8a16"}
WEBHOOK_EVENTS = ("issues", "issue_comment", "pull_request", "pull_request_review",
                  "pull_request_comment")


def ensure_labels_and_rights(forge: Forge, config: ProjectConfig, secrets: Secrets, *,
                             webhook_url: str | None,
                             out: Callable[[str], None] = print) -> list[str]:
    """Create missing labels, check rights; return what is missing, in words."""
    problems: list[str] = []
    me = forge.current_user()
    out(f"token of @{me.login}")
    for repo in (config.repo, config.ops_repo):
        try:
            forge.get_repo(repo)
        except ForgeNotFound:
            problems.append(f"{repo}: not found, or not visible to @{me.login} (add the bot as a "
                            "collaborator)")
            continue
        permission = forge.collaborator_permission(repo, me.login)
        if not permission.can_write:
            problems.append(f"{repo}: @{me.login} has '{permission.value}' access; it needs "
                            "write (Settings → Collaborators)")
        else:
            out(f"{repo}: @{me.login} has {permission.value} access")
    if problems:
        return problems
    s = config.architect
    wanted = {s.vision_label: LABEL_COLORS["vision"],
              s.in_progress_label: LABEL_COLORS["in-progress"],
              s.backlog_label: LABEL_COLORS["backlog"]}
    existing = {label.name for label in forge.list_labels(config.repo)}
    for name, color in wanted.items():
        if name in existing:
            out(f"{config.repo}: label '{name}' exists")
            continue
        try:
            forge.create_label(config.repo, name=name, color=color)
            out(f"{config.repo}: created label '{name}'")
        except ForgePermissionError as exc:
            problems.append(f"{config.repo}: cannot create label '{name}': {exc}")
    if webhook_url:
        problems += _hooks(forge, config, secrets, webhook_url, out)
    return problems


def _hooks(forge: Forge, config: ProjectConfig, secrets: Secrets, url: str,
           out: Callable[[str], None]) -> list[str]:
    if secrets.webhook_secret is None:
        return ["ARCHITECT_WEBHOOK_SECRET is not set: webhooks need a shared secret"]
    problems: list[str] = []
    for repo in (config.repo, config.ops_repo):
        try:
            if any(h.config.get("url") == url for h in forge.list_hooks(repo)):
                out(f"{repo}: webhook to {url} exists")
                continue
            forge.create_hook(repo, url=url, secret=secrets.webhook_secret.reveal(),
                              events=WEBHOOK_EVENTS)
            out(f"{repo}: webhook to {url} registered")
        except ForgePermissionError as exc:
            problems.append(f"{repo}: cannot register a webhook (needs repo admin): {exc}")
    return problems
