"""Reflexives (eWAVE 11-16): regularized paradigms, no number distinction, absolute and
emphatic reflexives."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Move, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import (
    NOMINAL_SUBJECT_DEPS, children, direct_subject, finite_clause, first_conjunct,
)

from .common import absolute_object, after_listed_noun, conjuncts_of, is_coordinated, subtree_span


substitution_rule(
    "reflex_number",
    {"ourselves": "ourself", "themselves": "themself", "yourselves": "yourself"},
    doc="""Reflexives without number distinction: *ourself*, *themself*, *yourself* for the plural
    *ourselves*, *themselves*, *yourselves*.""",
    lemmas={"ourselves", "themselves", "yourselves", "yourself", "ourself", "themself"},
    examples=[
        ("We did it ourselves.", "We did it ourself."),
        ("They hurt themselves while playing.", "They hurt themself while playing."),
        ("Did you enjoy yourselves at the party?", "Did you enjoy yourself at the party?"),
        ("Ourselves, we never complain.", "Ourself, we never complain."),
    ],
    negatives=[
        "He did it himself.",
        "You should help yourself.",
        "They did it themself.",
    ],
)


substitution_rule(
    "regularized_reflexives",
    {"himself": "hisself", "themselves": ("theirselves", "theirself"),
     "themself": "theirself"},
    doc="""Third person reflexives built on the possessive like the first and second person:
    *hisself*, *theirselves* (or *theirself*).""",
    lemmas={"himself", "themselves", "themself"},
    examples=[
        ("He hurt himself.", "He hurt hisself."),
        ("They did it themselves, didn't they?",
         ["They did it theirselves, didn't they?", "They did it theirself, didn't they?"]),
        ("Did John buy himself a car?", "Did John buy hisself a car?"),
    ],
    negatives=[
        "She hurt herself.",
        "We did it ourselves.",
        "I saw him there.",
    ],
)


substitution_rule(
    "regularized_reflexives_object_pronouns",
    {"myself": "meself"},
    doc="""First person singular reflexive on the object form: *meself* for *myself*. (The second
    person has no distinct object form, and *usselves* is too rare to generate.) Needs a
    first person *myself*; benchmark questions and third person narratives rarely have one.""",
    lemmas={"myself"},
    examples=[
        ("I made it myself.", "I made it meself."),
        ("Myself, I don't care.", "Meself, I don't care."),
        ("I can't help myself when I see chocolate.",
         "I can't help meself when I see chocolate."),
    ],
    negatives=[
        "You did it yourself.",
        "He hurt himself.",
        "Give me that.",
    ],
)


substitution_rule(
    "regularized_reflexives_aave",
    {"himself": "heself", "herself": "sheself",
     "themselves": "theyselves", "themself": "theyself"},
    doc="""Third person reflexives on the subject form: *heself*, *sheself*, *theyselves* (and
    *theyself* for singular *themself*). The number stays: plural *themselves* becomes
    *theyselves*, never the singular *theyself*. *Herself* is also the object form's
    reflexive, so only the subject form changes it.""",
    lemmas={"himself", "herself", "themselves", "themself"},
    examples=[
        ("They fixed the roof themselves.", "They fixed the roof theyselves."),
        ("She bought herself a coat.", "She bought sheself a coat."),
        ("He doesn't like talking about himself.", "He doesn't like talking about heself."),
        ("The twins consider themselves lucky.", "The twins consider theyselves lucky."),
    ],
    negatives=[
        "I did it myself.",
        "Her brother saw her.",
        "We enjoyed ourselves.",
    ],
)


# ------------------------------------------------------------------------------ 15 absolute_reflex

ABSOLUTE_REFLEXIVE = {
    "i": "myself", "me": "myself", "we": "ourselves", "us": "ourselves",
    "he": "himself", "him": "himself", "she": "herself", "her": "herself",
    "they": "themselves", "them": "themselves",
}
SUBJECT_FORMS = frozenset({"i", "we", "he", "she", "they"})
FIRST_PERSON_OBJECTS = frozenset({"me", "us"})


def _fronted_first_conjunct(doc: Doc, pronoun: Token, reflexive: str) -> tuple | None:
    """``X and I`` -> ``Myself and X``: the ops moving the pronoun and *and* before ``X``,
    when the coordination is exactly ``X and I`` with a contiguous ``X``."""
    head = pronoun.head
    if pronoun.dep_ != "conj" or head.dep_ == "conj" or conjuncts_of(head) != [head, pronoun]:
        return None
    cc = [c for c in children(head) if c.dep_ in ("cc", "preconj")]
    span = subtree_span(head)
    if len(cc) != 1 or cc[0].lower_ != "and" or cc[0].i != pronoun.i - 1 or span is None:
        return None
    if span[1] != cc[0].i or after_listed_noun(doc, span[0]):
        return None
    return (Replace(pronoun.i, reflexive), Move(pronoun.i, pronoun.i + 1, span[0]),
            Move(cc[0].i, cc[0].i + 1, span[0]))


# Verbs whose first person object is often a reflexive without antecedent in requests
# (*please contact myself*); with other verbs (*give myself that*) it reads as self-directed.
CONTACT_VERBS = frozenset({"contact", "email", "inform", "notify", "include", "copy", "cc"})


def _absolute_reflexive_object(tok: Token) -> bool:
    """*me/us* after a preposition in a request (*send it to myself*), or the object of a verb
    of contacting (*please contact myself*)."""
    if tok.dep_ == "dobj" and tok.head.lemma_.lower() not in CONTACT_VERBS:
        return False
    return tok.dep_ != "dative" and absolute_object(tok)


@rule(
    "absolute_reflex",
    lemmas={"i", "we", "he", "she", "they"},
    examples=[
        ("My wife and I will be there.", "Myself and my wife will be there."),
        ("The letter was sent to John and me.", "The letter was sent to John and myself."),
        ("Please contact me if you have questions.",
         "Please contact myself if you have questions."),
        ("Could you send the tickets to us?", "Could you send the tickets to ourselves?"),
        ("Is it true that John and I were chosen?", "Is it true that myself and John were chosen?"),
        ('He and his wife moved to Cork.',
         'Himself and his wife moved to Cork.'),
        ('Did she and her brother come?',
         'Did herself and her brother come?'),
        ('The manager and they signed the deal.',
         'The manager and themselves signed the deal.'),
        ('They invited Tom and me to the wedding.',
         'They invited Tom and myself to the wedding.'),
        ('Anna and I went to the market.',
         'Myself and Anna went to the market.'),
    ],
    negatives=[
        "I will be there.",
        "He called me yesterday.",
        "Let me know if you need anything.",
        "We invited them and they came.",
        'He moved to Cork.',
        "They said he left early.",
        'I saw her brother.',
        'Tell him to wait.',
        # a third person reflexive object would be bound by the subject (the cook)
        'The cook prepared a dish for the designer and him.',
        'We invited Tom and her.',
        # ... and so would myself after a first person subject
        'I sent it to Tom and me.',
        # a subject with a clause, not a noun phrase, coordinated to it
        "I'm a big fan, but I hate the ending.",
        # he or she: one person of either gender, with an antecedent
        'When a student arrives, he or she signs the register.',
        'Every driver knows that he (or she) must stop here.',
        # the subject of an infinitive is the object of the verb above
        'Maria considers he and Paul to be good friends.',
    ],
)
def absolute_reflex(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """First person reflexives without an antecedent, standing for *I/me/we/us*: in a
    coordination (*myself and my wife will be there*, *sent to John and myself*) and as the
    object of a request (*please contact myself*). A coordinated subject *X and I* becomes
    *myself and X*, the order of that construction. Outside coordinations only after a
    preposition or a verb of contacting (*give myself that* would read as self-directed).
    Third person reflexives stand for *he/she/they* in coordinated subjects (*himself and his
    wife came*); as objects they would read as bound by the subject (*the cook made it for the
    designer and himself*), and alone (*himself is gone*) they mean 'the boss', which no SAE
    source gives."""
    for tok in index.form(*ABSOLUTE_REFLEXIVE):
        if tok.tag_ != "PRP":
            continue  # possessive *her*
        reflexive = ABSOLUTE_REFLEXIVE[tok.lower_]
        if tok.lower_ in SUBJECT_FORMS:
            if tok.lower_ == "i" and tok.text != "I":
                continue
            if not (is_coordinated(tok) and _in_subject(tok)) or _pronoun_pair(tok):
                continue
            fronted = _fronted_first_conjunct(doc, tok, reflexive) if tok.lower_ == "i" else None
            yield site(*fronted) if fronted else site(Replace(tok.i, reflexive))
        elif tok.lower_ in FIRST_PERSON_OBJECTS and not _bound_by_subject(tok) and (
                (is_coordinated(tok) and not _in_subject(tok)) or _absolute_reflexive_object(tok)):
            yield site(Replace(tok.i, reflexive))


def _bound_by_subject(tok: Token) -> bool:
    """Whether the clause's subject is the same person as a first person object (*I sent it to
    Tom and me*): there the reflexive would be an ordinary bound one, not absolute."""
    verb = tok
    while verb.dep_ not in ("ROOT",) and verb.pos_ not in ("VERB", "AUX"):
        verb = verb.head
    subject = direct_subject(verb) if verb.pos_ in ("VERB", "AUX") else None
    same = {"me": ("i",), "us": ("we",)}[tok.lower_]
    return subject is not None and any(c.lower_ in same for c in conjuncts_of(subject))


def _in_subject(tok: Token) -> bool:
    """In the subject of a tensed clause; the subject of an infinitive (*Jason considers him
    and Ben to be friends*) is the object of the verb above, where a reflexive would be
    bound by that verb's subject."""
    head = first_conjunct(tok)
    return head.dep_ in NOMINAL_SUBJECT_DEPS and finite_clause(head.head)


