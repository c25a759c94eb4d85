{#- Probe: for each text column of a CSV source (`relation`, quoted), over its first `sample`
    rows: the non-NULL values that read as a number, those that do not, and up to 5 of the
    distinct ones that do not (R's NA, '-', ...): a column mostly numbers but read as text
    because of a few tokens (sqlpriv/engine/csv_files.py warns, naming them). One row. -#}
{% macro engine_numeric_text(relation, columns, sample) -%}
with s as (
    select * from {{ relation }} limit {{ sqlpriv.literal(sample) }}
)
select
{% for c in columns %}
    count(*) filter (where try_cast(trim({{ sqlpriv.quote(c) }}) as double) is not null) as {{ sqlpriv.quote("n" ~ loop.index0) }},
    count(*) filter (where {{ sqlpriv.quote(c) }} is not null and try_cast(trim({{ sqlpriv.quote(c) }}) as double) is null) as {{ sqlpriv.quote("t" ~ loop.index0) }},
    list(distinct {{ sqlpriv.quote(c) }} order by {{ sqlpriv.quote(c) }}) filter (where {{ sqlpriv.quote(c) }} is not null and try_cast(trim({{ sqlpriv.quote(c) }}) as double) is null)[1:5] as {{ sqlpriv.quote("v" ~ loop.index0) }}{{ "," if not loop.last }}
{% endfor %}
from s
{%- endmacro %}
