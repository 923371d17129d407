"""Complementizers and comparative clauses (eWAVE 200, 201, 204): *say*- and *for*-based
complementizers, and *as what* / *than what*."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.animacy import could_be_person, is_animate
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Insert, Replace, Site, site
from multivalue_cli.engine.morphology import person_number
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import children, direct_subject
from multivalue_cli.engine.wordlists import wordlist

from .common import complement_infinitives, is_finite


CLAUSE_EMBEDDERS = wordlist("clause_embedding_verbs")


def _reported_clause(clause: Token) -> bool:
    """A finite declarative complement after a verb of saying, perceiving or believing."""
    head = clause.head
    if any(c.dep_ == "mark" and c.lower_ in ("than", "as") for c in children(head)):
        return False  # "harder than he thought it would be": a comparative, not a report
    return (clause.dep_ == "ccomp" and head.lemma_.lower() in CLAUSE_EMBEDDERS
            and head.pos_ == "VERB" and clause.i > head.i and is_finite(clause)
            and direct_subject(clause) is not None)


# Verbs that also take an object with a small clause or participle (*found a snake tangled
# round a tree*, *saw him leave*): a clause without *that* after them may be misread.
SMALL_CLAUSE_VERBS = frozenset({"find", "see", "feel", "hear", "show", "notice", "read"})


def _zero_that_start(clause: Token) -> Token | None:
    """The first word of a complement clause without *that* (*I think [you are right]*),
    when nothing but an object stands between the verb and the clause."""
    first, head = clause.left_edge, clause.head
    if first.tag_ in ("WDT", "WP", "WRB", "WP$") or first.dep_ == "mark" or first.is_punct:
        return None
    if head.lemma_.lower() in SMALL_CLAUSE_VERBS or head.dep_ in ("relcl", "acl"):
        return None  # "The people who have seen it loved it": no complement clause at all
    between = clause.doc[clause.head.i + 1:first.i]
    objects = ("dobj", "dative")
    if any(t.dep_ not in objects and t.head.dep_ not in objects for t in between):
        return None
    return first


@rule(
    "say_complementizer",
    lemmas=CLAUSE_EMBEDDERS,
    deps={"ccomp"},
    examples=[
        ("We heard that you went to the city.", "We heard say you went to the city."),
        ("He told me that he was sick.", "He told me say he was sick."),
        ("I think you are right.", "I think say you are right."),
        ("Don't you know that she's leaving?", "Don't you know say she's leaving?"),
        ("They believe he can win, and I hope that he does.",
         "They believe say he can win, and I hope say he does."),
    ],
    negatives=[
        "He said that he was tired.",
        "I know what you did.",
        "I think so.",
        "She is right, I think.",
        "I hope to see you soon.",
        "He told me the truth.",
        "The people who have seen it loved it.",
        "The boy found a green snake tangled round a tree.",
        "It knows exactly what it wants to be.",
    ],
)
def say_complementizer(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*say* as complementizer of finite clauses after verbs of saying, perceiving and believing
    (*We hear say you gone to the city*): it replaces *that*, or introduces a clause that had
    none. *say* itself is left out (*He said say ...* doubles the verb), as are wh- and
    *if*-clauses, which are questions, and parenthetical *I think* after the clause."""
    for clause in index.by_dep.get("ccomp", ()):
        if not _reported_clause(clause):
            continue
        subj = direct_subject(clause)
        if any(t.tag_ in ("WDT", "WP", "WRB", "WP$") for t in doc[clause.left_edge.i:subj.i]):
            continue  # "knows exactly what it wants": an embedded question
        mark = next((c for c in children(clause) if c.dep_ == "mark"), None)
        if mark is not None:
            if mark.lower_ == "that" and mark.i == clause.left_edge.i:
                yield site(Replace(mark.i, "say"))
            continue
        first = _zero_that_start(clause)
        if first is not None:
            yield site(Insert(first.i, "say"))


