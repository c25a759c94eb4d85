{#- Each row's pattern packed into integer words (engine_coded_rows), in input order (so that
    subgroup levels can be attached by a positional join).
    The guard fails loudly if a dictionary outgrew the bits reserved for it (or a column
    planned as constant is not), so a stale printed script can never give wrong numbers.
    Without cardinalities (a single-statement chain, planned without looking at the data,
    one column per word) there is nothing to go stale and no guard. -#}
{% macro engine_encode(t, bits, cardinalities, columns, key, words, level=none) -%}
{% set guarded = cardinalities is not none %}
{% if guarded %}
with {{ sqlpriv.engine_dictionary_guard(t, bits, cardinalities, columns) }}
{% endif %}
{{ sqlpriv.engine_coded_rows(t, columns, key, words, level=level, guarded=guarded) }}
{{ sqlpriv.keep_order("a.__sqlpriv_pos") }}
{%- endmacro %}
