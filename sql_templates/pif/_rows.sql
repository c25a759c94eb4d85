{#- Shared helper of the per-row pif outputs: one row per input row (no order) with the row
    key, then RIG as `rig_name` when given, then per analysed column either the measure's value
    (`values='measure'`) or the row's analysed value (`values='analysed'`), or nothing.
    Also carries the input position as __sqlpriv_pos for ordering. The rows' packed patterns
    come from the codes table (single statements: its CTE) or, with `coded=true` (the Python
    plan), are packed on the fly from the analysed rows (engine_coded_rows; `lo`/`hi` keep one
    chunk of input positions), so that no per-row table is built. -#}
{% macro pif_row_select(t, cols, key, key_name, measure, words, rig_name=none, values='measure', coded=false, lo=none, hi=none) -%}
select
    r.__sqlpriv_pos,
    r.{{ "__sqlpriv_key" if key else "__sqlpriv_pos" }} as {{ sqlpriv.quote(key_name) }}{{ "," if rig_name is not none or values }}
{% if rig_name is not none %}
    {% for c in cols %}{{ sqlpriv.pif_value(c, measure) }}{{ " + " if not loop.last }}{% endfor %} as {{ sqlpriv.quote(rig_name) }}{{ "," if values }}
{% endif %}
{% for c in cols if values %}
    {% if values == 'analysed' %}a.{{ sqlpriv.quote(c.name) }}{% else %}{{ sqlpriv.pif_value(c, measure) }} as {{ sqlpriv.quote(c.name) }}{% endif %}{{ "," if not loop.last }}
{% endfor %}
{% if coded %}
from (
{{ sqlpriv.engine_coded_rows(t, cols, key, words, lo=lo, hi=hi) }}
) as r
{% else %}
from {{ sqlpriv.quote(t.codes) }} as r
{% endif %}
join {{ sqlpriv.quote(t.pif_cells) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
{% if measure == 'wcig' %}
cross join (
    select
{% for c in cols %}
        max(weight) filter (where j = {{ c.j }}) as w{{ c.j }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(t.pif_entropies) }}
) as e
{% endif %}
{% if values == 'analysed' %}
join {{ sqlpriv.quote(t.analysed) }} as a using (__sqlpriv_pos)
{% endif %}
{%- endmacro %}

{#- The columns of a pif_row_select, without the input position. -#}
{% macro pif_row_columns(cols, key_name, rig_name=none, values=true) -%}
{{ sqlpriv.quote(key_name) }}{% if rig_name is not none %}, {{ sqlpriv.quote(rig_name) }}{% endif %}{% for c in cols if values %}, {{ sqlpriv.quote(c.name) }}{% endfor %}
{%- endmacro %}
