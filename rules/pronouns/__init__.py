"""Pronoun rules (eWAVE 5-40, except the reference-dependent ones in ``pronoun_reference``).

Most features here swap one closed-class pronoun form for another in a position the parse
identifies: a possessive determiner, a subject, an object, a reflexive, a question word. The
forms are a small closed class and stay in code; the positions come from tags and dependencies.
"""
