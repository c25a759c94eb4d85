{#- One level of a builder hierarchy as a SQL expression over one column (docs/measures.md §7).
    kind: intervals (width w, optional bottom/top coding; whole numbers when integer), mask (last
    m characters of the text replaced by '*'), dates (month: YYYY-MM, year: YYYY), rare (values with
    fewer than m rows -> 'other'), top ('*'). key is the column as text (missing: '').
    intervals: a value that is not a finite number (NaN, infinity: x - x is not 0) and not bottom /
    top coded keeps its key at every level (as a missing value keeps ''), where a bound computed
    from it would fail the cast or mean nothing. -#}
{% macro generalize_level(kind, column, w=none, integer=true, bottom=none, top=none, part="", m=0) -%}
{% if kind == "intervals" %}
case when {{ sqlpriv.quote(column) }} is null then ''
{% if bottom is not none %}
  when {{ sqlpriv.quote(column) }} < {{ sqlpriv.literal(bottom) }} then {{ sqlpriv.literal("<" ~ bottom) }}
{% endif %}
{% if top is not none %}
  when {{ sqlpriv.quote(column) }} >= {{ sqlpriv.literal(top) }} then {{ sqlpriv.literal(">=" ~ top) }}
{% endif %}
  when {{ sqlpriv.quote(column) }} - {{ sqlpriv.quote(column) }} <> 0 then {{ sqlpriv.generalize_key(column) }}
  else '[' || cast({{ "cast(" if integer }}floor({{ sqlpriv.quote(column) }} / {{ sqlpriv.literal(w) }}) * {{ sqlpriv.literal(w) }}{{ " as bigint)" if integer }} as {{ sqlpriv.text_type() }})
    || ', ' || cast({{ "cast(" if integer }}floor({{ sqlpriv.quote(column) }} / {{ sqlpriv.literal(w) }}) * {{ sqlpriv.literal(w) }} + {{ sqlpriv.literal(w) }}{{ " as bigint)" if integer }} as {{ sqlpriv.text_type() }}) || '[' end
{% elif kind == "mask" %}
case when length({{ sqlpriv.generalize_key(column) }}) <= {{ sqlpriv.literal(m) }} then repeat('*', length({{ sqlpriv.generalize_key(column) }}))
  else left({{ sqlpriv.generalize_key(column) }}, length({{ sqlpriv.generalize_key(column) }}) - {{ sqlpriv.literal(m) }}) || repeat('*', {{ sqlpriv.literal(m) }}) end
{% elif kind == "dates" %}
case when {{ sqlpriv.quote(column) }} is null then '' else substr(cast(cast({{ sqlpriv.quote(column) }} as date) as {{ sqlpriv.text_type() }}), 1, {{ sqlpriv.literal(7 if part == "month" else 4) }}) end
{% elif kind == "rare" %}
case when count(*) over (partition by {{ sqlpriv.generalize_key(column) }}) < {{ sqlpriv.literal(m) }} then 'other' else {{ sqlpriv.generalize_key(column) }} end
{% else %}
'*'
{% endif %}
{%- endmacro %}
