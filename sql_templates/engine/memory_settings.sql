{#- The connection's memory limit and temporary directory (engine/memory.py reads them to
    check a working-set estimate before a large step). -#}
{% macro engine_memory_settings() -%}
select current_setting('memory_limit') as memory_limit, current_setting('temp_directory') as temp_directory
{%- endmacro %}
