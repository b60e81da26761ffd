"""References that point where they say: on the ops repo, a bare `#N` links to the ops
repo's own item N, so every mention of a project-repo issue the architect writes there
(PR bodies, comments, sprint files, the dashboard) is `owner/repo#N` or a full link.

The whole demo runs on the embedded forge; then every body and comment the bot wrote
on the ops repo, and every sprint file, is scanned. A bare `#N` is allowed only as
`PR #N` naming one of the ops repo's own sprint PRs, or as the text of a link.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from architect.app.demo import BOT, play_demo
from architect.core.text import strip_html_comments
from architect.emulator import EmbeddedForge
from architect.forge.client import ForgeClient

# `#N` not part of `owner/repo#N` (nor of a word or a URL fragment).
_BARE = re.compile(r"(?<![\w/.\-])#(\d+)\b")
_LINKED = re.compile(r"\[[^\]]*\]\([^)]*\)")  # a markdown link: its text points by its URL


def bare_project_references(text: str, ops_prs: set[int]) -> list[str]:
    """The bare `#N` in what a reader sees of `text` that are not the ops repo's own PRs."""
    found = []
    for line in _LINKED.sub("", strip_html_comments(text)).splitlines():
        found += [line[:160] for match in _BARE.finditer(line)
                  if not (line[:match.start()].endswith("PR ") and int(match[1]) in ops_prs)]
    return found


def test_the_scanner_tells_a_project_reference_from_an_ops_one() -> None:
    prs = {1, 2}
    assert bare_project_references("Filed: #4 #5", prs) == ["Filed: #4 #5", "Filed: #4 #5"]
    assert bare_project_references("- #1 — Due dates", prs) == ["- #1 — Due dates"]
    assert bare_project_references("Filed: demo/todo#4, see PR #2 and [#1](http://x/1)",
                                   prs) == []
    assert bare_project_references("<!-- architect: vision=#1 -->", prs) == []
    assert bare_project_references("see PR #9", prs) == ["see PR #9"]  # no such PR


def _written_on_ops(bot: ForgeClient, ops: str) -> list[tuple[str, str]]:
    texts: list[tuple[str, str]] = []
    for pr in bot.list_pulls(ops, state="all"):
        texts.append((f"PR #{pr.number} body", pr.body))
        texts += [(f"PR #{pr.number} comment {c.id}", c.body)
                  for c in bot.list_comments(ops, pr.number) if c.user.login == BOT]
        if pr.state == "open":
            texts += [(f"{path} on {pr.head.ref}", found.text)
                      for path in bot.list_files(ops, "sprints", ref=pr.head.ref)
                      if (found := bot.get_file(ops, path, ref=pr.head.ref)) is not None]
    for issue in bot.list_issues(ops, state="all", type="issues"):
        texts.append((f"issue #{issue.number} body", issue.body))
        texts += [(f"issue #{issue.number} comment {c.id}", c.body)
                  for c in bot.list_comments(ops, issue.number) if c.user.login == BOT]
    texts += [(f"{path} on main", found.text)
              for path in bot.list_files(ops, "sprints", ref="main")
              if (found := bot.get_file(ops, path, ref="main")) is not None]
    return texts


@pytest.mark.slow
def test_every_mention_of_a_project_issue_on_the_ops_repo_is_qualified(tmp_path: Path) -> None:
    with EmbeddedForge() as forge:
        url = forge.start()
        world = play_demo(forge, url, tmp_path, Console(file=io.StringIO()))
        bot = world.client(BOT)
        ops = world.config.ops_repo
        prs = {pr.number for pr in bot.list_pulls(ops, state="all")}
        texts = _written_on_ops(bot, ops)
    assert len(texts) > 10  # the PRs, their comments, the sprint files, the dashboard
    assert any(f"{world.config.repo}#" in text for _, text in texts)
    bare = [f"{where}: {line}" for where, text in texts
            for line in bare_project_references(text, prs)]
    assert bare == []
