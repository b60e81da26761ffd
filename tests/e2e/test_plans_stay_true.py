"""Plans that stay true (issue 30), end to end on the embedded forge: the pitch cites
only what exists, and the bot says each thing once."""

from __future__ import annotations

import re
from pathlib import Path

from tests.world import OPS, PROJECT, make_world

TODO_VISION = """\
Let people keep a todo list
in the terminal, with hard line breaks
as a web form keeps them.

## Tasks
- [ ] Store todos (id: model) (files: todo/model.py)
- [ ] Explain the commands (id: docs) (after: model) (files: README.md)
"""


def test_the_offline_pitch_on_a_repo_with_only_a_readme_cites_no_file_it_lacks(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.put_file(PROJECT, "README.md", "# Todo\n")
    world.vision("Todo list", TODO_VISION)
    assert world.tick().ok
    (pr,) = world.bot.list_pulls(OPS, state="open")
    today = pr.body.split("## What exists today", 1)[1].split("\n## ", 1)[0]
    cited = set(re.findall(r"`([^`]+\.\w+)`", today))
    assert cited == {"README.md"}  # todo/model.py is not in the repo: not cited as there
    assert "1 file the tasks name is not in the repo yet" in today
    # The vision's hard line breaks are not copied into the pitch.
    assert ("Let people keep a todo list in the terminal, with hard line breaks as a web "
            "form keeps them.") in pr.body
