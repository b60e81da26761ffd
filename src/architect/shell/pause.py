"""Paused from the dashboard, remembered locally: what a tick reads first.

The pause is a mark on the dashboard issue (`DashboardMark.paused`), the one
place that says so. This file in the state dir only tells the next tick to
read the dashboard alone (one or two requests) instead of looking at the
whole forge: it is written when a tick sees the mark, removed when it does not.
"""

from __future__ import annotations

from pathlib import Path

FILE = "paused-from-dashboard"


def remembered(project_dir: Path) -> bool:
    return (project_dir / FILE).exists()


def remember(project_dir: Path, *, paused: bool) -> None:
    path = project_dir / FILE
    if paused:
        project_dir.mkdir(parents=True, exist_ok=True)
        path.touch()
    else:
        path.unlink(missing_ok=True)
