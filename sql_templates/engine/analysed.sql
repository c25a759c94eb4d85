{#- The analysed columns of the source, with the 0-based input position (and the user's key). -#}
create or replace temp table {{ t.analysed | quote }} as
with numbered as (
    select
        row_number() over () - 1 as __sqlpriv_pos,
{% if key %}
        {{ key | quote }} as __sqlpriv_key,
{% endif %}
{% for c in columns %}
        {{ c.expr }} as {{ c.name | quote }}{{ "," if not loop.last }}
{% endfor %}
    from {{ source }}
)
select * from numbered
{% if dropna %}
where {% for c in columns %}{{ c.name | quote }} is not null{{ " and " if not loop.last }}{% endfor %}
{% endif %}
