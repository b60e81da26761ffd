"""`architect init`'s checks (app/setup_check.py), each run on the embedded forge: what is
proved, warned and refused, in the words `init` prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.app.setup_check import (
    Findings,
    check_dashboard,
    check_hooks,
    check_labels,
    check_model,
    check_repos,
    check_steering,
    check_writes,
    missing_repo,
)
from architect.errors import RunnerUnavailable
from architect.runners.offline import OfflinePlanner
from tests.world import BASE, BOT, OPS, PROJECT, World, make_world


def _steering(world: World) -> Findings:
    found = Findings()
    check_steering(world.bot, world.config, world.bot.current_user(), found)
    assert found.problems == []
    return found


def test_with_reviewers_empty_init_names_who_may_steer(tmp_path: Path) -> None:
    found = _steering(make_world(tmp_path))
    # The ops repo's writers but the bots (architect-bot itself, deploy-bot by `*-bot`).
    assert (f"who may steer: @acme, @alice, @bob (writers on {OPS}; set `reviewers` to "
            "choose others)") in found.proved


def test_with_reviewers_set_each_is_proved_and_no_writer_list_is_printed(
        tmp_path: Path) -> None:
    found = _steering(make_world(tmp_path, reviewers=("alice",)))
    assert f"reviewer 'alice' writes on {OPS}" in found.proved
    assert not any("who may steer" in line for line in found.proved)


def test_when_every_writer_is_a_bot_init_warns_that_nobody_may_steer(tmp_path: Path) -> None:
    found = _steering(make_world(tmp_path, extra='bot_accounts = ["*"]'))
    assert not any("who may steer" in line for line in found.proved)
    assert (f"nobody may steer: {OPS} has no writer but bots; give a person write access "
            "there, or list the people in `reviewers`") in found.warnings


def test_a_reviewer_who_cannot_write_on_the_ops_repo_is_a_problem(tmp_path: Path) -> None:
    world = make_world(tmp_path, reviewers=("alice", "stranger"))
    found = Findings()
    check_steering(world.bot, world.config, world.bot.current_user(), found)
    assert f"reviewer 'alice' writes on {OPS}" in found.proved
    assert len(found.problems) == 1 and "'stranger'" in found.problems[0]


def test_the_bots_own_account_is_proved_never_to_steer(tmp_path: Path) -> None:
    found = _steering(make_world(tmp_path))
    assert f"@{BOT} is a bot account: its comments never steer" in found.proved


def test_a_token_of_a_person_who_may_steer_is_warned_about(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    found = Findings()
    alice = world.client("alice")
    check_steering(alice, world.config, alice.current_user(), found)
    assert len(found.warnings) == 1 and "@alice" in found.warnings[0]


def test_both_repos_with_their_branch_are_proved(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    found = Findings()
    repos = check_repos(world.bot, world.config, world.bot.current_user(), found)
    assert set(repos) == {PROJECT, OPS} and found.problems == []
    assert found.proved == [f"{PROJECT}: exists, branch 'main'", f"{OPS}: exists, branch 'main'"]


def test_a_missing_repo_an_empty_one_and_a_missing_branch_are_one_line_each(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.create_repo("acme", "blank", auto_init=False)
    world.setup.create_repo("acme", "trunk", default_branch="trunk")
    found = Findings()
    for repo, branch in (("acme/nowhere", "main"), ("acme/blank", "main"),
                         ("acme/trunk", "main")):
        config = world.config.model_copy(update={"repo": repo, "primary_branch": branch})
        check_repos(world.bot, config, world.bot.current_user(), found)
    nowhere, blank, trunk = (p for p in found.problems if not p.startswith(OPS))
    assert nowhere.startswith(f"acme/nowhere: no such repository on {BASE}, or @{BOT} cannot")
    assert blank.startswith("acme/blank: the repository is empty")
    assert trunk == ("acme/trunk: no branch 'main' (primary_branch); its branches: 'trunk': "
                     "set primary_branch = \"trunk\" in the project file, or create 'main'")


def test_the_token_is_proved_to_write_issues_on_both_repos_and_code_on_ops(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    found = Findings()
    me = world.bot.current_user()
    check_writes(world.bot, world.config, me, check_repos(world.bot, world.config, me, found),
                 found)
    assert found.problems == []
    writes = [line for line in found.proved if "the token writes" in line]
    assert [line.split(":")[0] for line in writes] == [PROJECT, OPS, OPS]


def test_a_reader_token_cannot_write_and_is_told_so(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    stranger = world.client("stranger")
    found = Findings()
    me = stranger.current_user()
    check_writes(stranger, world.config, me, check_repos(stranger, world.config, me, found),
                 found)
    assert len(found.problems) == 3
    assert all("@stranger" in line for line in found.problems)


def test_missing_labels_are_reported_by_check_and_created_by_init(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.create_repo("acme", "fresh")
    world.setup.add_collaborator("acme/fresh", BOT, "write")
    config = world.config.model_copy(update={"repo": "acme/fresh"})
    repos = {r: world.bot.get_repo(r) for r in config.repos}
    said: list[str] = []
    found = Findings()
    check_labels(world.bot, config, repos, create=False, found=found, say=said.append)
    assert found.problems == [
        f"acme/fresh: label '{name}' is missing: run `architect init` to create it"
        for name in ("vision", "in-progress", "backlog")]
    assert said == []

    found = Findings()
    check_labels(world.bot, config, repos, create=True, found=found, say=said.append)
    assert found.problems == []
    assert said[:3] == [f"acme/fresh: created label '{name}'"
                        for name in ("vision", "in-progress", "backlog")]
    assert {"vision", "in-progress", "backlog"} <= {
        label.name for label in world.bot.list_labels("acme/fresh")}


def test_a_label_the_token_may_not_create_is_a_problem_naming_it(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.create_repo("acme", "fresh")
    config = world.config.model_copy(update={"repo": "acme/fresh"})
    repos = {r: world.bot.get_repo(r) for r in config.repos}
    found = Findings()
    check_labels(world.bot, config, repos, create=True, found=found, say=lambda _: None)
    assert [line.split(":")[0:2] for line in found.problems] == [
        ["acme/fresh", f" cannot create label '{name}'"]
        for name in ("vision", "in-progress", "backlog")]


def test_no_webhook_is_a_line_naming_the_command_that_registers_it(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    found = Findings()
    url = "http://architect.test/hook"
    owner = world.client("acme")  # webhooks need admin access
    check_hooks(owner, world.config, owner.current_user(), url, create=None, found=found)
    assert found.problems == [
        f"{repo}: no webhook to {url}: run `architect init --webhook-url {url}`"
        for repo in (PROJECT, OPS)]


def test_a_missing_webhook_is_created_when_init_may_write(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    created: list[str] = []
    found = Findings()
    owner = world.client("acme")
    check_hooks(owner, world.config, owner.current_user(), "http://a.test/h",
                create=created.append, found=found)
    assert created == [PROJECT, OPS] and found.problems == []


def test_a_writer_who_may_not_read_the_hooks_is_told_they_need_admin(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    found = Findings()
    check_hooks(world.bot, world.config, world.bot.current_user(), "http://a.test/h",
                create=None, found=found)
    assert found.problems == [f"{repo}: @{BOT} may not read its webhooks: webhooks need admin "
                              "access to the repo" for repo in (PROJECT, OPS)]


def test_an_active_hook_missing_events_and_an_inactive_one_are_named(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    owner = world.client("acme")
    url = "http://a.test/h"
    owner.create_hook(PROJECT, url=url, secret="s3cret", events=("issues",))
    found = Findings()
    check_hooks(owner, world.config, owner.current_user(), url, create=None, found=found,
                events=("issues", "pull_request"))
    # Forgejo lists "issues" expanded into its parts: the line shows what the forge said.
    assert any(line.startswith(f"{PROJECT}: webhook to {url} (events: ") and "issues" in line
               for line in found.proved)
    assert (f"{PROJECT}: the webhook to {url} does not send pull_request: tick them in its "
            "Settings → Webhooks") in found.problems


def test_the_model_check_says_which_runner_is_not_ready_and_why() -> None:
    def unavailable() -> OfflinePlanner:
        raise RunnerUnavailable("ANTHROPIC_API_KEY is not set")

    assert check_model("offline", OfflinePlanner) is None
    assert check_model("anthropic", unavailable) == (
        "model runner 'anthropic' is not ready: ANTHROPIC_API_KEY is not set")


def test_without_a_dashboard_there_is_nothing_to_find(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    found = Findings()
    assert check_dashboard(world.bot, world.config, world.bot.current_user(), found) is None
    assert found.problems == []


def test_a_dashboard_kept_by_another_account_is_a_problem(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.tick()  # the bot's first tick creates the dashboard
    found = Findings()
    alice = world.client("alice")
    assert check_dashboard(alice, world.config, alice.current_user(), found) is None
    assert len(found.problems) == 1 and f"@{BOT}" in found.problems[0]
    mine = check_dashboard(world.bot, world.config, world.bot.current_user(), Findings())
    assert mine is not None and mine.user.login == BOT


@pytest.mark.parametrize("repo", [PROJECT, OPS])
def test_after_a_404_a_missing_configured_repo_is_the_configuration_error(
        tmp_path: Path, repo: str) -> None:
    world = make_world(tmp_path)
    assert missing_repo(world.bot, world.config) is None
    key = "repo" if repo == PROJECT else "ops_repo"
    config = world.config.model_copy(update={key: "acme/gone"})
    error = missing_repo(world.bot, config)
    assert error is not None
    assert str(error).startswith(f"acme/gone: no such repository on {BASE}, or @{BOT}")

