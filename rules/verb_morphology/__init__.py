"""Verb morphology rules (eWAVE 128-153): levelling of past and participle forms, double
past marking, a-prefixing, -ing and gotten, and the serial verbs of creole-influenced
varieties.
"""
