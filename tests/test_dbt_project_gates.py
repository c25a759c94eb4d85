"""dbt's generic tests and compile-time checks against the data (tests/dbt_helpers.py): a missing
column named with the available ones, generalize's hierarchy checks (issue 28), the gating risk
tests on weights that are not a number of people. Each runs on a copy of one project whose seeds
are loaded (`dbt seed`: these read the seed tables only, not the models the full build of
test_dbt_project.py makes)."""

from __future__ import annotations

import duckdb
import pandas as pd
import pytest

import sqlpriv
from tests.dbt_helpers import SEED, copy_of, copy_project, dbt, require_dbt

require_dbt()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    """One copy of the project with its deps installed and its seeds loaded; each test works on
    a copy of it (a full build per module cost CI minutes)."""
    project = copy_project(tmp_path_factory.mktemp("dbt_seeded") / "project")
    deps = dbt(project, "deps")
    assert deps.returncode == 0, deps.stdout + deps.stderr
    seed = dbt(project, "seed")
    assert seed.returncode == 0, seed.stdout[-4000:]
    return project


def test_missing_column_is_named_with_the_available_ones(seeded, tmp_path):
    copy = copy_of(seeded, tmp_path)
    (copy / "models" / "bad.sql").write_text("{{ sqlpriv.uniqueness_shapley(ref('flare'), ['class', 'no_such']) }}\n")
    run = dbt(copy, "compile", "--select", "bad")
    assert run.returncode != 0
    assert (
        "sqlpriv.uniqueness_shapley:" in run.stdout
        and "has no column no_such; its columns are: flare_id, class," in run.stdout
    ), run.stdout[-2000:]


# --------------------------------------------------------------------------- generalize's checks (issue 28)

PARTIAL_CLASSES = "{'A': ['simple'], 'B': ['simple'], 'C': ['medium'], 'D': ['medium'], 'E': ['large']}"


def _uncovered() -> list[tuple[str, int]]:
    """Brute force: the seed's classes that PARTIAL_CLASSES leaves out, with their rows."""
    counts = pd.read_csv(SEED)["class"].astype(str).value_counts()
    return sorted((v, int(n)) for v, n in counts.items() if v not in "ABCDE")


def test_generalize_stops_on_values_its_hierarchy_does_not_cover(seeded, tmp_path):
    """As Python's generalize names uncovered values (HierarchyError), the model macro stops dbt
    at compile time naming them, with their rows, before any table is written."""
    copy = copy_of(seeded, tmp_path)
    (copy / "models" / "bad.sql").write_text(
        f"{{{{ sqlpriv.generalize(ref('flare'), {{'class': {{'map': {PARTIAL_CLASSES}}}}}, {{'class': 1}}, k=5) }}}}\n"
    )
    missing = _uncovered()
    assert [v for v, _ in missing] == ["F", "H"]
    named = ", ".join(f"'{v}' ({n} rows)" for v, n in missing)
    for command in ("compile", "run"):
        run = dbt(copy, command, "--select", "bad")
        assert run.returncode != 0
        assert "Compilation Error" in run.stdout, run.stdout[-2000:]
        assert "sqlpriv.generalize: the hierarchy of class does not cover these values of the column in " in run.stdout
        assert f": {named}; add a row for each" in run.stdout, run.stdout[-2000:]
    with pytest.raises(sqlpriv.HierarchyError, match="does not cover these values of the column: 'F', 'H'"):
        sqlpriv.generalize(pd.read_csv(SEED), {"class": eval(PARTIAL_CLASSES)}, k=5)  # the same values in Python


