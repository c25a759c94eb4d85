{#- Helpers of attacks/dcr_query.sql (sqlpriv.dcr's measures as one statement). -#}

{#- The distance (the sum over the columns) between synthetic row `s` and reference row `r`, the
    ranges read from `g` (r<j>: max - min over the reference, NULL where it has no value). -#}
{% macro attacks_dcr_query_distance(columns, numeric) -%}
({% for c in columns %}
{%- set dq_s = "s." ~ sqlpriv.quote(c) %}
{%- set dq_r = "r." ~ sqlpriv.quote(c) %}
{%- set dq_g = "g." ~ sqlpriv.quote("r" ~ loop.index0) %}
{%- if numeric[loop.index0] %}(case when {{ dq_s }} is null and {{ dq_r }} is null then 0.0 when {{ dq_s }} is null or {{ dq_r }} is null then 1.0
  when coalesce({{ dq_g }}, 0) = 0 then (case when cast({{ dq_s }} as double) = cast({{ dq_r }} as double) then 0.0 else 1.0 end)
  else least(abs(cast({{ dq_s }} as double) / {{ dq_g }} - cast({{ dq_r }} as double) / {{ dq_g }}), 1.0) end)
{%- else %}(case when {{ sqlpriv.not_distinct(dq_s, dq_r) }} then 0.0 else 1.0 end){% endif %}{{ " + " if not loop.last }}
{%- endfor %})
{%- endmacro %}

{#- CTE `name` (followed by a comma): per synthetic row (pos), `d1` and `d2` the smallest and
    second smallest summed distance to the rows of `reference` (a CTE name), `copy` 1 where one of
    them equals it on every column (NULL equal to NULL). -#}
{% macro attacks_dcr_query_nn(name, reference, columns, numeric) -%}
{{ sqlpriv.quote(name ~ "_g") }} as (
  select {% for c in columns %}{% if numeric[loop.index0] %}max(cast({{ sqlpriv.quote(c) }} as double)) - min(cast({{ sqlpriv.quote(c) }} as double)){% else %}cast(null as double){% endif %} as {{ sqlpriv.quote("r" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}
  from {{ sqlpriv.quote(reference) }}
),
{{ sqlpriv.quote(name) }} as (
  select pos, max(case when rk = 1 then d end) as d1, max(case when rk = 2 then d end) as d2, max(eq) as copy
  from (
    select pos, d, eq, row_number() over (partition by pos order by d, eq desc) as rk from (
      select s.__sqlpriv_pos as pos, {{ sqlpriv.attacks_dcr_query_distance(columns, numeric) }} as d,
        case when {% for c in columns %}{{ sqlpriv.not_distinct("s." ~ sqlpriv.quote(c), "r." ~ sqlpriv.quote(c)) }}{{ " and " if not loop.last }}{% endfor %} then 1 else 0 end as eq
      from {{ sqlpriv.quote("__sqlpriv_s") }} as s cross join {{ sqlpriv.quote(reference) }} as r cross join {{ sqlpriv.quote(name ~ "_g") }} as g
    ) as pairs
  ) as ranked
  where rk <= 2 or eq = 1
  group by pos
),
{%- endmacro %}
