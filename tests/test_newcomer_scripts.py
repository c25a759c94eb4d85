"""Issue 46 item 2: a printed script run on changed data recomputes every figure in SQL or stops
with its guard (``sqlpriv risk --sql`` embedded Pitman, Zayatz, SNB and Dankar solved at print
time; ``sqlpriv uniques --sql`` the row count)."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import sys
import warnings
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import sqlpriv
from sqlpriv.cli import main


def duckdb_shell() -> str:
    path = shutil.which("duckdb") or str(Path(sys.executable).with_name("duckdb"))
    if not Path(path).exists():
        pytest.fail("the DuckDB shell is missing: pip install duckdb-cli (part of the test extra)")
    return path


def printed(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        assert main(list(args)) == 0, err.getvalue()
    return out.getvalue()


def shell(script: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([duckdb_shell(), "-csv"], input=script, capture_output=True, text=True, cwd=cwd, timeout=120)


def risk_rows(text: str) -> dict[str, str]:
    return {row["figure"]: row["value"] for row in csv.DictReader(io.StringIO(text))}


OLD = "a,b\n1,x\n1,y\n2,y\n3,z\n3,z\n4,x\n5,x\n5,x\n"
NEW = "a,b\n1,x\n1,y\n2,y\n3,z\n3,z\n4,x\n5,x\n6,x\n"  # one row changed: a class of 2 split in two


@pytest.mark.parametrize("extra", [["--sampling-fraction", "0.1"], ["--population-size", "80"]])
def test_risk_script_stops_with_its_guard_on_changed_data(tmp_path, extra):
    data = tmp_path / "t.csv"
    data.write_text(OLD)
    script = printed("risk", str(data), "-c", "a,b", *extra, "--sql")
    same = shell(script, tmp_path)
    assert same.returncode == 0, same.stderr
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", sqlpriv.SqlprivWarning)
        want = dict(
            sqlpriv.reidentification_risk(str(data), ["a", "b"], sampling_fraction=0.1).summary().fetchall_pairs()
        )
    got = risk_rows(same.stdout)
    assert float(got["population_uniqueness_zayatz"]) == pytest.approx(want["population_uniqueness_zayatz"], rel=1e-12)
    assert got["dankar_model"] == "NULL"
    data.write_text(NEW)
    stale = shell(script, tmp_path)
    assert stale.returncode != 0
    assert "changed since this script was generated" in stale.stderr
    assert "population_uniqueness" not in stale.stdout


def test_risk_script_guard_holds_when_only_values_change_not_class_sizes(tmp_path):
    """The guard is on what the estimates were solved on (the class sizes and the population): a
    value renamed everywhere leaves them as they were, and the script still runs."""
    data = tmp_path / "t.csv"
    data.write_text(OLD)
    script = printed("risk", str(data), "-c", "a,b", "--sql")
    data.write_text(OLD.replace(",x", ",w"))
    done = shell(script, tmp_path)
    assert done.returncode == 0, done.stderr
    assert float(risk_rows(done.stdout)["records"]) == 8


def test_uniques_script_counts_the_rows_of_the_data_it_runs_on(tmp_path):
    data = tmp_path / "u.csv"
    data.write_text("a,b\n1,x\n1,y\n2,y\n3,z\n3,z\n")
    script = printed("uniques", str(data), "-c", "a,b", "--sql")
    data.write_text("a,b\n1,x\n1,y\n2,y\n3,z\n3,z\n3,z\n3,z\n")  # two more rows, no new value
    done = shell(script, tmp_path)
    assert done.returncode == 0, done.stderr
    tables = done.stdout.split("interval,records\n")
    bands = dict(csv.reader(io.StringIO(tables[1])))
    assert int(bands["== 0"]) == 4  # 7 rows, 3 of them with a minimal sample unique
    assert sum(int(v) for v in bands.values()) == 7
    summary = list(csv.DictReader(io.StringIO(tables[0])))
    assert float(summary[0]["share_of_records"]) == pytest.approx(2 / 7, rel=1e-12)


def test_uniques_script_with_entity_counts_the_units_when_it_runs(tmp_path):
    data = tmp_path / "u.csv"
    data.write_text("id,a,b\n1,1,x\n2,1,y\n3,2,y\n4,3,z\n5,3,z\n")
    script = printed("uniques", str(data), "-c", "a,b", "--entity", "id", "--sql")
    data.write_text("id,a,b\n1,1,x\n2,1,y\n3,2,y\n4,3,z\n5,3,z\n6,3,z\n7,3,z\n")
    done = shell(script, tmp_path)
    assert done.returncode == 0, done.stderr
    bands = dict(csv.reader(io.StringIO(done.stdout.split("interval,records\n")[1])))
    assert sum(int(v) for v in bands.values()) == 7
