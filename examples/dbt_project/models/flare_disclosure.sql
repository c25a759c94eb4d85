{{ sqlpriv.attribute_disclosure(ref('flare'), ['activity', 'area'], ['C', 'evolution']) }}
