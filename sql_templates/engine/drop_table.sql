{#- Free an intermediate table as soon as the next step no longer needs it. -#}
drop table if exists {{ table | quote }}
