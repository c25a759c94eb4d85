{#- dbt model: per-row weighted cell information gain (wCIG, bits) of each of `columns` (piflib's measure, empirical priors):
    the row key (`key`, else the 0-based position as "row") and one column per analysed column.
    {{ sqlpriv.weighted_cell_information_gain(ref('patients'), ['gender', 'age', 'zip'], key='patient_id') }} -#}
{% macro weighted_cell_information_gain(relation, columns, key=none) -%}
{% do sqlpriv.check_relation("weighted_cell_information_gain", relation) %}
{% do sqlpriv.check_columns("weighted_cell_information_gain", relation, columns, key=key, min_columns=2) %}
{{ sqlpriv.pif_query(source=relation, columns=columns, key=key, measure="wcig") }}
{%- endmacro %}
