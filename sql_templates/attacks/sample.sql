{#- The positions of the attacked records drawn by the Python plan (`n_attacks=` with a seed). -#}
{% macro attacks_sample(positions) -%}
select * from (values {% for p in positions %}({{ sqlpriv.literal(p) }}){{ ", " if not loop.last }}{% endfor %}) as v(__sqlpriv_pos)
{%- endmacro %}
