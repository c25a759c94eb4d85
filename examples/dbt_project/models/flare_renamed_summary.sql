-- Shapley summary over the renamed column: the name comes out as the value 'class "as given"'
{{ sqlpriv.uniqueness_shapley_summary(ref('flare_renamed'), ['class "as given"', 'area', 'activity']) }}
