"""Repository webhooks: who may manage them, the config they need, and what fires."""

from __future__ import annotations

from typing import Any

from architect.emulator.api_hooks import wants
from tests.emulator.conftest import REPO, Forge

HOOKS = f"/repos/{REPO}/hooks"
CONFIG = {"url": "http://127.0.0.1:9/in", "content_type": "json"}


def _create(world: Forge, who: str = "acme", **body: Any) -> Any:
    return world.call("POST", HOOKS, who, json={"type": "forgejo", "config": CONFIG, **body})


def test_only_a_repo_admin_manages_hooks(world: Forge) -> None:
    refused = _create(world, "alice")
    assert (refused.status_code, refused.json()["message"]) == (
        403, "user should be an owner or a site admin"
    )
    assert world.call("GET", HOOKS, "alice").status_code == 403
    assert world.call("GET", HOOKS, None).status_code == 401


def test_the_type_and_config_are_checked_in_forgejos_order(world: Forge) -> None:
    def message(**body: Any) -> tuple[int, str]:
        answer = world.call("POST", HOOKS, "acme", json=body)
        return answer.status_code, answer.json()["message"]

    assert message(config=CONFIG) == (422, "[Type]: Required")
    assert message(type="irc", config=CONFIG) == (422, "Invalid hook type: irc")
    assert message(type="forgejo") == (422, "[Config]: Required")
    assert message(type="forgejo", config={"url": CONFIG["url"]}) == (
        422, "Missing config option: content_type"
    )
    assert message(type="forgejo", config={**CONFIG, "content_type": "xml"}) == (
        422, "Invalid content type"
    )
    assert message(type="forgejo", config={**CONFIG, "url": "ftp://x"}) == (422, "Invalid url")


def test_a_hook_is_inactive_unless_asked_and_defaults_to_push(world: Forge) -> None:
    made = _create(world).json()
    assert made["active"] is False and made["events"] == ["push"]
    hook = world.repo().hooks[made["id"]]
    assert not wants(hook, "push")  # an inactive hook never fires
    active = world.repo().hooks[_create(world, active=True, events=["issues"]).json()["id"]]
    assert wants(active, "issue_comment") and not wants(active, "pull_request")


def test_a_chat_hook_is_accepted_but_never_fires(world: Forge) -> None:
    made = _create(world, type="slack", active=True, events=["issues"]).json()
    assert not wants(world.repo().hooks[made["id"]], "issues")


def test_get_list_and_delete_a_hook(world: Forge) -> None:
    hook_id = _create(world).json()["id"]
    assert world.get(f"{HOOKS}/{hook_id}", "acme")["config"]["url"] == CONFIG["url"]
    assert [h["id"] for h in world.get(HOOKS, "acme")] == [hook_id]
    assert world.call("DELETE", f"{HOOKS}/{hook_id}", "acme").status_code == 204
    assert world.call("GET", f"{HOOKS}/{hook_id}", "acme").status_code == 404
