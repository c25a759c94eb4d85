"""The search's own machinery (issue 28, docs/measures.md §7): its lean candidates query equals
the full one, and the printed script (prepared statements executed per batch) rebuilds the same
candidate table in a fresh DuckDB. The optimum itself is checked against a brute force in
tests/test_generalize.py and against ARX in tests/test_generalize_arx.py."""

from __future__ import annotations

import itertools
import random

import duckdb
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine.templates import render


def skewed(seed: int, n: int = 150) -> tuple[pd.DataFrame, dict]:
    """Four columns, skewed values, two-level hierarchies below '*'."""
    rng = random.Random(seed)
    data, hier = {}, {}
    for j in range(4):
        values = [f"v{j}{i}" for i in range(rng.randint(3, 7))]
        hier[f"q{j}"] = {v: [f"g{j}{i % 2}", "*"] for i, v in enumerate(values)}
        data[f"q{j}"] = rng.choices(values, [rng.random() ** 2 for _ in values], k=n)
    return pd.DataFrame(data), hier


@pytest.mark.parametrize("metric", ["loss", "discernibility", "aecs", "precision", "entropy"])
@pytest.mark.parametrize("limit", [0.0, 0.1])
def test_lean_candidates_equal_the_full_query(metric, limit):
    """What the search reads per batch (candidates.sql with only=) equals the candidate table's
    columns for every evaluated node: meets_policy, the metric, dm_bound, suppressed."""
    df, hier = skewed(7)
    g = sqlpriv.generalize(df, hier, k=3, suppression_limit=limit, metric="discernibility", batch=4)
    s = g.search
    full = g.plan.con.execute(
        render("generalize/ordered.sql", body=s.candidates_sql).replace("exclude (node, dm_star, dm_bound)", "")
    ).df()
    lean = g.plan.con.execute(
        f"select * from ({render('generalize/candidates.sql', only=metric, **s.candidates_args)}) c order by node"
    ).df()
    assert len(full) == len(lean) == g.nodes_evaluated > 1
    assert lean["node"].tolist() == full["node"].tolist()
    assert lean["meets_policy"].tolist() == full["meets_policy"].tolist()
    assert lean["suppressed"].tolist() == full["suppressed"].tolist()
    assert lean["dm_bound"].tolist() == full["dm_bound"].tolist()
    if metric == "loss":
        assert [list(v) for v in lean["loss"]] == [list(v) for v in full["loss"]]
    else:
        assert lean[metric].tolist() == full[metric].tolist()


@pytest.mark.parametrize("metric,limit", [("loss", 0.0), ("discernibility", 0.1), ("entropy", 0.1)])
def test_printed_script_rebuilds_the_candidates(tmp_path, metric, limit):
    """candidates().sql holds every statement the search ran (the first batch's table, the
    prepared statements and one EXECUTE per batch): run in a fresh DuckDB it gives the same table."""
    df, hier = skewed(11)
    path = tmp_path / "people.csv"
    df.to_csv(path, index=False)
    g = sqlpriv.generalize(str(path), hier, k=3, suppression_limit=limit, metric=metric, batch=3)
    assert g.nodes_evaluated > 3  # several batches: several EXECUTEs
    result = g.candidates()
    script = result.sql
    assert "prepare " in script and script.count("execute ") >= 2
    con = duckdb.connect()
    statements = con.extract_statements(script)
    for stmt in statements[:-1]:
        con.execute(stmt)
    again = con.execute(statements[-1]).df()
    pd.testing.assert_frame_equal(again, result.df(), check_dtype=False)


@pytest.mark.parametrize("metric", ["discernibility"])
def test_shares_left_out_of_the_search_are_filled_for_the_candidates(monkeypatch, metric):
    """A search whose metric reads no suppressed-class share or entropy leaves them out of its
    batches and fills them (generalize/fill.sql) when the candidates are read: the table equals
    the one of the same search with them computed in every batch (the old path), also after a
    node the search skipped is evaluated for apply(levels=) and the candidates are read again."""
    from sqlpriv.generalize import search

    df, hier = skewed(5, n=120)

    def run(shares_in_search: bool) -> tuple[pd.DataFrame, pd.DataFrame]:
        if shares_in_search:
            monkeypatch.setattr(search, "SHARES_METRICS", search.METRICS)
        else:
            monkeypatch.setattr(search, "SHARES_METRICS", ("loss", "entropy"))
        g = sqlpriv.generalize(df, hier, k=3, suppression_limit=0.1, metric=metric, batch=4)
        first = g.candidates().df()
        skipped = next(n for n in itertools.product(*[range(h) for h in g.search.heights]) if n not in g.search.seen)
        g.apply(dict(zip(g.columns, skipped))).df()
        return first, g.candidates().df()

    new_first, new_again = run(False)
    old_first, old_again = run(True)
    assert (new_first["suppressed"] > 0).any() and len(new_again) == len(new_first) + 1
    pd.testing.assert_frame_equal(new_first, old_first)
    pd.testing.assert_frame_equal(new_again, old_again)


@pytest.mark.parametrize("seed,k", [(8, 5)])
def test_top_down_without_suppression_finds_every_node_meeting_k(seed, k):
    """Without suppression the search finds the nodes meeting k from the top down (sweeps.top_down):
    the evaluated nodes meeting it are exactly the nodes whose smallest class has k rows (a pandas
    group-by per node, written here), every other node is under an evaluated failing node, and
    it took one statement per level at most. The values the search read from the a-priori bound
    (loss, entropy: exact with nothing suppressed) equal the full candidate table's."""
    df, hier = skewed(seed, n=200)
    cols = list(hier)
    heights = [3] * len(cols)
    brute_meets = set()
    for node in itertools.product(*[range(h) for h in heights]):
        labels = pd.DataFrame(
            {
                c: df[c] if node[j] == 0 else df[c].map(lambda v, c=c, lv=node[j]: hier[c][v][lv - 1])
                for j, c in enumerate(cols)
            }
        )
        if labels.groupby(cols).size().min() >= k:
            brute_meets.add(node)
    for metric in ("loss", "entropy"):
        g = sqlpriv.generalize(df, hier, k=k, metric=metric, batch=4)
        s = g.search
        meets = {node for node, seen in s.seen.items() if seen[0]}
        assert meets == brute_meets and 0 < len(meets) < 81
        assert all(node in s.seen or s.known_to_fail(node) for node in itertools.product(*[range(h) for h in heights]))
        assert s.evaluated < 81 and sum(st.startswith("execute") for st in s.statements) <= sum(h - 1 for h in heights)
        full = g.plan.con.execute(s.candidates_sql).df()
        for _, row in full.iterrows():
            node = tuple(int(row[c]) for c in cols)
            value = list(row["loss"]) if metric == "loss" else row["entropy"]
            assert s.seen[node][1] == value  # bit for bit: the bound is the value
