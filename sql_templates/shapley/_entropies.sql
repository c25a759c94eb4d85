{#- CTE body shared by the aggregate queries: the empirical joint entropy H(s) of each
    subset in the lattice, from its cohort cells. -#}
{% macro entropies_cte(t) -%}
entropies as (
    select sid, sum(sqlpriv_entropy_term(n, (select sum(w) from {{ t.patterns | quote }}))) as entropy
    from {{ t.cells | quote }}
    group by sid
)
{%- endmacro %}
