"""Seeding a forge through its HTTP API, exactly as one would seed a real Forgejo.

`http` is an `httpx.Client` whose base URL is the forge root (no ``/api/v1``):
the embedded forge in-process (``httpx.WSGITransport(app=forge.wsgi)``), over a
socket, or a real server.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

import httpx

DEFAULT_PASSWORD = "forge-Pa55word"


class ForgeSetupError(RuntimeError):
    """A seeding request failed; the message names the request and the forge's answer."""


class ForgeSetup:
    def __init__(self, http: httpx.Client, admin_token: str) -> None:
        self._http = http
        self._admin = admin_token

    def _call(
        self,
        method: str,
        path: str,
        *,
        token: str | None = None,
        basic: tuple[str, str] | None = None,
        json: Any = None,
        ok: tuple[int, ...] = (200, 201, 204),
    ) -> httpx.Response:
        headers = {} if basic else {"Authorization": f"token {token or self._admin}"}
        response = self._http.request(
            method, f"/api/v1{path}", headers=headers, auth=basic, json=json
        )
        if response.status_code not in ok:
            try:
                message = response.json().get("message", "")
            except ValueError:
                message = response.text[:200]
            raise ForgeSetupError(f"{method} {path}: {response.status_code} {message}")
        return response

    # -- users and repositories ---------------------------------------------------------
    def create_user(
        self,
        login: str,
        *,
        password: str = DEFAULT_PASSWORD,
        admin: bool = False,
        scopes: Sequence[str] = ("all",),
    ) -> str:
        """Create the account and a token for it (basic auth, as the user); returns the token."""
        self._call(
            "POST",
            "/admin/users",
            json={
                "username": login,
                "email": f"{login}@example.test",
                "password": password,
                "must_change_password": False,
            },
        )
        if admin:
            self._call("PATCH", f"/admin/users/{login}", json={"admin": True})
        token = self._call(
            "POST",
            f"/users/{login}/tokens",
            basic=(login, password),
            json={"name": f"{login}-token", "scopes": list(scopes)},
        )
        secret: str = token.json()["sha1"]
        return secret

    def create_repo(
        self,
        owner: str,
        name: str,
        *,
        private: bool = False,
        default_branch: str = "main",
        auto_init: bool = True,
    ) -> None:
        """A repository with a README.md on `default_branch`; empty without `auto_init`."""
        self._call(
            "POST",
            f"/admin/users/{owner}/repos",
            json={
                "name": name,
                "private": private,
                "auto_init": auto_init,
                "default_branch": default_branch,
            },
        )

    def add_collaborator(self, repo: str, login: str, permission: str = "write") -> None:
        self._call("PUT", f"/repos/{repo}/collaborators/{login}", json={"permission": permission})

    # -- issues -----------------------------------------------------------------------------
    def create_label(self, repo: str, name: str, color: str) -> int:
        label = self._call("POST", f"/repos/{repo}/labels", json={"name": name, "color": color})
        label_id: int = label.json()["id"]
        return label_id

    def label_ids(self, repo: str, names: Sequence[str]) -> list[int]:
        labels = self._call("GET", f"/repos/{repo}/labels").json()
        by_name = {lab["name"]: lab["id"] for lab in labels}
        missing = [n for n in names if n not in by_name]
        if missing:
            raise ForgeSetupError(f"no such label in {repo}: {', '.join(missing)}")
        return [by_name[n] for n in names]

    def create_issue(
        self,
        repo: str,
        title: str,
        body: str,
        *,
        labels: Sequence[str] = (),
        token: str | None = None,
    ) -> int:
        """A new issue (label names resolved to ids); returns its number."""
        payload: dict[str, Any] = {"title": title, "body": body}
        if labels:
            payload["labels"] = self.label_ids(repo, labels)
        issue = self._call("POST", f"/repos/{repo}/issues", token=token, json=payload).json()
        number: int = issue["number"]
        if set(labels) - {lab["name"] for lab in issue["labels"]}:
            # The forge drops a non-writer's labels: add them as the admin.
            self._call(
                "POST", f"/repos/{repo}/issues/{number}/labels", json={"labels": list(labels)}
            )
        return number

    def edit_issue(
        self,
        repo: str,
        number: int,
        *,
        token: str,
        title: str | None = None,
        body: str | None = None,
        state: str | None = None,
        assignees: Sequence[str] | None = None,
    ) -> None:
        changes: dict[str, object] = {
            k: v for k, v in (("title", title), ("body", body), ("state", state)) if v is not None
        }
        if assignees is not None:
            changes["assignees"] = list(assignees)
        self._call("PATCH", f"/repos/{repo}/issues/{number}", token=token, json=changes)

    def comment(self, repo: str, number: int, body: str, *, token: str) -> int:
        reply = self._call(
            "POST", f"/repos/{repo}/issues/{number}/comments", token=token, json={"body": body}
        )
        comment_id: int = reply.json()["id"]
        return comment_id

    def review(self, repo: str, number: int, event: str, body: str, *, token: str) -> int:
        reply = self._call(
            "POST",
            f"/repos/{repo}/pulls/{number}/reviews",
            token=token,
            json={"event": event, "body": body},
        )
        review_id: int = reply.json()["id"]
        return review_id

    # -- files ---------------------------------------------------------------------------------
    def put_file(self, repo: str, path: str, text: str, branch: str = "main") -> None:
        """Create or update `path` on `branch` (the branch is made from the default if missing)."""
        content = base64.b64encode(text.encode()).decode()
        payload: dict[str, Any] = {"content": content, "branch": branch}
        exists = self._call("GET", f"/repos/{repo}/branches/{branch}", ok=(200, 404))
        if exists.status_code == 404:
            meta = self._call("GET", f"/repos/{repo}").json()
            payload.update({"branch": meta["default_branch"], "new_branch": branch})
        url = f"/repos/{repo}/contents/{quote(path)}"
        current = self._http.get(
            f"/api/v1{url}",
            params={"ref": payload["branch"]},
            headers={"Authorization": f"token {self._admin}"},
        )
        if current.status_code == 200 and isinstance(current.json(), dict):
            payload["sha"] = current.json()["sha"]
            self._call("PUT", url, json=payload)
        else:
            self._call("POST", url, json=payload)
