{#- dbt model: per-row uniqueness Shapley values (bits) of `columns` of `relation`: the row key
    (`key`, else the 0-based position as "row") and one column per analysed column.
    {{ sqlpriv.uniqueness_shapley(ref('voters'), ['zip_code', 'race', 'age'], key='voter_id') }} -#}
{% macro uniqueness_shapley(relation, columns, key=none) -%}
{% do sqlpriv.check_relation("uniqueness_shapley", relation) %}
{% do sqlpriv.check_columns("uniqueness_shapley", relation, columns, max_columns="exact", key=key) %}
{{ sqlpriv.shapley_query(source=relation, columns=columns, key=key, output="per_row") }}
{%- endmacro %}
