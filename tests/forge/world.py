"""An embedded forge seeded as a team would set it up, with a client for each side."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import httpx

from architect.emulator import EmbeddedForge
from architect.emulator.setup import ForgeSetup
from architect.forge.client import ForgeClient
from architect.forge.http import RetryPolicy

ROOT = "http://forge.test"
PROJECT = "acme/widgets"
OPS = "acme/widgets-ops"


def _no_sleep(seconds: float) -> None:
    raise AssertionError(f"the embedded forge should never make the client wait ({seconds} s)")


@dataclass
class World:
    forge: EmbeddedForge
    transport: httpx.BaseTransport
    setup: ForgeSetup
    bot: ForgeClient  # architect-bot: write access to both repos, admin of the ops repo
    human: ForgeClient  # acme: the owner, who reviews

    def client(self, token: str) -> ForgeClient:
        return client_on(self.transport, token)


def client_on(transport: httpx.BaseTransport, token: str) -> ForgeClient:
    return ForgeClient(ROOT, token, transport=transport, retry=RetryPolicy(sleep=_no_sleep))


Wrap = Callable[[httpx.BaseTransport], httpx.BaseTransport]


def make_world(wrap: Wrap | None = None) -> Iterator[World]:
    """The forge, two repos and two clients; `wrap` sees every request the clients send."""
    forge = EmbeddedForge()
    plain = httpx.WSGITransport(app=forge.wsgi)
    transport = wrap(plain) if wrap else plain
    with httpx.Client(transport=plain, base_url=ROOT) as http:
        setup = ForgeSetup(http, forge.admin_token)
        human_token = setup.create_user("acme")
        bot_token = setup.create_user("architect-bot")
        for repo in (PROJECT, OPS):
            setup.create_repo(*repo.split("/"))
        setup.add_collaborator(PROJECT, "architect-bot", "write")
        setup.add_collaborator(OPS, "architect-bot", "admin")
        bot, human = client_on(transport, bot_token), client_on(transport, human_token)
        world = World(forge, transport, setup, bot=bot, human=human)
        try:
            yield world
        finally:
            world.bot.close()
            world.human.close()
            forge.stop()
