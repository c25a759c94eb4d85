"""Issue 46 item 1: the CLI's warning printer must not loop on a warning that is not sqlpriv's
(pyspark's pandas FutureWarning under ``--engine spark`` made it re-record its own output until
memory ran out)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import sqlpriv

ROOT = Path(sqlpriv.__file__).resolve().parents[1]  # this sqlpriv, in the subprocess too


def _limit_memory() -> None:  # the old loop grew without end: cap it at 1 GB so that it fails fast
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


def run_python(code: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tempfile.gettempdir(),  # not the checkout: `python -c` puts the cwd first on sys.path
        preexec_fn=_limit_memory,
    )


def test_show_warnings_passes_a_future_warning_through_once():
    done = run_python(
        """
        import warnings
        from sqlpriv.cli import common
        print(common.show_warnings(lambda: warnings.warn("pandas 3 says x", FutureWarning) or 7))
        """
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "7"
    assert done.stderr.count("pandas 3 says x") == 1
    assert "FutureWarning" in done.stderr


def test_show_warnings_mixes_sqlpriv_and_other_warnings():
    done = run_python(
        """
        import warnings
        from sqlpriv.cli import common
        from sqlpriv.errors import SqlprivWarning
        def fn():
            warnings.warn("other", DeprecationWarning)
            warnings.warn("ours", SqlprivWarning)
            raise ValueError("boom")
        try:
            common.show_warnings(fn)
        except ValueError:
            print("raised")
        """
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "raised"
    assert done.stderr.count("sqlpriv: warning: ours") == 1
    assert done.stderr.count("other") == 1


def test_main_with_engine_spark_and_a_future_warning_finishes(tmp_path):
    """``main([... '--engine', 'spark'])`` as the console script runs it: the Spark session is made
    inside the command (here a stand-in that warns as pyspark does on pandas 3, then stops)."""
    data = tmp_path / "t.csv"
    data.write_text("a,b\n1,2\n3,4\n")
    done = run_python(
        f"""
        import sys, warnings
        from sqlpriv.cli import common, main
        from sqlpriv.errors import ParameterError
        def fake_session(args):
            warnings.warn("is_datetime64tz_dtype is deprecated", FutureWarning)
            raise ParameterError("no spark here")
        common.spark_session = fake_session
        sys.exit(main(["risk", {str(data)!r}, "-c", "a,b", "--engine", "spark"]))
        """
    )
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.count("is_datetime64tz_dtype is deprecated") == 1
    assert "no spark here" in done.stderr
