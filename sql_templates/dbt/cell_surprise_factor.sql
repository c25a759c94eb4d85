{#- dbt model: per-row cell surprise factor (CSF, in [0, 1]) of each of `columns` (piflib's measure, empirical priors):
    the row key (`key`, else the 0-based position as "row") and one column per analysed column.
    {{ sqlpriv.cell_surprise_factor(ref('patients'), ['gender', 'age', 'zip'], key='patient_id') }} -#}
{% macro cell_surprise_factor(relation, columns, key=none) -%}
{% do sqlpriv.check_relation("cell_surprise_factor", relation) %}
{% do sqlpriv.check_columns("cell_surprise_factor", relation, columns, key=key, min_columns=2) %}
{{ sqlpriv.pif_query(source=relation, columns=columns, key=key, measure="csf") }}
{%- endmacro %}
