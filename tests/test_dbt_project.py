"""The dbt package on a real ``dbt build`` (dbt-core + dbt-duckdb): the integration project in
examples/dbt_project builds, its models equal the Python API's numbers, and a deliberately failing
privacy test fails with a readable message. The checks that need only the seeds loaded are in
test_dbt_project_gates.py, the compile-time refusals in test_dbt_project_refusals.py and the
dbt-spark build in test_dbt_project_spark.py (one file each, so that xdist's loadfile spreads
them over its workers; shared parts in tests/dbt_helpers.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.pif.measure import information_factors
from tests.dbt_helpers import (
    PREDICTORS,
    PROJECT,
    SEED,
    attack_figures,
    attack_slice_tables,
    copy_of,
    copy_project,
    dbt,
    dcr_row,
    require_dbt,
    same,
    so_rows,
)

require_dbt()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("dbt") / "project")
    deps = dbt(project, "deps")
    assert deps.returncode == 0, deps.stdout + deps.stderr
    build = dbt(project, "build", "--exclude", "tag:must_fail")
    return project, build


@pytest.fixture(scope="module")
def tables(built):
    project, build = built
    assert build.returncode == 0, build.stdout[-4000:]

    def read(name: str) -> pd.DataFrame:  # connect per read: dbt needs the file unlocked in between
        with duckdb.connect(str(project / "sqlpriv_example.duckdb"), read_only=True) as con:
            return con.execute(f'select * from main."{name}"').df()

    return read


def test_dbt_build_passes_every_model_and_privacy_test(built):
    _, build = built
    assert build.returncode == 0, build.stdout[-4000:]
    out = build.stdout
    assert "Completed successfully" in out
    for name in (
        "flare_shapley",
        "flare_shapley_summary",
        "flare_shapley_by_flares",
        "flare_renamed_summary",
        "flare_cig",
        "flare_csf",
        "flare_privacy_profile",
        "flare_request",
        "flare_risk",
        "flare_risk_summary",
    ):
        assert f"OK created sql table model main.{name}" in out, name
    for test in (
        "sqlpriv_k_anonymity",
        "sqlpriv_max_unique_share",
        "sqlpriv_min_request_score",
        "sqlpriv_max_average_risk",
        "sqlpriv_max_population_uniqueness",
    ):
        assert f"PASS sqlpriv_{test}_flare_" in out, test  # dbt names a package test <package>_<test>_<model>_...
    # a `where:`-filtered test: k = 4 is exactly the smallest class among the quiet regions
    assert "PASS flare_quiet_regions_are_4_anonymous_on_activity_area" in out
    seed = pd.read_csv(SEED)
    quiet = seed[seed["C"] + seed["M"] + seed["X"] == 0]
    assert quiet.groupby(["activity", "area"]).size().min() == 4


def test_shapley_models_equal_the_python_api(tables):
    result = sqlpriv.uniqueness_shapley(str(SEED), columns=PREDICTORS, key="flare_id")
    same(tables("flare_shapley"), result.per_row().df(), key="flare_id")
    summary = tables("flare_shapley_summary")
    same(summary, result.summary().df())
    assert summary["column"].tolist() == PREDICTORS  # the quoted name came through as a value too
    same(tables("flare_shapley_by_flares"), result.by("C > 0").df())
    # a column renamed to hold a double quote and a space (model flare_renamed)
    renamed = tables("flare_renamed_summary")
    assert renamed["column"].tolist() == ['class "as given"', "area", "activity"]
    expected = sqlpriv.uniqueness_shapley(str(SEED), columns=["class", "area", "activity"]).summary().df()
    same(renamed.drop(columns="column"), expected.drop(columns="column"))


def test_small_models_equal_the_python_api(tables):  # the per-row models the Spark target also builds
    three = ["class", "largest spot's size", "area"]
    same(
        tables("flare_shapley_small"),
        sqlpriv.uniqueness_shapley(str(SEED), columns=three, key="flare_id").per_row().df(),
        key="flare_id",
    )
    same(tables("flare_wcig_small"), sqlpriv.wcig(str(SEED), columns=three, key="flare_id").df(), key="flare_id")
    same(tables("flare_cig_small"), sqlpriv.cig(str(SEED), columns=three, key="flare_id").df(), key="flare_id")
    same(tables("flare_csf_small"), sqlpriv.csf(str(SEED), columns=three, key="flare_id").df(), key="flare_id")
    by = sqlpriv.uniqueness_shapley(str(SEED), columns=three).by("C > 0").df()
    same(tables("flare_shapley_by_small"), by)


def test_pif_models_equal_the_python_api(tables):
    factors = information_factors(str(SEED), columns=PREDICTORS, key="flare_id")
    same(tables("flare_cig"), factors.cig().df(), key="flare_id")
    same(tables("flare_csf"), factors.csf().df(), key="flare_id")


def test_request_models_equal_the_python_api(tables):
    same(tables("flare_privacy_profile"), sqlpriv.privacy_profile(str(SEED), PREDICTORS).df())
    report = (
        sqlpriv.assess_request(str(SEED), ["class", "largest spot's size", "area"], k=5, max_unique_share=0.0, min_k=5)
        .report()
        .df()
    )
    same(tables("flare_request"), report)
    seed = pd.read_csv(SEED)  # brute force: the strict policy's rules on the three columns
    sizes = seed.groupby(["class", "largest spot's size", "area"], dropna=False).size()
    violated = [name for name, bad in [("max_unique_share", (sizes == 1).any()), ("min_k", (sizes < 5).any())] if bad]
    assert tables("flare_request")["violated_rules"].iloc[0] == ", ".join(violated)


def test_risk_models_equal_the_python_api(tables):
    """Issue 26: the dbt model macro reidentification_risk equals sqlpriv.reidentification_risk."""
    three = ["class", "largest spot's size", "area"]
    r = sqlpriv.reidentification_risk(str(SEED), three, sampling_fraction=0.1, key="flare_id")
    same(tables("flare_risk"), r.per_row().df(), key="flare_id")
    summary = tables("flare_risk_summary")
    expected = r.summary().df()
    expected = expected[expected["figure"].isin(summary["figure"])].reset_index(drop=True)
    assert summary["figure"].tolist() == expected["figure"].tolist()
    same(summary.drop(columns="note"), expected.drop(columns="note"))


@pytest.fixture(scope="module")
def must_fail(built):
    """One `dbt test --select tag:must_fail` for the tests that read its failures (each dbt run parses the project)."""
    project, _ = built
    return project, dbt(project, "test", "--select", "tag:must_fail")


def test_deliberately_failing_privacy_test_fails_readably(must_fail):
    project, run = must_fail
    assert run.returncode == 1, run.stdout[-3000:]
    seed = pd.read_csv(SEED)
    sizes = seed.groupby(PREDICTORS, dropna=False).size()
    small = int((sizes < 5).sum())  # brute force: classes of the ten predictors below k = 5
    assert small > 0
    assert "Failure in test flare_is_5_anonymous_on_all_predictors" in run.stdout
    assert f"Got {small} results, configured to fail if != 0" in run.stdout
    con = duckdb.connect(str(project / "sqlpriv_example.duckdb"), read_only=True)
    stored = con.execute("select * from main_dbt_test__audit.flare_is_5_anonymous_on_all_predictors").df()
    con.close()
    assert len(stored) == small
    assert sorted(stored["class_size"].tolist()) == sorted(sizes[sizes < 5].tolist())
    one = stored.sort_values("class_size").iloc[0]
    assert one["failure"].startswith(
        f"only {one['class_size']} row(s) share these values of class, largest spot's size,"
    )
    assert one["failure"].endswith("k-anonymity needs at least 5")


def test_disclosure_model_and_tests(built, tables):
    """The attribute_disclosure model equals the Python API; the l-diversity and t-closeness
    tests pass on the seed, and the deliberately failing one returns its two classes, each
    with a sentence (docs/measures.md §8)."""
    project, build = built
    for test in ("sqlpriv_l_diversity", "sqlpriv_t_closeness"):
        assert f"PASS sqlpriv_{test}_flare_" in build.stdout, test
    api = sqlpriv.attribute_disclosure(str(SEED), ["activity", "area"], sensitive=["C", "evolution"])
    same(tables("flare_disclosure"), api.summary().df())
    run = dbt(project, "test", "--select", "flare_is_3_diverse_in_evolution")
    assert run.returncode == 1 and "Got 2 results, configured to fail if != 0" in run.stdout, run.stdout[-3000:]
    with duckdb.connect(str(project / "sqlpriv_example.duckdb"), read_only=True) as con:
        stored = con.execute("select * from main_dbt_test__audit.flare_is_3_diverse_in_evolution").df()
    classes = api.classes().df()
    failing = classes[(classes["sensitive"] == "evolution") & (classes["l_diversity"] < 3)]
    assert sorted(stored["n"].tolist()) == sorted(failing["n"].tolist())
    assert stored["failure"].str.match(r"only 2 distinct value\(s\) of evolution among the \d+ row\(s\)").all()
    assert stored["failure"].str.endswith("l-diversity needs at least 3").all()


def test_the_duckdb_shell_opens_the_database_dbt_wrote(built, tables):
    """Issue 15 item 4: the test extra's DuckDB shell (duckdb-cli) can lag the Python package
    (1.5.6 beside 2.0.0); the example profile writes with a storage version both read."""
    project, _ = built
    shell = shutil.which("duckdb") or str(Path(sys.executable).with_name("duckdb"))
    if not os.path.exists(shell):
        pytest.fail("the DuckDB shell is missing: pip install duckdb-cli (part of the test extra)")
    out = subprocess.run(
        [
            shell,
            "-readonly",
            "-csv",
            str(project / "sqlpriv_example.duckdb"),
            "-c",
            'select count(*) as n from main."flare_shapley"',
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["n", str(len(tables("flare_shapley")))]


def test_generalized_model_equals_python_apply(tables):
    """The dbt model sqlpriv.generalize (sql_templates/dbt/generalize.sql) releases the same table
    as sqlpriv.generalize(...).apply(levels) in Python (issue 28); its k-anonymity test passed."""
    from sqlpriv import hierarchy

    classes = {"A": ["simple"], "B": ["simple"], "H": ["simple"], "C": ["medium"], "D": ["medium"]}
    classes |= {"E": ["large"], "F": ["large"]}
    h = {"class": classes, "activity": {"1": ["*"], "2": ["*"]}, "area": hierarchy.intervals(2)}
    g = sqlpriv.generalize(pd.read_csv(SEED), h, k=5)
    want = g.apply({"class": 1, "activity": 0, "area": 2}).df().sort_values("flare_id").reset_index(drop=True)
    got = tables("flare_generalized").sort_values("flare_id").reset_index(drop=True)
    assert list(got.columns) == list(want.columns)
    for col in ("class", "activity", "area"):
        assert got[col].astype(str).tolist() == want[col].astype(str).tolist(), col
    assert got.groupby(["class", "activity", "area"]).size().min() >= 5


def test_hierarchy_covers_test_passes_in_the_build(built):
    _, build = built
    assert "PASS sqlpriv_sqlpriv_hierarchy_covers_flare_class_" in build.stdout, build.stdout[-3000:]


# --------------------------------------------------------------------------- attacks (issue 43)

ADULT = {name: PROJECT / "seeds" / f"adult_{name}.csv" for name in ("original", "control", "synthetic")}


LINK_AUX = (["age", "sex", "race", "marital-status"], ["education", "occupation", "workclass", "native-country"])


INFER_AUX = ["age", "sex", "race", "marital-status", "education", "occupation", "hours-per-week"]


def test_attack_models_and_tests_equal_the_python_attacks(built, tables):
    """The linkability and inference models equal sqlpriv.linkability / sqlpriv.inference to 1e-9
    (every figure of the risk), and their generic tests gate the build: both pass on the seeds."""
    _, build = built
    for test in ("sqlpriv_max_linkability_risk", "sqlpriv_max_inference_risk"):
        assert f"PASS sqlpriv_{test}_adult_original_" in build.stdout, test
    data = {name: str(path) for name, path in ADULT.items()}
    link = sqlpriv.linkability(
        data["original"], data["synthetic"], aux_cols=LINK_AUX, control=data["control"], n_neighbors=2
    )
    assert link.n_success > 0
    same(tables("adult_linkability"), attack_figures(link))
    infer = sqlpriv.inference(data["original"], data["synthetic"], INFER_AUX, "Salary", control=data["control"])
    same(tables("adult_inference"), attack_figures(infer))


def test_attack_test_above_its_maximum_fails_the_build(built):
    """Without a control table the inference risk is the raw rate of right guesses (0.65 on the
    seeds), above the test's 0.5: dbt fails, storing the figures (equal to Python's) and a sentence."""
    project, _ = built
    run = dbt(project, "test", "--select", "adult_salary_is_not_inferred_without_a_control")
    assert run.returncode == 1, run.stdout[-3000:]
    assert "Got 1 result, configured to fail if != 0" in run.stdout
    with duckdb.connect(str(project / "sqlpriv_example.duckdb"), read_only=True) as con:
        stored = con.execute("select * from main_dbt_test__audit.adult_salary_is_not_inferred_without_a_control").df()
    infer = sqlpriv.inference(str(ADULT["original"]), str(ADULT["synthetic"]), INFER_AUX, "Salary")
    assert infer.risk().value > 0.5
    control = ["n_control", "n_control_success", "control_rate", "control_rate_error"]
    assert stored[control].isna().all(axis=None)  # no control attack
    same(stored.drop(columns=["failure", *control]), attack_figures(infer).drop(columns=control))
    n, s = infer.n_attacks, infer.n_success
    assert stored["failure"].iloc[0] == (
        f"inference risk of Salary is {round(infer.risk().value, 6)} ({s} of {n} guesses right); the test allows at most 0.5"
    )


def test_singling_out_model_and_gates_equal_the_python_api(built, tables, must_fail):
    """The singling-out query attack's dbt face (SQL draw): the multivariate model adult_singling_out
    equals sqlpriv.singling_out_queries(..., draw="sql") (counts exact, figures 1e-9); its gate
    passes on the seeds and fails on a "synthetic" table that copies the original, storing the
    main row (equal to Python's univariate attack) and a sentence. The SQL draw's own oracle and
    brute-force counts: tests/test_attack_singling_out_sql_draw.py."""
    _, build = built
    assert "PASS sqlpriv_sqlpriv_max_singling_out_risk_adult_original_" in build.stdout
    data = {name: str(path) for name, path in ADULT.items()}
    multi = sqlpriv.singling_out_queries(
        data["original"], data["synthetic"], control=data["control"], mode="multivariate", n_attacks=100, draw="sql"
    )
    assert len(multi.counts.queries) == 100 and multi.evaluation().n_success > 0
    same(tables("adult_singling_out"), so_rows(multi), key="attack")
    project, run = must_fail
    assert "Failure in test adult_copy_singles_out_no_record" in run.stdout, run.stdout[-3000:]
    with duckdb.connect(str(project / "sqlpriv_example.duckdb"), read_only=True) as con:
        stored = con.execute("select * from main_dbt_test__audit.adult_copy_singles_out_no_record").df()
    with pytest.warns(sqlpriv.SqlprivWarning):  # fewer univariate queries exist than the 100 asked for
        copy = sqlpriv.singling_out_queries(data["original"], data["original"], n_attacks=100, draw="sql")
    n, s = len(copy.counts.queries), copy.evaluation().n_success
    assert n == s > 10  # every query singles its record out of the copy
    same(stored.drop(columns=["failure"]), so_rows(copy).iloc[:1])
    assert stored["failure"].iloc[0] == (
        f"singling-out risk (univariate queries) is {round(copy.risk().value, 6)} ({s} of {n} queries single out "
        "one record); the test allows at most 0.1"
    )


def test_cell_treatment_models_equal_the_python_api(tables):
    """Issue 44: the model macros top_bottom_code and microaggregate (onedims, by strata) release the
    same table as sqlpriv.top_bottom_code / sqlpriv.microaggregate, and both equal a pandas
    computation written here."""
    seed = pd.read_csv(SEED)
    coded = tables("flare_top_coded")
    same(coded, sqlpriv.top_bottom_code(str(SEED), "C", top=2, top_value=2.5).df(), key="flare_id")
    got = coded.sort_values("flare_id")["C"].to_numpy(float)
    np.testing.assert_array_equal(got, np.where(seed["C"] > 2, 2.5, seed["C"]))
    assert (got == 2.5).sum() == (seed["C"] > 2).sum() > 0
    micro = tables("flare_microaggregated")
    python = sqlpriv.microaggregate(str(SEED), ["C", "M", "X"], aggr=3, strata=["class"], method="onedims").df()
    same(micro, python, key="flare_id")
    for col in ("C", "M", "X"):  # brute force: sort within class (ties by row), groups of 3, last absorbs
        want = np.empty(len(seed))
        for _, part in seed.groupby("class"):
            order = part.sort_values(col, kind="stable").index.to_numpy()
            groups = np.minimum(np.arange(len(order)) // 3, max(len(order) // 3 - 1, 0))
            for g in np.unique(groups):
                want[order[groups == g]] = seed.loc[order[groups == g], col].mean()
        np.testing.assert_allclose(micro.sort_values("flare_id")[col].to_numpy(float), want, atol=1e-12)


def test_exact_copies_test_gates_the_build_with_dcr_figures(built):
    """sqlpriv_max_exact_copies: the share of synthetic rows copying an original record on every
    column passes at 0.05 in the build and fails at its default 0, storing the counts: equal to a
    pandas merge on the seeds and to sqlpriv.dcr's exact_copy_share."""
    project, build = built
    assert "PASS sqlpriv_sqlpriv_max_exact_copies_adult_original_" in build.stdout
    run = dbt(project, "test", "--select", "adult_synthetic_copies_no_record")
    assert run.returncode == 1 and "Got 1 result, configured to fail if != 0" in run.stdout, run.stdout[-3000:]
    with duckdb.connect(str(project / "sqlpriv_example.duckdb"), read_only=True) as con:
        stored = con.execute("select * from main_dbt_test__audit.adult_synthetic_copies_no_record").df()
    ori, syn = pd.read_csv(ADULT["original"]), pd.read_csv(ADULT["synthetic"])
    hit = syn.merge(ori.drop_duplicates().assign(_hit=1), on=list(ori.columns), how="left")["_hit"].notna()
    assert (stored["n_synthetic"].iloc[0], stored["n_copies"].iloc[0]) == (len(syn), hit.sum()) == (500, 8)
    share = sqlpriv.dcr(str(ADULT["original"]), str(ADULT["synthetic"]), baseline=False, identifiability=False)
    assert stored["copy_share"].iloc[0] == pytest.approx(share.figures["exact_copy_share"], abs=1e-12) == 0.016
    assert stored["failure"].iloc[0] == (
        "8 of 500 synthetic rows copy an original record on 11 columns (share 0.016); the test allows a share of at most 0"
    )


def _dcr_row(original: Path, synthetic: Path) -> pd.DataFrame:
    """The row of sqlpriv.dcr_risk, from sqlpriv.dcr (its neighbour search, not the cross join)."""
    r = sqlpriv.dcr(str(original), str(synthetic), control=str(ADULT["control"]), baseline=False, identifiability=False)
    return dcr_row(r)


def test_singling_out_and_dcr_slices_equal_the_python_api(built, tables):
    """Issue 45: the slices' singling-out and DCR models (checked on Spark by the heavy
    test_dbt_attacks_spark.py) equal the Python API on DuckDB, and their gates pass."""
    _, build = built
    for test in ("sqlpriv_max_singling_out_risk", "sqlpriv_max_dcr_closer_share"):
        assert f"PASS sqlpriv_{test}_adult_original_small_" in build.stdout, test
    attack_slice_tables(tables)


def test_dcr_model_and_gate_equal_the_python_api(built, tables, must_fail):
    """The DCR model adult_dcr (one cross join) equals sqlpriv.dcr's figures to 1e-9 (its levelled
    neighbour search); the gate sqlpriv_max_dcr_closer_share passes on the seeds (0.722 <= 0.8) and
    fails on a "synthetic" table that copies the original (every row closer to it, share 1),
    storing the figures and a sentence. The exact copies: a pandas merge on the seeds."""
    _, build = built
    assert "PASS sqlpriv_sqlpriv_max_dcr_closer_share_adult_original_" in build.stdout, build.stdout[-3000:]
    want = _dcr_row(ADULT["original"], ADULT["synthetic"])
    assert want["dcr_closer_to_training"].iloc[0] == pytest.approx(0.722) and want["exact_copy_share"].iloc[0] == 0.016
    same(tables("adult_dcr"), want)
    project, run = must_fail
    assert "Failure in test adult_copy_is_no_closer_to_the_original" in run.stdout, run.stdout[-3000:]
    with duckdb.connect(str(project / "sqlpriv_example.duckdb"), read_only=True) as con:
        stored = con.execute("select * from main_dbt_test__audit.adult_copy_is_no_closer_to_the_original").df()
    copy = _dcr_row(ADULT["original"], ADULT["original"])
    ori = pd.read_csv(ADULT["original"])
    assert copy["exact_copy_share"].iloc[0] == 1.0 and copy["dcr_closer_to_training"].iloc[0] == 1.0
    same(stored.drop(columns=["failure"]), copy)
    assert stored["failure"].iloc[0] == (
        f"a share 1.0 of the {len(ori)} synthetic rows is closer to the original than to the holdout (DCR "
        "overfitting protection 0.0); the test allows a share of at most 0.8"
    )


# --------------------------------------------------------------------------- local suppression (issue 44)

LS_KEYS = ["class", "largest spot's size", "spot_distribution", "area"]


def _wildcard_sizes(df: pd.DataFrame, keys: list[str]) -> np.ndarray:
    """Brute force: each row's class size when a NULL matches any value (every pair of rows)."""
    values = df[keys].astype(str).to_numpy()
    missing = df[keys].isna().to_numpy()
    sizes = np.empty(len(df), dtype=int)
    for i in range(len(df)):
        match = (values == values[i]) | missing | missing[i]
        sizes[i] = int(match.all(axis=1).sum())
    return sizes


def _released_from(seed: pd.DataFrame, got: pd.DataFrame, keys: list[str]) -> int:
    """The release is the seed in its order with some key cells blanked, nothing else: the blanks."""
    assert list(got.columns) == list(seed.columns) and len(got) == len(seed)
    for col in seed.columns:
        shown = got[col].notna().to_numpy()
        if col not in keys:
            assert shown.all(), col
        assert got[col][shown].astype(str).tolist() == seed[col][shown].astype(str).tolist(), col
    return int(got[keys].isna().sum().sum())


def test_local_suppression_materialization_equals_the_python_api(built, tables):
    """The materialization sqlpriv_local_suppression runs the suppress/ round templates in dbt and
    releases the table sqlpriv.local_suppression releases (method 'auto' in dbt: the fewer cells of
    greedy and sdcmicro), row for row; a pairwise brute force finds every class (a NULL matching any
    value) at least k; the wildcard k-anonymity test passed in the build."""
    _, build = built
    out = build.stdout
    for name in ("flare_locally_suppressed", "flare_locally_suppressed_by_activity", "flare_locally_suppressed_small"):
        assert f"OK created sql sqlpriv_local_suppression model main.{name}" in out, name
    assert "PASS sqlpriv_sqlpriv_k_anonymity_flare_locally_suppressed_" in out
    seed = pd.read_csv(SEED)
    got = tables("flare_locally_suppressed")
    runs = [sqlpriv.local_suppression(str(SEED), LS_KEYS, k=3, method=m) for m in ("greedy", "sdcmicro")]
    best = min(runs, key=lambda r: r.suppressed)
    same(got, best.df())
    assert _released_from(seed, got, LS_KEYS) == best.suppressed > 0
    assert f"{best.suppressed} cell(s) suppressed (method {best.method};" in out
    assert _wildcard_sizes(got, LS_KEYS).min() == 3
    # strata, importance and sdcMicro's rule
    keys = LS_KEYS[:3]
    got = tables("flare_locally_suppressed_by_activity")
    python = sqlpriv.local_suppression(
        str(SEED), keys, k=3, strata=["activity"], importance=[2, 1, 3], method="sdcmicro"
    )
    same(got, python.df())
    assert _released_from(seed, got, keys) == python.suppressed > 0
    for _, part in got.groupby("activity"):
        assert _wildcard_sizes(part, keys).min() >= 3
    # the small stand-in the dbt-spark test builds (tests/test_dbt_local_suppression_spark.py)
    keys = ["class", "spot_distribution", "area"]
    runs = [sqlpriv.local_suppression(str(SEED), keys, k=3, method=m) for m in ("greedy", "sdcmicro")]
    assert [r.suppressed for r in runs] == [4, 5]
    got = tables("flare_locally_suppressed_small")
    same(got, runs[0].df())
    assert _released_from(seed, got, keys) == 4
    assert _wildcard_sizes(got, keys).min() >= 3


def test_local_suppression_refusals_leave_the_warehouse_as_it_was(built, tables, tmp_path):
    """Issue 44 item 7 in dbt: k above the table's rows, a budget no suppression meets (saying how
    close the best gets), a key the select lacks, a method dbt cannot run (and for microaggregate /
    top_bottom_code a text column, aggr above a stratum): one error each naming what is wrong and
    what to do, and the model's table from the last build untouched (the work
    tables are the connection's temporary tables: none is left in the database). In the same dbt
    call, the wildcard k-anonymity test fails on the released table at k = 4 with the classes a
    pairwise brute force finds below 4."""
    copy = copy_of(built[0], tmp_path)
    before = tables("flare_locally_suppressed_by_activity")
    released = tables("flare_locally_suppressed")
    best = min(sqlpriv.local_suppression(str(SEED), LS_KEYS, k=3, method=m).suppressed for m in ("greedy", "sdcmicro"))
    keys = "['class', \"largest spot's size\", 'spot_distribution', 'area']"
    bad = {
        "flare_locally_suppressed_by_activity": f"keys={keys}, k=2000",  # a built model, now asking too much
        "ls_budget": f"keys={keys}, k=3, max_suppressed=5",
        "ls_no_key": "keys=['class', 'no_such'], k=3",
        "ls_exact": f"keys={keys}, method='exact'",
    }
    for name, conf in bad.items():
        (copy / "models" / f"{name}.sql").write_text(
            f"{{{{ config(materialized='sqlpriv_local_suppression', {conf}) }}}}\nselect * from {{{{ ref('flare') }}}}\n"
        )
    schema = (copy / "models" / "schema.yml").read_text(encoding="utf-8")
    test = '      - sqlpriv.sqlpriv_k_anonymity:\n          arguments: {columns: [class, "largest spot\'s size", '
    test += "spot_distribution, area], k: 3, missing: wildcard}\n"
    assert schema.count(test) == 1
    k4 = test.replace("k: 3", "k: 4").replace(
        "\n          arguments", "\n          name: ls_is_4_anonymous\n          arguments"
    )
    (copy / "models" / "schema.yml").write_text(
        schema.replace(test, k4 + "          config: {store_failures: true}\n"), encoding="utf-8"
    )
    # the one-select cell treatments refuse at compile time as Python does: a text column, aggr above a stratum
    models = {
        "mic_text": "{{ sqlpriv.microaggregate(ref('flare'), ['C', 'class']) }}",
        "mic_stratum": "{{ sqlpriv.microaggregate(ref('flare'), ['C'], aggr=50, strata=['class']) }}",
        "top_text": "{{ sqlpriv.top_bottom_code(ref('flare'), 'spot_distribution', top=1) }}",
    }
    for name, sql in models.items():
        (copy / "models" / f"{name}.sql").write_text(sql + "\n")
    run = dbt(copy, "build", "--select", *bad, *models, "ls_is_4_anonymous")
    assert run.returncode == 1 and run.stdout.count("Compilation Error in model") == 7, run.stdout[-3000:]
    smallest = int(pd.read_csv(SEED)["class"].value_counts().min())
    for message in (
        "sqlpriv.microaggregate: column class is VARCHAR, not numeric: microaggregation needs numbers; leave it out",
        f"sqlpriv.microaggregate: aggr=50 is larger than the smallest stratum of class ({smallest} rows)",
        "sqlpriv.top_bottom_code: column spot_distribution is VARCHAR, not numeric: top and bottom coding needs",
    ):
        assert message in run.stdout, (message, run.stdout[-3000:])
    where = "sqlpriv.local_suppression (materialized='sqlpriv_local_suppression'): "
    n = len(pd.read_csv(SEED))
    for message in (
        f"k=2000 is larger than the table ({n} rows): no suppression reaches it; lower k or merge strata",
        f"no suppression within the budget of 5 cells was found: the best found suppresses {best} ({best - 5} over); "
        "raise max_suppressed, lower k, or recode the keys first (sqlpriv.generalize)",
        "the model's select has no column no_such; its columns are: flare_id, class,",
        "method must be 'auto', 'greedy' or 'sdcmicro' (the exact mode's integer program runs in Python",
    ):
        assert where + message in run.stdout, (message, run.stdout[-3000:])
    sizes = _wildcard_sizes(released, LS_KEYS)
    small = released[LS_KEYS].assign(f=sizes)[sizes < 4].astype(str).drop_duplicates()
    assert len(small) > 0
    assert f"Got {len(small)} result{'s' if len(small) > 1 else ''}, configured to fail" in run.stdout, run.stdout[
        -3000:
    ]
    with duckdb.connect(str(copy / "sqlpriv_example.duckdb"), read_only=True) as con:
        left = con.execute("select table_name from duckdb_tables() where table_name like '%sqlpriv_ls%'").fetchall()
        after = con.execute('select * from main."flare_locally_suppressed_by_activity"').df()
        stored = con.execute("select * from main_dbt_test__audit.ls_is_4_anonymous").df()
    assert left == []
    same(after, before)
    assert sorted(stored["class_size"].astype(int).tolist()) == sorted(small["f"].astype(int).tolist())
    assert (
        stored["failure"].str.contains("row(s) (a missing value matching any) share these values of", regex=False).all()
    )
