{#- Empty tables the minimal-sample-unique levels insert into: found MSUs (msu) and the
    patterns still sharing a cell with another record (multi); one statement per `part`. -#}
{% macro singling_out_msu_tables(t, words, part) -%}
{% if part == "msu" %}
create or replace temp table {{ sqlpriv.quote(t.msu) }} (
    sid bigint,
    size integer{% for word in words %},
    f{{ loop.index0 }} bigint{% endfor %}

)
{% elif part == "multi" %}
create or replace temp table {{ sqlpriv.quote(t.multi) }} (
    sid bigint,
    size integer{% for word in words %},
    c{{ loop.index0 }} bigint{% endfor %},
    n hugeint
)
{% endif %}
{%- endmacro %}
