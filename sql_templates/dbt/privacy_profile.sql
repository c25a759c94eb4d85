{#- dbt model: Cave's privacy profile, one row per column of `columns`: column, privacy_factor,
    probability, shannons, harts, values, categories.
    {{ sqlpriv.privacy_profile(ref('patients'), ['gender', 'age', 'zip']) }} -#}
{% macro privacy_profile(relation, columns) -%}
{% do sqlpriv.check_relation("privacy_profile", relation) %}
{% do sqlpriv.check_columns("privacy_profile", relation, columns) %}
{{ sqlpriv.request_profile_query(source=relation, columns=columns) }}
{%- endmacro %}
