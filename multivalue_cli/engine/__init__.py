"""The engine: what turns one parsed text into its rewritten text and edit log.

``nlp`` loads the spaCy pipeline; ``docindex`` reads a parse once into per-token lists;
``registry`` holds the rules (found in ``multivalue_cli.rules``); ``edits`` are the operations
rules propose; ``apply`` samples their sites, resolves overlaps and renders the text; ``syntax``,
``morphology``, ``antecedents``, ``it_classifier`` and ``wordlists`` are what rules share.
"""
