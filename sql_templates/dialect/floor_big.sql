{#- floor(expr) that also holds past BIGINT's range (issue 46). DuckDB: floor of a DOUBLE is a
    DOUBLE. Spark: floor of a DOUBLE is a BIGINT, which overflows past +-9.2e18 (an error under
    ANSI mode, a wrong value without it); a double that large is already whole, so it is its
    own floor (a DECIMAL that large is floored as a double: one unit of its last place is far
    below the double's spacing there). -#}
{% macro floor_big(expr) -%}
{{ adapter.dispatch("floor_big", "sqlpriv")(expr) }}
{%- endmacro %}

{% macro default__floor_big(expr) -%}
floor({{ expr }})
{%- endmacro %}

{% macro spark__floor_big(expr) -%}
case when abs({{ expr }}) < 9.2e18 then floor({{ expr }}) else cast({{ expr }} as double) end
{%- endmacro %}
