{#- Cohort cells of the full column set: the patterns themselves (plus extra keys). -#}
{% macro engine_cells_base(extras, full_sid, patterns, words) -%}
select
    {{ full_sid }}::bigint as sid,
{{ sqlpriv.engine_key_columns(words, extras) }}
    w as n
from {{ sqlpriv.quote(patterns) }}
{%- endmacro %}