THIRD_PERSON = frozenset({"he", "she", "they", "him", "her", "them"})


def _pronoun_pair(tok: Token) -> bool:
    """*he or she*, *he (or she)*: a third person pronoun joined to another one, the pair
    standing for one person of either gender, who has an antecedent (*a scientist ... he or
    she*); no absolute reflexive."""
    if tok.lower_ not in THIRD_PERSON:
        return False
    return any(t.i != tok.i and t.lower_ in THIRD_PERSON for t in conjuncts_of(first_conjunct(tok)))


# ------------------------------------------------------------------------------ 16 emphatic_reflex

OWN_SELF = {
    "myself": "my own self", "yourself": "your own self", "himself": "his own self",
    "herself": "her own self", "ourselves": "our own selves", "yourselves": "your own selves",
    "themselves": "their own selves", "themself": "their own self", "ourself": "our own self",
}


def _emphatic_position(tok: Token) -> bool:
    """Not a subject, conjunct or object of a verb, whose reflexive is often lexical (*enjoy
    yourself*, *make yourself at home*)."""
    return tok.dep_ not in ("dobj", "dative", "nsubj", "nsubjpass", "conj")


substitution_rule(
    "emphatic_reflex",
    OWN_SELF,
    where=_emphatic_position,
    doc="""Emphatic reflexives made with *own*: *I did it my own self*, *by my own self*, *took care
    of their own selves*. Emphatic (appositive or adverbial) reflexives and objects of
    prepositions; not direct objects of verbs, whose reflexive is often lexical (*enjoy
    yourself*, *make yourself at home*). Personal reflexives only; *itself* has no *its own
    self* in the varieties that use this.""",
    lemmas=set(OWN_SELF) | {"yourself"},
    examples=[
        ("Everybody took care of themselves.", "Everybody took care of their own selves."),
        ("I did it all by myself.", "I did it all by my own self."),
        ("She said so herself, didn't she?", "She said so her own self, didn't she?"),
        ("Why don't you ask him yourself?", "Why don't you ask him your own self?"),
    ],
    negatives=[
        "The door opened by itself.",
        "He took his own car.",
        "Make yourself at home.",
        "They enjoyed themselves.",
    ],
)
