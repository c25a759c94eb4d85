{#- The rows of the cell terms table (shapley/cell_terms.sql) of subsets lo..hi, as a relation to
    join on (sid, k0, k1, ...). The keys are read as computed values (k + 0): joining on the
    stored key columns of that table (several rows per key) makes DuckDB 2.0.0 fail with an
    internal error ("dict-surviving cache ... changed identity"). -#}
{% macro shapley_terms_chunk(t, words, lo, hi) -%}
(
    select
        sid,
{% for word in words %}
        k{{ loop.index0 }} + 0 as k{{ loop.index0 }},
{% endfor %}
        l,
        xj,
        lx
    from {{ sqlpriv.quote(t.terms) }}
    where sid between {{ lo }} and {{ hi }}
)
{%- endmacro %}
