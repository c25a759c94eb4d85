{#- Sampled by() on a wide lattice: the cross-entropy sums |v| X_v(s) = sum over the level's rows
    of log2 N(s) (the columns of shapley/cross_entropy_chunk.sql) from one size's shared pairs
    (`pairs`, shapley/expand_level_pairs.sql). `skip_sid`: subsets holding all of these columns
    are left out (shapley/cross_entropy_cells.sql sums them from the cells). -#}
{% macro shapley_expand_cross_entropy(pairs, skip_sid=0) -%}
select level, sid, sum(w * l) as sum_log_n
from {{ sqlpriv.quote(pairs) }}
{% if skip_sid %}
where sid & {{ sqlpriv.literal(skip_sid) }} <> {{ sqlpriv.literal(skip_sid) }}
{% endif %}
group by all
{%- endmacro %}
