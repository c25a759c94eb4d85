{#- The largest label code of each column (its finest level has the most labels): the bases the
    search packs node keys with. -#}
{% macro generalize_bases(coded) -%}
select {% for c in coded %}(select max(g0) from {{ sqlpriv.quote(c) }}){{ ", " if not loop.last }}{% endfor %}
{%- endmacro %}
