{#- dbt model: re-identification risk (docs/measures.md §9) of `columns` as one statement.
    output='per_row' (default): one row per row (row position or `key`), class_size,
    weighted_class_size, individual_risk (household_risk with `household`); output='summary':
    figure, value, note for the sample-based figures (the population models Pitman, SNB and
    Dankar's rule are solved in Python, so dbt reports Zayatz's closed form only:
    sqlpriv_max_population_uniqueness). `entity`: a column naming the person behind each row;
    class sizes then count distinct entities (no `weight` then).
    {{ sqlpriv.reidentification_risk(ref('survey'), ['region', 'age'], weight='w') }} -#}
{% macro reidentification_risk(relation, columns, output="per_row", sampling_fraction=none, weight=none, household=none, threshold=0.2, key=none, entity=none) -%}
{% do sqlpriv.check_relation("reidentification_risk", relation) %}
{% do sqlpriv.check_columns("reidentification_risk", relation, columns, key=key) %}
{% do sqlpriv.check_fraction("reidentification_risk", "threshold", threshold) %}
{% if output not in ("per_row", "summary") %}
{% do exceptions.raise_compiler_error("sqlpriv.reidentification_risk: argument `output` must be 'per_row' or 'summary', got " ~ output) %}
{% endif %}
{% if sampling_fraction is not none and weight %}
{% do exceptions.raise_compiler_error("sqlpriv.reidentification_risk: give `weight` or `sampling_fraction`, not both (the weights' sum is the population the sample was drawn from)") %}
{% endif %}
{% if sampling_fraction is not none %}
{% do sqlpriv.check_fraction("reidentification_risk", "sampling_fraction", sampling_fraction) %}
{% endif %}
{% do sqlpriv.check_entity("reidentification_risk", relation, columns, entity, weight=weight, household=household) %}
{% set spec = [] %}
{% for c in columns %}{% do spec.append({"name": c, "expr": sqlpriv.quote(c)}) %}{% endfor %}
{{ sqlpriv.risk_query(spec, relation, output=output, weight=weight, sampling_fraction=none if weight else sampling_fraction, fraction=sampling_fraction, threshold=threshold, key=key, household=household, entity=entity) }}
{%- endmacro %}
