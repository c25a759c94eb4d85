{#- CTE shared by the aggregate queries: the joint entropy of each lattice subset from its
    shared cells, H(s) = log2 n - (1/n) sum_c n_c log2 n_c (singleton cells add 0). -#}
{% macro entropies_cte(t) -%}
entropies as (
    select
        l.sid,
        log2(total.n) - coalesce(sum(c.n * log2(c.n)), 0) / total.n as entropy
    from {{ t.lattice | quote }} as l
    cross join (select sum(w)::double as n from {{ t.patterns | quote }}) as total
    left join {{ t.cells | quote }} as c on c.sid = l.sid
    group by l.sid, total.n
)
{%- endmacro %}
