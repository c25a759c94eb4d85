{#- dbt model: univariate microaggregation (docs/measures.md, microaggregation; sdcMicro's
    microaggregation(method = "onedims")), as sqlpriv.microaggregate(..., method="onedims"): every
    row and column of `relation`, each of the numeric `columns` sorted on its own (within each
    stratum of `strata`), in groups of `aggr` consecutive values (the last absorbing the
    remainder), each value replaced by its group's mean (or median). MDAV needs rounds whose
    every step depends on the last (docs/dbt.md): run it with sqlpriv.microaggregate in Python
    or from the CLI. {{ sqlpriv.microaggregate(ref('survey'), ['income', 'savings'], aggr=3) }} -#}
{% macro microaggregate(relation, columns, aggr=3, measure="mean", strata=[], method="onedims") -%}
{% do sqlpriv.check_relation("microaggregate", relation) %}
{% do sqlpriv.check_columns("microaggregate", relation, columns) %}
{% if method != "onedims" %}
{% do exceptions.raise_compiler_error("sqlpriv.microaggregate: the dbt model runs method='onedims' (one select); MDAV runs rounds, each depending on the last: use sqlpriv.microaggregate in Python or `sqlpriv microaggregate` (docs/dbt.md), got method=" ~ method) %}
{% endif %}
{% if aggr is not integer or aggr is sameas true or aggr is sameas false or aggr < 1 %}
{% do exceptions.raise_compiler_error("sqlpriv.microaggregate: argument `aggr` must be an integer >= 1 (the group size), got " ~ aggr) %}
{% endif %}
{% if measure not in ("mean", "median") %}
{% do exceptions.raise_compiler_error("sqlpriv.microaggregate: argument `measure` must be 'mean' or 'median', got " ~ measure) %}
{% endif %}
{% if strata %}{% do sqlpriv.check_columns("microaggregate", relation, strata) %}{% endif %}
{% for c in strata if c in columns %}
{% do exceptions.raise_compiler_error("sqlpriv.microaggregate: " ~ c ~ " is both a stratum and a column to microaggregate; list it once") %}
{% endfor %}
{% do sqlpriv.check_numeric("microaggregate", relation, columns, "microaggregation") %}
{% do sqlpriv.check_group_rows("microaggregate", relation, aggr, strata) %}
{% set names = adapter.get_columns_in_relation(relation) | map(attribute="name") | list if execute else [] %}
{{ sqlpriv.microaggregation_onedims(source=relation, all_columns=names if names else columns, columns=columns, aggr=aggr, strata=strata, measure=measure) }}
{%- endmacro %}
