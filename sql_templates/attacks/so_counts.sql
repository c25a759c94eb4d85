{#- The counting scan of the singling-out attack by queries: every query of a run in one pass
    over a distinct table, one row with n_i, the records query i matches (it singles one out
    when 1). positions=true gives instead p_i, the input position of the first record it matches
    (asked only for the queries that single a record out, to show which). `conditions`: the
    distinct conditions of the queries, each evaluated once per record as a column
    __sqlpriv_c<k> (queries share most of them); `queries`: per query, the indices k of its
    conditions. -#}
{% macro attacks_so_counts(table, conditions, queries, positions=false) -%}
select
{% for query in queries -%}
{%- set i = loop.index0 %}
{%- if positions %}
    min(case when {% for k in query %}__sqlpriv_c{{ k }}{{ " and " if not loop.last }}{% endfor %} then __sqlpriv_pos end) as p_{{ i }}{{ "," if not loop.last }}
{% else %}
    count_if({% for k in query %}__sqlpriv_c{{ k }}{{ " and " if not loop.last }}{% endfor %}) as n_{{ i }}{{ "," if not loop.last }}
{% endif %}
{%- endfor %}
from (
    select{% if positions %} __sqlpriv_pos,{% endif %}

{% for c in conditions %}
        ({{ sqlpriv.attacks_so_condition(c) }}) as __sqlpriv_c{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(table) }}
) as conditions
{%- endmacro %}
