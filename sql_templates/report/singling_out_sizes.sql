{#- Singled-out synthetic records by the size of their smallest singling-out column set,
    from the details query: combo_size, records, share of the synthetic records. -#}
{% macro report_singling_out_sizes(details, total) -%}
select
    combo_size,
    count(*)::bigint as records,
    count(*) / {{ sqlpriv.literal(total | float) }} as share
from (
{{ details }}
)
group by combo_size
order by combo_size
{%- endmacro %}
