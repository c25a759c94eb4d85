{#- The shared first stages of a single-statement chain as CTEs (analysed rows, one dictionary
    per column, packed codes, distinct patterns), each the select of the same step macro the
    Python plan keeps as a temp table. `frame` comes from engine_chain_frame; `level` (a
    subgroup expression) is carried along each row's codes as __sqlpriv_level. -#}
{% macro engine_cohort_ctes(frame, source, level=none) -%}
{% set t = frame.t %}
{{ sqlpriv.quote(t.analysed) }} as (
{{ sqlpriv.engine_analysed(t=t, columns=frame.columns, dropna=frame.dropna, key=frame.key, source=source, level=level) }}
),
{% for c in frame.columns %}
{{ sqlpriv.quote(t.dicts[loop.index0]) }} as (
{{ sqlpriv.engine_dictionary(t=t, column=c.name) }}
),
{% endfor %}
{{ sqlpriv.quote(t.codes) }} as (
{{ sqlpriv.engine_encode(t=t, bits=none, cardinalities=none, columns=frame.columns, key=frame.key, words=frame.words, level=level) }}
),
{{ sqlpriv.quote(t.patterns) }} as (
{{ sqlpriv.engine_patterns(extras=[], rows=sqlpriv.quote(t.codes), words=frame.words) }}
)
{%- endmacro %}
