"""Subject-verb agreement (eWAVE 170, 171, 180): invariant present forms without or with *-s*
for every person, and *was* / *were* generalized."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, lemma_of, person_number, verb_lemma
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import children, morph_values, negation_after
from multivalue_cli.engine.wordlists import wordlist

from .common import clause_subject, is_relative_pronoun

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


@rule(
    "uninflect",
    tags={"VBZ"},
    examples=[
        ("He speaks English.", "He speak English."),
        ("Does she know the answer?", "Do she know the answer?"),
        ("My brother doesn't like spicy food.", "My brother don't like spicy food."),
        ("I think the train leaves at noon, and it stops in Pune.",
         "I think the train leave at noon, and it stop in Pune."),
        ("The woman who lives next door works at the bank.",
         "The woman who live next door work at the bank."),
        ("My sister hates rice but eats noodles.", "My sister hate rice but eat noodles."),
    ],
    negatives=[
        "They speak English.",
        "He is a teacher.",
        "She has two cars.",
        "The news was good.",
        "They talked about their love lives.",
        "We need to give his fat friend rides.",
    ],
)

def uninflect(doc, index):
    """Third person singular present -s dropped: *he speak*, *she don't*. Lexical verbs and
    do-support only; *is* and *has* change meaning-bearing forms and belong to other features.
    A plural noun the tagger took for a verb (*their love lives*, *gives his friend rides*:
    no subject, or a noun's place in the clause) is left alone."""
    for tok in index.by_tag.get("VBZ", ()):
        if tok.lemma_ in ("be", "have"):
            continue
        if tok.dep_ in NOMINAL_DEPS or (tok.dep_ != "aux" and not _subject_before(tok) and not any(
                c.dep_ == "compound" and c.i < tok.i for c in children(tok))):
            continue  # (the parser may hang the subject on as a compound: *the train leaves*)
        base = inflect_verb(lemma_of(tok), "VBP")
        if base and base.lower() != tok.lower_:
            yield site(Replace(tok.i, base))


# --------------------------------------------------------------------------- shared helpers

# Dependencies of nouns: a VBZ in one of them is a plural noun the tagger misread.
NOMINAL_DEPS = frozenset({"pobj", "dobj", "nsubj", "nsubjpass", "attr", "compound", "appos",
                          "npadvmod", "dative"})


def referent(subject: Token) -> Token:
    """The noun a relative pronoun stands for (*the kids who were ...* -> *kids*)."""
    if is_relative_pronoun(subject):
        clause = subject.head
        if clause.dep_ in ("relcl", "acl") and clause.head.i < subject.i:
            return clause.head
    return subject


@rule(
    "generalized_third_person_s",
    tags={"VBP"},
    examples=[
        ("I see the house.", "I sees the house."),
        ("They say it's going to rain, but we know better.",
         "They says it's going to rain, but we knows better."),
        ("Do you know what the students want?", "Do you know what the students wants?"),
        ("Why do they always leave before we arrive?",
         "Why do they always leave before we arrives?"),
        ("You always forget where I keep the keys.",
         "You always forgets where I keeps the keys."),
        ("I insist that you come with us.", "I insists that you come with us."),
        ("We know that they live nearby.", "We knows that they lives nearby."),
        # a sentence with a third singular present takes its -s as a whole, keeping that one
        ("When we go out, I bring a coat because it gets cold.",
         "When we goes out, I brings a coat because it gets cold."),
        ("The boys play football after school.", "The boys plays football after school."),
    ],
    negatives=[
        "He sees the house.",
        "They are happy and we have time.",
        "Do they like it?",
        "Does your brother still live in the city?",
        "The lake we swam in was freezing.",
        "How did your sister and you get home?",
        "Please sit down and wait.",
        "The doctor suggested she get more rest.",
        "They demanded that he pay the bill.",
        "It is important that we arrive early.",
        "She recommended that you take the train.",
        "The rule requires that every player wear a helmet.",
    ],
)
def generalized_third_person_s(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Third person -s generalised to all persons in the present: *I sees*, *they says*.

    Lexical verbs with a non-3sg present tag and an overt subject (or coordinated with a verb
    that has one). *be*, *have* and *do* are left alone: their forms are separate features
    (*was/were*, *don't*), and do-support keeps the lexical verb bare in questions anyway.
    The bare verb of a mandative subjunctive (*suggested she get*, *important that we arrive*)
    is not a present tense and stays. A sentence that holds a third singular present changes
    as a whole (one site), which keeps that verb's -s."""
    by_sentence: dict[int, list[Replace]] = {}
    for tok in index.tag("VBP", "VB"):
        if tok.pos_ != "VERB" or tok.lemma_.lower() in ("be", "have", "do"):
            continue
        if any(c.dep_ in ("aux", "auxpass") for c in children(tok)):
            continue  # under do-support or a modal (*Does he still live ...?*), not finite
        if not (_subject_before(tok) and (tok.tag_ == "VBP" or _finite_bare_verb(tok))):
            continue
        if verb_lemma(tok.lower_) != tok.lower_:
            continue  # not a base form: the tagger's VBP on a past (*the lake we swam in*)
        if _subjunctive(tok):
            continue
        form = inflect_verb(lemma_of(tok), "VBZ")
        if form and form.lower() != tok.lower_:
            by_sentence.setdefault(tok.sent.start, []).append(Replace(tok.i, form))
    for start, ops in by_sentence.items():
        kept = _third_singular_kept(doc[start].sent)
        if not kept:
            yield from (site(op) for op in ops)
        else:  # the -s of the whole sentence at once, its third singulars claimed with it
            yield site(*ops, *kept)


def _third_singular_kept(sent) -> list[Replace]:
    """The third singular presents of a sentence (not *is*), claimed as they stand: with
    their -s dropped by feature 170 beside an -s added here, the agreement reads as swapped
    (*What happen if you drinks it?*), not as one speaker's generalised -s."""
    return [Replace(t.i, t.text) for t in sent if t.tag_ == "VBZ" and t.lemma_ != "be"]


def _subject_before(verb: Token) -> bool:
    """An overt subject before the verb, or before the verb it is coordinated with."""
    subject = clause_subject(verb)
    if subject is not None:
        return subject.i < verb.i
    return verb.dep_ == "conj" and verb.head.tag_ in ("VBP", "VBZ") and _subject_before(verb.head)


def _subjunctive(verb: Token) -> bool:
    """A bare verb in a mandative that-clause (*suggested she get*, *insist that they leave*,
    *it is important that we arrive*), or with a third singular subject, which an indicative
    present would inflect."""
    subject = clause_subject(verb)
    if subject is not None and person_number(referent(subject)) == "3s":
        return True  # (a relative pronoun agrees with its antecedent: *teachers who teach*)
    if verb.dep_ not in ("ccomp", "advcl"):
        return False
    head = verb.head
    mandative = wordlist("mandative_words")
    if head.lemma_.lower() in mandative:
        return True  # suggest, demand, the proposal that ...
    return any(c.dep_ in ("acomp", "attr") and c.lemma_.lower() in mandative
               for c in children(head))  # it is important that ...


def _finite_bare_verb(verb: Token) -> bool:
    """A main-clause verb tagged as infinitive but used as a finite present: the tagger's
    slip in *You always forget ...*. Small clauses (*let them go*) are ccomp, not ROOT;
    a 3sg subject would mean a subjunctive or a parse error, so it is excluded."""
    if verb.dep_ != "ROOT" or any(c.dep_ in ("aux", "auxpass") for c in children(verb)):
        return False
    subject = clause_subject(verb)
    return subject is not None and person_number(subject) != "3s" and (
        subject.pos_ != "PRON" or "Nom" in morph_values(subject, "Case"))


def _plural_were(tok: Token) -> bool:
    """An affirmative *were* of a plural or second-person subject (a relative pronoun counts as
    its antecedent); not existential *there were*."""
    if tok.lemma_.lower() != "be" or negation_after(tok) is not None:
        return False
    subject = clause_subject(tok)
    if subject is None or subject.dep_ == "expl":
        return False
    return person_number(referent(subject)) == "other"


substitution_rule(
    "were_was",
    {"were": "was"},
    where=_plural_were,
    doc="""*was* generalised to all persons in the past of *be*: *you was hungry*, *they was*.

    Affirmative *were* with a plural or second-person subject (a relative pronoun counts as
    its antecedent). *were* with a singular subject is the subjunctive (*if I were you*) and
    stays; negative *weren't* is left to the was/weren't split (163); existential *there
    were* is feature 172.""",
    lemmas={"be"},
    examples=[
        ("You were hungry but he was thirsty.", "You was hungry but he was thirsty."),
        ("The kids who were playing outside came in.",
         "The kids who was playing outside came in."),
        ("Were you at the game last night?", "Was you at the game last night?"),
        ("My parents and I were there when they were married.",
         ["My parents and I was there when they was married.",
          "My parents and I was there when they were married.",
          "My parents and I were there when they was married."]),
    ],
    negatives=[
        "If I were you, I would wait.",
        "He wished she were here.",
        "They weren't ready.",
        "There were two cars outside.",
        "He was tired.",
    ],
)
