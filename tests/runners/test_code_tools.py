"""The read-only code tools of the API runners, over a directory."""

from __future__ import annotations

import os
from pathlib import Path

from architect.core.inputs import PlannerInputs, ProjectContext, VisionInput
from architect.core.schemas import Pitch
from architect.runners.base import Mode, ModelRequest
from architect.runners.code_tools import BUDGET_SPENT, CodeTools, documents_in_prompt

FILES = {
    "deploy.sh": "#!/bin/sh\nset -e\nbuild_site\nrsync -a public/ web:/srv/site\n",
    "lib/common.sh": "build_site() {\n  hugo --minify\n}\n",
    "docs/guide.md": "# Guide\n\nRun deploy.sh.\n",
    ".env": "TOKEN=secret-env-value\n",
    "config/.env.production": "TOKEN=secret-prod-value\n",
    "keys/server.pem": "-----BEGIN PRIVATE KEY-----\n",
    "home/.ssh/id_rsa": "-----BEGIN OPENSSH PRIVATE KEY-----\n",
    "id_ed25519": "key\n",
    "aws-credentials.ini": "[default]\n",
    ".git/config": "[remote]\n",
    "node_modules/x/index.js": "module.exports = 1\n",
}


def a_project(root: Path, outside: Path) -> Path:
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    outside.write_text("TOP SECRET outside the root\n")
    os.symlink(outside, root / "escape.txt")
    os.symlink(root / "lib" / "common.sh", root / "common-link.sh")  # inside: fine
    (root / "big.log").write_text("x" * 2000)
    return root


def test_only_project_files_are_listed_secrets_and_escapes_left_out(tmp_path: Path) -> None:
    tools = CodeTools(a_project(tmp_path / "p", tmp_path / "outside.txt"), max_file_bytes=1000)

    assert tools.files == ("common-link.sh", "deploy.sh", "docs/guide.md", "lib/common.sh")
    assert tools.call("list_files", {"glob": "**/*.sh"}).splitlines() == [
        "common-link.sh", "deploy.sh", "lib/common.sh"]  # fmt: skip
    assert tools.call("list_files", {"glob": "*.py"}) == "no file matches '*.py'"
    for path in (".env", "escape.txt", ".git/config", "keys/server.pem", "../outside.txt",
                 "/etc/passwd", "big.log"):  # fmt: skip
        assert "is not a readable project file" in tools.call(
            "read_file", {"path": path, "start_line": None, "end_line": None})  # fmt: skip
    found = tools.call("search", {"pattern": "secret|SECRET|BEGIN", "glob": None})
    assert found == "no line matches 'secret|SECRET|BEGIN'"


def test_read_a_line_range_and_search_with_a_glob(tmp_path: Path) -> None:
    tools = CodeTools(a_project(tmp_path / "p", tmp_path / "outside.txt"))

    read = tools.call("read_file", {"path": "./deploy.sh", "start_line": 2, "end_line": 3})
    assert read.splitlines() == ["deploy.sh (lines 2-3 of 4)", "    2  set -e", "    3  build_site"]
    assert tools.call("search", {"pattern": r"build_site\b", "glob": "lib/*"}) == (
        "lib/common.sh:1: build_site() {")
    assert tools.call("search", {"pattern": "(", "glob": None}).startswith("error: ")
    assert tools.call("rm", {}).startswith("error: no tool 'rm'")
    assert tools.calls[0] == "read_file(path='./deploy.sh', start_line=2, end_line=3)"


def test_results_and_the_whole_reading_are_bounded(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    (root / "long.txt").write_text("".join(f"line {n}\n" for n in range(1000)))
    tools = CodeTools(root, max_result_bytes=300, max_total_bytes=700)

    first = tools.call("read_file", {"path": "long.txt", "start_line": None, "end_line": None})
    assert first.endswith("… (cut at 300 bytes: ask for less)")
    tools.call("read_file", {"path": "long.txt", "start_line": 1, "end_line": 400})
    tools.call("read_file", {"path": "long.txt", "start_line": 1, "end_line": 400})
    assert tools.call("list_files", {"glob": "*"}) == BUDGET_SPENT


def test_a_document_the_prompt_holds_is_neither_listed_read_nor_searched(tmp_path: Path) -> None:
    root = a_project(tmp_path / "p", tmp_path / "outside.txt")
    (root / "VISION.md").write_text("# Vision\n\nShip the site with one command.\n")
    (root / "docs" / "VISION.md").write_text("A nested one is another file.\n")
    request = a_request(Mode.PITCH, Pitch, context="<vision_md>\n# Vision\n\nShip the site "
                                                   "with one command.\n</vision_md>")
    in_prompt = documents_in_prompt(request)
    tools = CodeTools(root, in_prompt=in_prompt)

    assert in_prompt == {"VISION.md"}
    assert "VISION.md" not in tools.call("list_files", {"glob": "*"}).splitlines()
    assert tools.call("read_file", {"path": "VISION.md", "start_line": None, "end_line": None}) \
        == "error: VISION.md is in the prompt already, whole: read it there"
    assert tools.call("search", {"pattern": "one command|nested", "glob": None}) == (
        "docs/VISION.md:1: A nested one is another file.")


def test_a_document_trimmed_out_of_the_prompt_stays_readable() -> None:
    request = a_request(Mode.PITCH, Pitch, context="[trimmed: VISION.md, 3.2 KB]")
    assert documents_in_prompt(request) == frozenset()


def a_request(mode: Mode, schema: type[Pitch], *, context: str) -> ModelRequest[Pitch]:
    vision_md = "# Vision\n\nShip the site with one command.\n"
    inputs = PlannerInputs(project="p", vision=VisionInput(3, "Deploy", "One command."),
                           context=ProjectContext(vision_md=vision_md))
    return ModelRequest(mode=mode, schema=schema, system="S", context=context, prompt="P",
                        inputs=inputs)
