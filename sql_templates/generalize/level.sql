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
    value's interval index at the finest level is the largest j whose bound j x base (written as
    below) is at most the value, so that the label holds the value as written (its shortest
    decimal text, exactly: 0.3 belongs to [0.3, 0.4[ though 0.3 / 0.1 is 2.9999999999999996 in
    binary, 0.1 + 0.2 = 0.30000000000000004 too, and 0.7 + 0.1 = 0.7999999999999999 to
    [0.7, 0.8[): n, the quotient x / base rounded to a whole number, is that j or j + 1 (the
    quotient is off by a few ulps at most), and one comparison of x with n's bound settles it.
    This holds while a bound has at most 15 significant digits (|x| / w x w's digits below 1e15, where a width still
    spans many doubles). floor(round(x / base, 9)) stood here before: DuckDB's round is inexact
    once x / base passes about 9e6 (width 2.5, value 7.25e13: [72499999999997.5, 72500000000000.0[,
    which does not hold it; Spark's is exact), and it put a value within 5e-10 x base below a bound
    (0.7999999999 with width 0.1) above it. The index at this level is that index floor-divided by
    w / base (so the levels nest by construction), and the bounds index x w written from w's
    decimal digits (index x w digits / 10^decimals, one correctly rounded division: 0.3, not
    0.30000000000000004; a width written with an exponent, 3e-05, by its digits too: 3 / 10^5,
    where 0.00015000000000000001 was written before; the index as a double first: Spark's BIGINT
    product overflowed past 9.2e18); the index + 0 is +0.0 for a value
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
{#- each width's bound of index j: j x digits / 10^decimals (decimals -1: the width itself, x 1) -#}
{% set ns = namespace(units=[], scales=[]) %}
{% for v in [b, w] %}
{% set t = (v | string).lower() %}
{% set mantissa = t.split("e")[0] %}
{% set decimals = ((mantissa.split(".")[1] | length) if "." in mantissa else 0) - ((t.split("e")[1] | int) if "e" in t else 0) %}
{% set decimals = decimals if (v is number and ("." in t or "e" in t) and decimals >= 0 and ("e" not in t or decimals <= 17)) else -1 %}
{% set ns.scales = ns.scales + [10 ** decimals if decimals >= 0 else 1] %}
{% set ns.units = ns.units + [((v * 10 ** decimals) | round | int) if decimals >= 0 else v] %}
{% endfor %}
{% set value = sqlpriv.quote(column) %}
{% set near = sqlpriv.round_even(value ~ " / " ~ sqlpriv.literal(b)) %}
{% set index = "(" ~ near ~ " - case when " ~ value ~ " < " ~ near ~ " * " ~ sqlpriv.literal(ns.units[0]) ~ " / " ~ sqlpriv.literal(ns.scales[0]) ~ " then 1 else 0 end)" %}
{% if b != w %}
{% set index = sqlpriv.floor_big(index ~ " / " ~ sqlpriv.literal((w / b) | round | int)) %}
{% endif %}
{% set index = "(" ~ index ~ " + 0)" %}
  else '[' || {{ sqlpriv.double_text("cast(" ~ index ~ " as double) * " ~ sqlpriv.literal(ns.units[1]) ~ " / " ~ sqlpriv.literal(ns.scales[1])) }}
    || ', ' || {{ sqlpriv.double_text("cast(" ~ index ~ " + 1 as double) * " ~ sqlpriv.literal(ns.units[1]) ~ " / " ~ sqlpriv.literal(ns.scales[1])) }} || '[' end
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
