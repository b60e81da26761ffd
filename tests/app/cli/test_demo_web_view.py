"""`architect demo --keep`: the closing lines name a sprint PR, and its page opens."""

from __future__ import annotations

import re
import signal
import subprocess

import httpx
import pytest

from tests.app.cli.conftest import ARCHITECT, read_until
from tests.deadlines import within
from tests.html_page import parse

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow


def test_the_demo_prints_the_sprint_pr_and_keeps_its_page_open() -> None:
    proc = subprocess.Popen([*ARCHITECT, "demo", "--keep"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        shown = read_until(proc, "Ctrl-C stops it")
        found = re.search(r"Sprint PR #(\d+).*in a browser:\n\s+(http://127\.0\.0\.1:\d+/\S+)",
                          shown)
        assert found, shown
        number, url = found[1], found[2]
        assert url.endswith(f"/pulls/{number}")

        response = httpx.get(url, timeout=10)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
        page = parse(response.status_code, response.text)
        assert "Due dates and reminders" in page.title
        comments = [k for k in page.text_by_id if k.startswith("issuecomment-")]
        assert len(comments) >= 4  # the questions, the answers, the filing
        assert "<!--" not in page.html
        index = parse(200, httpx.get(url.split("/demo/")[0] + "/", timeout=10).text)
        assert "demo/todo-ops" in index.text()

        board = re.search(r"planning state on the forge:\n\s+(http://127\.0\.0\.1:\d+/\S+)",
                          shown)
        assert board, shown
        dashboard = httpx.get(board[1], timeout=10)
        assert dashboard.status_code == 200
        text = parse(200, dashboard.text).text()
        for heading in ("Needs a human now", "In progress", "Recently finished (30 days)",
                        "The architect"):
            assert heading in text
        links = set(re.findall(r'href="(http://127\.0\.0\.1:\d+/demo/[^"]+/(?:issues|pulls)/\d+)"',
                               dashboard.text))
        assert len(links) >= 3, dashboard.text
        for link in sorted(links):
            assert httpx.get(link, timeout=10).status_code == 200, link

        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=within(10)) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=within(10))
