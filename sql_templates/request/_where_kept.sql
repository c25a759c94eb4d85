{#- WHERE clause leaving out rows with NULL in any kept column (nothing when keep is empty). -#}
{% macro request_where_kept(keep, analysed) -%}
{% if keep %}
where {% for i in keep %}{{ analysed[i].expr }} is not null{{ " and " if not loop.last }}{% endfor %}
{% endif %}
{%- endmacro %}
