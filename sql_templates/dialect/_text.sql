{#- Helpers of the dialect macros literal and quote (sqlpriv/engine/sql_text.py holds the rule and
    the Python twins the renderer calls; dbt runs these): string constants that read back exactly,
    and names no SQL text can carry refused. -#}
{#- The control characters (Unicode Cc) in code order: C0 (0-31), DEL (127), C1 (128-159). -#}
{% macro dialect_text_controls() -%}
{{ "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17" ~ "\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f" ~ "\x90\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9d\x9e\x9f" }}
{%- endmacro %}

{% macro dialect_text_duckdb(text) -%}
{% set controls = sqlpriv.dialect_text_controls() | string %}
{% if text | select("in", controls) | list | length == 0 %}'{{ text | replace("'", "''") }}'{% else %}
{% set ns = namespace(pieces=[], run="") %}
{% for ch in text %}
{% if ch in controls %}
{% set code = controls.index(ch) %}
{% set ns.pieces = ns.pieces + (["'" ~ ns.run ~ "'"] if ns.run else []) + ["chr(" ~ (code if code < 32 else (127 if code == 32 else code + 95)) ~ ")"] %}
{% set ns.run = "" %}
{% else %}
{% set ns.run = ns.run ~ (ch | replace("'", "''")) %}
{% endif %}
{% endfor %}
({{ (ns.pieces + (["'" ~ ns.run ~ "'"] if ns.run else [])) | join(" || ") }}){% endif %}
{%- endmacro %}

{% macro dialect_text_spark(text) -%}
{% set controls = sqlpriv.dialect_text_controls() | string %}
{% set ns = namespace(out="") %}
{% for ch in text %}
{% if ch in controls %}
{% set code = controls.index(ch) %}
{% set ns.out = ns.out ~ "\\u" ~ ("%04x" | format(code if code < 32 else (127 if code == 32 else code + 95))) %}
{% elif ch == "$" %}
{% set ns.out = ns.out ~ "\\u0024" %}
{% elif ch == "\\" or ch == "'" %}
{% set ns.out = ns.out ~ "\\" ~ ch %}
{% else %}
{% set ns.out = ns.out ~ ch %}
{% endif %}
{% endfor %}
'{{ ns.out }}'
{%- endmacro %}

{% macro dialect_text_name_check(name) -%}
{% if "\x00" in name | string or "\r" in name | string %}{% set refused = exceptions.raise_compiler_error("the name " ~ (name | string | replace("\x00", "\\x00") | replace("\r", "\\r")) ~ " holds a NUL byte or a carriage return, which no SQL text can carry exactly; rename it") %}{% endif %}
{%- endmacro %}
