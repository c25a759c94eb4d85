{#- The released records that are not suppressed, quasi-identifiers only: what the before / after
    comparison measures with the other families (Shapley, PIF, the gate), the way ARX's figures
    leave suppressed records out. body: the release query with its __sqlpriv_suppressed flag
    (`flagged`; false: a release that suppresses no record, e.g. suppression="cells"). -#}
{% macro generalize_kept(body, qis, flagged=true) -%}
select {% for q in qis %}{{ sqlpriv.quote(q) }}{{ ", " if not loop.last }}{% endfor %}
from (
{{ body }}
) x
{% if flagged %}
where not __sqlpriv_suppressed
{% endif %}
{%- endmacro %}
