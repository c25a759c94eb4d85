"""Issue 29 item 1 (session shp8): the sampled Shapley path's setup, checked against brute force.

- the columns a pattern's value alone singles out (u), now read from the dictionaries' value
  counts (engine/dictionary.sql ``counts``, engine/patterns_grouped.sql ``unique``), against
  pandas' value counts and the window form (shapley/unique_columns.sql);
- the pairs with the anchor column that single a pattern out (u2, shapley/unique_pairs.sql)
  against pandas' pair counts;
- the determining pairs (shapley/functional_pairs.sql: one grouping with bit_or / bit_and)
  against pandas' groupby on random tables with several key words, NULLs and constant columns;
- the values with the anchor's pairs skipped equal those without and the brute-force sampled
  estimator, and a wrong u2 changes them (so the comparison can fail);
- the background pandas import of an analysis (engine/result.py ``prefetch_pandas``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sqlpriv
from sqlpriv.engine.templates import render
from sqlpriv.errors import SqlprivWarning
from sqlpriv.shapley import closure as shapley_closure
from sqlpriv.shapley import sampling as shapley_sampling
from tests.test_shapley_closure import determines
from tests.test_shapley_scale import oracle, same_and_as_the_oracle, table


def analysis(df: pd.DataFrame, samples: int = 6, seed: int = 0, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SqlprivWarning)
        return sqlpriv.uniqueness_shapley(df, method="sample", samples=samples, seed=seed, **options)


def patterns_frame(r, table_name: str) -> pd.DataFrame:
    """The patterns of ``table_name`` with each column's value decoded, plus w, u (and u2)."""
    frame = r.frame
    con = frame.plan.con
    rows = con.execute(f'select * from "{table_name}"').df()
    out = pd.DataFrame({"w": rows["w"], "u": rows["u"]})
    if "u2" in rows:
        out["u2"] = rows["u2"]
    for word_index, word in enumerate(frame.words):
        for f in word:
            codes = (rows[f"k{word_index}"].to_numpy() >> f["offset"]) & ((1 << f["bits"]) - 1)
            out[f"c{f['j']}"] = codes
    return out


def random_table(draw_seed: int, n: int, d: int) -> pd.DataFrame:
    """Columns of 1 to 300 values (several key words at d >= 8), a NULL share, a copy."""
    rng = np.random.default_rng(draw_seed)
    cols = {}
    for j in range(d):
        k = [1, 2, 5, 40, 300][(j + draw_seed) % 5]
        values = rng.integers(0, k, size=n).astype(float)
        values[rng.random(n) < 0.1] = np.nan
        cols[f"v{j}"] = values
    df = pd.DataFrame(cols)
    df["copy"] = df["v3"] * 3 + 1  # determined by v3 and determining it (NULLs alike)
    df["coarse"] = np.floor(df["v4"] / 7)
    return df


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(5, 120), d=st.integers(6, 12))
def test_unique_columns_pairs_and_determining_pairs_equal_brute_force(seed, n, d):
    df = random_table(seed, n, d)
    names = list(df.columns)
    r = analysis(df)
    frame = r.frame
    assert frame.unique
    frame.plan.ensure(["patterns"])
    pats = patterns_frame(r, frame.names["patterns"])
    assert pats["w"].sum() == n
    # u: bit j when the pattern's value of column j occurs in one row (NULL a value)
    decoded = df.fillna(-1.0)
    for j, name in enumerate(names):
        counts = decoded.groupby(name).size()
        dictionary = frame.plan.con.execute(f'select v, code from "{frame.names["dicts"][j]}"').df()
        value_of = dict(zip(dictionary["code"], dictionary["v"].fillna(-1.0)))
        expected = pats[f"c{j}"].map(lambda c: counts[value_of[c]] == 1)
        assert ((pats["u"].to_numpy() >> j & 1) == 1).tolist() == expected.tolist(), name
    # the window form (the patterns without u, one window per column) gives every pattern the same u
    con, keys = frame.plan.con, [f"k{w}" for w in range(len(frame.words))]
    plain = f"{frame.names['prefix']}_plain"
    con.execute(
        f'create or replace temp view "{plain}" as select {", ".join(keys)}, w from "{frame.names["patterns"]}"'
    )
    window = con.execute(render("shapley/unique_columns.sql", t={"patterns": plain}, words=frame.words)).df()
    stored = con.execute(f'select * from "{frame.names["patterns"]}"').df()
    assert sorted(map(tuple, window[[*keys, "u"]].to_numpy().tolist())) == sorted(
        map(tuple, stored[[*keys, "u"]].to_numpy().tolist())
    )
    # determining pairs (NULL a value of its own, as in SQL)
    assert set(shapley_closure.determining_pairs(frame, frame.names["patterns"])) == determines(decoded)
    # u2: for the patterns not alone on the anchor, bit j when (anchor, j) values occur once
    anchor = shapley_sampling.unique_anchor(frame)
    assert anchor == int(np.argmax([df[c].nunique(dropna=False) for c in names]))
    fields = [{"j": f["j"], "w": w, "mask": f["mask"]} for w, word in enumerate(frame.words) for f in word]
    body = render(
        "shapley/unique_pairs.sql", patterns=frame.names["patterns"], words=frame.words, fields=fields, anchor=anchor
    )
    frame.plan.con.execute(f'create or replace temp table "{frame.names["prefix"]}_u2check" as {body}')
    both = patterns_frame(r, f"{frame.names['prefix']}_u2check")
    assert len(both) == len(pats)
    for j in range(len(names)):
        if j == anchor:
            assert (both["u2"].to_numpy() >> j & 1).sum() == 0
            continue
        pair = both.groupby([f"c{anchor}", f"c{j}"])["w"].transform("sum")
        alone_on_anchor = (both["u"].to_numpy() >> anchor & 1) == 1
        expected = (pair == 1) & ~alone_on_anchor
        assert ((both["u2"].to_numpy() >> j & 1) == 1).tolist() == expected.tolist(), names[j]


