{#- Each analysed row's class figures (docs/measures.md §8): the row key (`key_name`: the key
    column, else the 0-based input position), class_size, then per sensitive column i the
    headings heads[i] (l_diversity, alpha, t_closeness, delta_disclosure,
    basic_beta_likeness of the row's class), in input order. `analysed`: the analysed rows
    (__sqlpriv_pos, __sqlpriv_key with a `key`, the quasi-identifiers under their names);
    `classes`: the per-class rows (disclosure_classes); both relations as SQL text. -#}
{% macro disclosure_per_row(analysed, classes, qis, heads, key, key_name, size_name) -%}
select
    a.{{ "__sqlpriv_key" if key else "__sqlpriv_pos" }} as {{ sqlpriv.quote(key_name) }},
    c0.{{ sqlpriv.quote(heads[0].n) }} as {{ sqlpriv.quote(size_name) }},
{% for h in heads %}
{% set i = loop.index0 %}
    c{{ i | int }}.l_diversity as {{ sqlpriv.quote(h.l_diversity) }},
    c{{ i | int }}.alpha as {{ sqlpriv.quote(h.alpha) }},
    c{{ i | int }}.t_closeness as {{ sqlpriv.quote(h.t_closeness) }},
    c{{ i | int }}.delta_disclosure as {{ sqlpriv.quote(h.delta_disclosure) }},
    c{{ i | int }}.basic_beta_likeness as {{ sqlpriv.quote(h.basic_beta_likeness) }}{{ "," if not loop.last }}
{% endfor %}
from {{ analysed }} as a
{% for h in heads %}
{% set i = loop.index0 %}
join {{ classes }} as c{{ i | int }} on c{{ i | int }}.__sqlpriv_s = {{ i | int }}{% for q in qis %} and a.{{ sqlpriv.quote(q) }} is not distinct from c{{ i | int }}.__sqlpriv_q{{ loop.index0 }}{% endfor %}

{% endfor %}
order by a.__sqlpriv_pos
{%- endmacro %}
