"""`architect init`: prove that a tick can succeed, and (unless `--check`) create what is missing.

`init` creates the labels and, with `--webhook-url`, the webhooks; `init
--check` writes nothing and reports them instead. Everything else is proved,
never assumed: see `setup_check`.
"""

from __future__ import annotations

from collections.abc import Callable

from architect.app.setup_check import (
    Findings,
    Say,
    check_dashboard,
    check_github,
    check_hooks,
    check_labels,
    check_repos,
    check_steering,
    check_writes,
)
from architect.config import ProjectConfig, Secrets
from architect.errors import ForgePermissionError
from architect.forge.github import GITHUB_HOOK_EVENTS, GitHubClient
from architect.forge.models import User
from architect.forge.protocol import Forge

WEBHOOK_EVENTS = ("issues", "issue_comment", "pull_request", "pull_request_review",
                  "pull_request_comment")


def prove_setup(forge: Forge, config: ProjectConfig, secrets: Secrets, *,
                webhook_url: str | None, write: bool, runner_ready: Callable[[], str | None],
                filer: Forge | None = None, say: Say = print) -> Findings:
    """Every problem that would make a tick fail, one line each; creates labels and hooks
    when `write`."""
    found = Findings()
    me = forge.current_user()
    say(f"token of @{me.login} on {config.forge_url}")
    repos = check_repos(forge, config, me, found)
    check_writes(forge, config, me, repos, found, filer=filer)
    if isinstance(forge, GitHubClient):
        check_github(forge, config, secrets, repos, found)
    if config.repo in repos and not repos[config.repo].empty:
        check_labels(forge, config, repos, create=write and not found.problems, found=found,
                     say=say)
    if config.ops_repo in repos:
        check_steering(forge, config, me, found)
    not_ready = runner_ready()
    found.add(not_ready)
    if not_ready is None:
        found.proved.append(f"model runner '{config.architect.model}' is ready")
    if webhook_url and len(repos) == len(config.repos):
        if secrets.webhook_secret is None:  # `loop --webhook` refuses to start without it
            found.add("ARCHITECT_WEBHOOK_SECRET is not set: webhooks need a shared secret; "
                      "set it in the environment")
        if not write or secrets.webhook_secret is not None:
            creator = _hook_creator(forge, secrets, webhook_url, found, say) if write else None
            # GitHub lists a hook's events by the names it was given; Forgejo expands
            # some (pull_request_review_approved …), so only GitHub's are held to a list.
            check_hooks(forge, config, me, webhook_url, create=creator, found=found,
                        events=GITHUB_HOOK_EVENTS if config.forge == "github" else ())
    if config.ops_repo in repos and not found.problems and config.architect.dashboard:
        _dashboard(forge, config, me, found, say)
    for line in found.proved:
        say(f"ok: {line}")
    return found


def _dashboard(forge: Forge, config: ProjectConfig, me: User, found: Findings,
               say: Say) -> None:
    # Created by the first tick, at its end, so that it shows what that tick did.
    issue = check_dashboard(forge, config, me, found)
    if found.problems:
        return
    if issue is None:
        say(f"{config.ops_repo}: the first tick creates the dashboard issue "
            f"'{config.architect.dashboard_title}'")
    else:
        say(f"{config.ops_repo}: dashboard #{issue.number}: {issue.html_url}")


def _hook_creator(forge: Forge, secrets: Secrets, url: str, found: Findings,
                  say: Say) -> Callable[[str], None]:
    secret = secrets.webhook_secret
    assert secret is not None

    def create(repo: str) -> None:
        try:
            forge.create_hook(repo, url=url, secret=secret.reveal(), events=WEBHOOK_EVENTS)
            say(f"{repo}: webhook to {url} registered")
        except ForgePermissionError:
            found.add(f"{repo}: cannot register a webhook: it needs admin access to the repo")

    return create