def test_hierarchy_covers_test_fails_with_the_uncovered_values(seeded, tmp_path):
    copy = copy_of(seeded, tmp_path)
    (copy / "models" / "flare_classes.sql").write_text("select * from {{ ref('flare') }}\n")
    (copy / "models" / "flare_classes.yml").write_text(
        "version: 2\nmodels:\n  - name: flare_classes\n    columns:\n      - name: class\n        data_tests:\n"
        "          - sqlpriv.sqlpriv_hierarchy_covers:\n              name: flare_classes_are_covered\n"
        f"              arguments: {{hierarchy: {{map: {PARTIAL_CLASSES}}}}}\n"  # a Python dict is YAML flow style
        "              config: {store_failures: true}\n"
    )
    run = dbt(copy, "build", "--select", "flare_classes")
    assert run.returncode == 1, run.stdout[-3000:]
    missing = _uncovered()
    assert "Failure in test flare_classes_are_covered" in run.stdout
    assert f"Got {len(missing)} results, configured to fail if != 0" in run.stdout
    con = duckdb.connect(str(copy / "sqlpriv_example.duckdb"), read_only=True)
    stored = con.execute("select * from main_dbt_test__audit.flare_classes_are_covered order by 1").df()
    con.close()
    assert list(zip(stored["uncovered_value"], stored["uncovered_rows"].astype(int))) == missing
    assert (stored["failure"] == "the hierarchy of class does not cover this value; add a row for it").all()


BAD_WEIGHTS = ["null", "cast('NaN' as double)", "0", "0.5", "cast('Infinity' as double)"]


def test_gating_risk_tests_fail_on_a_weight_that_is_not_a_number_of_people(seeded, tmp_path):
    """sqlpriv_max_average_risk and sqlpriv_max_population_uniqueness with `weight`: one missing,
    zero, NaN or infinite weight (which the Python package refuses with one error) fails both
    tests with a sentence naming the weights; a NULL weight was left out of the population and a
    NaN one made the figure NaN, and both tests passed. With every weight 5 both pass. (One
    model per bad weight, built together: a dbt run costs tens of seconds.)"""
    copy = copy_of(seeded, tmp_path)
    models = {"weighted_ok": "5.0"}
    models |= {
        f"weighted_bad_{i}": f"case when flare_id = 3 then {bad} else 5.0 end" for i, bad in enumerate(BAD_WEIGHTS)
    }
    for name, weight in models.items():
        (copy / "models" / f"{name}.sql").write_text(
            f"select *, cast({weight} as double) as w from {{{{ ref('flare') }}}}\n"
        )
    tests = (
        "      - sqlpriv.sqlpriv_max_average_risk: {arguments: {columns: [activity, area], max_risk: 0.9, "
        "figure: global_risk, weight: w}}\n"
        "      - sqlpriv.sqlpriv_max_population_uniqueness: {arguments: {columns: [activity, area], max_share: 0.9, "
        "weight: w}}\n"
    )
    (copy / "models" / "weighted.yml").write_text(
        "version: 2\nmodels:\n" + "".join(f"  - name: {name}\n    data_tests:\n{tests}" for name in models)
    )
    ok = dbt(copy, "build", "--select", "weighted_ok")
    assert ok.returncode == 0 and ok.stdout.count("PASS sqlpriv_sqlpriv_max_") == 2, ok.stdout[-3000:]
    run = dbt(copy, "build", "--select", "weighted_bad_*", "--store-failures")
    assert run.returncode == 1, run.stdout[-3000:]
    assert run.stdout.count("Got 1 result, configured to fail if != 0") == 2 * len(BAD_WEIGHTS), run.stdout[-3000:]
    with duckdb.connect(str(copy / "sqlpriv_example.duckdb"), read_only=True) as con:
        audit = con.execute(
            "select table_name from duckdb_tables() where schema_name = 'main_dbt_test__audit' "
            "and (table_name like '%max_average%' or table_name like '%max_population%')"
        ).fetchall()
        failures = [
            row[0]
            for (name,) in audit
            for row in con.execute(f'select failure from main_dbt_test__audit."{name}"').fetchall()
        ]
    assert len(failures) == 2 * len(BAD_WEIGHTS), failures
    for failure in failures:
        assert failure.startswith("1 row(s) have a missing, below 1 or non-finite sampling weight")
