"""``sqlpriv request`` / ``sqlpriv profile``: exit codes per decision, JSON schema, --sql through
the real DuckDB shell, usage errors."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pandas as pd
import pytest

from sqlpriv.cli import main
from sqlpriv.request.measure import assess_request

# g: counts 3, 2, 1 -> factor 7/18 = 0.3889; const: 1 - 1/6; id unique: 0
SMALL = pd.DataFrame(
    {
        "id": [101, 102, 103, 104, 105, 106],
        "const": ["x"] * 6,
        "g": ["a", "a", "a", "b", "b", "c"],
        "age": [31, 35, 38, 42, 47, 61],
    }
)


@pytest.fixture()
def csv(tmp_path):
    path = tmp_path / "small.csv"
    SMALL.to_csv(path, index=False)
    return str(path)


@pytest.mark.parametrize(
    "extra,decision,code",
    [
        (["--approve", "0.3", "--reject", "0.1"], "approve", 0),
        (["--approve", "0.5", "--reject", "0.1"], "review", 3),
        (["--approve", "0.9", "--reject", "0.5"], "reject", 4),
    ],
)
def test_exit_code_per_decision(csv, capsys, extra, decision, code):
    assert main(["request", csv, "-c", "g", "--format", "json", *extra]) == code
    out = json.loads(capsys.readouterr().out)
    assert out["decision"] == decision
    assert out["score"] == pytest.approx(7 / 18, abs=1e-12)


def test_exit_codes_of_the_real_process(csv):
    """The console entry point returns the gate as the process exit status."""

    def status(*args: str) -> int:
        return subprocess.run([sys.executable, "-m", "sqlpriv", *args], capture_output=True, text=True).returncode

    assert status("request", csv, "-c", "const") == 0  # 0.8333 >= 0.8
    assert status("request", csv, "-c", "g") == 3
    assert status("request", csv, "-c", "g", "-c", "id") == 4  # the unique ID scores 0
    assert status("request", csv, "-c", "nosuch") == 1
    assert status("request", csv, "-c", "g", "--approve", "1.5") == 2


JSON_SCHEMA = {
    "schema_version": int,  # 2 (issue 46), first
    "request": list,
    "n": int,
    "dropped_rows": int,
    "score": float,
    "decision": str,
    "thresholds": dict,
    "policy": dict,
    "rule": str,
    "score_decision": str,
    "violated_rules": list,
    "reason": str,
    "groups": list,
    "k": int,
    "weights": dict,
    "fields": list,
    "joint": dict,
    "uniqueness": list,
    "warnings": list,
    "verdict": dict,
}
FIELD_KEYS = [
    "field",
    "expression",
    "source_columns",
    "factor_before",
    "factor_after",
    "weight",
    "factor",
    "probability",
    "shannons",
    "harts",
    "values",
    "categories",
    "scored_with",
    "group_factor",
]
JOINT_KEYS = [
    "columns",
    "n",
    "classes",
    "smallest_class",
    "rows_below_k",
    "share_below_k",
    "unique_rows",
    "share_unique",
    "guess_probability",
    "privacy_factor",
    "score",
    "decision",
]


def test_json_schema(csv, capsys):
    code = main(
        [
            "request",
            csv,
            "-c",
            "g",
            "-c",
            "decade=age // 10",
            "-c",
            "id",
            "--weight",
            "id=0.95",
            "--k",
            "2",
            "--approve",
            "0.8",
            "--reject",
            "0.01",
            "--format",
            "json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 3
    assert list(out) == list(JSON_SCHEMA)
    for key, kind in JSON_SCHEMA.items():
        assert isinstance(out[key], kind), key
    assert out["request"] == ["g", "decade", "id"]
    assert out["thresholds"] == {"approve": 0.8, "reject": 0.01}
    assert out["weights"] == {"id": 0.95}
    assert [list(f) for f in out["fields"]] == [FIELD_KEYS] * 3
    g, decade, ident = out["fields"]
    assert g["expression"] is None and g["weight"] is None and g["source_columns"] == ["g"]
    assert decade["expression"] == "age // 10" and decade["source_columns"] == ["age"]
    assert decade["factor_before"] == 0.0 and decade["factor_after"] == pytest.approx(7 / 18, abs=1e-12)
    assert ident["factor_after"] == 0.0 and ident["weight"] == 0.95 and ident["factor"] == 0.95
    assert out["score"] == pytest.approx((7 / 18) ** 2 * 0.95, abs=1e-12)
    assert list(out["joint"]) == JOINT_KEYS
    assert out["joint"]["columns"] == ["g", "decade"]
    assert [type(out["joint"][k]) for k in ("classes", "smallest_class", "rows_below_k", "unique_rows")] == [int] * 4
    assert [list(r) for r in out["uniqueness"]] == [["class_size", "classes", "rows", "class_share", "row_share"]] * 2
    assert [r["class_size"] for r in out["uniqueness"]] == ["1", ">=2"]
    assert all(isinstance(w, str) for w in out["warnings"])
    # same numbers as the API
    a = assess_request(csv, ["g", {"decade": "age // 10"}, "id"], weights={"id": 0.95}, k=2, reject=0.01)
    assert out == {"schema_version": 2, **json.loads(json.dumps(a.to_dict()))}


def test_table_output(csv, capsys):
    assert main(["request", csv, "-c", "g", "-c", "const", "--approve", "0.3", "--reject", "0.1", "--k", "2"]) == 0
    out = capsys.readouterr().out
    assert "# fields" in out and "# joint figures of g, const" in out and "# class sizes (k = 2)" in out
    assert "decision: approve (rule score; score 0.324074" in out
    assert "warning: the product approves, but 1 of 6 rows" in out


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--approve", "-0.5"], "approve must be between 0 and 1, got -0.5"),
        (["--reject", "1.01"], "reject must be between 0 and 1"),
        (["--approve", "0.1", "--reject", "0.5"], "approve (0.1) must be at least reject (0.5)"),
        (["--weight", "g=2"], "weight of 'g' must be between 0 and 1, got 2.0"),
        (["--weight", "g=high"], "--weight 'g=high': 'high' is not a number"),
        (["--weight", "g"], "--weight takes COL=X"),
        (["--k", "0"], "k must be a positive integer"),
    ],
)
def test_usage_errors_exit_2(csv, capsys, argv, message):
    assert main(["request", csv, "-c", "g", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sqlpriv: error: ") and message in err
    assert err.count("\n") == 1  # one clear line, no traceback


def test_empty_request_exit_2(csv, capsys):
    assert main(["request", csv]) == 2
    assert "the request is empty" in capsys.readouterr().err


def test_runtime_errors_exit_1(csv, tmp_path, capsys):
    assert main(["request", csv, "-c", "gender"]) == 1
    assert "column 'gender' is not in" in capsys.readouterr().err
    assert main(["request", str(tmp_path / "missing.csv"), "-c", "g"]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_help_documents_exit_codes(capsys):
    with pytest.raises(SystemExit):
        main(["request", "--help"])
    out = capsys.readouterr().out
    for line in ("0  approve", "3  review", "4  reject", "1  runtime error", "2  usage error"):
        assert line in out


@pytest.mark.skipif(shutil.which("duckdb") is None, reason="duckdb shell not installed")
def test_request_sql_runs_in_duckdb_shell(csv, capsys):
    assert main(["request", csv, "-c", "g", "-c", "decade=age // 10", "--sql"]) == 0
    script = capsys.readouterr().out
    out = subprocess.run(["duckdb", "-csv"], input=script, capture_output=True, text=True, check=True).stdout
    assert main(["request", csv, "-c", "g", "-c", "decade=age // 10", "--format", "json"]) == 4
    expected = json.loads(capsys.readouterr().out)
    # the shell prints the three result tables; the verdict row carries score and decision
    lines = out.splitlines()
    header = lines.index(next(line for line in lines if line.startswith("score,decision")))
    score, decision = lines[header + 1].split(",")[:2]
    assert float(score) == pytest.approx(expected["score"], abs=1e-12)
    assert decision == expected["decision"] == "reject"


@pytest.mark.skipif(shutil.which("duckdb") is None, reason="duckdb shell not installed")
def test_profile_cli_and_sql(csv, capsys):
    assert main(["profile", csv, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["privacy_profile"]
    assert [r["column"] for r in rows] == ["id", "const", "g", "age"]
    assert [r["privacy_factor"] for r in rows] == pytest.approx([0, 1 - 1 / 6, 7 / 18, 0], abs=1e-12)
    assert main(["profile", csv, "-c", "g", "-c", "decade=age // 10", "--sql"]) == 0
    script = capsys.readouterr().out
    out = subprocess.run(["duckdb", "-json"], input=script, capture_output=True, text=True, check=True).stdout
    shell = json.loads(out[out.rindex("\n[") + 1 :] if "\n[" in out else out)  # after the 0-row guard's line
    assert [r["column"] for r in shell] == ["g", "decade"]
    assert [r["privacy_factor"] for r in shell] == pytest.approx([7 / 18, 7 / 18], abs=1e-12)
    assert main(["profile", csv, "-c", "g", "--format", "csv"]) == 0
    assert (
        capsys.readouterr().out.splitlines()[0] == "column,privacy_factor,probability,shannons,harts,values,categories"
    )
    assert main(["profile", csv, "-c", "nosuch"]) == 1


def test_sql_does_not_run_the_assessment(tmp_path, capsys):
    empty = tmp_path / "empty.csv"
    empty.write_text("g,age\n")
    assert main(["request", str(empty), "-c", "g", "--sql"]) == 0  # planned, not run
    assert "group by grouping sets" in capsys.readouterr().out
    assert main(["request", str(empty), "-c", "g"]) == 1
    assert "has no rows" in capsys.readouterr().err


def test_dropna_flag(csv, tmp_path, capsys):
    path = tmp_path / "nulls.csv"
    path.write_text("g,h\na,1\na,\nb,2\nb,2\n,3\n")
    assert main(["request", str(path), "-c", "g", "-c", "h", "--dropna", "--format", "json"]) in (0, 3, 4)
    out = json.loads(capsys.readouterr().out)
    assert out["n"] == 3 and out["dropped_rows"] == 2
    assert main(["request", str(path), "-c", "g", "--format", "json"]) in (0, 3, 4)
    assert json.loads(capsys.readouterr().out)["dropped_rows"] == 0
    assert main(["profile", str(path), "--dropna", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[-2:] for line in lines[1:]] == [["3", "2"], ["3", "2"]]
