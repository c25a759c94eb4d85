{#- The first (`last` false) or last sid of a lattice chunk lo..hi: the number itself when lo..hi
    are sids, or the smallest / largest sid at positions lo..hi of t.shared_lattice
    (shapley/lattice_shared.sql) when `shared`. -#}
{% macro shapley_chunk_bound(t, lo, hi, shared=false, last=false) -%}
{% if shared -%}
(select {{ "max" if last else "min" }}(sid) from {{ sqlpriv.quote(t.shared_lattice) }} where pos between {{ lo | int }} and {{ hi | int }})
{%- else -%}
{{ (hi if last else lo) | int }}
{%- endif %}
{%- endmacro %}
