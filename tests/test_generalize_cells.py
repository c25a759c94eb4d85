"""generalize(..., suppression="cells") (issue 44, item 3; docs/measures.md §7, "Cells instead of
records") against an independent oracle written here: every lattice node generalized in pandas
from the hierarchy dicts, the greedy local suppression's result on it, ARX's loss with a blanked
cell costing 1 computed in Python, the least-loss node by brute force; every release checked
k-anonymous under wildcard semantics by a pairwise count over its rows."""

from __future__ import annotations

import itertools
import math
import random

import duckdb
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.errors import ColumnError, ParameterError


def wildcard_sizes(rows: list[tuple[object, ...]]) -> list[int]:
    """Each row's class size, a None matching any value (pairwise: the definition itself)."""

    def match(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
        return all(x is None or y is None or x == y for x, y in zip(a, b))

    return [sum(match(a, b) for b in rows) for a in rows]


def released_rows(df: pd.DataFrame, cols: list[str]) -> list[tuple[object, ...]]:
    return [tuple(None if pd.isna(v) else v for v in r) for r in df[cols].itertuples(index=False)]


def generalized(df: pd.DataFrame, hierarchies: dict[str, dict[str, list[str]]], node: tuple[int, ...]) -> pd.DataFrame:
    out = df.copy()
    for (col, h), lvl in zip(hierarchies.items(), node):
        out[col] = [v if lvl == 0 else h[v][lvl - 1] for v in df[col]]
    return out


def levels_of(h: dict[str, list[str]]) -> int:
    return len(next(iter(h.values()))) + 1


def oracle_loss(rel: pd.DataFrame, hierarchies: dict[str, dict[str, list[str]]], node: tuple[int, ...]) -> list[float]:
    """ARX's MetricMDNMLoss per column, a kept cell its label's domain share (hierarchy rows with
    that label at the level / hierarchy rows), a blanked cell 1; normalised, floored to 1e-10."""
    n = len(rel)
    out = []
    for (col, h), lvl in zip(hierarchies.items(), node):
        domain = len(h)
        label = {v: (v if lvl == 0 else h[v][lvl - 1]) for v in h}
        share = {g: sum(1 for v in h if label[v] == g) / domain for g in label.values()}
        raw = sum(1.0 if pd.isna(v) else share[v] for v in rel[col])
        loss = 0.0 if domain <= 1 else max(0.0, (raw - n / domain) / (n - n / domain))
        out.append(math.floor(round(loss * 1e10, 3)) / 1e10)
    return out


def brute_force(df: pd.DataFrame, hierarchies: dict[str, dict[str, list[str]]], k: int) -> dict[tuple[int, ...], tuple]:
    cols = list(hierarchies)
    heights = [levels_of(h) for h in hierarchies.values()]
    keys = {}
    for node in itertools.product(*[range(h) for h in heights]):
        gen = generalized(df, hierarchies, node)
        rel = sqlpriv.local_suppression(gen, cols, k=k, method="greedy").df()
        loss = sorted(oracle_loss(rel, hierarchies, node), reverse=True)
        keys[node] = (tuple(round(x, 9) for x in loss), sum(node), node)
    return keys


def random_case(seed: int) -> tuple[pd.DataFrame, dict[str, dict[str, list[str]]], int]:
    rnd = random.Random(seed)
    a = {f"a{i}": [f"A{i // 2}", "*"] for i in range(rnd.choice([3, 4, 5]))}
    b = {f"b{i}": ["*"] for i in range(rnd.choice([2, 3]))}
    c = {f"c{i}": [f"C{i // 2}", f"D{i // 4}", "*"] for i in range(rnd.choice([4, 6]))}
    hierarchies = {"a": a, "b": b, "c": c}
    n = rnd.randint(8, 16)
    df = pd.DataFrame(
        {
            "a": [rnd.choice(list(a)) for _ in range(n)],
            "b": [rnd.choice(list(b)) for _ in range(n)],
            "c": [rnd.choice(list(c)) for _ in range(n)],
            "x": range(n),
        }
    )
    return df, hierarchies, rnd.choice([2, 3])


@pytest.mark.parametrize(
    "seed", [0, 1, pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow)]
)
def test_least_loss_node_and_wildcard_k(seed: int) -> None:
    df, hierarchies, k = random_case(seed)
    g = sqlpriv.generalize(df, hierarchies, k=k, suppression="cells")
    keys = brute_force(df, hierarchies, k)
    assert g.best is not None
    chosen = tuple(g.best[c] for c in hierarchies)
    assert keys[chosen] == min(keys.values())
    assert [round(x, 9) for x in g.best_score] == list(keys[chosen][0])
    records = sqlpriv.generalize(df, hierarchies, k=k)  # every node meeting k as it is is a cells node too
    assert records.best is None or list(keys[chosen][0]) <= [round(x, 9) for x in records.best_score]
    released = g.apply().df()
    assert list(released["x"]) == list(df["x"])  # every row, in input order, other columns kept
    sizes = wildcard_sizes(released_rows(released, list(hierarchies)))
    assert min(sizes) >= k
    blanked = int(released[list(hierarchies)].isna().sum().sum())
    assert blanked == g.cells_suppressed
    after = dict(zip(g.compare().df()["figure"], g.compare().df()["after"]))
    cols = list(hierarchies)
    changed = int((released[cols].isna() | (released[cols].astype(object) != df[cols].astype(object))).sum().sum())
    assert after["cells_changed"] == changed  # every label above level 0 differs from its value here
    assert after["smallest_class (k)"] == min(sizes)
    assert after["average_risk"] == pytest.approx(sum(1 / s for s in sizes) / len(sizes))
    assert after["cells_blanked"] == blanked


