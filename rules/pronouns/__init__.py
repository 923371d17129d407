"""Pronoun rules (eWAVE 5-40, except the reference-dependent ones in ``pronoun_reference``).

Most features here swap one closed-class pronoun form for another in a position the parse
identifies: a possessive determiner, a subject, an object, a reflexive, a question word. Those
are declared as tables (``substitution_rule``): which form becomes which, and a test of the
position, from tags and dependencies.
"""
