"""Benchmark: list 1,000 issues with ForgeClient from the embedded forge, in-process.

Seeds a repository with 1,000 issues through the HTTP API, then lists them
all and prints the request count, wall time and peak memory of the listing.

    .venv/bin/python bench/list_issues.py [--issues 1000]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path

import httpx

try:
    from architect.emulator import EmbeddedForge
except ModuleNotFoundError:  # run from a checkout without the package installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from architect.emulator import EmbeddedForge

from architect.emulator.setup import ForgeSetup
from architect.forge.client import ForgeClient
from architect.forge.http import PAGE_LIMIT

ROOT = "http://forge.bench"
REPO = "acme/widgets"


def seed(forge: EmbeddedForge, transport: httpx.BaseTransport, count: int) -> str:
    """A user with a token and `count` issues, created through the API; returns the token."""
    with httpx.Client(transport=transport, base_url=ROOT) as http:
        setup = ForgeSetup(http, forge.admin_token)
        token = setup.create_user("acme")
        setup.create_repo("acme", "widgets")
    with ForgeClient(ROOT, token, transport=transport) as client:
        for n in range(count):
            client.create_issue(REPO, title=f"issue {n}", body=f"body of issue {n}\n" * 3)
    return token


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--issues", type=int, default=1000)
    count = parser.parse_args().issues

    forge = EmbeddedForge()
    transport = httpx.WSGITransport(app=forge.wsgi)
    started = time.perf_counter()
    token = seed(forge, transport, count)
    seeded = time.perf_counter() - started

    with ForgeClient(ROOT, token, transport=transport) as client:
        started = time.perf_counter()
        issues = client.list_issues(REPO)
        elapsed = time.perf_counter() - started
        requests = client.stats.requests
        # A second listing under tracemalloc (which slows Python down) for the peak memory.
        tracemalloc.start()
        client.list_issues(REPO)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    forge.stop()

    if len(issues) != count:
        print(f"FAILED: listed {len(issues)} of {count} issues", file=sys.stderr)
        return 1
    expected = -(-count // PAGE_LIMIT)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"seeded     {count} issues in {seeded:.2f} s (through the API)")
    print(f"listed     {len(issues)} issues")
    print(f"requests   {requests} (expected {expected} at {PAGE_LIMIT} a page)")
    per_page = elapsed * 1000 / max(requests, 1)
    print(f"wall time  {elapsed * 1000:.0f} ms ({per_page:.1f} ms a page, forge included)")
    print(f"peak mem   {peak / 1024 / 1024:.1f} MiB allocated during a listing (tracemalloc)")
    print(f"max RSS    {rss:.0f} MiB for the whole process")
    return 0 if requests == expected else 1


if __name__ == "__main__":
    sys.exit(main())