def test_cells_beat_records_where_one_key_singles_records_out() -> None:
    # 5 classes of 4 rows on (a, b, c), and 2 records that differ from a class only in c: record
    # suppression must blank all 3 keys of both, local suppression only their c
    rows = [(f"a{i}", f"b{i}", f"c{i}") for i in range(5) for _ in range(4)] + [("a0", "b0", "c7"), ("a1", "b1", "c8")]
    df = pd.DataFrame(rows, columns=["a", "b", "c"])
    flat = {col: {v: ["*"] for v in sorted(set(df[col]))} for col in df.columns}
    records = sqlpriv.generalize(df, flat, k=2, suppression_limit=0.1)
    cells = sqlpriv.generalize(df, flat, k=2, suppression="cells")
    assert records.best == cells.best == {"a": 0, "b": 0, "c": 0}
    record_cells = int(records.candidates().df().query("a == 0 and b == 0 and c == 0")["suppressed"].iloc[0]) * 3
    assert record_cells == 6
    changed = dict(zip(cells.compare().df()["figure"], cells.compare().df()["after"]))["cells_changed"]
    assert changed == cells.cells_suppressed == 2 <= record_cells
    released = cells.apply().df()
    assert released["c"].isna().sum() == 2 and released[["a", "b"]].notna().all().all()
    assert min(wildcard_sizes(released_rows(released, ["a", "b", "c"]))) >= 2
    # the candidate table holds both kinds, the record kind's suppressed cells counted
    cand = cells.candidates().df()
    assert set(cand["suppression"]) == {"records", "cells"}
    row = cand[(cand["suppression"] == "records") & (cand["a"] == 0) & (cand["b"] == 0) & (cand["c"] == 0)]
    assert int(row["cells_suppressed"].iloc[0]) == 0  # suppression_limit 0: the record node fails, keeps all
    mine = cand[cand["suppression"] == "cells"].iloc[0]
    assert bool(mine["meets_policy"]) and float(mine["smallest_class"]) == 4.0  # 5 wildcard classes of 5, 4


def test_script_rebuilds_the_release(tmp_path: pytest.TempPathFactory) -> None:
    df, hierarchies, k = random_case(7)
    path = str(tmp_path / "t.parquet")  # type: ignore[operator]
    df.to_parquet(path)
    g = sqlpriv.generalize(path, hierarchies, k=k, suppression="cells")
    again = duckdb.connect().execute(g.sql).df()
    pd.testing.assert_frame_equal(again.reset_index(drop=True), g.apply().df().reset_index(drop=True))


