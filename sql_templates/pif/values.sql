{#- Per analysed column j and value code x: the count of rows with that value and the prior q
    (the user's prior, else the empirical share cnt / n). Prior values absent from the data are
    kept with x = NULL and cnt = 0: they matter once an accuracy below 1 mixes the prior in. -#}
{% from "pif/_common.sql" import code %}
create or replace temp table {{ t.pif_values | quote }} as
{% for c in cols %}
select {{ c.j }} as j, o.x, o.cnt,
{% if c.prior %}
    pr.q
{% else %}
    o.cnt::double / (select sum(w) from {{ t.patterns | quote }}) as q
{% endif %}
from (
    select {{ code(c) }} as x, sum(w)::bigint as cnt
    from {{ t.patterns | quote }}
    group by all
) as o
{% if c.prior %}
join {{ t.pif_prior | quote }} as pr on pr.j = {{ c.j }} and pr.code = o.x
union all
select {{ c.j }}, null, 0, q from {{ t.pif_prior | quote }} where j = {{ c.j }} and code is null
{% endif %}
{{ "union all" if not loop.last }}
{% endfor %}
