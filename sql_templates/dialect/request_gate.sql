{#- The gate policy on top of Cave's decision (docs/measures.md §3): when a rule on the exact
    joint figures is violated, an 'approve' becomes `on_violation` ('review' or 'reject') and a
    'review' becomes 'reject' if `on_violation` is 'reject'; otherwise the decision stands.
    DuckDB: the sqlpriv_request_gate macro; Spark: inline. -#}
{% macro request_gate(decision, violated, on_violation) -%}
{{ adapter.dispatch("request_gate", "sqlpriv")(decision, violated, on_violation) }}
{%- endmacro %}

{% macro default__request_gate(decision, violated, on_violation) -%}
sqlpriv_request_gate({{ decision }}, {{ violated }}, {{ on_violation }})
{%- endmacro %}

{% macro spark__request_gate(decision, violated, on_violation) -%}
case when coalesce({{ violated }}, false) and ({{ decision }}) = 'approve' then {{ on_violation }} when coalesce({{ violated }}, false) and ({{ decision }}) = 'review' and ({{ on_violation }}) = 'reject' then 'reject' else {{ decision }} end
{%- endmacro %}
