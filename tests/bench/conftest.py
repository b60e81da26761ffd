"""The bench scripts import each other as top-level modules, as `python bench/x.py` runs them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# plan_quality imports the runner wrapper of tests/runners_e2e: rewritten like there.
pytest.register_assert_rewrite("tests.e2e.runners.sprint")

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))
