"""Noun phrase rules (eWAVE 49-87): plural marking, articles, demonstratives, possession
and comparison, a module each.

All noun and adjective forms come from the inflection lexicon: irregular forms from its
dictionary (``plural_noun``, ``singular_noun``), and the *regular* forms a feature calls for
(``wifes``, ``furnitures``, ``regularest``) from its rules for out-of-vocabulary words, which
apply the regular suffix with the right spelling (``jewelries``, ``wifes``, ``biggest``).
"""
