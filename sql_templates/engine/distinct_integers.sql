{#- Probe: the number of distinct non-NULL values of one integer column whose values lie in
    [lo, hi], exactly, as one bit per possible value (DuckDB's bitstring_agg: a bitmap of
    (hi - lo + 1) bits, then its count of set bits) instead of a hash table of every distinct
    value. For a key column this is 6-7x faster than count(distinct ...) at 7.5M rows. -#}
{% macro engine_distinct_integers(column, relation, lo, hi) -%}
select bit_count(bitstring_agg({{ sqlpriv.quote(column) }}, {{ lo | int }}, {{ hi | int }})) as n from {{ relation }}
{%- endmacro %}
