{#- Equal-width histogram of column `value` of a query: `bins` bins from its minimum to its
    maximum (the last bin closed), with each bin's bounds and row count. -#}
{% macro report_histogram(query, value, bins) -%}
with v as (
    select {{ sqlpriv.quote(value) }}::double as x from (
{{ query }}
    )
),
r as (
    select min(x) as lo, max(x) as hi, greatest(max(x) - min(x), 1e-12) as width from v
),
b as (
    select least(floor((v.x - r.lo) / r.width * {{ bins | int }}), {{ bins | int }} - 1)::bigint as bin, count(*) as rows
    from v, r
    group by all
)
select
    g.bin,
    r.lo + g.bin * r.width / {{ bins | int }} as lo,
    r.lo + (g.bin + 1) * r.width / {{ bins | int }} as hi,
    coalesce(b.rows, 0)::bigint as rows
from r, range({{ bins | int }}) as g(bin)
left join b on b.bin = g.bin
order by g.bin
{%- endmacro %}
