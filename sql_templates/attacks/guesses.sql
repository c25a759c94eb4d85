{#- Inference, one row per target: its secret, the secret of its nearest synthetic row (`guess`,
    row `via`) and whether the guess is right; `group`: the targets' tag in a search of several
    attacks (attacks/tagged.sql). -#}
{% macro attacks_guesses(scaled, nn, targets, synthetic, secret, regression, tolerance, group=none) -%}
select t.__sqlpriv_pos as target, t.{{ sqlpriv.quote(secret) }} as secret, s.{{ sqlpriv.quote(secret) }} as guess, n.spos as via,
  {{ sqlpriv.attacks_secret_match("s", "t", secret, regression, tolerance) }} as success
from {{ sqlpriv.quote(scaled) }} as ts
join {{ sqlpriv.quote(nn) }} as n on n.tid = ts.tid and n.rk = 1
join {{ sqlpriv.quote(targets) }} as t on t.__sqlpriv_pos = ts.__sqlpriv_pos
join {{ sqlpriv.quote(synthetic) }} as s on s.__sqlpriv_pos = n.spos
{% if group is not none %}where ts.__sqlpriv_g = {{ sqlpriv.literal(group) }}{% endif %}
{%- endmacro %}
