{#- The ten predictors of the solar-flare data (the columns of Seiler et al.'s Table 3), one
    place for the models to read them from. -#}
{% macro flare_predictors() -%}
{{ return(["class", "largest spot's size", "spot_distribution", "activity", "evolution",
           "past_activity", "historically_complex", "hc_past", "area", "area_largest"]) }}
{%- endmacro %}
