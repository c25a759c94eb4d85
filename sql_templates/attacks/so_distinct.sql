{#- Step: one table of the singling-out attack by queries with exact duplicates dropped (as
    anonymeter drops them), each distinct record keeping the input position of its first copy
    (__sqlpriv_pos, from 0) and its rank in that order (__sqlpriv_rank, from 0: how seeded Python
    names the synthetic records it samples). NULLs group together, as pandas' drop_duplicates.
    numbered=false: the distinct records only (the Spark face, which needs no positions: no window
    over the whole table in one partition). -#}
{% macro attacks_so_distinct(relation, columns, numbered=true) -%}
{%- if not numbered %}
select distinct {% for c in columns %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %} from {{ relation }}
{%- else -%}
select g.*, row_number() over (order by g.__sqlpriv_pos) - 1 as __sqlpriv_rank
from (
    select {% for c in columns %}{{ sqlpriv.quote(c) }}, {% endfor %}min(p.__sqlpriv_pos) as __sqlpriv_pos
    from (select *, {{ sqlpriv.row_number() }} - 1 as __sqlpriv_pos from {{ relation }}) as p
    group by {% for c in columns %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %}

) as g
{%- endif %}
{%- endmacro %}
