{#- A non-negative bigint from the text `text`: its MD5 digest's first 15 hexadecimal digits (60
    bits), the same number on every engine and in Python (int(hashlib.md5(t).hexdigest()[:15], 16)):
    the seeded draw of attacks/_draw.sql. -#}
{% macro md5_int(text) -%}
{{ adapter.dispatch("md5_int", "sqlpriv")(text) }}
{%- endmacro %}

{% macro default__md5_int(text) -%}
cast(('0x' || substr(md5({{ text }}), 1, 15)) as bigint)
{%- endmacro %}

{% macro spark__md5_int(text) -%}
cast(conv(substr(md5({{ text }}), 1, 15), 16, 10) as bigint)
{%- endmacro %}
