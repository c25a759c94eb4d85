{#- The column sets of one chunk of one size (shared by the level templates). -#}
{% macro singling_out_chunk(t, hi, lo, size, words) -%}
select sid, size, base{% for w in words %}, m{{ loop.index0 }}, b{{ loop.index0 }}{% endfor %} 
from {{ sqlpriv.quote(t.sets) }}
where size = {{ size }} and ord between {{ lo }} and {{ hi }}
{%- endmacro %}
