"""What several pronoun reference rules use: a pronoun's neighbours and antecedent, whether it
stands in a question or a tag question, and the finite word of a clause."""
from __future__ import annotations

from spacy.tokens import Token

from multivalue_cli.engine.antecedents import antecedent, could_be_person, is_it, lemma
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.it_classifier import referential_antecedent
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS, children


def next_token(index: DocIndex, tok: Token) -> Token | None:
    tokens = index.tokens
    return tokens[tok.i + 1] if tok.i + 1 < len(tokens) else None


def previous_token(index: DocIndex, tok: Token) -> Token | None:
    return index.tokens[tok.i - 1] if tok.i > 0 else None


def sentence_start(index: DocIndex, tok: Token) -> int:
    return index.sentence_of[tok.i]


def is_question(index: DocIndex, tok: Token) -> bool:
    """The sentence of ``tok`` is a question (ends in ?) or its clause is inverted."""
    if index.in_question(tok.i):
        return True
    head = tok.head
    return any(c.dep_ in ("aux", "auxpass") and c.i < tok.i for c in index.children(head.i)) or (
        head.i < tok.i and lemma(head) == "be" and tok.dep_ in NOMINAL_SUBJECT_DEPS)


def antecedent_of(tok: Token) -> Token | None:
    """The antecedent of a third-person pronoun; for *it*, only when the shared classifier
    reads it as referential (not a dummy, an idiom or an event)."""
    return referential_antecedent(tok) if is_it(tok) else antecedent(tok)


def in_tag_question(index: DocIndex, tok: Token) -> bool:
    """*..., wasn't it?*: the pronoun right after an auxiliary at the end of a sentence."""
    prev = previous_token(index, tok)
    nxt = next_token(index, tok)
    return (prev is not None and prev.i > sentence_start(index, tok) and nxt is not None
            and nxt.is_punct and (prev.lower_ in ("n't", "n’t") or prev.pos_ == "AUX"))


def finite_of(verb: Token) -> Token | None:
    """The finite word of the clause of ``verb``: its first auxiliary, or itself."""
    auxes = sorted((c for c in children(verb) if c.dep_ in ("aux", "auxpass")), key=lambda t: t.i)
    finite = auxes[0] if auxes else verb
    return finite if finite.tag_ in ("VBP", "VBD", "MD", "VBZ") else None


def identifies_person(tok: Token) -> bool:
    """*it is an old man*, *it was Sarah*, *it's Tom here*: an *it* that a person is named as,
    however it got its antecedent; *she is an old man* would make the person the pronoun's
    referent, and *is Tom here* would ask a question."""
    head = tok.head
    return tok.dep_ in NOMINAL_SUBJECT_DEPS and head.lemma_ == "be" and any(
        c.dep_ == "attr" and could_be_person(c) for c in children(head))
