"""Discourse and word order rules (eWAVE 223-235): clefts, fronting, negative inversion, word
order of direct and indirect questions, complementizers after wh-words, the place of *most*,
the order of pronoun objects, and *like* as focus marker and quotative.
"""
