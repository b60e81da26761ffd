"""The data file, the socket server and `serve_forever`."""

from __future__ import annotations

import _thread
import io
import json
import threading
import time
from pathlib import Path

import httpx
import pytest

from architect.emulator import EmbeddedForge
from architect.emulator.server import serve_forever
from architect.emulator.setup import ForgeSetup
from tests.deadlines import within


def _seed(http: httpx.Client, admin_token: str) -> str:
    setup = ForgeSetup(http, admin_token)
    token = setup.create_user("alice")
    setup.create_repo("alice", "proj")
    setup.create_label("alice/proj", "vision", "#ee0701")
    number = setup.create_issue("alice/proj", "A vision", "body", labels=("vision",), token=token)
    setup.comment("alice/proj", number, "hello", token=token)
    setup.put_file("alice/proj", "docs/a.md", "text\n", branch="feature")
    return token


def _seeded(data: Path) -> tuple[str, str]:
    """A forge seeded and stopped, its state in `data`: (admin token, alice's token)."""
    first = EmbeddedForge(data_file=data)
    with httpx.Client(
        transport=httpx.WSGITransport(app=first.wsgi), base_url="http://a.test"
    ) as http:
        token = _seed(http, first.admin_token)
    first.stop()
    return first.admin_token, token


def test_state_survives_a_restart_with_the_data_file(tmp_path: Path) -> None:
    data = tmp_path / "forge.json"
    admin, token = _seeded(data)
    assert data.exists() and [p.name for p in tmp_path.iterdir()] == ["forge.json"]
    assert token not in data.read_text()  # tokens are kept hashed

    again = EmbeddedForge(admin, data_file=data)
    headers = {"Authorization": f"token {token}"}
    with httpx.Client(
        transport=httpx.WSGITransport(app=again.wsgi), base_url="http://b.test"
    ) as http:
        issue = http.get("/api/v1/repos/alice/proj/issues/1", headers=headers).json()
        assert issue["title"] == "A vision" and issue["labels"][0]["name"] == "vision"
        assert issue["comments"] == 1
        content = http.get(
            "/api/v1/repos/alice/proj/contents/docs/a.md?ref=feature", headers=headers
        )
        assert content.status_code == 200
        created = http.post(
            "/api/v1/repos/alice/proj/issues", headers=headers, json={"title": "next"}
        )
        assert created.json()["number"] == 2
    again.stop()


def test_a_data_file_from_before_the_commit_people_still_loads(tmp_path: Path) -> None:
    """Commits saved before they had a committer and an author date of their own."""
    data = tmp_path / "forge.json"
    admin, token = _seeded(data)
    state = json.loads(data.read_text())
    for repo in state["repos"].values():
        for commit in repo["commits"].values():
            for key in ("committer", "committer_email", "authored"):
                del commit[key]
    data.write_text(json.dumps(state))
    again = EmbeddedForge(admin, data_file=data)
    headers = {"Authorization": f"token {token}"}
    with httpx.Client(
        transport=httpx.WSGITransport(app=again.wsgi), base_url="http://b.test"
    ) as http:
        got = http.get("/api/v1/repos/alice/proj/branches/feature", headers=headers)
        assert got.status_code == 200
        person = got.json()["commit"]["committer"]
        assert person["name"] == got.json()["commit"]["author"]["name"]
    again.stop()


def test_without_a_data_file_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    forge = EmbeddedForge()
    with httpx.Client(
        transport=httpx.WSGITransport(app=forge.wsgi), base_url="http://a.test"
    ) as http:
        _seed(http, forge.admin_token)
    forge.stop()
    assert list(tmp_path.iterdir()) == []


def test_start_serves_on_a_real_loopback_port() -> None:
    with EmbeddedForge() as forge:
        url = forge.start(port=0)
        assert url.startswith("http://127.0.0.1:") and forge.url == url
        with httpx.Client(base_url=url, trust_env=False) as http:
            token = _seed(http, forge.admin_token)
            me = http.get("/api/v1/user", headers={"Authorization": f"token {token}"}).json()
            assert me["login"] == "alice"
            assert me["html_url"] == f"{url}/alice"
    assert forge.url is None


class _Lines(io.StringIO):
    """Captures `serve_forever`'s output and notices when it is listening."""

    def __init__(self) -> None:
        super().__init__()
        self.ready = threading.Event()

    def flush(self) -> None:
        super().flush()
        if "Admin token:" in self.getvalue():
            self.ready.set()


def test_serve_forever_prints_its_address_and_stops_on_keyboard_interrupt(tmp_path: Path) -> None:
    out = _Lines()
    seen: dict[str, object] = {}

    def client() -> None:
        out.ready.wait(within(5))
        url = out.getvalue().splitlines()[0].rsplit(" ", 1)[-1]
        with httpx.Client(base_url=url, trust_env=False) as http:
            seen["version"] = http.get("/api/v1/version").status_code
        _thread.interrupt_main()

    helper = threading.Thread(target=client)
    helper.start()
    started = time.monotonic()
    serve_forever("127.0.0.1", 0, data_file=tmp_path / "f.json", admin_token="a" * 40, out=out)
    helper.join()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Embedded forge listening on http://127.0.0.1:")
    assert lines[1] == "Admin token: " + "a" * 40
    assert seen == {"version": 200}
    assert (tmp_path / "f.json").exists()
    assert time.monotonic() - started < within(5)  # stopped by the interrupt, not a timeout


def test_a_copy_holds_the_same_state_and_goes_its_own_way() -> None:
    seeded = EmbeddedForge()
    with httpx.Client(transport=httpx.WSGITransport(app=seeded.wsgi),
                      base_url="http://a.test") as http:
        token = _seed(http, seeded.admin_token)
    copy = seeded.copy()
    headers = {"Authorization": f"token {token}"}

    def client(forge: EmbeddedForge) -> httpx.Client:
        return httpx.Client(transport=httpx.WSGITransport(app=forge.wsgi),
                            base_url="http://b.test", headers=headers)

    with client(copy) as http:
        issue = http.get("/api/v1/repos/alice/proj/issues/1").json()
        assert issue["title"] == "A vision" and issue["comments"] == 1
        assert http.get("/api/v1/repos/alice/proj/contents/docs/a.md?ref=feature"
                        ).status_code == 200
        assert http.post("/api/v1/repos/alice/proj/issues",
                         json={"title": "only in the copy"}).json()["number"] == 2
        assert http.get("/api/v1/user", headers={
            "Authorization": f"token {copy.admin_token}"}).json()["is_admin"]
    with client(seeded) as http:  # the original never sees the copy's writes
        assert http.get("/api/v1/repos/alice/proj/issues/2").status_code == 404
        assert http.post("/api/v1/repos/alice/proj/issues",
                         json={"title": "only in the original"}).json()["number"] == 2
    with client(copy) as http:
        assert http.get("/api/v1/repos/alice/proj/issues/2").json()["title"] == (
            "only in the copy")
