{#- Connection settings sqlpriv applies (values rendered as literals). -#}
{% if progress_bar is defined %}
set enable_progress_bar = {{ progress_bar | literal }}
{% elif threads is defined %}
set threads = {{ threads }}
{% elif memory_limit is defined %}
set memory_limit = {{ memory_limit | literal }}
{% elif temp_directory is defined %}
set temp_directory = {{ temp_directory | literal }}
{% endif %}
