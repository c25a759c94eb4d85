{#- One statement of locking a connection sqlpriv opened itself, once its sources are bound
    (run in the order of LOCK_DOWN_STEPS in sqlpriv/engine/connection.py): no file outside
    `paths` / `directories` (the sources), no network, no extension auto-install or auto-load,
    and finally no further change of any setting. Values are rendered as escaped literals. -#}
{% macro engine_lock_down(step, paths=[], directories=[]) -%}
{% if step == "paths" %}
set allowed_paths = [{% for p in paths %}{{ sqlpriv.literal(p) }}{{ ", " if not loop.last }}{% endfor %}]
{% elif step == "directories" %}
set allowed_directories = [{% for d in directories %}{{ sqlpriv.literal(d) }}{{ ", " if not loop.last }}{% endfor %}]
{% elif step == "autoinstall" %}
set autoinstall_known_extensions = false
{% elif step == "autoload" %}
set autoload_known_extensions = false
{% elif step == "external_access" %}
set enable_external_access = false
{% elif step == "lock" %}
set lock_configuration = true
{% endif %}
{%- endmacro %}
