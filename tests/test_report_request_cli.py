"""``sqlpriv report --request`` reads its fields as ``-c`` does (issue: hunt-c, 2026-11-25).

A field whose name holds '=' was split into NAME=EXPR and refused as invalid SQL, and the
double quotes that ``sqlpriv request -c`` takes for such a name were kept as part of the name.
"""

from __future__ import annotations

import json
import re

import pandas as pd

import sqlpriv
from sqlpriv.cli import main


def test_report_request_takes_quoted_names_and_comma_lists(tmp_path, capsys):
    df = pd.DataFrame({"a=b": [1, 1, 2, 2, 3, 3, 4, 4], "sex": list("mfmfmfmf"), "age": [30, 31] * 4})
    path = tmp_path / "t.csv"
    df.to_csv(path, index=False)
    out = tmp_path / "r.html"
    code = main(["report", str(path), "--request", '"a=b",sex', "--no-pif", "-o", str(out), "--no-progress"])
    assert code in (0, 3, 4)
    assert out.exists()
    expected = sqlpriv.assess_request(df, ["a=b", "sex"])
    text = out.read_text()
    assert f"{expected.score:.4f}" in re.sub(r"<[^>]+>", " ", text)
    capsys.readouterr()
    assert main(["request", str(path), "-c", '"a=b",sex', "--format", "json"]) in (0, 3, 4)
    assert json.loads(capsys.readouterr().out)["request"] == ["a=b", "sex"]
