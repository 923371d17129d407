"""Pronoun rules that depend on what a pronoun refers to (eWAVE 1-4, 10, 41-43, 45-47).

Reference comes from :mod:`multivalue_cli.engine.antecedents`: a rule that needs an antecedent fires
only when the finder names one, and a rule about dummy *it* only when the finder recognises
the construction, so unclear cases are left as they were.
"""
