"""The embedded Forgejo-compatible forge: the demo's server and the suite's test double.

::

    forge = EmbeddedForge()
    client = httpx.Client(transport=httpx.WSGITransport(app=forge.wsgi),
                          base_url="http://forge.test")        # in-process
    url = forge.start()                                       # or a real socket
    ...
    forge.stop()

It speaks the Forgejo API v1 as `docs/forgejo-behaviour.md` describes the real
server (status codes, pagination, error bodies, review states, webhooks).
Seed it through the HTTP API (`architect.emulator.setup.ForgeSetup`), exactly
as one would seed a real Forgejo.
"""

from __future__ import annotations

import copy
import secrets
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

import httpx

from architect.emulator.app import ForgeApp
from architect.emulator.quiet_server import make_quiet_server
from architect.emulator.store import Settings, State, Store, Token, User, hash_secret
from architect.emulator.webhooks import Deliverer, Delivery

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication
    from werkzeug.serving import BaseWSGIServer

__all__ = ["EmbeddedForge", "Settings"]


class EmbeddedForge:
    """One forge: its state, its WSGI app, and optionally a threaded HTTP server."""

    def __init__(
        self,
        admin_token: str | None = None,
        *,
        admin_login: str = "forge-admin",
        clock: Callable[[], datetime] | None = None,
        data_file: Path | None = None,
        webhook_transport: httpx.BaseTransport | None = None,
        settings: Settings | None = None,
        state: State | None = None,
    ) -> None:
        """`state`: what the forge starts with, taken over (`copy` gives one)."""
        self._data_file = data_file
        if data_file is not None and data_file.exists():
            self._store = Store.load(data_file, clock, settings)
        else:
            self._store = Store(clock, state=state, settings=settings)
        self.admin_token = admin_token or secrets.token_hex(20)
        self.admin_login = admin_login
        self._ensure_admin(admin_login)
        self._deliverer = Deliverer(webhook_transport)
        self._app = ForgeApp(self._store, self._deliverer, on_change=self._save)
        self.wsgi = self._app
        self.url: str | None = None
        self._server: BaseWSGIServer | None = None
        self._thread: threading.Thread | None = None
        self._save()

    def copy(self, clock: Callable[[], datetime] | None = None) -> EmbeddedForge:
        """A new forge with a copy of this one's state, its admin and its settings (no data
        file, no server): seeded once, a suite's forge is copied for each test, which
        costs a millisecond where seeding it through the API costs twenty."""
        with self._store.lock:
            state = copy.deepcopy(self._store.state)
        return EmbeddedForge(self.admin_token, admin_login=self.admin_login, clock=clock,
                             settings=self._store.settings, state=state)

    def _ensure_admin(self, login: str) -> None:
        """The site admin and its token, made directly (like `forgejo admin user create`)."""
        store = self._store
        with store.lock:
            admin = store.user_by_login(login)
            if admin is None:
                admin = User(
                    id=store.next_id("user"),
                    login=login,
                    email=f"{login}@forge.localhost",
                    # Nobody knows this password: the admin signs in with its token.
                    password_hash=hash_secret(secrets.token_hex(16)),
                    created=store.now(),
                    is_admin=True,
                )
                store.add_user(admin)
            if store.token(self.admin_token) is None:
                store.add_token(
                    Token(
                        id=store.next_id("token"),
                        user_id=admin.id,
                        name=f"admin-{store.state.sequences.get('token', 0) + 1}",
                        token_hash=hash_secret(self.admin_token),
                        last_eight=self.admin_token[-8:],
                        scopes=["all"],
                        created=store.now(),
                    )
                )
            store.touch()

    def _save(self) -> None:
        if self._data_file is not None:
            with self._store.lock:
                self._store.save(self._data_file)

    # -- the socket server --------------------------------------------------------------
    def start(self, host: str = "127.0.0.1", port: int = 0,
              app: WSGIApplication | None = None) -> str:
        """Serve on a thread; returns the root URL, e.g. ``http://127.0.0.1:40123``.

        `app`: what answers instead of the forge's own app (the GitHub dialect, which
        passes everything outside /api/v3 on to it)."""
        if self._server is not None:
            raise RuntimeError("the forge is already started")
        server = make_quiet_server(host, port, app or self.wsgi)
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": 0.1},
            name="forge-http",
            daemon=True,
        )
        self._thread.start()
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{server.server_port}"
        return self.url

    def stop(self) -> None:
        """Stop serving, finish pending webhook deliveries, and save the data file."""
        server, thread = self._server, self._thread
        if server is not None:
            server.shutdown()
            server.server_close()
        if thread is not None:
            thread.join(timeout=5)
        self._server = self._thread = None
        self.url = None
        self._deliverer.close()
        self._save()

    def __enter__(self) -> EmbeddedForge:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- webhooks ---------------------------------------------------------------------------
    def wait_for_deliveries(self, timeout: float = 5.0) -> bool:
        """Block until every webhook delivery queued so far was attempted; False on timeout."""
        return self._deliverer.wait(timeout)

    @property
    def deliveries(self) -> list[Delivery]:
        """Every delivery attempted so far (refused ones included), oldest first."""
        return list(self._deliverer.deliveries)
