{#- The counting scan of the singling-out attack by queries: every query of a run in one pass
    over a distinct table, one row with n_i, the records query i matches (it singles one out
    when 1). positions=true gives instead p_i, the input position of the first record it matches
    (asked only for the queries that single a record out, to show which). -#}
{% macro attacks_so_counts(table, queries, positions=false) -%}
select
{% for query in queries -%}
{%- set i = loop.index0 %}
{%- if positions %}
    min(case when {% for c in query %}({{ sqlpriv.attacks_so_condition(c) }}){{ " and " if not loop.last }}{% endfor %} then __sqlpriv_pos end) as p_{{ i }}{{ "," if not loop.last }}
{% else %}
    count_if({% for c in query %}({{ sqlpriv.attacks_so_condition(c) }}){{ " and " if not loop.last }}{% endfor %}) as n_{{ i }}{{ "," if not loop.last }}
{% endif %}
{%- endfor %}
from {{ sqlpriv.quote(table) }}
{%- endmacro %}
