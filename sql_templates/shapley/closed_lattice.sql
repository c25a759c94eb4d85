{#- The distinct closures of shapley/closure_lattice.sql as a lattice the direct cell count
    reads (engine/cells_direct.sql): sid (the closure) and its key masks m0... -#}
{% macro shapley_closed_lattice(closure_map, words) -%}
select
    sid,
{% for word in words %}
    0{% for f in word %} + case when {{ sqlpriv.has_bit("sid", f.j) }} then {{ f.mask }} else 0 end{% endfor %} as m{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from (select distinct closure as sid from {{ sqlpriv.quote(closure_map) }}) as c
{%- endmacro %}
