{#- A DOUBLE as text, written as DuckDB writes it (issue 46): the shortest digits that read back
    as the same double (Python's repr), plain from 1e-4 to below 1e16 ('10000000.0', '0.0001'),
    with an exponent of at least two digits outside ('1e+16', '-1.5e+20', '1e-05'); 'nan', 'inf',
    '-inf'. Spark writes Java's form, plain only from 1e-3 to below 1e7 ('1.0E7', '1.0E-4'), and
    Java 17's digits are not always the shortest ('9.999999999999999E22' for 1e23): its digits d
    and exponent e (the value is d[0].d[1:] x 10^e) are read back, cut to the fewest significant
    digits that read back as the same double (of the two
    candidates, cut or rounded up, the nearer one that reads back), and written in DuckDB's layout;
    lambda variables bind each part once. The search runs only where Java's digits may not be the
    shortest (16 digits or more, and subnormals: '4.9E-324' is 5e-324): each try costs a cast.
    From 1e-3 to below 1e7 with at most 15 digits Java's text is DuckDB's: taken as it is, without
    the lambdas (interpreted, several times slower). -#}
{% macro double_text(expr) -%}
{{ adapter.dispatch("double_text", "sqlpriv")(expr) }}
{%- endmacro %}

{% macro default__double_text(expr) -%}
cast({{ expr }} as varchar)
{%- endmacro %}

{% macro spark__double_text(expr) -%}
{%- set dt_v = "sqlpriv_dt_v" -%}
{%- set dt_t = "sqlpriv_dt_t" -%}
{%- set dt_mantissa = "substring_index(" ~ dt_t ~ ", 'E', 1)" -%}
{%- set dt_all = "concat(substring_index(" ~ dt_mantissa ~ ", '.', 1), substring_index(" ~ dt_mantissa ~ ", '.', -1))" -%}
{%- set dt_lead = "trim(LEADING '0' FROM " ~ dt_all ~ ")" -%}
{%- set dt_java_e = "length(substring_index(" ~ dt_mantissa ~ ", '.', 1)) - 1 + case when " ~ dt_t ~ " like '%E%' then cast(substring_index(" ~ dt_t ~ ", 'E', -1) as int) else 0 end - (length(" ~ dt_all ~ ") - length(" ~ dt_lead ~ "))" -%}
{%- set dt_q = "sqlpriv_dt_q" -%}
{%- set dt_digits = "cast(substr(" ~ dt_q ~ ".d, 1, NP) as decimal(38, 0)) + UP" -%}
{%- set dt_reads_back = "cast(concat(cast(" ~ dt_digits ~ " as string), 'E', " ~ dt_q ~ ".e + 1 - NP) as double) = abs(" ~ dt_v ~ ")" -%}
{%- set dt_p = "filter(sequence(1, length(" ~ dt_q ~ ".d)), sqlpriv_dt_p -> " ~ dt_reads_back.replace("NP", "sqlpriv_dt_p").replace("UP", "0") ~ " or " ~ dt_reads_back.replace("NP", "sqlpriv_dt_p").replace("UP", "1") ~ ")[0]" -%}
{%- set dt_up = "case when " ~ dt_reads_back.replace("NP", dt_q ~ ".p").replace("UP", "1") ~ " and (substr(" ~ dt_q ~ ".d, " ~ dt_q ~ ".p + 1, 1) >= '5' or not " ~ dt_reads_back.replace("NP", dt_q ~ ".p").replace("UP", "0") ~ ") then 1 else 0 end" -%}
{%- set dt_cut = "cast(" ~ dt_digits.replace("NP", dt_q ~ ".p").replace("UP", dt_q ~ ".u") ~ " as string)" -%}
{%- set dt_d = "sqlpriv_dt_r.d" -%}
{%- set dt_e = "sqlpriv_dt_r.e" -%}
case when abs(cast({{ expr }} as double)) >= 0.001 and abs(cast({{ expr }} as double)) < 1e7 and length(cast(cast({{ expr }} as double) as string)) <= 16
  then cast(cast({{ expr }} as double) as string)
else transform(array(cast({{ expr }} as double)), {{ dt_v }} -> case
  when isnan({{ dt_v }}) then 'nan'
  when {{ dt_v }} = double('inf') then 'inf'
  when {{ dt_v }} = double('-inf') then '-inf'
  when {{ dt_v }} = 0 then cast({{ dt_v }} as string)
  else concat(case when {{ dt_v }} < 0 then '-' else '' end, transform(transform(transform(transform(transform(array(cast(abs({{ dt_v }}) as string)),
    {{ dt_t }} -> named_struct('d', trim(TRAILING '0' FROM {{ dt_lead }}), 'e', {{ dt_java_e }})),
    {{ dt_q }} -> named_struct('d', {{ dt_q }}.d, 'e', {{ dt_q }}.e, 'p', case when length({{ dt_q }}.d) < 16 and abs({{ dt_v }}) >= 1e-300 then length({{ dt_q }}.d) else {{ dt_p }} end)),
    {{ dt_q }} -> named_struct('d', {{ dt_q }}.d, 'e', {{ dt_q }}.e, 'p', {{ dt_q }}.p, 'u', case when {{ dt_q }}.p = length({{ dt_q }}.d) then 0 else {{ dt_up }} end)),
    {{ dt_q }} -> named_struct('d', trim(TRAILING '0' FROM {{ dt_cut }}), 'e', {{ dt_q }}.e + length({{ dt_cut }}) - {{ dt_q }}.p)),
    sqlpriv_dt_r -> case
    when {{ dt_e }} >= 16 or {{ dt_e }} < -4 then concat(substr({{ dt_d }}, 1, 1), case when length({{ dt_d }}) > 1 then concat('.', substr({{ dt_d }}, 2)) else '' end,
      'e', case when {{ dt_e }} < 0 then '-' else '+' end, case when abs({{ dt_e }}) < 10 then '0' else '' end, cast(abs({{ dt_e }}) as string))
    when {{ dt_e }} < 0 then concat('0.', repeat('0', -{{ dt_e }} - 1), {{ dt_d }})
    when length({{ dt_d }}) <= {{ dt_e }} + 1 then concat(rpad({{ dt_d }}, {{ dt_e }} + 1, '0'), '.0')
    else concat(substr({{ dt_d }}, 1, {{ dt_e }} + 1), '.', substr({{ dt_d }}, {{ dt_e }} + 2)) end)[0]) end)[0] end
{%- endmacro %}
