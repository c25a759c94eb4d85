{#- One row: the synthetic rows (`n_synthetic`), those equal to an original row on every one of
    `columns` (`n_copies`, NULL equal to NULL: sqlpriv.dcr's `copy`) and their share
    (`copy_share`, dcr's `exact_copy_share`), in one statement (the dbt generic test
    sqlpriv_max_exact_copies). `original_relation` and `synthetic_relation`: relations (dbt's). -#}
{% macro attacks_copies_query(original_relation, synthetic_relation, columns) -%}
select n_synthetic, n_copies, case when n_synthetic = 0 then cast(null as double) else cast(n_copies as double) / n_synthetic end as copy_share
from (
  select count(*) as n_synthetic, coalesce(sum(case when o.{{ sqlpriv.quote("__sqlpriv_copy") }} is null then 0 else 1 end), 0) as n_copies
  from {{ synthetic_relation }} as s
  left join (
    select distinct {% for c in columns %}{{ sqlpriv.quote(c) }}, {% endfor %}1 as {{ sqlpriv.quote("__sqlpriv_copy") }} from {{ original_relation }}
  ) as o
  on {% for c in columns %}{{ sqlpriv.not_distinct("s." ~ sqlpriv.quote(c), "o." ~ sqlpriv.quote(c)) }}{{ " and " if not loop.last }}{% endfor %}
) as c
{%- endmacro %}
