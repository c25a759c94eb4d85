{#- Every subset s of the d analysed columns as a bitmask sid, with:
    size, the superset it is rolled up from (parent), its key masks m0.. (one per
    packed word) and c0.., the coefficient of log2 N(s) in each column's Shapley value.
    A constant column is a null player: its coefficients are 0, so its value is exactly 0
    and the others' values are unchanged (N(u + j) = N(u) for every u). Without cardinalities
    (a single-statement chain) constancy is read from the dictionary sizes in SQL. -#}
{% macro engine_lattice(t, cardinalities, columns, d, parent_order, words) -%}
select
    sid,
    bit_count(sid) as size,
    case
{% for j in parent_order %}
        when not {{ sqlpriv.has_bit("sid", j) }} then sid | {{ 2 ** j }}
{% endfor %}
    end as parent,
{% for word in words %}
    0{% for f in word %} + case when {{ sqlpriv.has_bit("sid", f.j) }} then {{ f.mask }} else 0 end{% endfor %} as m{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
{% if cardinalities is none %}
    case when (select count(*) from {{ sqlpriv.quote(t.dicts[loop.index0]) }}) = 1 then 0.0
         else {{ sqlpriv.shapley_coefficient("sid", loop.index0, d) }} end as c{{ loop.index0 }}{{ "," if not loop.last }}
{% elif cardinalities[loop.index0] == 1 %}
    0.0 as c{{ loop.index0 }}{{ "," if not loop.last }}
{% else %}
    {{ sqlpriv.shapley_coefficient("sid", loop.index0, d) }} as c{{ loop.index0 }}{{ "," if not loop.last }}
{% endif %}
{% endfor %}
from {{ sqlpriv.integers("sid", 2 ** d) }}
{%- endmacro %}
