{#- Probe: the records of a distinct table at the given ranks (rank_column __sqlpriv_rank: the
    synthetic records seeded Python sampled) or input positions (__sqlpriv_pos: the original
    records a query singled out), with both. -#}
{% macro attacks_so_rows(table, columns, rank_column, positions) -%}
select __sqlpriv_rank, __sqlpriv_pos{% for c in columns %}, {{ sqlpriv.quote(c) }}{% endfor %}
from {{ sqlpriv.quote(table) }}
where {{ sqlpriv.quote(rank_column) }} in ({% for p in positions %}{{ sqlpriv.literal(p) }}{{ ", " if not loop.last }}{% endfor %})
order by {{ sqlpriv.quote(rank_column) }}
{%- endmacro %}
