{#- dbt model: mean uniqueness Shapley values per level of `by` (a column name, or any SQL
    expression over the relation's columns), through the cross-entropy identity: level, n,
    share, then one column per analysed column (bits).
    {{ sqlpriv.uniqueness_shapley_by(ref('voters'), ['zip_code', 'race', 'age'], by='age < 32') }} -#}
{% macro uniqueness_shapley_by(relation, columns, by) -%}
{% do sqlpriv.check_relation("uniqueness_shapley_by", relation) %}
{% do sqlpriv.check_columns("uniqueness_shapley_by", relation, columns, max_columns="exact") %}
{% if by is not string or by | trim == "" %}
{% do exceptions.raise_compiler_error("sqlpriv.uniqueness_shapley_by: argument `by` must be a column name or "
    ~ "a SQL expression (a non-empty string), e.g. by='age < 32', got " ~ by) %}
{% endif %}
{% set ns = namespace(expr=by) %}
{% if execute %}
{% for col in adapter.get_columns_in_relation(relation) if col.name | lower == by | lower %}
{% set ns.expr = sqlpriv.quote(col.name) %}
{% endfor %}
{% endif %}
{{ sqlpriv.shapley_query(source=relation, columns=columns, output="by", by=ns.expr) }}
{%- endmacro %}
