"""Complementation rules (eWAVE 200-210): complementizers, infinitive markers, comparative
clauses and existentials.
"""
