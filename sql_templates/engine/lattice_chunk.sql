{#- The lattice, or one chunk of it (subsets at positions lo..hi in sid order) for the steps
    that wide lattices run in chunks. -#}
{% macro engine_lattice_chunk(t, lo=none, hi=none) -%}
{% if lo is none %}
{{ sqlpriv.quote(t.lattice) }}
{%- else %}
(select * from {{ sqlpriv.quote(t.lattice) }} qualify row_number() over (order by sid) between {{ lo }} and {{ hi }})
{%- endif %}
{%- endmacro %}
