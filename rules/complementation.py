"""Complementation rules (eWAVE 200-210): complementizers, infinitive markers, comparative
clauses and existentials."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Span, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Op, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, person_number
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.wordlists import wordlist
from multivalue_cli.engine.syntax import direct_subject as _subject
from multivalue_cli.engine.syntax import in_question
from multivalue_cli.engine.syntax import SUBJECT_DEPS, children

CATEGORY = "Complementation"

CLAUSE_EMBEDDERS = wordlist("clause_embedding_verbs")
TO_INFINITIVE_VERBS = wordlist("to_infinitive_verbs")
FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})
NOMINATIVE = {"me": "I", "him": "he", "her": "she", "us": "we", "them": "they",
              "you": "you", "it": "it", "i": "I", "he": "he", "she": "she", "we": "we",
              "they": "they"}


# ---------------------------------------------------------------------------------- shared helpers




def _is_finite(clause: Token) -> bool:
    """A clause head with a tensed verb or auxiliary of its own."""
    if clause.tag_ in FINITE_TAGS:
        return True
    return any(c.dep_ in ("aux", "auxpass") and c.tag_ in FINITE_TAGS for c in children(clause))


def _infinitive_marker(verb: Token) -> Token | None:
    """The *to* of a to-infinitive, directly before its verb (*to go*, not *to really go*)."""
    prev = verb.doc[verb.i - 1] if verb.i > 0 else None
    if prev is not None and prev.tag_ == "TO" and prev.head == verb and prev.dep_ == "aux":
        return prev
    # "to get leave": the parser hangs "to" on the next verb of a verb chain
    if prev is not None and prev.dep_ == "aux" and prev.tag_ == "VB" and verb.i > 1:
        before = verb.doc[verb.i - 2]
        if before.tag_ == "TO" and before.head == verb:
            return before
    return None


def _in_fixed_infinitive(to: Token) -> bool:
    """*in order to*, *so as to*, *too tired to*, *enough to*, *about to*: fixed frames."""
    doc = to.doc
    prev = [t.lower_ for t in doc[max(0, to.i - 2):to.i]]
    if prev[-1:] in (["order"], ["as"], ["about"], ["enough"]):
        return True
    head = to.head.head
    return any(c.lower_ in ("too", "enough") for c in children(head))


def _negated_infinitive(to: Token) -> bool:
    """*told him not to come*: the marker after *not* stays as it is (*not for to come*)."""
    return to.i > 0 and to.doc[to.i - 1].lower_ in ("not", "never")


def _complement_infinitive(verb: Token) -> Token | None:
    """The *to* of an infinitive that complements a listed verb (*want to go*, *allowed to
    go*, *asked him to come*) or a predicative adjective (*it's hard to cross*)."""
    if verb.tag_ != "VB" or verb.dep_ not in ("xcomp", "ccomp"):
        return None
    to = _infinitive_marker(verb)
    if to is None or _in_fixed_infinitive(to) or _negated_infinitive(to):
        return None
    head = verb.head
    if head.lemma_.lower() in TO_INFINITIVE_VERBS and head.pos_ == "VERB":
        if head.lemma_.lower() == "expect" and any(c.dep_ == "auxpass" for c in children(head)):
            return None  # "A storm is expected to reach the coast": raising, not control
        return to
    if head.pos_ == "ADJ" or (head.lemma_ == "be"
                              and any(c.dep_ == "acomp" for c in children(head))):
        adj = head if head.pos_ == "ADJ" else next(c for c in children(head) if c.dep_ == "acomp")
        if adj.lower_ not in ("able", "likely", "sure", "certain", "bound", "supposed", "about"):
            return to
    return None


# ------------------------------------------------------------------------ 200 say_complementizer


def _reported_clause(clause: Token) -> bool:
    """A finite declarative complement after a verb of saying, perceiving or believing."""
    head = clause.head
    if any(c.dep_ == "mark" and c.lower_ in ("than", "as") for c in children(head)):
        return False  # "harder than he thought it would be": a comparative, not a report
    return (clause.dep_ == "ccomp" and head.lemma_.lower() in CLAUSE_EMBEDDERS
            and head.pos_ == "VERB" and clause.i > head.i and _is_finite(clause)
            and _subject(clause) is not None)


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
    200, "say_complementizer", CATEGORY,
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
        subj = _subject(clause)
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


# ------------------------------------------------------------------ 201 for_complementizer, 203 for_to


def _complement_infinitives(index: DocIndex) -> Iterator[Token]:
    for verb in index.by_tag.get("VB", ()):
        to = _complement_infinitive(verb)
        if to is not None:
            yield to


@rule(
    201, "for_complementizer", CATEGORY,
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
    for to in _complement_infinitives(index):
        if index.lemma_of[to.i + 1] not in FOR_NOUN_VERBS:
            yield site(Replace(to.i, "for"))


# Verbs that read as nouns after "for" (*ask for leave*, *wait for help*).
FOR_NOUN_VERBS = frozenset(
    "leave help rest work play sleep change cover support care love drink eat cash pay visit "
    "walk ride run swim talk dance lunch dinner fun practice study test check diet".split())


def _noun_complement_infinitive(verb: Token) -> Token | None:
    """The *to* of an infinitive that complements a noun (*a promise to return*, *the right
    to vote*); the parser tells these (``acl``) from infinitival relatives (``relcl``: *a
    book to read*, *time to go*)."""
    if verb.tag_ != "VB" or verb.dep_ != "acl" or verb.head.pos_ != "NOUN" or verb.i < verb.head.i:
        return None
    to = _infinitive_marker(verb)
    return None if to is None or _in_fixed_infinitive(to) or _negated_infinitive(to) else to


@rule(
    203, "for_to", CATEGORY,
    tags={"TO"},
    examples=[
        ("You weren't allowed to go and take another job.",
         "You weren't allowed for to go and take another job."),
        ("I want to go home.", "I want for to go home."),
        ("It's hard to cross the river.", "It's hard for to cross the river."),
        ("Did they ask you to stay?", "Did they ask you for to stay?"),
        ("She made a promise to return.", "She made a promise for to return."),
        ("He had no intention to stay.", "He had no intention for to stay."),
        ("They lost the chance to win the cup.", "They lost the chance for to win the cup."),
        ("Did you get permission to leave?", "Did you get permission for to leave?"),
    ],
    negatives=[
        "He seems to be happy.",
        "I have to leave now.",
        "We're going to win.",
        "He gave it to me.",
        "She saved money to buy a car.",
        "I have a book to read.",
        "It is time to go home.",
        "We need someone to help us.",
        "She told him not to come back.",
    ],
)
def for_to(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*for to* as infinitive marker in complement clauses: *You weren't allowed for to go*.
    Complements of verbs and adjectives as for feature 201, and of nouns (*a promise for to
    return*); infinitival relatives (*a book to read*) are no complements, and purpose
    clauses are feature 202."""
    found = list(_complement_infinitives(index))
    found += [to for verb in index.by_tag.get("VB", ())
              if (to := _noun_complement_infinitive(verb)) is not None]
    for to in sorted(found, key=lambda t: t.i):
        yield site(Insert(to.i, "for"))


# ------------------------------------------------------------------------------ 202 for_to_purpose


# Verbs after which "came to ..." means "got to ..." (*came to realise*), not a purpose.
NOT_PURPOSE = frozenset({"be", "know", "realize", "realise", "understand", "believe", "like",
                         "love", "hate", "think", "appreciate", "accept", "expect", "mean"})


# Words that are both verbs and destinations after "to" (*a ride to work*, *a bus to school*).
DESTINATION_NOUNS = frozenset({"work", "school", "church", "bed", "class", "market", "town", "court"})
MOTION_VERBS = frozenset({"come", "go", "get", "return", "walk", "drive", "ride", "head", "run",
                          "hurry", "rush", "travel"})
# Verbs whose infinitive is their complement, not a purpose clause (*needed to satisfy*,
# *asked him to open*, *waited to live together*, *It took a few nights to get used to it*).
INFINITIVE_TAKERS = TO_INFINITIVE_VERBS | frozenset(
    "take wait seem tend happen deserve claim pretend dare beg urge remind warn advise "
    "persuade convince invite order require struggle hesitate help".split())


def _purpose_to(tok: Token) -> bool:
    """*to* of a purpose clause after the main verb: *I went there to buy milk*; also the
    parse that takes *to work* as a prepositional phrase with a verb as object."""
    if tok.tag_ == "TO" and tok.dep_ == "aux":
        verb = tok.head
        if verb.dep_ != "advcl" or verb.tag_ != "VB" or verb.i != tok.i + 1:
            return False
        main = verb.head
    elif tok.lower_ == "to" and tok.dep_ == "prep":
        obj = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
        if obj is None or obj.dep_ != "pobj" or obj.tag_ != "VB" or obj.head != tok:
            return False
        main = tok.head
        if tok.doc[tok.i - 1] != main and tok.doc[tok.i - 1].pos_ != "ADV":
            return False  # "gave his sister a ride to work": a noun, not a purpose
    else:
        return False
    verb = tok.head if tok.dep_ == "aux" else tok.doc[tok.i + 1]
    if verb.lemma_.lower() in NOT_PURPOSE or main.lemma_.lower() in INFINITIVE_TAKERS:
        return False  # "The clerk needed to satisfy the boss": a complement, not a purpose
    if verb.lemma_.lower() in DESTINATION_NOUNS and (
            tok.doc[tok.i - 1].pos_ == "NOUN" or main.lemma_.lower() in MOTION_VERBS):
        return False  # "a ride to work", "they never come to work on time": a place here
    if _infinitival_relative(verb):
        return False  # "stories to tell you about": the infinitive has a gap
    return main.pos_ == "VERB" and main.i < tok.i and not _in_fixed_infinitive(tok)


def _infinitival_relative(verb: Token) -> bool:
    """*experiences to tell me about*: a preposition that lost its object to the noun before
    the infinitive, which then modifies that noun rather than saying what for."""
    return any(t.dep_ == "prep" and not children(t) for t in verb.subtree)


@rule(
    202, "for_to_purpose", CATEGORY,
    lemmas={"to"},
    examples=[
        ("I went there to buy milk.", "I went there for to buy milk."),
        ("She saved money to buy a car.", "She saved money for to buy a car."),
        ("Did you come here to see me?", "Did you come here for to see me?"),
        ("We dug a ditch to drain the water away, and it worked.",
         "We dug a ditch for to drain the water away, and it worked."),
        ("She phoned the office to ask about her order.",
         "She phoned the office for to ask about her order."),
        ("He works two jobs to pay his rent.", "He works two jobs for to pay his rent."),
        ("They got up early to catch the bus.", "They got up early for to catch the bus."),
    ],
    negatives=[
        "I went to the shop in order to buy milk.",
        "I want to go home.",
        "He gave it to me.",
        "I was too tired to go out.",
        "To be honest, I don't care.",
        "He gave his sister a ride to work.",
        "It took a few nights to get used to it.",
        "The clerk needed to satisfy the boss.",
        "She needed the nurse to check her.",
        "We had many stories to tell you about.",
        "They never come to work on time.",
        "The truth finally came to light.",
    ],
)
def for_to_purpose(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Unsplit *for to* in infinitival purpose clauses: *We had gutters for to drain the water
    away*. Purpose clauses after the main verb only; *in order to* and *so as to* already
    have their own purpose marker. Not the complement of a verb that takes an infinitive
    (*needed to satisfy*, *asked him to open*, whatever the parser calls it), an infinitival
    relative (*stories to tell you about*), nor *to work/school* after a motion verb."""
    for tok in index.by_lemma.get("to", ()):
        if _purpose_to(tok):
            yield site(Insert(tok.i, "for"))


# ---------------------------------------------------------------------------- 204 what_comparative


# "as soon as", "as long as", "as far as", "as well as": conjunctions, not comparisons.
TEMPORAL_AS = frozenset({"soon", "long", "far", "well"})


def _comparative_mark(mark: Token) -> bool:
    """*than* / *as* introducing a comparative clause with its own subject."""
    clause = mark.head
    if mark.dep_ != "mark" or clause.pos_ not in ("VERB", "AUX") or _subject(clause) is None:
        return False
    if mark.i + 1 >= len(mark.doc) or mark.doc[mark.i + 1].lower_ in ("what", "if", "though"):
        return False
    if mark.lower_ == "than":
        return clause.head.lower_ not in ("other", "rather", "else")  # "anyone other than ..."
    # "as fast as I do", "the same as it was": the degree word carries a first "as"/"same"
    degree = clause.head
    if degree.lower_ in TEMPORAL_AS:
        return False
    return (any(c.lower_ == "as" and c.i < mark.i for c in children(degree))
            or degree.lower_ == "same")


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
    if _subject(verb) is None:
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
    if proverb in BE_FORMS and _subject(verb).tag_ in ("WDT", "WP"):
        return None  # "a population that is larger than any country": not what a country is
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


@rule(
    204, "what_comparative", CATEGORY,
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


# ---------------------------------------------------- 205 existential_got, 206 existential_you_have


# Fixed phrases with "there is no ...", which keep their "there" (*There's no way he did that*).
EXISTENTIAL_IDIOMS = frozenset({"way", "doubt", "need", "denying", "question", "point", "use",
                                "telling", "harm", "chance", "hope", "time"})
INDEFINITE_PRONOUNS = frozenset({"something", "nothing", "anything", "someone", "somebody",
                                 "nobody", "no-one", "anyone", "anybody", "everything", "plenty",
                                 "lots", "one", "none", "little", "much", "many", "few"})


def _existential(there: Token) -> Token | None:
    """The finite *be* of a declarative, affirmative existential (*There is ...*, *because
    there were ...*), with *there* directly before it; not in relative clauses."""
    be = there.head
    if there.dep_ != "expl" or be.lemma_ != "be" or be.i != there.i + 1:
        return None
    if be.tag_ not in ("VBZ", "VBP", "VBD") or be.dep_ not in ("ROOT", "conj", "advcl", "ccomp"):
        return None
    if in_question(be) or any(c.dep_ in ("neg", "aux") for c in children(be)):
        return None
    pivot = next((c for c in children(be) if c.dep_ in ("attr", "nsubj") and c.i > be.i), None)
    if pivot is None or pivot.left_edge.i != be.i + 1:
        return None  # "There's always something": an adverb in between
    if _definite(pivot) or {pivot.lemma_.lower(), pivot.lower_} & EXISTENTIAL_IDIOMS:
        return None
    return be


_EXISTENTIALS_KEY = "multivalue.complementation.existentials"


def _existentials(index: DocIndex) -> list[tuple[Token, Token]]:
    """``(there, be)`` of each existential (see :func:`_existential`) in document order;
    worked out once per document, as features 205 and 206 both ask."""
    user_data = index.doc.user_data
    found = user_data.get(_EXISTENTIALS_KEY)
    if found is None:
        found = user_data[_EXISTENTIALS_KEY] = [
            (there.i, be.i) for there in index.by_dep.get("expl", ())
            if (be := _existential(there)) is not None]
    tokens = index.tokens
    return [(tokens[there], tokens[be]) for there, be in found]


def _definite(noun: Token) -> bool:
    """*There's the bus!* presents a known thing; it is no existential."""
    if noun.pos_ in ("PROPN", "PRON") and noun.lower_ not in INDEFINITE_PRONOUNS:
        return True
    return any(c.dep_ in ("det", "poss") and c.lower_ in ("the", "this", "that", "these", "those")
               or c.dep_ == "poss" for c in children(noun))


@rule(
    205, "existential_got", CATEGORY,
    deps={"expl"},
    examples=[
        ("There is some sand there.", "It got some sand there."),
        ("There's too much bush over here.", "It got too much bush over here."),
        ("I like this town because there are many parks.",
         "I like this town because it got many parks."),
        ("We went in and there are two rooms.", "We went in and it got two rooms."),
        ("There were two men waiting at the gate.", "Got two men waiting at the gate."),
        ("When we arrived, there was a long queue outside.",
         "When we arrived, got a long queue outside."),
        ("There was a dog and a cat in the yard.", "Got a dog and a cat in the yard."),
    ],
    negatives=[
        "Is there a bank near here?",
        "There isn't any milk.",
        "There must be a mistake.",
        "I saw him there.",
        "There's the bus!",
        "There's no way he did that.",
        "There is no denying the power of this film.",
        "There's always something going on here.",
        "There wasn't a single car on the road.",
        "Were there many people at the party?",
    ],
)
def existential_got(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Existentials with *get*: *It got some sand there* 'There is some sand there', and
    tenseless *got* without a subject for the past, as in the atlas's *Ova hyee get tumoch
    bush* and Singapore English (*Got two men waiting at the gate* 'There were two men ...':
    a past *it got* would read as 'it received'). Affirmative statements only; questions,
    negation and modal existentials keep *there*."""
    for there, be in _existentials(index):
        if be.tag_ != "VBD":
            yield site(Replace(there.i, "it"), Replace(be.i, "got"))
        else:
            yield site(Delete(there.i), Replace(be.i, "got"))


def _negative_pivot(be: Token) -> bool:
    """*There's nothing we can do* is not *You have nothing we can do*."""
    return any(c.dep_ in ("attr", "nsubj") and c.lower_ in ("nothing", "nobody", "none", "no-one")
               for c in children(be))


LOCATIVE_PREPOSITIONS = frozenset(
    "in at on near around across inside outside behind under over along beside opposite".split()
)


def _describes_a_place(be: Token) -> bool:
    """Generic *you have* presents what is found somewhere (*In our town you have a temple*)
    or a kind of people or things (*You have some people who ...*); elsewhere (*There is a
    problem with my phone*) *you* would be taken for the hearer."""
    pivot = next((c for c in children(be) if c.dep_ in ("attr", "nsubj") and c.i > be.i), None)
    if pivot is not None and any(c.dep_ == "relcl" for c in children(pivot)):
        return True
    phrases = [c for c in children(be) if c != pivot]
    if pivot is not None:
        phrases += list(children(pivot))
    return any(p.dep_ == "prep" and p.lower_ in LOCATIVE_PREPOSITIONS
               or p.dep_ == "advmod" and p.lower_ in ("here", "there") for p in phrases)


@rule(
    206, "existential_you_have", CATEGORY,
    lemmas={"there"},
    examples=[
        ("There are some people who never listen.", "You have some people who never listen."),
        ("There's a temple in the town.", "You have a temple in the town."),
        ("In Delhi there are many old forts, and there is a big market near the station.",
         "In Delhi you have many old forts, and you have a big market near the station."),
        ("He says there are good schools in this area.",
         "He says you have good schools in this area."),
        ("How many hotels are there in the old town?",
         "How many hotels do you have in the old town?"),
        ("How many students were there in each class?",
         "How many students did you have in each class?"),
        ("How much water is there in the tank?", "How much water do you have in the tank?"),
    ],
    negatives=[
        "How many people are there waiting outside?",
        "How many of them were there?",
        "How many children aren't there?",
        "There is a problem with my phone.",
        "Once upon a time there was a little girl in the forest.",
        "Is there a bank near here?",
        "There isn't any milk.",
        "There will be a meeting tomorrow.",
        "They live there.",
        "There's nothing we can do about it here.",
    ],
)
def existential_you_have(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Existentials with generic *you have*: *You have some people who ...* 'There are some
    people who ...', *In Delhi you have many old forts*. Present-tense statements that say
    what is found in a place or what kinds of people there are; past narrative existentials
    (*Once upon a time there was ...*) keep *there*. *How many N are there (in ...)?* asks
    the same: *How many hotels do you have in the old town?*, with do-support in the tense
    of *be*."""
    for there, be in _existentials(index):
        if be.tag_ != "VBD" and _describes_a_place(be) and not _negative_pivot(be):
            yield site(Replace(there.i, "you"), Replace(be.i, "have"))
    for there in index.by_lemma.get("there", ()):
        be = _how_many_there(there)
        if be is not None:
            yield site(Replace(be.i, DO_FOR_BE[be.tag_]), Replace(there.i, "you have"))


DO_FOR_BE = {"VBP": "do", "VBZ": "do", "VBD": "did"}  # agreeing with "you"


def _how_many_there(there: Token) -> Token | None:
    """The *be* of *How many N are there ...?*: the question's *be* right before *there*,
    with *how many/much* + noun as its subject right before it; not negated, and not with a
    participle after *there* (*How many people are there waiting?* asks who is there)."""
    doc = there.doc
    be = doc[there.i - 1] if there.i > 0 else None
    if be is None or be.lemma_ != "be" or be.tag_ not in DO_FOR_BE or there.head != be:
        return None
    if be.dep_ != "ROOT" or not in_question(be) or any(c.dep_ == "neg" for c in children(be)):
        return None
    subj = next((c for c in children(be) if c.dep_ in ("nsubj", "attr") and c.i < be.i), None)
    if subj is None or subj.pos_ != "NOUN" or subj.right_edge.i + 1 != be.i:
        return None
    first = doc[subj.left_edge.i:subj.left_edge.i + 2]
    if [t.lower_ for t in first] not in (["how", "many"], ["how", "much"]):
        return None
    after = doc[there.i + 1] if there.i + 1 < len(doc) else None
    return None if after is not None and after.tag_ in ("VBG", "VBN") else be


# --------------------------------------------------------------- 207 that_infinitival_subclause

# Verbs of wanting and requesting whose infinitive is replaced by a *that ... should* clause.
WANT_VERBS = frozenset({"want", "wish", "desire", "expect", "request", "ask"})


def _pronoun_subject(tok: Token) -> str | None:
    """The nominative form of a personal pronoun, else None."""
    if tok.tag_ != "PRP" or tok.lower_ not in NOMINATIVE:
        return None
    return NOMINATIVE[tok.lower_]


def _that_clause_ops(verb: Token, to: Token) -> tuple[Op, ...] | None:
    """*wanted to get* -> *wanted that I should get*; *want you to come* -> *want that you
    should come*."""
    head = verb.head
    obj = next((c for c in children(verb) if c.dep_ == "nsubj" and c.i < to.i), None)
    if obj is None:
        obj = next((c for c in children(head) if c.dep_ == "dobj" and c.i < to.i), None)
    if obj is not None:  # object control: the object becomes the subject of the clause
        if obj.right_edge.i + 1 != to.i:
            return None
        ops: list[Op] = [Insert(obj.left_edge.i, "that"), Replace(to.i, "should")]
        if obj.tag_ == "PRP":
            subj = _pronoun_subject(obj)
            if subj is None:
                return None
            if subj != obj.text:
                ops.append(Replace(obj.i, subj))
        elif obj.pos_ not in ("NOUN", "PROPN"):
            return None
        return tuple(sorted(ops, key=lambda op: op.i))
    if head.lemma_ == "ask" or to.i != head.i + 1:
        return None  # "ask to leave" is asking permission, not asking someone
    subj = _subject(head)
    pronoun = _pronoun_subject(subj) if subj is not None else None
    if pronoun is None or pronoun == "it":
        return None
    return (Replace(to.i, f"that {pronoun} should"),)


def _plain_infinitive(verb: Token) -> bool:
    """Not *made me want to cry* (the wanting is itself a bare complement), the passive *are
    expected to rise* (raising), or an infinitive whose object was fronted (*what I wanted to
    hear*, *the film I wanted to like*), where a finite clause would strand it."""
    head = verb.head
    if head.dep_ in ("relcl", "acl") or any(c.dep_ == "auxpass" for c in children(head)):
        return False
    return not any(c.i < head.i and c.dep_ in ("dobj", "pobj", "advmod", "prep")
                   for c in children(verb))


@rule(
    207, "that_infinitival_subclause", CATEGORY,
    lemmas=WANT_VERBS,
    tags={"TO"},
    examples=[
        ("I wanted to get leave.", "I wanted that I should get leave."),
        ("I want you to come tomorrow.", "I want that you should come tomorrow."),
        ("She asked him to wait outside.", "She asked that he should wait outside."),
        ("Do they expect my son to pay?", "Do they expect that my son should pay?"),
        ("We don't wish to stay here.", "We don't wish that we should stay here."),
    ],
    negatives=[
        "I want a new phone.",
        "He asked to leave early.",
        "It wants to rain.",
        "The manager wanted to see you.",
        "I tried to call her.",
        "That's exactly what I wanted to hear.",
        "Prices are expected to rise again.",
    ],
)
def that_infinitival_subclause(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A *that ... should* clause for the infinitive after verbs of wanting and requesting:
    *I wanted that I should get leave*, *I want that you should come*. The subject of the new
    clause is the controller: the object if there is one (pronouns in their subject form),
    else the matrix subject when it is a personal pronoun (a noun would need a pronoun of
    unknown gender)."""
    for verb in index.by_tag.get("VB", ()):
        if verb.dep_ not in ("xcomp", "ccomp") or verb.head.lemma_.lower() not in WANT_VERBS:
            continue
        to = _infinitive_marker(verb)
        if to is None or verb.head.pos_ != "VERB" or verb.head.i > to.i:
            continue
        if not _is_finite(verb.head) or not _plain_infinitive(verb):
            continue
        ops = _that_clause_ops(verb, to)
        if ops:
            yield site(*ops)


# ----------------------------------------------------------------------------- 208 drop_inf_to

# Verbs after which varieties drop *to* before the infinitive (*Allow him go*, *I want go*).
BARE_AFTER = frozenset({"allow", "permit", "ask", "tell", "want", "force", "order"})


@rule(
    208, "drop_inf_to", CATEGORY,
    lemmas=BARE_AFTER,
    tags={"TO"},
    examples=[
        ("Allow him to go.", "Allow him go."),
        ("I want to go home.", "I want go home."),
        ("Did she tell you to wait here?", "Did she tell you wait here?"),
        ("They forced us to leave, but we didn't want to.",
         "They forced us leave, but we didn't want to."),
    ],
    negatives=[
        "I tried to call her.",
        "He seems to be happy.",
        "She went to school.",
        "I have to leave now.",
    ],
)
def drop_inf_to(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*to* dropped before the infinitive after verbs of wanting, permitting and ordering:
    *Allow him go*, *I want go*. Only directly before the verb (a stranded *want to* stays)."""
    for verb in index.by_tag.get("VB", ()):
        if verb.dep_ not in ("xcomp", "ccomp") or verb.head.lemma_.lower() not in BARE_AFTER:
            continue
        to = _infinitive_marker(verb)
        if to is not None and to.i == verb.i - 1 and verb.head.pos_ == "VERB":
            yield site(Delete(to.i))


# ----------------------------------------------------------------------------- 209 to_infinitive

# Causative and permissive verbs with a bare infinitive in SAE (*made me do*, *let him go*).
BARE_INFINITIVE_VERBS = frozenset({"make", "let"})


def _bare_infinitive_after_object(verb: Token) -> bool:
    """*made [me] [do] it*: a bare verb whose subject is the object of make/let."""
    head = verb.head
    if verb.tag_ != "VB" or verb.dep_ not in ("ccomp", "xcomp") or head.pos_ != "VERB":
        return False
    if head.lemma_.lower() not in BARE_INFINITIVE_VERBS or head.dep_ == "auxpass":
        return False
    subj = next((c for c in children(verb) if c.dep_ in ("nsubj", "dobj") and c.i < verb.i), None)
    if subj is None:
        subj = next((c for c in children(head) if c.dep_ == "dobj" and c.i < verb.i), None)
    if subj is None or subj.right_edge.i + 1 != verb.i or subj.lower_ in ("'s", "’s"):
        return False  # "Let's go" is a suggestion, not letting someone go
    return not any(c.dep_ == "aux" for c in children(verb))


@rule(
    209, "to_infinitive", CATEGORY,
    lemmas=BARE_INFINITIVE_VERBS,
    examples=[
        ("He made me do it.", "He made me to do it."),
        ("They let me go home.", "They let me to go home."),
        ("Why did you make the kids wait outside?", "Why did you make the kids to wait outside?"),
        ("Let me know when you arrive.", "Let me to know when you arrive."),
    ],
    negatives=[
        "Let's go to the park.",
        "He was made to wait.",
        "She made a cake.",
        "We'll make do with what we have.",
    ],
)
def to_infinitive(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*to* added where SAE has a bare infinitive after causative *make* and permissive
    *let*: *He made me to do it*. Not *Let's* (a suggestion) or the passive, which already
    has *to*."""
    for verb in index.by_tag.get("VB", ()):
        if _bare_infinitive_after_object(verb):
            yield site(Insert(verb.i, "to"))


# ------------------------------------------------------------------------------- 210 bare_ccomp

# Aspectual verbs with an -ing complement (*started telling*, *kept calling*).
ASPECTUAL_VERBS = frozenset({"start", "begin", "stop", "keep", "finish", "quit", "continue"})


@rule(
    210, "bare_ccomp", CATEGORY,
    lemmas=ASPECTUAL_VERBS,
    tags={"VBG"},
    examples=[
        ("He started telling the cousins all kinds of things.",
         "He started tell the cousins all kinds of things."),
        ("She keeps calling me.", "She keeps call me."),
        ("Why did you stop playing?", "Why did you stop play?"),
        ("When they finished eating, we began cleaning the house.",
         ["When they finished eat, we began cleaning the house.",
          "When they finished eating, we began clean the house.",
          "When they finished eat, we began clean the house."]),
    ],
    negatives=[
        "He stopped to rest.",
        "I like swimming.",
        "The meeting is starting.",
        "He kept the change.",
        "She keeps having to find new work.",
    ],
)
def bare_ccomp(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Bare verb instead of the -ing form in non-finite complements of aspectual verbs: *Him
    start tell di cousins* 'He started telling the cousins'. Only after start, begin, stop,
    keep, finish, quit, continue; *stop to rest* is a purpose clause and stays."""
    for verb in index.by_tag.get("VBG", ()):
        head = verb.head
        if verb.dep_ != "xcomp" or head.lemma_.lower() not in ASPECTUAL_VERBS or head.pos_ != "VERB":
            continue
        if verb.i != head.i + 1 or verb.lemma_.lower() == "have" and any(
                c.dep_ == "xcomp" for c in children(verb)):
            continue  # "keeps having to find a job": the semi-modal keeps its form
        base = inflect_verb(verb.lemma_.lower(), "VB")
        if base and base != verb.lower_:
            yield site(Replace(verb.i, base))
