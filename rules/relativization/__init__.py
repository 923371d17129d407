"""Relativization rules (eWAVE 186-199): relative pronouns, gaps and the shape of the clause.

Every rule starts from the relative clauses of the parse (:func:`.common.relative_clauses`): a verb
attached as ``relcl`` to a noun before it, its relativizer (the first word of the clause, if
that word is *who/whom/which/that/whose*), the relativizer's function (subject or direct
object gap; anything else, such as *the reason that he left* or a stranded preposition, is
``other`` and left alone by the rules that need a clean gap) and whether the clause is
restrictive (no comma before it). Questions (*Who came?*), free relatives (*what you said*)
and complement clauses (*the fact that he left*) are not ``relcl`` and never match.
"""
