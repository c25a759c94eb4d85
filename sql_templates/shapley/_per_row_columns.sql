{#- The select list shared by the per-row outputs (shapley_per_row, shapley_per_row_values):
    the row key of `r`, then per analysed column its value from `p` (0 when the pattern is not
    there), then the standard errors of a sampled run. -#}
{% macro shapley_per_row_columns(columns, key, key_name, sampled) -%}
r.{{ "__sqlpriv_key" if key else "__sqlpriv_pos" }} as {{ sqlpriv.quote(key_name) }},
{% for c in columns %}
    coalesce(p.phi{{ loop.index0 }}, 0) as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last or sampled }}
{% endfor %}
{% if sampled %}
{% for c in columns %}
    coalesce(p.se{{ loop.index0 }}, 0) as {{ sqlpriv.quote((c.name ~ "_se")) }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
{%- endmacro %}
