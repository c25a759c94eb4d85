{#- dbt model: one row per column of `columns`: column, entropy, conditional_entropy and the
    global uniqueness Shapley value shapley (bits, the mean of the per-row values).
    {{ sqlpriv.uniqueness_shapley_summary(ref('voters'), ['zip_code', 'race', 'age']) }} -#}
{% macro uniqueness_shapley_summary(relation, columns) -%}
{% do sqlpriv.check_relation("uniqueness_shapley_summary", relation) %}
{% do sqlpriv.check_columns("uniqueness_shapley_summary", relation, columns, max_columns="exact") %}
{{ sqlpriv.shapley_query(source=relation, columns=columns, output="summary") }}
{%- endmacro %}
