"""The comment corpus, end to end: counts by outcome, misread and silent.

Runs every comment of `tests/data/comments/corpus.toml` through `run_tick` on
the embedded forge (as `architect run` does) and prints, e.g.:

    comments: 188  accept: 20  reject: 22  reply: 57  answers: 53  ack: 14  none: 22
    misread: 0  silent: 0

    .venv/bin/python bench/comment_corpus.py [--show]   (--show: every comment not as allowed)
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from tests.comment_corpus import OUTCOMES, counts, load, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print what was not as allowed")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)  # the ticks' own logs would drown the figures
    cases = load()
    with tempfile.TemporaryDirectory() as tmp:
        results = run(cases, Path(tmp))
    tally = counts(results)
    print(f"comments: {len(results)}  "
          + "  ".join(f"{outcome}: {tally[outcome]}" for outcome in OUTCOMES))
    print(f"misread: {tally['misread']}  silent: {tally['silent']}")
    if args.show:
        for r in results:
            if not r.ok:
                print(f"- {r.case.stage} {r.case.text!r} by {r.case.by}: {r.outcome} "
                      f"{r.recorded} (allowed {r.case.allowed} {r.case.answers})")
    return 1 if tally["misread"] or tally["silent"] or not all(r.ok for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
