{#- dbt model: per-row cell information gain (CIG, bits) of each of `columns` (piflib's measure, empirical priors):
    the row key (`key`, else the 0-based position as "row") and one column per analysed column.
    {{ sqlpriv.cell_information_gain(ref('patients'), ['gender', 'age', 'zip'], key='patient_id') }} -#}
{% macro cell_information_gain(relation, columns, key=none) -%}
{% do sqlpriv.check_relation("cell_information_gain", relation) %}
{% do sqlpriv.check_columns("cell_information_gain", relation, columns, key=key, min_columns=2) %}
{{ sqlpriv.pif_query(source=relation, columns=columns, key=key, measure="cig") }}
{%- endmacro %}
