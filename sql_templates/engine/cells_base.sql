{#- Cohort cells of the full column set: the patterns themselves (plus extra keys). -#}
create or replace temp table {{ level_table | quote }} as
select
    {{ full_sid }}::bigint as sid,
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    {{ e }},
{% endfor %}
    w as n
from {{ patterns | quote }}
