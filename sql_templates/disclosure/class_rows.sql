{#- The public per-class view of disclosure_classes' rows in `relation` (a relation as SQL
    text), in sensitive-column order then class order, without the internal numbering:
    sensitive, the quasi-identifiers `qis` (__sqlpriv_q0, ... in `relation`), n and the per-class
    figures (a figure's heading with a leading _ where a quasi-identifier has its name). `where` (optional)
    keeps the failing classes only: "l" keeps l_diversity < `bound`, "t" keeps t_closeness >
    `bound`, each with a `failure` sentence (the dbt generic tests' rows). -#}
{% macro disclosure_class_rows(relation, qis, meta, where=none, bound=none) -%}
select
    {{ sqlpriv.quote(meta.sensitive) }},
{% for q in qis %}
    __sqlpriv_q{{ loop.index0 }} as {{ sqlpriv.quote(q) }},
{% endfor %}
    {{ sqlpriv.quote(meta.n) }},
{% set lowered = qis | map("lower") | list %}
{% for f in ("l_diversity", "entropy", "entropy_l", "recursive_c", "alpha", "t_closeness", "delta_disclosure", "basic_beta_likeness", "enhanced_beta_likeness") %}
{% set heading = namespace(name=f) %}
{% for _ in range(qis | length + 1) %}{% if heading.name | lower in lowered %}{% set heading.name = "_" ~ heading.name %}{% endif %}{% endfor %}
    {{ sqlpriv.quote(f) }} as {{ sqlpriv.quote(heading.name) }}{{ "," if not loop.last or where is not none }}
{% endfor %}
{% if where == "l" %}
    'only ' || cast(l_diversity as {{ sqlpriv.text_type() }}) || ' distinct value(s) of ' || {{ sqlpriv.quote(meta.sensitive) }}
        || ' among the ' || cast({{ sqlpriv.quote(meta.n) }} as {{ sqlpriv.text_type() }})
        || ' row(s) of this class; l-diversity needs at least ' || {{ sqlpriv.literal(bound) }} as failure
{% elif where == "t" %}
    'the distribution of ' || {{ sqlpriv.quote(meta.sensitive) }} || ' in this class of '
        || cast({{ sqlpriv.quote(meta.n) }} as {{ sqlpriv.text_type() }}) || ' row(s) is at distance '
        || cast(round(t_closeness, 6) as {{ sqlpriv.text_type() }}) || ' from the whole table''s; t-closeness needs at most '
        || {{ sqlpriv.literal(bound) }} as failure
{% endif %}
from {{ relation }}
{% if where == "l" %}
where l_diversity < {{ sqlpriv.literal(bound) }}
{% elif where == "t" %}
where t_closeness > {{ sqlpriv.literal(bound) }}
{% endif %}
order by __sqlpriv_s, __sqlpriv_cid
{%- endmacro %}