def test_default_stays_records_and_bad_options_refused() -> None:
    df, hierarchies, k = random_case(1)
    g = sqlpriv.generalize(df, hierarchies, k=k)
    assert "suppression" not in g.candidates().df().columns
    with pytest.raises(ParameterError, match="suppression must be"):
        sqlpriv.generalize(df, hierarchies, k=k, suppression="rows")
    with pytest.raises(ParameterError, match="ranks nodes by loss"):
        sqlpriv.generalize(df, hierarchies, k=k, suppression="cells", metric="entropy")
    with pytest.raises(ParameterError, match="k-anonymity only"):
        sqlpriv.generalize(df, hierarchies, k=k, suppression="cells", max_unique_share=0.1)
    with pytest.raises(ParameterError, match="DuckDB only"):  # refused before Spark is touched
        sqlpriv.generalize("people", hierarchies, k=k, suppression="cells", spark=object())
    named = df.rename(columns={"a": "Suppression"})
    with pytest.raises(ColumnError, match="'Suppression' has the name of a column of the candidate table"):
        sqlpriv.generalize(named, {"Suppression": hierarchies["a"]}, k=k, suppression="cells")
    with pytest.raises(ParameterError, match="cells_method must be"):
        sqlpriv.generalize(df, hierarchies, k=k, suppression="cells", cells_method="exact")
    with pytest.raises(ParameterError, match="larger than the table"):  # local suppression's own error
        sqlpriv.generalize(df, hierarchies, k=len(df) + 1, suppression="cells")


def test_two_local_suppressions_on_one_connection_keep_their_tables() -> None:
    # the cells search runs one local suppression per node on one connection: each must keep its
    # own state tables (before, the second took the first's prefix and replaced its tables)
    con = duckdb.connect()
    first = pd.DataFrame({"a": ["1", "1", "2", "2", "3"], "b": ["x", "y", "x", "y", "x"]})
    second = pd.DataFrame({"a": ["1", "2", "2", "3", "3"], "b": ["x", "x", "y", "x", "y"]})
    r1 = sqlpriv.local_suppression(first, ["a", "b"], k=2, method="greedy", con=con)
    before = r1.df()
    sqlpriv.local_suppression(second, ["a", "b"], k=2, method="greedy", con=con)
    pd.testing.assert_frame_equal(r1.df(), before)
    assert min(wildcard_sizes(released_rows(before, ["a", "b"]))) >= 2


def test_cli_anonymize_with_cells(tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]) -> None:
    from sqlpriv.cli import main

    rows = [(f"a{i}", f"b{i}") for i in range(3) for _ in range(3)] + [("a0", "b7")]
    src, out = tmp_path / "s.csv", tmp_path / "r.csv"  # type: ignore[operator]
    pd.DataFrame(rows, columns=["a", "b"]).to_csv(src, index=False)
    args = ["anonymize", str(src), "--hierarchy", "a=mask:1", "--hierarchy", "b=mask:1", "--suppression", "cells"]
    assert main([*args, "--out", str(out)]) == 0
    released = pd.read_csv(out)
    assert released["b"].isna().sum() == 1 and released["a"].notna().all()  # b7 blanked, nothing generalized
    assert min(wildcard_sizes(released_rows(released, ["a", "b"]))) >= 2
    assert "cells_changed" in capsys.readouterr().out
    assert main([*args, "--sql"]) == 0
    script = capsys.readouterr().out
    assert "-- step: sqlpriv_ls_" in script


def test_pareto_chart_and_front_show_both_kinds() -> None:
    pytest.importorskip("matplotlib")
    import io

    from sqlpriv.report.generalize import chart_data

    rows = [(f"a{i}", f"b{i}", f"c{i}") for i in range(5) for _ in range(4)] + [("a0", "b0", "c7"), ("a1", "b1", "c8")]
    df = pd.DataFrame(rows, columns=["a", "b", "c"])
    flat = {col: {v: ["*"] for v in sorted(set(df[col]))} for col in df.columns}
    g = sqlpriv.generalize(df, flat, k=2, suppression="cells")
    points, front, chosen, _ = chart_data(g)
    assert set(points["suppression"]) == {"records", "cells"}
    # the chosen node: its cells row (loss: 2 blanked of 22 in c, normalised over 7 values)
    assert chosen == (pytest.approx((2 / 22 * 22 + 20 / 7 - 22 / 7) / (22 - 22 / 7)), pytest.approx(5 / 22))
    assert "cells" in set(front["suppression"])  # the least loss of all, it is on the front
    buf = io.StringIO()
    g.plot("pareto").savefig(buf, format="svg")
    assert 'id="gen-cells"' in buf.getvalue() and 'id="gen-candidates"' in buf.getvalue()