def test_anchor_pairs_skipped_equal_the_plain_count_and_the_bruteforce_estimator(monkeypatch):
    """Cells, summary and per-row values with the anchor's pairs skipped equal those without, and
    the brute-force estimator; u2 with one false bit (a pattern treated as alone where it is not)
    changes the cells, so these comparisons can fail."""
    df = table(60, 9, 3)  # v6: nearly an identifier, the anchor
    names = list(df.columns)
    runs = {}
    for on in (True, False):
        monkeypatch.setattr(shapley_sampling, "UNIQUE_PAIRS", on)
        r = analysis(df, samples=18, seed=2)
        upatterns = r.frame.plan.steps["upatterns"].statements
        assert (len(upatterns) == 1 and "as u2" in upatterns[0]) if on else not upatterns
        cells = r.frame.plan.con
        r.frame.plan.ensure(["cells"])
        runs[on] = (
            sorted(cells.execute(f'select * from "{r.frame.names["cells"]}"').fetchall()),
            r.summary().df(),
            r.per_row().df(),
        )
    assert runs[True][0] == runs[False][0]
    monkeypatch.setattr(shapley_sampling, "UNIQUE_PAIRS_ROWS", len(df))  # patterns x (d - 1) above it
    bounded = analysis(df, samples=18, seed=2)
    assert not bounded.frame.plan.steps["upatterns"].statements
    bounded.frame.plan.ensure(["cells"])
    assert (
        sorted(bounded.frame.plan.con.execute(f'select * from "{bounded.frame.names["cells"]}"').fetchall())
        == runs[True][0]
    )
    monkeypatch.setattr(shapley_sampling, "UNIQUE_PAIRS_ROWS", 10_000_000)
    summaries = [runs[on][1].select_dtypes("number").to_numpy() for on in (True, False)]
    assert np.abs(summaries[0] - summaries[1]).max() < 1e-12
    same_and_as_the_oracle(runs[True][2], runs[False][2], df, names, 18, 2)

    monkeypatch.setattr(shapley_sampling, "UNIQUE_PAIRS", True)
    real = render

    def wrong(name, *args, **kwargs):  # every pattern alone with the anchor and any other column
        sql = real(name, *args, **kwargs)
        if name == "shapley/unique_pairs.sql":
            sql = sql.replace("coalesce(f.u2, 0)::bigint as u2", "(-1)::bigint as u2")
        return sql

    monkeypatch.setattr(shapley_sampling, "render", wrong)
    r = analysis(df, samples=18, seed=2)
    r.frame.plan.ensure(["cells"])
    bad = sorted(r.frame.plan.con.execute(f'select * from "{r.frame.names["cells"]}"').fetchall())
    assert bad != runs[True][0]
    mean, _ = oracle(df, 18, 2)
    assert np.abs(r.per_row().df()[names].to_numpy() - mean).max() > 1e-6


def run_python(code: str, timeout: float) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter that imports this checkout's sqlpriv; its output captured."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.getcwd(), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=timeout)


def test_analysis_imports_pandas_in_the_background():
    """``import sqlpriv`` leaves pandas out; an analysis starts its import in a thread, and the
    first .df() gets a DataFrame (a fresh interpreter, the bundled flare table)."""
    code = (
        "import sys, threading, sqlpriv\n"
        "assert 'pandas' not in sys.modules\n"
        "r = sqlpriv.uniqueness_shapley(sqlpriv.example_path('flare.csv'), columns=['class', 'area'])\n"
        "assert any(t.name == 'sqlpriv-import-pandas' for t in threading.enumerate()) or 'pandas' in sys.modules\n"
        "df = r.summary().df()\n"
        "assert type(df).__name__ == 'DataFrame' and len(df) == 2\n"
        "print('ok')\n"
    )
    out = run_python(code, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_a_fork_right_after_an_analysis_waits_for_the_pandas_import():
    """A fork while pandas is being imported in the background (a multiprocessing pool started
    right after an analysis, the fork start method) waits for the import: the children import
    pandas and the parent goes on, nothing hangs and no fork hook complains."""
    code = (
        "import multiprocessing as mp, sqlpriv\n"
        "def work(i):\n"
        "    import pandas\n"
        "    return i * 2\n"
        "if __name__ == '__main__':\n"
        "    mp.set_start_method('fork')\n"
        "    r = sqlpriv.uniqueness_shapley(sqlpriv.example_path('flare.csv'), columns=['class', 'area'])\n"
        "    with mp.Pool(2) as pool:\n"
        "        print(pool.map(work, range(4)))\n"
        "    print(len(r.summary().df()))\n"
    )
    out = run_python(code, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[0,", "2,", "4,", "6]", "2"]
    assert "Exception ignored" not in out.stderr
