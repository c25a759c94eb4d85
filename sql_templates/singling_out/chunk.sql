{#- The column sets of one chunk of one size (shared by the level templates). `pad` > 1: read
    them from t.chunk_sets (chunk_sets.sql: the same sets, each followed by pad - 1 rows with a
    NULL sid, several row groups), so that a cross product driven by them runs on DuckDB's
    threads; the same rows. -#}
{% macro singling_out_chunk(t, hi, lo, size, words, pad=1) -%}
select sid, size, base{% for w in words %}, m{{ loop.index0 }}, b{{ loop.index0 }}{% endfor %} 
{% if pad > 1 %}
from {{ sqlpriv.quote(t.chunk_sets) }}
where sid is not null
{% else %}
from {{ sqlpriv.quote(t.sets) }}
where size = {{ size }} and ord between {{ lo }} and {{ hi }}
{% endif %}
{%- endmacro %}