def test_report_offers_the_cheapest_of_generalization_local_suppression_and_both(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from sqlpriv.report.treatments import compare_treatments

    rows = [(f"a{i}", f"b{i}", f"c{i}") for i in range(5) for _ in range(4)] + [("a0", "b0", "c7"), ("a1", "b1", "c8")]
    df = pd.DataFrame(rows, columns=["a", "b", "c"])
    flat = {col: {v: ["*"] for v in sorted(set(df[col]))} for col in df.columns}
    g = sqlpriv.generalize(df, flat, k=2)
    assert g.best == {"a": 0, "b": 0, "c": 1}  # c at '*': the two records unique on c join their class
    treated = compare_treatments(df, flat, g, g.best, {})
    assert treated is not None
    frame, cheapest = treated
    assert cheapest == "local suppression"
    by = frame.set_index("treatment")
    # generalization: every c cell changed, classes of 5, 5, 4, 4, 4
    assert by.loc["generalization", "cells_changed"] == 22 and by.loc["generalization", "k_after"] == 4
    assert by.loc["generalization", "average_risk_after"] == pytest.approx(5 / 22)
    # local suppression alone (and both: the same bottom node): the two c cells blanked
    for name in ("local suppression", "generalization and local suppression"):
        assert by.loc[name, "cells_changed"] == 2 and by.loc[name, "k_after"] == 4
        assert by.loc[name, "average_risk_after"] == pytest.approx(5 / 22)
        assert by.loc[name, "total_loss"] == pytest.approx((2 + 20 / 7 - 22 / 7) / (22 - 22 / 7), abs=1e-9)
    page = sqlpriv.report(df, output=tmp_path / "r.html", hierarchies=flat, k=2, pif=False).read_text()
    section = page[page.index('id="what-to-do"') :]
    assert "Cheapest of generalization, local suppression and both: local suppression" in section
    assert "generalize-treatments" in section


def test_written_release_is_read_back_under_wildcard_semantics(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from sqlpriv.errors import OutputError

    rows = [(f"a{i}", f"b{i}") for i in range(3) for _ in range(3)] + [("a0", "b7")]
    df = pd.DataFrame(rows, columns=["a", "b"])
    flat = {col: {v: ["*"] for v in sorted(set(df[col]))} for col in df.columns}
    g = sqlpriv.generalize(df, flat, k=2, suppression="cells")
    out = tmp_path / "r.csv"
    g.apply().write(out)
    assert min(wildcard_sizes(released_rows(pd.read_csv(out), ["a", "b"]))) >= 2
    bad = tmp_path / "bad.csv"
    df.to_csv(bad, index=False)  # the source itself: b7 alone
    with pytest.raises(OutputError, match="smallest class, a blank matching any value, holds 1"):
        g.verify_release(str(bad), "csv")
    g.verify_release(str(out), "csv")


def test_the_search_stops_at_its_node_cap_with_a_warning() -> None:
    from sqlpriv.errors import SqlprivWarning
    from sqlpriv.generalize import cells

    df, hierarchies, k = random_case(0)
    full = sqlpriv.generalize(df, hierarchies, k=k, suppression="cells")
    assert len(full.cells) > 1 and full.cells_exact
    with pytest.warns(SqlprivWarning, match="stopped after 1 nodes"):
        capped = sqlpriv.generalize(df, hierarchies, k=k, suppression="cells", max_cells_nodes=1)
    assert len(capped.cells) == 1 and not capped.cells_exact and capped.best is not None
    assert cells.MAX_CELLS_NODES == 500


def test_report_says_when_its_cells_search_was_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlpriv.report import treatments

    df, hierarchies, k = random_case(0)
    g = sqlpriv.generalize(df, hierarchies, k=k, suppression_limit=0.2)
    monkeypatch.setattr(treatments, "REPORT_CELLS_NODES", 1)
    treated = treatments.compare_treatments(df, hierarchies, g, g.best, {})
    assert treated is not None
    assert "the best of the first 1 nodes by loss bound" in treatments.treatments_text(*treated)