@rule(
    "for_complementizer",
    tags={"TO"},
    examples=[
        ("It's hard to cross the river.", "It's hard for cross the river."),
        ("I want to go home.", "I want for go home."),
        ("Why did you try to open it?", "Why did you try for open it?"),
        ("She doesn't like to wait, but she needs to sit.",
         "She doesn't like for wait, but she needs for sit."),
    ],
    negatives=[
        "He seems to be happy.",
        "I have to leave now.",
        "I went to the shop in order to buy milk.",
        "I was too tired to go out.",
        "She is able to swim.",
        "He gave it to me.",
        "She asked him to leave.",
        "They asked the nurse to help carry the bags.",
        "They didn't want to diet anymore.",
    ],
)
def for_complementizer(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*for* (creole *fi*) as the complementizer of infinitives: *It's hard for cross the
    river*, *I want for go*. Only complements of desire/attempt verbs and of predicative
    adjectives; raising verbs and semi-modals (*seem to, have to, able to*) keep *to*. Nor
    before a verb that is also a noun after *for* (*asked him for leave*, *for help*,
    *for rest* would read as asking for a thing)."""
    for to in complement_infinitives(index):
        if index.lemma_of[to.i + 1] not in FOR_NOUN_VERBS:
            yield site(Replace(to.i, "for"))


# Verbs that read as nouns after "for" (*ask for leave*, *wait for help*).
FOR_NOUN_VERBS = frozenset(
    "leave help rest work play sleep change cover support care love drink eat cash pay visit "
    "walk ride run swim talk dance lunch dinner fun practice study test check diet".split())

# "as soon as", "as long as", "as far as", "as well as": conjunctions, not comparisons.
TEMPORAL_AS = frozenset({"soon", "long", "far", "well"})


def _comparative_mark(mark: Token) -> bool:
    """*than* / *as* introducing a comparative clause with its own subject."""
    clause = mark.head
    if mark.dep_ != "mark" or clause.pos_ not in ("VERB", "AUX") or direct_subject(clause) is None:
        return False
    if mark.i + 1 >= len(mark.doc) or mark.doc[mark.i + 1].lower_ in ("what", "if", "though"):
        return False
    if not is_finite(clause) or _untensed_matrix(clause) \
            or any(c.i < mark.i for c in children(clause) if c.dep_ in ("aux", "nsubj")):
        return False  # *moving faster than light (does) not carry it*: the sentence's own verb
    if mark.lower_ == "than":
        return clause.head.lower_ not in ("other", "rather", "else")  # "anyone other than ..."
    # "as fast as I do", "the same as it was": the degree word carries a first "as"/"same"
    degree = clause.head
    if degree.lower_ in TEMPORAL_AS:
        return False
    return (any(c.lower_ == "as" and c.i < mark.i for c in children(degree))
            or degree.lower_ == "same")


def _untensed_matrix(clause: Token) -> bool:
    """Whether the verb the comparison grades is a participle with a subject but no *be* or
    *have* of its own (*a particle moving faster than light does not ...*, *does a runner
    moving faster than the wind not ...*): the parser has taken the sentence's verb for the
    comparative clause's."""
    degree = clause.head
    matrix = degree.head if degree.dep_ in ("advmod", "acomp", "amod") else degree
    if matrix.dep_ == "ROOT" and matrix.pos_ in ("NOUN", "PROPN"):
        return True  # "an object larger than Pluto was discovered": no other verb to compare
    if matrix.tag_ not in ("VBG", "VBN") or direct_subject(matrix) is None:
        return False
    return not any(c.dep_ in ("aux", "auxpass") and c.lemma_ in ("be", "have")
                   for c in children(matrix))


# Nouns of time and measure: "longer than a few weeks" compares amounts, not doers.
MEASURE_NOUNS = wordlist("duration_nouns") | wordlist("time_nouns") | wordlist("quantity_nouns")


def _compared_entity(than: Token) -> Token | None:
    """The noun of *than the baker*, when it can be the subject of the compared clause: a
    noun phrase with a determiner or possessive, or a name (not a pronoun, which may be an
    object, *taller than me*; not a number, measure or *that of ...*)."""
    obj = next((c for c in children(than) if c.dep_ == "pobj"), None)
    if than.dep_ != "prep" or obj is None or obj.lower_ in ("that", "those", "ever", "usual"):
        return None
    if obj.pos_ == "PROPN" and obj.tag_ in ("NNP", "NNPS"):
        return obj
    if obj.pos_ not in ("NOUN", "NUM") or obj.lemma_.lower() in MEASURE_NOUNS:
        return None
    if obj.pos_ == "NUM" and obj.lower_ != "one":
        return None
    if any(c.dep_ == "nummod" for c in children(obj)):
        return None
    return obj if any(c.dep_ in ("det", "poss") for c in children(obj)) else None


# The functions in its clause that a compared phrase may have: *eats [more]*, *runs
# [faster]*, *is [bigger]*, *has [more seats]*.
COMPARED_DEPS = frozenset({"dobj", "advmod", "acomp", "attr", "npadvmod"})


def _compared_verb(than: Token) -> Token | None:
    """The verb of the clause that makes the comparison (*eats more than*, *has more seats
    than*): the compared word is its object, adverb or predicate, or the adjective of its
    object; not a comparison inside another phrase (*cars with a greater speed than the
    bus*). The *than*-phrase must contrast with the subject: no direct object outside the
    compared phrase (*likes tea more than coffee* may compare the objects)."""
    node = than.head
    if node.lower_ in ("other", "rather", "else"):
        return None  # "languages other than English"
    if node.dep_ == "amod" and node.tag_ in ("JJR", "RBR"):
        node = node.head  # "more seats", "greater surface area"
    verb = node.head
    if node.dep_ not in COMPARED_DEPS or verb.pos_ not in ("VERB", "AUX"):
        return None
    if direct_subject(verb) is None:
        return None
    node = verb
    if any(obj.dep_ in ("dobj", "dative") and not obj.left_edge.i <= than.i <= obj.right_edge.i
           for obj in children(node)):
        return None
    return node


def _pro_verb(verb: Token, subject: Token) -> str | None:
    """The auxiliary that stands for the compared verb phrase in *than what the baker
    does / has / is / can*, in the compared verb's tense and agreeing with ``subject``."""
    aux = next((c for c in children(verb) if c.dep_ in ("aux", "auxpass")), None)
    finite = aux if aux is not None else verb
    if finite.tag_ == "MD":
        return finite.lower_ if not finite.lower_.startswith(("'", "’")) else None
    if finite.tag_ not in ("VBD", "VBZ", "VBP"):
        return None
    lemma = finite.lemma_.lower()
    if aux is None and lemma not in ("be", "have"):
        lemma = "do"
    if lemma not in ("be", "have", "do"):
        return None
    person, past = person_number(subject), finite.tag_ == "VBD"
    if lemma == "be":
        return ("was" if person in ("1s", "3s") else "were") if past else \
            {"1s": "am", "3s": "is"}.get(person, "are")
    if past:
        return "had" if lemma == "have" else "did"
    return {"have": "has", "do": "does"}[lemma] if person == "3s" else lemma


def _phrasal_comparative(than: Token) -> tuple[Insert, Insert] | None:
    """*eats more than the baker* -> *eats more than what the baker does*."""
    entity = _compared_entity(than)
    verb = _compared_verb(than) if entity is not None else None
    proverb = _pro_verb(verb, entity) if verb is not None else None
    if proverb in BE_FORMS and direct_subject(verb).tag_ in ("WDT", "WP"):
        return None  # "a population that is larger than any country": not what a country is
    if proverb is None:
        return None
    if any(t.text in (",", ";", "(", "-", "–", "—") for t in entity.subtree):
        return None  # "than Robert, who collects shells": the auxiliary would land after a
        # clause or apposition set off from the noun, inside it
    if _person_against_thing(entity, direct_subject(verb)):
        return None
    end = entity.right_edge if proverb else None
    if end is None or not _phrase_ends_at(end):
        return None
    return Insert(than.i, "what", after=True), Insert(end.i, proverb, after=True)


BE_FORMS = frozenset({"am", "is", "are", "was", "were"})


def _phrase_ends_at(tok: Token) -> bool:
    """Nothing that may still belong to the noun phrase follows ``tok`` (a phrase the
    parser hung on the verb would come after the inserted auxiliary: *than what the car has
    with the largest horsepower*)."""
    doc = tok.doc
    if tok.i + 1 >= len(doc):
        return True
    nxt = doc[tok.i + 1]
    return (nxt.is_punct and nxt.text not in ("'", '"', "”", "’")) or nxt.dep_ in ("cc", "mark")


def _person_against_thing(entity: Token, subject: Token | None) -> bool:
    """The *than*-phrase names a person while the compared subject is a thing of or on a
    person (*the lips on Cynthia were smaller than Monica*, *her car is faster than Tom*):
    SAE's elliptical standard stands for that person's thing (*Monica's*), so *than what
    Monica was* would compare the person herself."""
    if subject is None or is_animate(subject) is not False or not could_be_person(entity):
        return False
    owners = [c for c in children(subject) if c.dep_ == "poss"] + [
        o for p in children(subject) if p.dep_ == "prep" and p.lower_ in ("of", "on", "in")
        for o in children(p) if o.dep_ == "pobj"]
    return any(could_be_person(o) for o in owners)


@rule(
    "what_comparative",
    lemmas={"than", "as"},
    examples=[
        ("It's harder than you think it is.", "It's harder than what you think it is."),
        ("It was easier than I expected.", "It was easier than what I expected."),
        ("She runs as fast as I do.", "She runs as fast as what I do."),
        ("Is he taller than his brother is?", "Is he taller than what his brother is?"),
        ("The cleaner eats more than the baker.", "The cleaner eats more than what the baker does."),
        ("My sister ran faster than my brother.", "My sister ran faster than what my brother did."),
        ("This car has more seats than the old van.",
         "This car has more seats than what the old van has."),
        ("Paris is bigger than Lyon.", "Paris is bigger than what Lyon is."),
        ("The new model can go faster than the old one.",
         "The new model can go faster than what the old one can."),
        ("Which towns had more rain than the capital?",
         "Which towns had more rain than what the capital had?"),
    ],
    negatives=[
        "He is taller than me.",
        "As I was leaving, the phone rang.",
        "It was better than ever.",
        "I did it as you asked.",
        "She earns more than what I earn.",
        "She started singing as soon as she walked in.",
        "Anyone other than John can go.",
        "As far as I know, he is fine.",
        "She has more than three cars.",
        "He is older than average.",
        "They never stayed longer than a few weeks.",
        "Their house is bigger than that of their neighbors.",
        "She likes the tea more than the coffee.",
        "Name the cars with a greater speed than the bus.",
        "We use languages other than English.",
        "Which trains run faster than the bus from Leeds on Sundays?",
        "Which towns have a square that is bigger than the old market?",
        # the sentence's own verb after the comparison is no comparative clause
        "Can a ship sailing faster than sound not make a boom?",
        "Why does a runner moving faster than the wind not feel it?",
        # a standard set off with a clause or apposition; a person against a person's thing
        "My brother runs faster than Jim, my neighbor.",
        "Ana picked more apples than Ben, who picked ten.",
        "The hair of Sarah was longer than Jessica.",
        "Sarah's garden is bigger than her sister.",
    ],
)
def what_comparative(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*than what* / *as what* introducing comparative clauses: *It's harder than what you
    think it is*. Clauses with their own subject after *than*, or after the second *as*
    of *as ... as*; temporal and manner *as* (*As I was leaving*, *as you asked*) stay. A
    comparison with a noun phrase that contrasts with the subject (SAE's elided *than the
    baker [does]*) gets the clause back with its auxiliary: *eats more than what the baker
    does*, *has more seats than what the van has*. Pronouns (*than me*: subject or object?),
    numbers, measures and comparisons next to a direct object (*likes tea more than coffee*
    may compare the objects) are left alone."""
    for mark in index.lemma("than", "as"):
        if _comparative_mark(mark):
            yield site(Insert(mark.i, "what", after=True))
        elif mark.lower_ == "than":
            found = _phrasal_comparative(mark)
            if found:
                yield site(*found)
