"""A whole lifecycle behind a proxy that breaks requests at random (tests/proxies.FlakyProxy:
a 500, a connection dropped before the forge saw the request, an answer lost after the
write), over many seeds: each run ends with the forge a fault-free run leaves, the
dashboard included ("Recently finished" too), and every sprint, label, comment and
sub-issue, nothing duplicated.
"""

from __future__ import annotations

import contextlib

import httpx
import pytest

from tests.proxies import FlakyProxy
from tests.reliability.harness import Result, judge, run_scenario
from tests.world import OPS

# Twenty whole lifecycles in process (no process is started): a minute or so, out of the
# fast lane (`-m "not slow"`) with the other fault runs.
pytestmark = pytest.mark.slow

SEEDS = range(20261201, 20261221)
TITLE = "Architect dashboard"


@pytest.fixture(scope="module")
def baseline() -> Result:
    # With the cursor, as `architect run` keeps it.
    result = run_scenario(cursor=True)
    assert not result.unsettled and not result.crashes
    return result


def test_the_baseline_dashboard_lists_what_finished(baseline: Result) -> None:
    (body,) = [i[5] for i in baseline.state[OPS]["issues"] if i[4] == TITLE]
    finished = body[body.index("## Recently finished"):body.index("## The architect")]
    assert finished.count("\n- ") == 3  # two filings and a rejection
    assert "rejected: not this quarter" in finished


@pytest.mark.parametrize("seed", SEEDS)
def test_random_faults_end_with_the_fault_free_forge(baseline: Result, seed: int) -> None:
    proxies: list[FlakyProxy] = []

    def flaky(inner: httpx.BaseTransport) -> httpx.BaseTransport:
        proxies.append(FlakyProxy(inner, seed))
        return proxies[-1]

    verdict = judge(run_scenario(cursor=True, proxy=flaky), baseline)
    (proxy,) = proxies
    where = f"seed {seed}: broken {proxy.broken}"
    assert len(proxy.broken) >= 5, where  # the faults did happen, of every kind over the seeds
    assert verdict.result.crashes == () and verdict.result.unsettled == (), where
    assert verdict.dupes == {}, where
    assert verdict.diffs == [], where


def test_the_proxy_breaks_each_way_over_the_seeds() -> None:
    kinds = set()
    for seed in SEEDS:
        proxy = FlakyProxy(httpx.MockTransport(lambda r: httpx.Response(200)), seed, rate=0.5)
        with httpx.Client(transport=proxy, base_url="http://forge.test") as client:
            for _ in range(20):
                with contextlib.suppress(httpx.RemoteProtocolError):
                    client.get("/")
        kinds |= {line.split()[0] for line in proxy.broken}
    assert kinds == set(FlakyProxy.KINDS)
