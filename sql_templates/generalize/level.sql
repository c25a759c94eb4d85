{#- One level of a builder hierarchy as a SQL expression over one column (docs/measures.md §7).
    kind: intervals (width w, optional bottom/top coding; whole numbers when integer), mask (last
    m characters of the text replaced by '*'), dates (month: YYYY-MM, year: YYYY), rare (values with
    fewer than m rows -> 'other'), top ('*'). key is the column as text (missing: '').
    intervals: a value that is not a finite number (NaN, infinity: x - x is not 0) and not bottom /
    top coded keeps its key at every level (as a missing value keeps ''), where a bound computed
    from it would fail the cast or mean nothing. Whole widths write the bounds as integers (a
    bigint), but bounds past +-9.2e18 as the doubles they are (6e+40 failed the cast to bigint),
    floored by floor_big (Spark's floor is a BIGINT that overflowed there) and written by
    double_text (Spark's '6.0E40' is DuckDB's '6e+40').
    Widths that are not all whole (integer false): base is the finest width (default w); a
    value's interval index at the finest level is floor(round(x / base, 9)) (a quotient within
    1e-9 of a whole number is that number: 0.3 / 0.1 is 2.9999999999999996 in binary, and 0.3
    belongs to [0.3, 0.4[), the index at this level that index floor-divided by w / base (so the
    levels nest by construction, where each level's own rounding could split a finer interval),
    and the bounds index x w written from w's decimal digits (index x w digits / 10^decimals, one
    correctly rounded division: 0.3, not 0.30000000000000004); the index + 0 is +0.0 for a value
    -0.0, whose interval was labelled [-0.0, 2.5[ apart from 0.0's [0.0, 2.5[ (two classes for
    one interval). dates: a missing value (NULL, or the empty text that is its key) stays '' (text
    '' is no date to cast). cuts (sdcMicro's globalRecode breaks, generalize/recode.py): the label
    of the first break at or above the value (R's cut, right-closed, the first interval closed);
    NaN, infinities and a value past the last break keep their key. -#}
{% macro generalize_level(kind, column, w=none, integer=true, bottom=none, top=none, part="", m=0, base=none, cuts=none, labels=none) -%}
{% if kind == "cuts" %}
case when {{ sqlpriv.quote(column) }} is null then ''
  when not {{ sqlpriv.finite("cast(" ~ sqlpriv.quote(column) ~ " as double)") }} then {{ sqlpriv.generalize_key(column) }}
{% for label in labels %}
  when cast({{ sqlpriv.quote(column) }} as double) <= {{ sqlpriv.literal(cuts[loop.index]) }} then {{ sqlpriv.literal(label) }}
{% endfor %}
  else {{ sqlpriv.generalize_key(column) }} end
{% elif kind == "intervals" %}
case when {{ sqlpriv.quote(column) }} is null then ''
{% if bottom is not none %}
  when {{ sqlpriv.quote(column) }} < {{ sqlpriv.literal(bottom) }} then {{ sqlpriv.literal("<" ~ bottom) }}
{% endif %}
{% if top is not none %}
  when {{ sqlpriv.quote(column) }} >= {{ sqlpriv.literal(top) }} then {{ sqlpriv.literal(">=" ~ top) }}
{% endif %}
  when {{ sqlpriv.quote(column) }} - {{ sqlpriv.quote(column) }} <> 0 then {{ sqlpriv.generalize_key(column) }}
{% if integer %}
{% set lo = sqlpriv.floor_big(sqlpriv.quote(column) ~ " / " ~ sqlpriv.literal(w)) ~ " * " ~ sqlpriv.literal(w) %}
  when {{ lo }} + {{ sqlpriv.literal(w) }} >= 9.2e18
    or {{ lo }} <= -9.2e18 then '[' || {{ sqlpriv.double_text("cast(" ~ lo ~ " as double)") }}
    || ', ' || {{ sqlpriv.double_text("cast(" ~ lo ~ " + " ~ sqlpriv.literal(w) ~ " as double)") }} || '['
  else '[' || cast(cast({{ lo }} as bigint) as {{ sqlpriv.text_type() }})
    || ', ' || cast(cast({{ lo }} + {{ sqlpriv.literal(w) }} as bigint) as {{ sqlpriv.text_type() }}) || '[' end
{% else %}
{% set b = w if base is none else base %}
{% set text = w | string %}
{% set decimals = (text.split(".")[1] | length) if (w is number and "." in text and "e" not in text.lower()) else -1 %}
{% set scale = 10 ** decimals if decimals >= 0 else 1 %}
{% set unit = ((w * scale) | round | int) if decimals >= 0 else w %}
{% set index = sqlpriv.floor_big("round(" ~ sqlpriv.quote(column) ~ " / " ~ sqlpriv.literal(b) ~ ", 9)") %}
{% if b != w %}
{% set index = sqlpriv.floor_big(index ~ " / " ~ sqlpriv.literal((w / b) | round | int)) %}
{% endif %}
{% set index = "(" ~ index ~ " + 0)" %}
  else '[' || {{ sqlpriv.double_text("cast(" ~ index ~ " * " ~ sqlpriv.literal(unit) ~ " as double) / " ~ sqlpriv.literal(scale)) }}
    || ', ' || {{ sqlpriv.double_text("cast((" ~ index ~ " + 1) * " ~ sqlpriv.literal(unit) ~ " as double) / " ~ sqlpriv.literal(scale)) }} || '[' end
{% endif %}
{% elif kind == "mask" %}
case when length({{ sqlpriv.generalize_key(column) }}) <= {{ sqlpriv.literal(m) }} then repeat('*', length({{ sqlpriv.generalize_key(column) }}))
  else left({{ sqlpriv.generalize_key(column) }}, length({{ sqlpriv.generalize_key(column) }}) - {{ sqlpriv.literal(m) }}) || repeat('*', {{ sqlpriv.literal(m) }}) end
{% elif kind == "dates" %}
case when {{ sqlpriv.generalize_key(column) }} = '' then '' else substr(cast(cast({{ sqlpriv.quote(column) }} as date) as {{ sqlpriv.text_type() }}), 1, {{ sqlpriv.literal(7 if part == "month" else 4) }}) end
{% elif kind == "rare" %}
case when count(*) over (partition by {{ sqlpriv.generalize_key(column) }}) < {{ sqlpriv.literal(m) }} then 'other' else {{ sqlpriv.generalize_key(column) }} end
{% else %}
'*'
{% endif %}
{%- endmacro %}
