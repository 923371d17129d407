"""Where records come from and where they go: ``sources`` reads JSONL, JSON, Parquet and
HuggingFace datasets; ``fields`` selects and assigns the text at a field path; ``writers``
writes data shards and the edit log atomically; ``arrowschema`` and ``jsontext`` keep types
and numbers exactly as they came; ``tokenize`` rebuilds token fields from a new text;
``yamltext`` reads the YAML of profiles and presets."""
