{#- dbt model: `relation` generalized to one lattice node (the node sqlpriv.generalize chose, its
    `.best`), so the released table is a dbt model and the sqlpriv_k_anonymity test can guard it.
    hierarchies: column -> {'map': {value: [level1, ...]}} | {'intervals': [5, 10, 20]} (optional
    'bottom'/'top') | {'mask': [1, 2, 3]} | {'dates': ['month', 'year']} | {'rare': 10} | a list
    of SQL expressions per level; the top level '*' follows the last given one. levels: column ->
    level (0 = original). With suppress, records of classes smaller than k get '*' in every
    generalized column (as ARX outputs suppressed records; check the share with sqlpriv.generalize).
    A 'map' hierarchy is checked at compile time (sqlpriv.check_hierarchy): levels that do not
    nest, and values of the column it does not cover, stop dbt with a message naming them.
    {{ sqlpriv.generalize(ref('people'), {'age': {'intervals': [5, 10]}}, {'age': 1}, k=5) }} -#}
{% macro generalize(relation, hierarchies, levels, k=2, suppress=true) -%}
{% do sqlpriv.check_relation("generalize", relation) %}
{% do sqlpriv.check_k("generalize", k) %}
{#- no columns: the relation does not exist yet (compile or docs before a seed or parent ran) -#}
{% set found = adapter.get_columns_in_relation(relation) | map(attribute="name") | list if execute else [] %}
{% set names = found if found else hierarchies.keys() | list %}
{% set qis = [] %}
{% for col, spec in hierarchies.items() %}
{% if found and col not in names %}
{% do exceptions.raise_compiler_error("sqlpriv.generalize: column " ~ col ~ " is not in " ~ relation ~ "; its columns: " ~ names | join(", ")) %}
{% endif %}
{% set level = levels.get(col, 0) %}
{% set kind = (spec.keys() | list)[0] if spec is mapping else "expressions" %}
{% set params = spec[kind] if spec is mapping else spec %}
{% set below_top = (params | length) if kind in ("intervals", "mask", "dates", "expressions") else 1 %}
{% if kind == "map" %}
{#- levels that nest, and (once the relation exists) every value of the column covered -#}
{% do sqlpriv.check_hierarchy("generalize", relation if found else none, col, params) %}
{% set below_top = (params.values() | list)[0] | length %}
{% endif %}
{% if level is not integer or level < 0 or level > below_top + 1 %}
{% do exceptions.raise_compiler_error("sqlpriv.generalize: level of " ~ col ~ " must be an integer 0.." ~ (below_top + 1) ~ ", got " ~ level) %}
{% endif %}
{% set entry = {"name": col, "index": loop.index0, "rows": none, "expr": none} %}
{% if level == 0 %}
{% do entry.update({"expr": sqlpriv.generalize_key(col)}) %}
{% elif level > below_top %}
{% do entry.update({"expr": "'*'"}) %}
{% elif kind == "map" %}
{% set rows = [] %}
{% for value, labels in params.items() %}{% do rows.append([value | string, labels[level - 1] | string]) %}{% endfor %}
{% do entry.update({"rows": rows}) %}
{% elif kind == "expressions" %}
{% do entry.update({"expr": "(" ~ params[level - 1] ~ ")"}) %}
{% elif kind == "intervals" %}
{% set ints = params | select("integer") | list | length == params | length %}
{% do entry.update({"expr": sqlpriv.generalize_level("intervals", col, w=params[level - 1], integer=ints, bottom=spec.get("bottom"), top=spec.get("top"))}) %}
{% elif kind == "mask" %}
{% do entry.update({"expr": sqlpriv.generalize_level("mask", col, m=params[level - 1])}) %}
{% elif kind == "dates" %}
{% do entry.update({"expr": sqlpriv.generalize_level("dates", col, part=params[level - 1])}) %}
{% elif kind == "rare" %}
{% do entry.update({"expr": sqlpriv.generalize_level("rare", col, m=params)}) %}
{% else %}
{% do exceptions.raise_compiler_error("sqlpriv.generalize: unknown hierarchy kind " ~ kind ~ " for " ~ col ~ "; use map, intervals, mask, dates, rare or a list of expressions") %}
{% endif %}
{% do qis.append(entry) %}
{% endfor %}
{{ sqlpriv.generalize_release(source=relation, columns=names, qis=qis, k=k, suppress=suppress) }}
{%- endmacro %}
