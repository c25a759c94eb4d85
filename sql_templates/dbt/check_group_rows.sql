{#- dbt: stop at compile time unless `relation` (when dbt executes and it exists) has at least
    `size` rows in all and in each stratum (`strata`: column names, a NULL one more value), as the
    Python package refuses microaggregation whose table or smallest stratum is below `aggr` (a
    group below aggr would be released). -#}
{% macro check_group_rows(macro_name, relation, size, strata=[]) -%}
{% if execute and relation is not string and adapter.get_columns_in_relation(relation) %}
{% set query %}
select count(*) as n, (select min(c) from (select count(*) as c from {{ relation }}{% if strata %} group by {% for s in strata %}{{ sqlpriv.quote(s) }}{{ ", " if not loop.last }}{% endfor %}{% endif %}) as t) as smallest
from {{ relation }}
{% endset %}
{% set row = run_query(query).rows[0] %}
{% if (row[0] | int) < size %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": aggr=" ~ size ~ " is larger than the table (" ~ (row[0] | int) ~ " rows); lower aggr") %}
{% elif strata and (row[1] | int) < size %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": aggr=" ~ size ~ " is larger than the smallest stratum of " ~ strata | join(", ") ~ " (" ~ (row[1] | int) ~ " rows): its values would be released in a group below aggr; lower aggr or merge strata") %}
{% endif %}
{% endif %}
{%- endmacro %}
