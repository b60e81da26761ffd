"""What `architect init` proves about a setup before any tick pays for a model.

Each check reads the forge (or makes a write the forge refuses for its empty
body, after it checked the token's scope and the account's right: see
`ForgeClient.probe_write`), and records problems as single lines that say what
is wrong and the fix, worded by `setup_lines` as a tick's preconditions are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from architect.config import ProjectConfig, Secrets
from architect.core.dashboard import is_dashboard
from architect.core.setup_lines import (
    WRITES,
    Collection,
    empty_repo_line,
    missing_branch_line,
    missing_label_line,
    missing_repo_line,
    reviewer_line,
    second_dashboard_line,
    steering_token_line,
    unwritable_line,
    wanted_labels,
)
from architect.core.sprint import PARKED_LABEL
from architect.core.steering import Steering
from architect.errors import (
    ArchitectError,
    ConfigError,
    ForgeNotFound,
    ForgePermissionError,
    ForgeRepoEmpty,
    ForgeRepoMissing,
    RunnerFailed,
    RunnerUnavailable,
)
from architect.forge.github import GitHubClient
from architect.forge.github_app import APP_ID_ENV, REPOSITORY_PERMISSIONS
from architect.forge.models import Issue, Repository, User
from architect.forge.protocol import Forge
from architect.runners.base import ProvesModel, Runner
from architect.secrets import GITHUB_TOKEN_ENV
from architect.shell.dashboard import LABEL_COLOR as DASHBOARD_COLOR
from architect.shell.dashboard import find

Say = Callable[[str], None]
LABEL_COLORS = ("5319e7", "fbca04", "0e8a16")  # vision, in-progress, backlog
PARKED_COLOR = "c5def5"


@dataclass
class Findings:
    """Problems (each one line: what is wrong, then the fix) and what was proved."""

    problems: list[str] = field(default_factory=list)
    proved: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # not blocking, but likely wrong

    def add(self, problem: str | None) -> None:
        if problem:
            self.problems.append(problem)


# -- the checks (imperative shell) ---------------------------------------------------


def check_repos(forge: Forge, config: ProjectConfig, bot: User,
                found: Findings) -> dict[str, Repository]:
    """Both repos: they exist, have a commit, and have `primary_branch`."""
    repos: dict[str, Repository] = {}
    for name in config.repos:
        try:
            repo = forge.get_repo(name)
        except ForgeNotFound:
            found.add(missing_repo_line(name, config.forge_url, bot.login))
            continue
        repos[name] = repo
        if repo.empty:
            found.add(empty_repo_line(name))
            continue
        if forge.get_branch(name, config.primary_branch) is None:
            found.add(missing_branch_line(name, config.primary_branch,
                                          forge.list_branches(name)))
            continue
        found.proved.append(f"{name}: exists, branch '{config.primary_branch}'")
    return repos


def check_writes(forge: Forge, config: ProjectConfig, bot: User,
                 repos: dict[str, Repository], found: Findings, *,
                 filer: Forge | None = None) -> None:
    """The token really writes where the architect writes: issues on both, code on ops.

    With a filer token (FORGE_FILER_TOKEN), the filer writes on the project repo.
    """
    wanted: list[tuple[str, Collection]] = [
        (config.repo, "labels"), (config.ops_repo, "labels"), (config.ops_repo, "branches")]
    for repo, collection in dict.fromkeys(wanted):
        if repo not in repos or repos[repo].empty:
            continue  # already reported; an empty repo refuses a branch for that reason
        writer, login = forge, bot.login
        if filer is not None and repo == config.repo:
            writer, login = filer, filer.current_user().login
        try:
            writer.probe_write(repo, collection)
        except ForgePermissionError as exc:
            found.add(unwritable_line(repo, collection, login, str(exc)))
        except ForgeRepoEmpty:
            found.add(empty_repo_line(repo))
        else:
            found.proved.append(f"{repo}: the token writes {WRITES[collection][1]}")


def check_github(forge: GitHubClient, config: ProjectConfig, secrets: Secrets,
                 repos: dict[str, Repository], found: Findings) -> None:
    """What GitHub asks besides issues and contents: the right to open pull requests on
    the ops repo, and an App installed on both repos, in the one installation its token
    covers. With both an App and a token set, the App is used: said as a warning."""
    if config.ops_repo in repos and not repos[config.ops_repo].empty:
        try:
            forge.probe_pull_write(config.ops_repo)
        except ForgePermissionError as exc:
            wanted = dict(REPOSITORY_PERMISSIONS)["Pull requests"]
            found.add(f"{config.ops_repo}: the architect may not open pull requests there: "
                      f"{exc} Give it \"Pull requests: {wanted}\" (docs/github.md).")
        else:
            found.proved.append(f"{config.ops_repo}: the token opens pull requests")
    app = forge.app
    if app is None:
        return
    if secrets.forge_token is not None or secrets.github_token is not None:
        found.warnings.append(
            f"both a GitHub App ({APP_ID_ENV}) and an access token "
            f"({secrets.forge_token_env or GITHUB_TOKEN_ENV}) are set: the App is used, the "
            "token is not; unset the one you do not mean")
    mine = app.current_installation()
    for repo in config.repos:
        found_on = app.installation_on(repo)
        if found_on is None:
            found.add(f"{repo}: the GitHub App is not installed there: install it on both "
                      f"repos (the App's page → Install App → Only select repositories)")
        elif found_on != mine:
            found.add(f"{repo}: the GitHub App is installed there by another installation "
                      f"(#{found_on}, not #{mine}); one token covers one installation: install "
                      "the App once, on both repos (same owner)")
        else:
            found.proved.append(f"{repo}: the GitHub App is installed (installation #{mine})")


def check_labels(forge: Forge, config: ProjectConfig, repos: dict[str, Repository], *,
                 create: bool, found: Findings, say: Say) -> None:
    """The labels of the project repo, then of the ops repo if it exists (`repos`: a missing
    one is reported already, and its labels would answer a bare 404)."""
    wanted = dict(zip(wanted_labels(config), LABEL_COLORS, strict=True))
    _check_labels(forge, config.repo, wanted, create=create, found=found, say=say)
    if config.ops_repo in repos:
        # The sprint PRs live on the ops repo: so does the label that parks one.
        ops_labels = {PARKED_LABEL: PARKED_COLOR}
        if create and config.architect.dashboard:
            # init makes what the first tick would; --check does not ask for it, since the
            # tick creates it with the dashboard.
            ops_labels[config.architect.dashboard_label] = DASHBOARD_COLOR.lstrip("#")
        _check_labels(forge, config.ops_repo, ops_labels, create=create, found=found, say=say)


def _check_labels(forge: Forge, repo: str, wanted: dict[str, str], *, create: bool,
                  found: Findings, say: Say) -> None:
    existing = {label.name for label in forge.list_labels(repo)}
    for name, color in wanted.items():
        if name in existing:
            continue
        if not create:
            found.add(missing_label_line(repo, name))
            continue
        try:
            forge.create_label(repo, name=name, color=color)
            say(f"{repo}: created label '{name}'")
        except ForgePermissionError as exc:
            found.add(f"{repo}: cannot create label '{name}': {exc}")


def check_steering(forge: Forge, config: ProjectConfig, me: User, found: Findings) -> None:
    """Who may steer, said in full (with `reviewers` empty it is the ops repo's writers whose
    login matches none of `bot_accounts`), each listed reviewer proved to write on the ops
    repo, and a warning when the token's own account would steer: a person's, by the same
    rule a tick judges comments with (`Steering.may_steer`)."""
    s = config.architect
    writers = frozenset(u.login for u in forge.list_assignees(config.ops_repo))
    for login in s.reviewers:
        if login in writers:
            found.proved.append(f"reviewer '{login}' writes on {config.ops_repo}")
            continue
        exists = forge.get_user(login) is not None
        found.add(reviewer_line(login, config.ops_repo, writers, exists=exists))
    judge = Steering(bot_login=me.login, reviewers=frozenset(s.reviewers),
                     bot_patterns=s.bot_account_globs,
                     writers=None if s.reviewers else writers)
    if not s.reviewers:
        steer = judge.steerers()
        if steer:
            found.proved.append(
                f"who may steer: {', '.join('@' + login for login in steer)} (writers on "
                f"{config.ops_repo}; set `reviewers` to choose others)")
        else:
            found.warnings.append(
                f"nobody may steer: {config.ops_repo} has no writer but bots; give a person "
                "write access there, or list the people in `reviewers`")
    as_another = Steering(bot_login="", reviewers=frozenset(s.reviewers),
                          bot_patterns=s.bot_account_globs,
                          writers=None if s.reviewers else writers)
    if not as_another.may_steer(me.login):
        found.proved.append(f"@{me.login} is a bot account: its comments never steer")
        return
    why = ("listed in `reviewers`" if s.reviewers else
           f"writes on {config.ops_repo} and its name matches none of `bot_accounts`")
    found.warnings.append(steering_token_line(me.login, why))


def check_dashboard(forge: Forge, config: ProjectConfig, me: User,
                    found: Findings) -> Issue | None:
    """The project's dashboard kept by this token's account; a problem when another account
    keeps it, since a tick with this token would create a second one."""
    mine = find(forge, config, me)
    if mine is not None:
        return mine
    label = config.architect.dashboard_label
    if label not in {lab.name for lab in forge.list_labels(config.ops_repo)}:
        return None  # no dashboard can carry it (and the forge would drop the filter)
    others = [i for i in forge.list_issues(config.ops_repo, state="all", type="issues",
                                           labels=[label])
              if i.user.login != me.login and is_dashboard(i.body, config.name)]
    if others:
        other = min(others, key=lambda i: (i.state != "open", i.number))
        found.add(second_dashboard_line(config.ops_repo, other.number, other.user.login,
                                        me.login))
    return None


def check_hooks(forge: Forge, config: ProjectConfig, bot: User, url: str, *,
                create: Callable[[str], None] | None, found: Findings,
                events: Sequence[str] = ()) -> None:
    """Each repo has an active hook to `url`, with `events`; `create` registers a missing
    one."""
    for repo in config.repos:
        try:
            hooks = [h for h in forge.list_hooks(repo) if h.config.get("url") == url]
        except ForgePermissionError:
            found.add(f"{repo}: @{bot.login} may not read its webhooks: "
                      "webhooks need admin access to the repo")
            continue
        if any(h.active for h in hooks):
            have = sorted({e for h in hooks if h.active for e in h.events})
            missing = [e for e in events if e not in have]
            found.proved.append(f"{repo}: webhook to {url}" +
                                (f" (events: {', '.join(have)})" if events else ""))
            if missing:
                found.add(f"{repo}: the webhook to {url} does not send {', '.join(missing)}: "
                          "tick them in its Settings → Webhooks")
        elif hooks:
            found.add(f"{repo}: the webhook to {url} is inactive: tick 'Active' in its "
                      "Settings → Webhooks")
        elif create is None:
            found.add(f"{repo}: no webhook to {url}: run `architect init --webhook-url {url}`")
        else:
            create(repo)


def check_model(kind: str, runner: Callable[[], Runner]) -> str | None:
    """The runner is ready and, where it can prove it free of charge, its model answers:
    the provider's model endpoint for the API runners, the CLI's login for claude-cli.
    One line naming the problem and its fix, or None."""
    try:
        built = runner()
        if isinstance(built, ProvesModel):
            built.prove_model()  # begins with check_ready itself
        else:
            built.check_ready()
    except (ConfigError, RunnerUnavailable, RunnerFailed) as exc:
        return f"model runner '{kind}' is not ready: {exc}"
    return None


def missing_repo(forge: Forge, config: ProjectConfig) -> ArchitectError | None:
    """After a 404 in a tick: a configured repo that is missing is a configuration error."""
    for name in config.repos:
        try:
            forge.get_repo(name)
        except ForgeRepoMissing:
            try:
                login: str | None = forge.current_user().login
            except ConfigError as exc:  # forge_url is no API root: that explains every 404
                return exc
            except ArchitectError:  # a token without read:user: the repo is missing all the same
                login = None
            return ForgeRepoMissing(missing_repo_line(name, config.forge_url, login),
                                    status=404, method="GET", path=f"/repos/{name}")
        except ArchitectError:
            return None
    return None
