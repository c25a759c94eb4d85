{#- Empty tables the minimal-sample-unique levels insert into: found MSUs (msu) and the
    patterns still sharing a cell with another record (multi); one statement per `part`
    (a select of no rows kept as a plan's table: a temporary table, or a Spark plan's round table). -#}
{% macro singling_out_msu_tables(t, words, part) -%}
{% if part == "msu" %}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.msu)) }}
select 0::bigint as sid, 0::integer as size{% for word in words %}, 0::bigint as f{{ loop.index0 }}{% endfor %} 
where false
{% elif part == "multi" %}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.multi)) }}
select 0::bigint as sid, 0::integer as size{% for word in words %}, 0::bigint as c{{ loop.index0 }}{% endfor %}, 0::bigint as n
where false
{% endif %}
{%- endmacro %}
