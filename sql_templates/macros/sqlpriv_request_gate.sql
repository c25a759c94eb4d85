{#- The gate policy on top of Cave's decision (docs/measures.md §3): when a rule on the exact joint figures
    is violated (`violated`), an 'approve' becomes `on_violation` ('review' or 'reject') and a
    'review' becomes 'reject' if `on_violation` is 'reject'; otherwise the decision stands. -#}
{% macro macros_sqlpriv_request_gate(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_request_gate(decision, violated, on_violation) as
    case when coalesce(violated, false) and decision = 'approve' then on_violation
         when coalesce(violated, false) and decision = 'review' and on_violation = 'reject' then 'reject'
         else decision end
{%- endmacro %}
