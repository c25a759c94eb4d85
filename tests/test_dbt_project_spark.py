"""The example dbt project on dbt-spark's session method (pyspark in-process): its models and
generic tests build, and each model equals the Python API on DuckDB to 1e-9 (its own file: the
build takes minutes, and xdist's loadfile gives it a worker of its own)."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

import sqlpriv
from tests.dbt_helpers import (
    PREDICTORS,
    SEED,
    attack_figures,
    copy_project,
    dbt,
    require_dbt,
    require_dbt_spark,
    same,
    spark_tables,
)

require_dbt()


def test_spark_target_builds_and_every_model_equals_the_python_api(tmp_path):
    """The same project on dbt-spark's session method (pyspark in-process): the package's models
    and generic tests build, and each model equals the Python API on DuckDB to 1e-9."""
    require_dbt_spark()
    project = copy_project(tmp_path / "project")
    assert dbt(project, "deps").returncode == 0
    # the ten-predictor per-row and summary models are left to DuckDB: on local Spark each costs minutes
    heavy = ["flare_shapley", "flare_shapley_summary", "flare_shapley_by_flares", "flare_cig", "flare_csf"]
    # the attack models and their gates on the full adult seeds cost minutes each on local Spark:
    # their slices (tag attacks_small, ages 30 to 34) stand in for them; the seeds still load
    heavy += ["tag:attacks,resource_type:model", "tag:attacks,resource_type:test"]
    # the local-suppression models (materialization sqlpriv_local_suppression: a round is a few
    # statements, a minute or more each model on local Spark) build in their own file,
    # tests/test_dbt_local_suppression_spark.py (heavy)
    heavy += ["tag:local_suppression"]
    # the singling-out and DCR slices and their gates cost minutes there too: tests/test_dbt_attacks_spark.py (heavy)
    heavy += ["tag:attacks_spark_slow"]
    build = dbt(project, "build", "--target", "spark", "--exclude", "tag:must_fail", *heavy, timeout=1800)
    assert build.returncode == 0, build.stdout[-4000:]
    for test in (
        "sqlpriv_k_anonymity",
        "sqlpriv_max_unique_share",
        "sqlpriv_min_request_score",
        "sqlpriv_l_diversity",
        "sqlpriv_t_closeness",
    ):
        assert f"PASS sqlpriv_{test}_flare_" in build.stdout, test
    for test in ("sqlpriv_max_linkability_risk", "sqlpriv_max_inference_risk"):
        assert f"PASS sqlpriv_{test}_adult_original_small_" in build.stdout, test
    read = spark_tables(project)

    _cell_treatments_equal_the_python_api(read)
    _attack_slices_equal_the_python_attacks(read)

    three = ["class", "largest spot's size", "area"]
    same(
        read("flare_shapley_small"),
        sqlpriv.uniqueness_shapley(str(SEED), columns=three, key="flare_id").per_row().df(),
        key="flare_id",
    )
    same(read("flare_wcig_small"), sqlpriv.wcig(str(SEED), columns=three, key="flare_id").df(), key="flare_id")
    # issue 45: every family with a DuckDB model has it on Spark (the three-column stand-ins of the
    # ten-predictor models; risk, generalization)
    same(read("flare_cig_small"), sqlpriv.cig(str(SEED), columns=three, key="flare_id").df(), key="flare_id")
    same(read("flare_csf_small"), sqlpriv.csf(str(SEED), columns=three, key="flare_id").df(), key="flare_id")
    same(read("flare_shapley_by_small"), sqlpriv.uniqueness_shapley(str(SEED), columns=three).by("C > 0").df())
    risk = sqlpriv.reidentification_risk(str(SEED), three, sampling_fraction=0.1, key="flare_id")
    same(read("flare_risk"), risk.per_row().df(), key="flare_id")
    summary = read("flare_risk_summary")
    expected = risk.summary().df()
    expected = expected[expected["figure"].isin(summary["figure"])].reset_index(drop=True)
    assert summary["figure"].tolist() == expected["figure"].tolist()
    same(summary.drop(columns="note"), expected.drop(columns="note"))
    from sqlpriv import hierarchy

    classes = {"A": ["simple"], "B": ["simple"], "H": ["simple"], "C": ["medium"], "D": ["medium"]}
    classes |= {"E": ["large"], "F": ["large"]}
    h = {"class": classes, "activity": {"1": ["*"], "2": ["*"]}, "area": hierarchy.intervals(2)}
    release = sqlpriv.generalize(pd.read_csv(SEED), h, k=5).apply({"class": 1, "activity": 0, "area": 2}).df()
    got = read("flare_generalized").sort_values("flare_id").reset_index(drop=True)
    release = release.sort_values("flare_id").reset_index(drop=True)
    for col in ("class", "activity", "area"):
        assert got[col].astype(str).tolist() == release[col].astype(str).tolist(), col
    renamed = read("flare_renamed_summary")
    assert renamed["column"].tolist() == ['class "as given"', "area", "activity"]
    expected = sqlpriv.uniqueness_shapley(str(SEED), columns=["class", "area", "activity"]).summary().df()
    same(renamed.drop(columns="column"), expected.drop(columns="column"))
    same(read("flare_privacy_profile"), sqlpriv.privacy_profile(str(SEED), PREDICTORS).df())
    disclosure = sqlpriv.attribute_disclosure(str(SEED), ["activity", "area"], sensitive=["C", "evolution"])
    same(read("flare_disclosure"), disclosure.summary().df())
    # the model's strict gate policy, on Spark as on DuckDB
    strict = sqlpriv.assess_request(
        str(SEED), ["class", "largest spot's size", "area"], k=5, max_unique_share=0.0, min_k=5
    )
    same(read("flare_request"), strict.report().df())


def _cell_treatments_equal_the_python_api(read: Callable[[str], pd.DataFrame]) -> None:
    """Issue 44's one-select cell treatments on Spark: top/bottom coding and onedims
    microaggregation equal the Python API on DuckDB."""
    top = sqlpriv.top_bottom_code(str(SEED), "C", top=2, top_value=2.5).df()
    same(read("flare_top_coded"), top, key="flare_id")
    micro = sqlpriv.microaggregate(str(SEED), ["C", "M", "X"], aggr=3, strata=["class"], method="onedims").df()
    same(read("flare_microaggregated"), micro, key="flare_id")


def _attack_slices_equal_the_python_attacks(read: Callable[[str], pd.DataFrame]) -> None:
    """The attack models on the slices of the adult seeds (ages 30 to 34) equal sqlpriv.linkability
    / sqlpriv.inference on DuckDB over the same slices, every figure to 1e-9."""
    data = {}
    for name in ("original", "synthetic", "control"):
        seed = pd.read_csv(SEED.parent / f"adult_{name}.csv")
        data[name] = seed[seed["age"].between(30, 34)].reset_index(drop=True)
    assert [len(d) for d in data.values()] == [71, 63, 38]
    aux = (["age", "sex", "race", "marital-status"], ["education", "occupation", "workclass", "native-country"])
    link = sqlpriv.linkability(
        data["original"], data["synthetic"], aux_cols=aux, control=data["control"], n_neighbors=2
    )
    assert link.n_success > 0
    same(read("adult_linkability_small"), attack_figures(link))
    columns = ["age", "sex", "race", "marital-status", "education", "occupation", "hours-per-week"]
    infer = sqlpriv.inference(data["original"], data["synthetic"], columns, "Salary", control=data["control"])
    same(read("adult_inference_small"), attack_figures(infer))
