{#- The column orders that own a prefix in `owned` (shapley/run_owned.sql), numbered 1, 2, ...
    (run), with their columns in sequence (c0, c1, ...) and the key bits of their prefixes one to
    d - 1 columns long (x{k}_{w}: the bits of the first k columns in word w), which give the
    length of the prefix two patterns share (shapley/run_cells.sql). -#}
{% macro shapley_run_orders(t, d, words, owned) -%}
with sequences as (
    select
        perm,
{% for i in range(d) %}
        max(col) filter (where bit_count(before_sid) = {{ i }}) as c{{ i }},
{% endfor %}
{% for k in range(1, d) %}
        max(after_sid) filter (where bit_count(after_sid) = {{ k }}) as s{{ k }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(t.steps) }}
    where perm in (select perm from {{ sqlpriv.quote(owned) }})
    group by perm
)
select
    perm,
    dense_rank() over (order by perm) as run,
{% for i in range(d) %}
    c{{ i }},
{% endfor %}
{% for k in range(1, d) %}
{% set sk = "s" ~ k %}
{% set last_k = loop.last %}
{% for word in words %}
    0{% for f in word %} + case when {{ sqlpriv.has_bit(sk, f.j) }} then {{ f.mask }} else 0 end{% endfor %} as x{{ k }}_{{ loop.index0 }}{{ "," if not (last_k and loop.last) }}
{% endfor %}
{% endfor %}
from sequences
{%- endmacro %}
