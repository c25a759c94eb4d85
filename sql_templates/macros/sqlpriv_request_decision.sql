{#- Cave's gate (docs/measures.md §3): 'approve' at or above the approve threshold, 'reject' below the
    reject threshold, 'review' in between. -#}
{% macro macros_sqlpriv_request_decision(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_request_decision(score, approve, reject) as
    case when score >= approve then 'approve'
         when score < reject then 'reject'
         else 'review' end
{%- endmacro %}
