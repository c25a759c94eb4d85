"""The Spark engine: the single-statement measures rendered for Spark SQL (:mod:`.run`, :mod:`.measures`)
and the expression sandbox on Spark's parser (:mod:`.sandbox`). pyspark loads on first use."""
