{#- The column subsets the orders visit, each with a rollup parent one column larger (a
    prefix it is extended to), key masks, and coefficients
    c_j(s) = (#sampled orders revealing j right after s - #sampled orders ending j at s) / M,
    so that sum_s c_j(s) log2 N(s) is the mean marginal over the sampled orders, and the counts
    of the standard error's sum of squared marginals (shapley/phi_sampled_chunk.sql):
    e_j(s) = #sampled orders revealing j right after s + #sampled orders ending j at s, and
    r_j(s) = #sampled orders ending j at s, so that per pattern
    sum over orders of (log2 N(before) - log2 N(after))^2
      = sum_s e_j(s) log2^2 N(s) - 2 sum_s r_j(s) log2 N(s) log2 N(s - j).
    A constant column's coefficients and counts are all 0 (its marginals are all 0). `extra`:
    subsets added without an order (no parent), e.g. the single columns and leave-one-out sets
    the entropy summary reads. -#}
{% macro shapley_lattice_sampled(t, cardinalities, columns, samples, words, extra=[]) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.lattice)) }}
with visited as (
    select before_sid as sid from {{ sqlpriv.quote(t.steps) }}
    union
    select after_sid from {{ sqlpriv.quote(t.steps) }}
{% for s in extra %}
    union
    select {{ s }}
{% endfor %}
),
parents as (
    select before_sid as sid, min(after_sid) as parent
    from {{ sqlpriv.quote(t.steps) }}
    group by before_sid
),
signed as (
    select before_sid as sid, col, 1 as sign from {{ sqlpriv.quote(t.steps) }} where is_sample
    union all
    select after_sid as sid, col, -1 as sign from {{ sqlpriv.quote(t.steps) }} where is_sample
),
coefficients as (
    select
        sid,
{% for c in columns %}
        coalesce(sum(sign) filter (where col = {{ loop.index0 }}), 0) / {{ sqlpriv.double_literal(samples) }} as c{{ loop.index0 }},
        count(*) filter (where col = {{ loop.index0 }}) as e{{ loop.index0 }},
        count(*) filter (where col = {{ loop.index0 }} and sign < 0) as r{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from signed
    group by sid
)
select
    v.sid,
    bit_count(v.sid) as size,
    p.parent,
{% for word in words %}
    0{% for f in word %} + case when {{ sqlpriv.has_bit("v.sid", f.j) }} then {{ f.mask }} else 0 end{% endfor %} as m{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
{% if cardinalities[loop.index0] == 1 %}
    0.0 as c{{ loop.index0 }}, 0.0 as e{{ loop.index0 }}, 0.0 as r{{ loop.index0 }}{{ "," if not loop.last }}
{% else %}
    coalesce(k.c{{ loop.index0 }}, 0) as c{{ loop.index0 }},
    coalesce(k.e{{ loop.index0 }}, 0)::double as e{{ loop.index0 }},
    coalesce(k.r{{ loop.index0 }}, 0)::double as r{{ loop.index0 }}{{ "," if not loop.last }}
{% endif %}
{% endfor %}
from visited as v
left join parents as p using (sid)
left join coefficients as k using (sid)
{%- endmacro %}
