{#- dbt: stop at compile time unless a table hierarchy of `column` ({value: [level1, ..., top]},
    as sqlpriv.generalize takes it) is sound: every value given the same number of levels, the
    levels nesting (a label at one level has one parent at the next, as Python's generalize
    requires) and, when dbt executes and `relation` exists, every value of the column covered
    (the uncovered ones named, as Python's generalize names them). `relation` none: the values
    are not checked (the generic test sqlpriv_hierarchy_covers returns them as its failures). -#}
{% macro check_hierarchy(macro_name, relation, column, mapping) -%}
{% set where = "sqlpriv." ~ macro_name ~ ": the hierarchy of " ~ column %}
{% if mapping is not mapping or mapping | length == 0 %}
{% do exceptions.raise_compiler_error(where ~ " must map each value to its labels, e.g. {'A': ['simple'], 'C': ['medium']}, got " ~ mapping) %}
{% endif %}
{% set rows = mapping.values() | list %}
{% set height = rows[0] | length if rows[0] is iterable and rows[0] is not string else -1 %}
{% for value, labels in mapping.items() %}
{% if labels is string or labels is not iterable or labels | length != height or height < 1 %}
{% do exceptions.raise_compiler_error(where ~ " gives every value the same number of levels (a list of labels); " ~ value ~ " has " ~ labels) %}
{% endif %}
{% endfor %}
{% for level in range(height - 1) %}
{% set parent = {} %}
{% for labels in rows %}
{% set label = labels[level] | string %}
{% if label in parent and parent[label] != labels[level + 1] | string %}
{% do exceptions.raise_compiler_error(where ~ " does not nest: '" ~ label ~ "' at level " ~ (level + 1) ~ " has more than one parent at level " ~ (level + 2) ~ " ('" ~ parent[label] ~ "' and '" ~ labels[level + 1] ~ "'); each label must generalize to exactly one label at the next level") %}
{% endif %}
{% do parent.update({label: labels[level + 1] | string}) %}
{% endfor %}
{% endfor %}
{% if execute and relation is not none and relation is not string and adapter.get_columns_in_relation(relation) %}
{% set found = run_query(sqlpriv.generalize_uncovered(relation, column, mapping.keys() | list, limit=10)) %}
{% if found.rows | length > 0 %}
{% set names = [] %}
{% for row in found.rows %}{% do names.append("'" ~ row[0] ~ "' (" ~ row[1] ~ " rows)") %}{% endfor %}
{% do exceptions.raise_compiler_error(where ~ " does not cover these values of the column in " ~ relation ~ ": " ~ names | join(", ") ~ "; add a row for each ({value: [level1, ...]})") %}
{% endif %}
{% endif %}
{%- endmacro %}
