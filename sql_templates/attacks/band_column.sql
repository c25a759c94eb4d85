{#- Probe: the distinct values of each of the numeric `columns` (indexes) of the candidate rows,
    one row (the band of level 0 buckets the column with the most). -#}
{% macro attacks_band_column(candidates, columns) -%}
select {% for j in columns %}count(distinct {{ sqlpriv.quote("c" ~ j) }}){{ ", " if not loop.last }}{% endfor %} from {{ sqlpriv.quote(candidates) }}
{%- endmacro %}
