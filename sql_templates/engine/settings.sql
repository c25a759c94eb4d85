{#- Connection settings sqlpriv applies (values rendered as literals). -#}
{% macro engine_settings(memory_limit, progress_bar, temp_directory, threads) -%}
{% if progress_bar is defined %}
set enable_progress_bar = {{ sqlpriv.literal(progress_bar) }}
{% elif threads is defined %}
set threads = {{ threads }}
{% elif memory_limit is defined %}
set memory_limit = {{ sqlpriv.literal(memory_limit) }}
{% elif temp_directory is defined %}
set temp_directory = {{ sqlpriv.literal(temp_directory) }}
{% endif %}
{%- endmacro %}
