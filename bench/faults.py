"""Reliability summary: the full fault matrix and the crash runs.

For every request the bot makes in a whole lifecycle, and for each way a
request can fail (500, timeout, reset, applied-but-lost), play the scenario
with that one fault, tick until quiet, and compare the forge with a fault-free
run. Then kill `architect run` (a real process) with SIGKILL at random moments
and run it again until quiet. Prints, e.g.:

    fault points: 696 (174 requests x 4 kinds), converged: 696, duplicates: 0
    crash runs: 50 (killed mid-run: 146), converged: 50, duplicates: 0

    .venv/bin/python bench/faults.py [--jobs 4] [--kinds 500,lost] [--crash-runs 50]
                                     [--seed 7] [--no-faults] [--no-crash]
"""

from __future__ import annotations

import argparse
import functools
import logging
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from tests.reliability.crash import crash_campaign  # noqa: E402
from tests.reliability.harness import (  # noqa: E402
    Fault,
    FaultKind,
    Result,
    judge,
    run_scenario,
)


@functools.cache
def _baseline() -> Result:
    """The fault-free run, once per worker process."""
    logging.disable(logging.CRITICAL)  # the scenario logs every action; the summary is enough
    return run_scenario()


def _one(fault: Fault) -> tuple[Fault, bool, dict[str, int], list[str], str | None]:
    verdict = judge(run_scenario(fault), _baseline())
    problems = (verdict.diffs + [f"unsettled: {s}" for s in verdict.result.unsettled]
                + [f"crash: {c}" for c in verdict.result.crashes])
    return fault, verdict.converged, verdict.dupes, problems, verdict.result.injected


def fault_matrix(kinds: list[FaultKind], jobs: int) -> int:
    points = _baseline().requests
    faults = [Fault(k, kind) for kind in kinds for k in range(1, points + 1)]
    started = time.monotonic()
    converged = dupes = 0
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for fault, ok, extra, problems, injected in pool.map(_one, faults, chunksize=4):
            converged += ok
            dupes += sum(extra.values())
            if not ok or extra:
                failures.append(f"  #{fault.at} {fault.kind} ({injected}): "
                                + "; ".join(problems[:3] + [f"{k} +{v}" for k, v in extra.items()]))
    took = time.monotonic() - started
    print(f"fault points: {len(faults)} ({points} requests x {len(kinds)} kinds), "
          f"converged: {converged}, duplicates: {dupes}  [{took:.0f} s]")
    for line in failures[:40]:
        print(line)
    return 0 if converged == len(faults) and dupes == 0 else 1


def crash_runs(count: int, seed: int, jobs: int) -> int:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="architect-src-") as frozen:
        # The processes run a frozen copy: edits made meanwhile must not change a campaign.
        src = Path(frozen) / "src"
        shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__"))
        summary = crash_campaign(count, seed=seed, jobs=jobs, src=src)
    took = time.monotonic() - started
    print(f"crash runs: {summary.runs} (killed mid-run: {summary.kills}), "
          f"converged: {summary.converged}, duplicates: {summary.duplicates}  [{took:.0f} s]")
    for line in summary.failures[:20]:
        print(f"  {line}")
    return 0 if summary.converged == summary.runs and summary.duplicates == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--kinds", default=",".join(k.value for k in FaultKind))
    parser.add_argument("--crash-runs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-faults", action="store_true")
    parser.add_argument("--no-crash", action="store_true")
    args = parser.parse_args()
    code = 0
    if not args.no_faults:
        kinds = [FaultKind(k) for k in args.kinds.split(",") if k]
        code |= fault_matrix(kinds, args.jobs)
    if not args.no_crash:
        code |= crash_runs(args.crash_runs, args.seed, args.jobs)
    return code


if __name__ == "__main__":
    sys.exit(main())
