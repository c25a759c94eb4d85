{#- The column sets of one chunk of one size (shared by the level templates). -#}
select sid, size, base{% for w in words %}, m{{ loop.index0 }}, b{{ loop.index0 }}{% endfor %} 
from {{ t.sets | quote }}
where size = {{ size }} and ord between {{ lo }} and {{ hi }}
