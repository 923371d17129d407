"""Labels that point into the tokens of a text: per-token label lists (named entities, parts
of speech, chunks) kept aligned with tokens that are rewritten as a sentence."""
