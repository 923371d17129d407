"""A run of ``multivalue transform``: ``job`` reads the input, plans and resumes the run and
writes the output folder; ``pipeline`` turns records into batches of texts and puts the results
back in order; ``worker`` is what a worker does with a batch, wherever it runs: in this process
or local processes (``local_pool``), or on Ray actors (``ray_pool``); ``progress`` shows how far
the run is; ``faults`` is the test hook that kills a run on purpose."""
