"""`architect disable` told on the dashboard: its one write, best effort.

A disabled tick sends the forge nothing (DESIGN.md §5), so no render can say
"disabled"; the command itself edits the dashboard's status line once. The
forge may be down for the very maintenance the disable is for: one try, a short
timeout, and a problem is told in one line without undoing the disable. The
first tick after `architect enable` renders the dashboard whole again.
"""

from __future__ import annotations

from datetime import datetime

import httpx

from architect.app.status_notes import short
from architect.app.wiring import forge_client
from architect.config import ProjectConfig, Secrets
from architect.core.dashboard import disabled_body
from architect.errors import ArchitectError
from architect.forge.http import RetryPolicy, without_retry_promise
from architect.shell import dashboard

PATIENCE_S = 5.0  # seconds a request may take before the disable gives up on the dashboard


def tell_dashboard(config: ProjectConfig, secrets: Secrets, since: datetime, *,
                   transport: httpx.BaseTransport | None = None) -> str | None:
    """The dashboard's status line made to say "disabled since …": at most three requests
    (who the bot is, the dashboard, its edit; none with `dashboard = false`). None when it
    says so (or there is no open dashboard to say it on), else the problem in one line."""
    if not config.architect.dashboard:
        return None
    try:
        with forge_client(config, secrets, transport=transport, timeout=PATIENCE_S,
                          retry=RetryPolicy(attempts=1)) as forge:
            issue = dashboard.find(forge, config, forge.current_user())
            if issue is None or issue.state != "open":
                return None  # none yet, or closed by a person: nothing to say it on
            body = disabled_body(issue.body, short(since))
            if body is not None and body != issue.body.replace("\r\n", "\n"):
                forge.edit_issue(config.ops_repo, issue.number, body=body)
    except ArchitectError as exc:
        return without_retry_promise(str(exc))
    return None
