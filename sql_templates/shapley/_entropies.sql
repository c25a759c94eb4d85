{#- CTE shared by the aggregate queries: the joint entropy of each lattice subset from its
    shared cells, H(s) = log2 n - (1/n) sum_c n_c log2 n_c (singleton cells add 0). -#}
{% macro shapley_entropies_cte(t) -%}
entropies as (
    select
        l.sid,
        log2(total.n) - coalesce(sum(c.n * log2(c.n)), 0) / total.n as entropy
    from {{ sqlpriv.quote(t.lattice) }} as l
    cross join (select sum(w)::double as n from {{ sqlpriv.quote(t.patterns) }}) as total
    left join {{ sqlpriv.quote(t.cells) }} as c on c.sid = l.sid
    group by l.sid, total.n
)
{%- endmacro %}
