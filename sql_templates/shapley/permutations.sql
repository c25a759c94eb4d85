{#- Sampled column orders (Maleki et al. 2013): one row per (order, column) with the
    prefix revealed before the column (before_sid) and after it (after_sid), and the column's
    position in the order (pos: its stratum, shapley_sampling.balanced_orders). Orders with
    is_sample = false are 2d fixed helper orders (each column first, each column last):
    they only put every single column and every leave-one-out set into the lattice, for
    the entropy summary, and never enter an estimate. -#}
{% macro shapley_permutations(t, permutations, samples) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.steps)) }}
with orders as (
    select {{ sqlpriv.list_bracket("open") }}
{% for perm in permutations %}
        {{ sqlpriv.list_bracket("open") }}{% for col in perm %}{{ col | int }}{{ ", " if not loop.last }}{% endfor %}{{ sqlpriv.list_bracket("close") }}{{ "," if not loop.last }}
{% endfor %}
    {{ sqlpriv.list_bracket("close") }} as orders
),
draws as (  -- one list literal, not a VALUES row per (order, column): 4x faster to parse on adult
    select p::integer as perm, i::integer as pos, {{ sqlpriv.list_item(sqlpriv.list_item("orders", "p + 1"), "i + 1") }}::integer as col
    from orders, range({{ permutations | length | int }}) as a(p), range({{ permutations[0] | length | int }}) as b(i)
),
prefixes as (
    select perm, pos, col, sum(1::bigint << col) over (partition by perm order by pos) as after_sid
    from draws
)
select perm, perm < {{ samples }} as is_sample, col, after_sid - (1::bigint << col) as before_sid, after_sid, pos
from prefixes
{%- endmacro %}
