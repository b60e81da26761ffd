"""A clone of the repository is all a user has: no file may lean on the developers' machines.

The files checked are those git would ship (tracked, or new and not ignored), so a
path that only lives in a local virtual environment does not count.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BEHAVIOUR_DOC = ROOT / "docs" / "forgejo-behaviour.md"
# Spelled in pieces so that this file does not trip its own check.
_MACHINE_PATHS = re.compile(
    "|".join(
        [
            r"(?<![\w.~/-])" + "/" + "work/",  # an absolute path, not a URL's ".../work/"
            r"\.\./" + "shared",
        ]
    )
)
_CITATION = re.compile(r"forgejo-behaviour\.md(#[\w-]+(?:(?:,| to| and) #[\w-]+)*)")
_BRACKETED = re.compile(r"\[(#[\w-]+)\](?!\()")  # a Markdown link [#2](url) is no citation


def _shipped_files() -> list[Path]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the shipped file list comes from git")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def _slug(heading: str) -> str:
    """The anchor a forge (GitHub, Forgejo) gives a Markdown heading."""
    text = re.sub(r"[^\w\s-]", "", heading.strip().lower())
    return re.sub(r"\s", "-", text)


def test_no_file_names_a_path_outside_the_repository() -> None:
    offenders = []
    for path in _shipped_files():
        text = path.read_bytes().decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if _MACHINE_PATHS.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    assert offenders == []


def test_the_check_sees_the_paths_it_guards_against() -> None:
    assert _MACHINE_PATHS.search("see " + "/" + "work/shared/notes.md")
    assert _MACHINE_PATHS.search("open('.." + "/shared/forgejo')")
    assert not _MACHINE_PATHS.search("https://example.org/work/items")


def test_every_cited_section_of_the_behaviour_doc_exists() -> None:
    anchors = {
        _slug(line.lstrip("#"))
        for line in BEHAVIOUR_DOC.read_text().splitlines()
        if line.startswith("## ")
    }
    cited: dict[str, set[str]] = {}
    for path in _shipped_files():
        if path.suffix not in (".py", ".md") or path == BEHAVIOUR_DOC:
            continue
        text = path.read_text()
        if "forgejo-behaviour.md" not in text:
            continue
        found = {a for m in _CITATION.finditer(text) for a in re.findall(r"#([\w-]+)", m[1])}
        found |= {m[1][1:] for m in _BRACKETED.finditer(text)}
        cited[str(path.relative_to(ROOT))] = found
    missing = {f: sorted(a - anchors) for f, a in cited.items() if a - anchors}
    assert missing == {}
    # The citations this test reads are where the code says which behaviour it relies on.
    assert {"authentication-and-scopes", "error-bodies", "webhooks"} <= set().union(*cited.values())


def test_no_symbolic_link_is_shipped() -> None:
    """A link points into the machine that made it (a worktree's `.venv` once slipped in
    as a link to another checkout's environment, and replaced the clone's own)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the shipped file list comes from git")
    staged = subprocess.run(["git", "ls-files", "--stage", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode()
    links = [entry.split("\t", 1)[1] for entry in staged.split("\0")
             if entry.startswith("120000 ")]
    assert links == []
