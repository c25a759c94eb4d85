{#- dbt model: top and bottom coding of one numeric column (docs/measures.md, cells; sdcMicro's
    topBotCoding), as sqlpriv.top_bottom_code: every row and column of `relation`, `column`'s values
    above `top` replaced by `top_value` and below `bottom` by `bottom_value` (each defaults to its
    threshold); with quantile=true, `top` and `bottom` are quantiles in [0, 1] of the column.
    {{ sqlpriv.top_bottom_code(ref('survey'), 'income', top=0.99, quantile=true) }} -#}
{% macro top_bottom_code(relation, column, top=none, bottom=none, top_value=none, bottom_value=none, quantile=false) -%}
{% do sqlpriv.check_relation("top_bottom_code", relation) %}
{% do sqlpriv.check_columns("top_bottom_code", relation, [column]) %}
{% if top is none and bottom is none %}
{% do exceptions.raise_compiler_error("sqlpriv.top_bottom_code: give top=, bottom= or both: the thresholds beyond which values are replaced") %}
{% endif %}
{% for name, value in [("top", top), ("bottom", bottom), ("top_value", top_value), ("bottom_value", bottom_value)] if value is not none %}
{% if value is not number or value is sameas true or value is sameas false %}
{% do exceptions.raise_compiler_error("sqlpriv.top_bottom_code: argument `" ~ name ~ "` must be a number, got " ~ value) %}
{% endif %}
{% if quantile and name in ("top", "bottom") and not (0 <= value <= 1) %}
{% do exceptions.raise_compiler_error("sqlpriv.top_bottom_code: with quantile=true, `" ~ name ~ "` is a quantile in [0, 1], got " ~ value) %}
{% endif %}
{% endfor %}
{% do sqlpriv.check_numeric("top_bottom_code", relation, [column], "top and bottom coding") %}
{% set names = adapter.get_columns_in_relation(relation) | map(attribute="name") | list if execute else [] %}
{{ sqlpriv.topcode_release(source=relation, columns=names if names else [column], column=column, top=top, bottom=bottom, top_value=top_value, bottom_value=bottom_value, quantile=quantile) }}
{%- endmacro %}
