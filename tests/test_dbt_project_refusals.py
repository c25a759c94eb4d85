"""Bad macro arguments stop dbt at compile time (`dbt parse` / `dbt compile`), each case on one
shared unbuilt copy of the project with its deps installed (tests/dbt_helpers.py): each writes
its model, runs dbt, and removes the model again; and the package installed from git (its own
copy)."""

from __future__ import annotations

import pytest

from tests.dbt_helpers import ROOT, copy_project, dbt, require_dbt, temporary_model

require_dbt()


@pytest.fixture(scope="module")
def parse_project(tmp_path_factory):
    """One copy of the project with its deps installed, never built, for the compile-time refusals
    and the compile of a fresh project: each case writes its model, runs `dbt parse` or `dbt
    compile` and removes the model (a copy and `dbt deps` per case cost CI a minute and a half)."""
    project = copy_project(tmp_path_factory.mktemp("dbt_parse") / "project")
    assert dbt(project, "deps").returncode == 0
    return project


@pytest.mark.parametrize(
    "model, message",
    [
        (
            "{{ sqlpriv.uniqueness_shapley(ref('flare'), []) }}",
            "sqlpriv.uniqueness_shapley: argument `columns` is empty",
        ),
        (
            "{{ sqlpriv.privacy_profile('flare', ['class']) }}",
            "sqlpriv.privacy_profile: argument `relation` must be a relation such as ref('my_model')",
        ),
        (
            "{{ sqlpriv.cell_information_gain(ref('flare'), 'class') }}",
            "sqlpriv.cell_information_gain: argument `columns` must be a list of column names",
        ),
        (
            "{{ sqlpriv.uniqueness_shapley_by(ref('flare'), ['class'], by='') }}",
            "sqlpriv.uniqueness_shapley_by: argument `by` must be a column name or a SQL expression",
        ),
        (
            "{{ sqlpriv.reidentification_risk(ref('flare'), ['class'], weight='area', sampling_fraction=0.1) }}",
            "sqlpriv.reidentification_risk: give `weight` or `sampling_fraction`, not both",
        ),
    ],
    ids=["empty-columns", "not-a-relation", "columns-as-string", "empty-by", "weight-and-fraction"],
)
def test_bad_arguments_stop_dbt_at_compile_time(parse_project, model, message):
    with temporary_model(parse_project, "bad", model + "\n"):
        run = dbt(parse_project, "parse")
    assert run.returncode != 0
    assert "Compilation Error" in run.stdout and message in run.stdout, run.stdout[-2000:]


@pytest.mark.parametrize(
    "model, message",
    [
        (
            "{{ sqlpriv.linkability_risk(ref('adult_original'), ref('adult_synthetic'), [['age', 'sex'], ['sex']]) }}",
            "sqlpriv.linkability_risk: the two auxiliary column sets must not overlap; both name sex",
        ),
        (
            "{{ sqlpriv.inference_risk(ref('adult_original'), ref('adult_synthetic'), ['age', 'Salary'], 'Salary') }}",
            "sqlpriv.inference_risk: argument `secret` must be one column name that is not among `aux_cols`",
        ),
        (
            "{{ sqlpriv.linkability_risk(ref('adult_original'), ref('adult_synthetic'), [['age'], ['sex']], "
            "confidence_level=1) }}",
            "sqlpriv.linkability_risk: argument `confidence_level` must be a number between 0 and 1 (exclusive)",
        ),
    ],
    ids=["overlapping-aux", "secret-in-aux", "confidence-1"],
)
def test_bad_attack_arguments_stop_dbt_at_compile_time(parse_project, model, message):
    with temporary_model(parse_project, "bad", model + "\n"):
        run = dbt(parse_project, "parse")
    assert run.returncode != 0
    assert "Compilation Error" in run.stdout and message in run.stdout, run.stdout[-2000:]


def test_compiles_before_anything_is_built(parse_project):
    """`dbt compile` / `dbt docs generate` on a fresh project: the seed does not exist yet, so
    the column check stands aside (the query reports missing columns itself when it runs)."""
    project = parse_project
    run = dbt(project, "compile")
    assert run.returncode == 0, run.stdout[-3000:]
    compiled = project / "target" / "compiled" / "sqlpriv_example" / "models" / "flare_shapley.sql"
    text = compiled.read_text()
    assert '"largest spot\'s size"' in text and "sqlpriv_shapley_coefficient" in text


def test_generalize_hierarchy_levels_must_nest_at_parse_time(parse_project):
    bad = (
        "{{ sqlpriv.generalize(ref('flare'), {'class': {'map': {'A': ['x', 'p'], 'B': ['x', 'q'], 'C': ['y', 'q']}}},"
        " {'class': 1}, k=5) }}\n"
    )
    with temporary_model(parse_project, "bad", bad):
        run = dbt(parse_project, "parse")
    assert run.returncode != 0
    assert (
        "sqlpriv.generalize: the hierarchy of class does not nest: 'x' at level 1 has more than one parent at "
        "level 2 ('p' and 'q')" in run.stdout
    ), run.stdout[-2000:]


def test_microaggregate_model_refuses_mdav_at_compile_time(parse_project):
    mdav = "{{ sqlpriv.microaggregate(ref('flare'), ['C', 'M'], method='mdav') }}\n"
    with temporary_model(parse_project, "flare_mdav", mdav):
        run = dbt(parse_project, "compile", "--select", "flare_mdav")
    assert run.returncode != 0
    assert "sqlpriv.microaggregate: the dbt model runs method='onedims'" in run.stdout


def test_installs_as_a_git_package(tmp_path):
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    project = copy_project(tmp_path / "project")
    (project / "packages.yml").write_text(f'packages:\n  - git: "file://{ROOT}"\n    revision: HEAD\n')
    deps = dbt(project, "deps")
    assert deps.returncode == 0, deps.stdout[-2000:]
    assert (project / "dbt_packages" / "sqlpriv" / "sql_templates" / "shapley" / "query.sql").is_file()
    run = dbt(project, "parse")
    assert run.returncode == 0, run.stdout[-2000:]
