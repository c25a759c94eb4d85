{#- The select-list lines of a pattern key: k0, k1, ... (one per packed word), then the extra
    keys, each followed by a comma (the caller adds the last column). -#}
{% macro engine_key_columns(words, extras) -%}
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    {{ e }},
{% endfor %}
{%- endmacro %}
