{#- The `guard` CTE shared by engine_encode and engine_patterns_grouped: it fails loudly if a
    dictionary outgrew the bits reserved for it (or a column planned as constant is not), so a
    stale printed script can never give wrong numbers; otherwise its `ok` is 0. -#}
{% macro engine_dictionary_guard(t, bits, cardinalities, columns) -%}
guard as (
    select case when
{% for c in columns %}
        (select count(*) from {{ sqlpriv.quote(t.dicts[loop.index0]) }}) {{ "<> 1" if cardinalities[loop.index0] == 1 else ">= " ~ 2 ** bits[loop.index0] }}{{ " or" if not loop.last }}
{% endfor %}
        then {{ sqlpriv.raise_error("'sqlpriv: the number of distinct values changed since this script was generated; generate it again'") }}
        else 0 end as ok
)
{%- endmacro %}
