{#- Cave's gate (docs/measures.md §3): 'approve' at or above `approve`, 'reject' below `reject`, else
    'review'. DuckDB: the sqlpriv_request_decision macro; Spark: inline. -#}
{% macro request_decision(score, approve, reject) -%}
{{ adapter.dispatch("request_decision", "sqlpriv")(score, approve, reject) }}
{%- endmacro %}

{% macro default__request_decision(score, approve, reject) -%}
sqlpriv_request_decision({{ score }}, {{ approve }}, {{ reject }})
{%- endmacro %}

{% macro spark__request_decision(score, approve, reject) -%}
case when ({{ score }}) >= ({{ approve }}) then 'approve' when ({{ score }}) < ({{ reject }}) then 'reject' else 'review' end
{%- endmacro %}
