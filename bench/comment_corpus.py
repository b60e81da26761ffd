"""The comment corpus, end to end: counts by outcome, and the figures by class.

Runs every comment of each corpus file (default `tests/data/comments/corpus.toml`)
through `run_tick` on the embedded forge (as `architect run` does) and prints, per
file and per `split` within it:

    corpus.toml: 218 comments  accept: 25  reject: 22  reply: 67  ...
      all: decisions 47/47  answers 56/56  held 218/218  misread 0  partial 0  silent 0
      asked back 0

*decisions*: cases that allow `accept` or `reject`, held when the outcome is one they
allow; *answers*: cases that allow `answers`; *misread*: a wrong action or a wrong
letter recorded; *partial*: right letters recorded, some meant ones not (not held, no
misread); *silent*: no reply where one was due; *asked back*: a reply to a
comment whose case allows none (a certain comment the bot should have acted on).

    .venv/bin/python bench/comment_corpus.py [PATH ...] [--show]
    (--show: every comment not as allowed; --split dev: show only the development cases;
    --only dev: run only them)
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from tests.comment_corpus import CORPUS, OUTCOMES, UNWRITABLE, Result, counts, load, run  # noqa: E402


def figures(results: list[Result]) -> str:
    unwritable = sum(r.outcome == UNWRITABLE for r in results)
    results = [r for r in results if r.outcome != UNWRITABLE]
    decisions = [r for r in results if r.case.decision]
    answers = [r for r in results if r.case.answer]
    tally = counts(results)
    return (f"decisions {sum(r.ok for r in decisions)}/{len(decisions)}  "
            f"answers {sum(r.ok for r in answers)}/{len(answers)}  "
            f"held {sum(r.ok for r in results)}/{len(results)}  "
            f"misread {tally['misread']}  partial {tally['partial']}  silent {tally['silent']}  "
            f"asked back {tally['asked back']}"
            + (f"  (not written: {unwritable}, the forge refused them)" if unwritable else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[CORPUS],
                        help="corpus files (TOML, one [[comment]] table per case)")
    parser.add_argument("--show", action="store_true", help="print what was not as allowed")
    parser.add_argument("--split", help="with --show: only the cases of this split (so a "
                        "held-out split's cases stay unread)")
    parser.add_argument("--only", help="run only the cases of this split (faster while "
                        "tuning on `dev`, and the held-out cases are not even run)")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)  # the ticks' own logs would drown the figures
    failed = False
    for path in args.paths:
        cases = [c for c in load(path) if args.only in (None, c.split)]
        with tempfile.TemporaryDirectory() as tmp:
            results = run(cases, Path(tmp), strict=False)
        tally = counts(results)
        print(f"{path.name}: {len(results)} comments  "
              + "  ".join(f"{outcome}: {tally[outcome]}" for outcome in OUTCOMES))
        print(f"  all: {figures(results)}")
        for split in sorted({r.case.split for r in results} - {""}):
            print(f"  {split}: {figures([r for r in results if r.case.split == split])}")
        if args.show:
            for r in results:
                if (not r.ok and r.outcome != UNWRITABLE
                        and args.split in (None, r.case.split)):
                    then = f" then {r.case.then!r} by {r.case.then_by}" if r.case.then else ""
                    print(f"- {r.case.stage} {r.case.kind} {r.case.text!r} by {r.case.by}"
                          f"{then}: {r.outcome} {r.recorded} (allowed {r.case.allowed} "
                          f"{r.case.answers}) [{r.case.note}] said {r.said[:200]!r}")
        failed = failed or bool(tally["misread"] or tally["silent"]
                                or not all(r.ok or r.outcome == UNWRITABLE
                                           for r in results))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
