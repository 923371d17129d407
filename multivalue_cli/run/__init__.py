"""A run of ``multivalue transform``: ``job`` reads the input, plans and resumes the run and
writes the output folder; ``pipeline`` turns records into work for the workers and puts their
results back in order, on local processes or (``ray_pool``) on Ray actors; ``progress`` shows
how far it is."""
