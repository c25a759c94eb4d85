"""The examples stay usable (issue 15 item 3). Their run time is checked by
benchmarks/run_examples.py in CI's benchmark step (no timings in unit tests); here: the request
workflow's generator fits in a small address space (it used rng.permutation(10**9): 8 GB for
1,000 ids), and the runner knows every example."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO

resource = pytest.importorskip("resource")

GENERATE = """
import resource, sys
sys.path.insert(0, {examples!r})
import numpy, pandas  # imported before the limit: their own start-up is not what is measured
from request_workflow import customers
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
df = customers()
print(len(df), df["customer_id"].is_unique, df["ssn"].is_unique, int(df["customer_id"].max()) < 10**9)
"""


def test_request_workflow_generator_needs_little_memory():

    code = GENERATE.format(examples=str(REPO / "examples"), limit=6 * 2**30)
    # the limit is on the address space of the whole process (libraries included): 6 GiB is far
    # above what the fixed generator needs and below the 8 GB of permutation(10**9)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["1000", "True", "True", "True"]


def test_run_examples_covers_every_example():
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import run_examples
    finally:
        sys.path.pop(0)
    names = {p.name for p in run_examples.scripts()}
    assert set(run_examples.PLAN) <= names  # no stale entry
    assert "request_workflow.py" in names and len(names) >= 6
