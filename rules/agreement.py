"""Agreement rules (eWAVE 170-180)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.edits import Delete, Replace, Site, site
from multivalue_cli.morphology import inflect_verb, person_number
from multivalue_cli.registry import rule

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.docindex import DocIndex


@rule(
    170, "uninflect", "Agreement",
    tags={"VBZ"},
    examples=[
        ("He speaks English.", "He speak English."),
        ("Does she know the answer?", "Do she know the answer?"),
        ("My brother doesn't like spicy food.", "My brother don't like spicy food."),
        ("I think the train leaves at noon, and it stops in Pune.",
         "I think the train leave at noon, and it stop in Pune."),
    ],
    negatives=[
        "They speak English.",
        "He is a teacher.",
        "She has two cars.",
        "The news was good.",
    ],
)
def uninflect(doc, index):
    """Third person singular present -s dropped: *he speak*, *she don't*. Lexical verbs and
    do-support only; *is* and *has* change meaning-bearing forms and belong to other features."""
    for tok in index.by_tag.get("VBZ", ()):
        if tok.lemma_ in ("be", "have"):
            continue
        base = inflect_verb(tok.lemma_.lower(), "VBP")
        if base and base.lower() != tok.lower_:
            yield site(Replace(tok.i, base))


# --------------------------------------------------------------------------- shared helpers

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
# Present-tense forms of auxiliary "be" that varieties with copula/auxiliary deletion drop.
PRESENT_BE = frozenset({"is", "are", "am", "'s", "'re", "'m", "’s", "’re", "’m"})


def clause_head(verb: Token) -> Token:
    """The token that carries the clause's dependents: the head of an auxiliary, else itself."""
    return verb.head if verb.dep_ in ("aux", "auxpass") else verb


def clause_subject(verb: Token) -> Token | None:
    """The nominal subject of the clause ``verb`` belongs to, if overt."""
    for child in clause_head(verb).children:
        if child.dep_ in SUBJECT_DEPS:
            return child
    return None


def is_relative_pronoun(tok: Token) -> bool:
    return tok.tag_ in ("WP", "WDT") or "Rel" in tok.morph.get("PronType")


def referent(subject: Token) -> Token:
    """The noun a relative pronoun stands for (*the kids who were ...* -> *kids*)."""
    if is_relative_pronoun(subject):
        clause = subject.head
        if clause.dep_ in ("relcl", "acl") and clause.head.i < subject.i:
            return clause.head
    return subject


def is_negated(verb: Token) -> bool:
    """Whether ``not``/``n't`` stands right after ``verb`` (``isn't``, ``was not``)."""
    nxt = verb.nbor(1) if verb.i + 1 < len(verb.doc) else None
    if nxt is None:
        return False
    return nxt.lower_ in ("n't", "n’t") or (nxt.lower_ == "not" and nxt.dep_ == "neg")


# --------------------------------------------------------------------------- 171


@rule(
    171, "generalized_third_person_s", "Agreement",
    tags={"VBP"},
    examples=[
        ("I see the house.", "I sees the house."),
        ("They say it's going to rain, but we know better.",
         "They says it's going to rain, but we knows better."),
        ("Do you know what the students want?", "Do you know what the students wants?"),
        ("You always forget where I keep the keys.",
         "You always forgets where I keeps the keys."),
    ],
    negatives=[
        "He sees the house.",
        "They are happy and we have time.",
        "Do they like it?",
        "Please sit down and wait.",
    ],
)
def generalized_third_person_s(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Third person -s generalised to all persons in the present: *I sees*, *they says*.

    Lexical verbs with a non-3sg present tag and an overt subject (or coordinated with a verb
    that has one). *be*, *have* and *do* are left alone: their forms are separate features
    (*was/were*, *don't*), and do-support keeps the lexical verb bare in questions anyway."""
    for tok in index.tag("VBP", "VB"):
        if tok.pos_ != "VERB" or tok.lemma_.lower() in ("be", "have", "do"):
            continue
        if not (_has_subject(tok) and (tok.tag_ == "VBP" or _finite_bare_verb(tok))):
            continue
        form = inflect_verb(tok.lemma_.lower(), "VBZ")
        if form and form.lower() != tok.lower_:
            yield site(Replace(tok.i, form))


def _has_subject(verb: Token) -> bool:
    """An overt subject before the verb, or on the verb it is coordinated with."""
    subject = clause_subject(verb)
    if subject is not None:
        return subject.i < verb.i
    return verb.dep_ == "conj" and verb.head.tag_ in ("VBP", "VBZ") and _has_subject(verb.head)


def _finite_bare_verb(verb: Token) -> bool:
    """A main-clause verb tagged as infinitive but used as a finite present: the tagger's
    slip in *You always forget ...*. Small clauses (*let them go*) are ccomp, not ROOT;
    a 3sg subject would mean a subjunctive or a parse error, so it is excluded."""
    if verb.dep_ != "ROOT" or any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return False
    subject = clause_subject(verb)
    return subject is not None and person_number(subject) != "3s" and (
        subject.pos_ != "PRON" or "Nom" in subject.morph.get("Case"))


# --------------------------------------------------------------------------- 172


@rule(
    172, "existential_there", "Agreement",
    deps={"expl"},
    examples=[
        ("There are two men waiting in the hall.",
         ["There's two men waiting in the hall.", "There is two men waiting in the hall."]),
        ("I think there were some problems with the order.",
         "I think there was some problems with the order."),
        ("There aren't any tickets left, so we stayed home.",
         "There isn't any tickets left, so we stayed home."),
        ("There're lots of ways to do it.", "There's lots of ways to do it."),
        ("Once upon a time there were a lot of pigs.",
         "Once upon a time there was a lot of pigs."),
    ],
    negatives=[
        "There is a man waiting in the hall.",
        "Are there any tickets left?",
        "They were there yesterday.",
        "There seem to be problems.",
        "I found fewer problems than there were last year.",
    ],
)
def existential_there(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Singular *there's/there is/there was* with a plural associate: *There's two men waiting*.

    Fires on existential *there* followed directly by plural *are/'re/were* (so the associate
    is plural by SAE agreement). Inverted questions (*Are there ...?*) keep their verb."""
    for there in index.by_dep.get("expl", ()):
        verb = there.head
        if verb.lemma_ != "be" or verb.i != there.i + 1 or not _has_associate(verb):
            continue
        low = verb.lower_
        if low == "were":
            yield site(Replace(verb.i, "was"))
        elif low in ("'re", "’re"):
            yield site(Replace(verb.i, "'s"))
        elif low == "are":
            if is_negated(verb):
                yield site(Replace(verb.i, "is"))
            else:
                yield site(Replace(verb.i, "'s"), alternatives=((Replace(verb.i, "is"),),))


def _has_associate(verb: Token) -> bool:
    """A plural noun phrase after existential *be* (*two men*, *a lot of people*). Without
    one (*the problems that there are*, *than there were last year*) the clause ends in *be*,
    where *there's* cannot stand."""
    if any(c.dep_ == "mark" and c.lower_ in ("than", "as") for c in verb.children):
        return False
    return any(c.i > verb.i and c.dep_ in ("attr", "nsubj", "dobj") and _plural_phrase(c)
               for c in verb.children)


def _plural_phrase(noun: Token) -> bool:
    if noun.tag_ == "CD" or noun.lower_ in ("many", "several", "few", "both"):
        return True
    if person_number(noun) == "other":
        return True
    # a lot of people, a number of reasons: the plural is the object of "of"
    return any(c.dep_ == "prep" and c.lower_ == "of" and any(
        g.dep_ == "pobj" and g.tag_ in ("NNS", "NNPS") for g in c.children)
        for c in noun.children)


# --------------------------------------------------------------------------- 174 / 175


@rule(
    174, "drop_aux_be_progressive", "Agreement",
    deps={"aux"}, tags={"VBG"},
    examples=[
        ("So you are always thinking about where you go to work.",
         "So you always thinking about where you go to work."),
        ("She's working late because the kids are sleeping.",
         ["She working late because the kids sleeping.",
          "She working late because the kids are sleeping.",
          "She's working late because the kids sleeping."]),
        ("My brother is not coming tonight.", "My brother not coming tonight."),
        ("I'm reading a book that is selling well.", "I reading a book that is selling well."),
        ("You’re always thinking about work.", "You always thinking about work."),
    ],
    negatives=[
        "Are you coming tonight?",
        "What is she doing?",
        "He was running when I saw him.",
        "She isn't working today.",
        "I am going to call him.",
        "The movie is boring.",
    ],
)
def drop_aux_be_progressive(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Auxiliary *be* deleted before a progressive: *you always thinking*, *she working late*.

    Only present-tense *am/is/are* (full or contracted) in declarative order with an overt
    subject before it; not after a relative pronoun (*a book that is selling*), not in
    questions (inverted *be*), not before *n't* (deleting the host would rewrite *isn't* as
    *not*), not past *was/were*, and not before *going to*/*gonna* (feature 175)."""
    for aux in index.by_dep.get("aux", ()):
        if _deletable_be(aux) and not _is_going_to_future(aux.head):
            yield site(Delete(aux.i))


@rule(
    175, "drop_aux_be_gonna", "Agreement",
    deps={"aux"}, tags={"VBG"},
    examples=[
        ("I'm gonna go to work.", "I gonna go to work."),
        ("We are going to win this game.",
         ["We going to win this game.", "We gonna win this game."]),
        ("He says it's going to rain.", ["He says it going to rain.", "He says it gonna rain."]),
    ],
    negatives=[
        "Are you going to eat that?",
        "I'm going to the store.",
        "She was going to call you.",
        "He isn't going to win.",
    ],
)
def drop_aux_be_gonna(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Auxiliary *be* deleted before the *gonna*/*going to* future: *I gonna go work*.

    Same conditions as 174 (present tense, declarative, overt non-relative subject, no *n't*).
    *going to* may also be realised as *gonna*, the form the feature is named after; motion
    *going to the store* is a progressive, not this future."""
    for aux in index.by_dep.get("aux", ()):
        if not (_deletable_be(aux) and _is_going_to_future(aux.head)):
            continue
        going = aux.head
        to = going.nbor(1) if going.i + 1 < len(doc) else None
        if going.lower_ == "going" and to is not None and to.lower_ == "to":
            yield site(Delete(aux.i), alternatives=((Delete(aux.i), Replace(going.i, "gonna"),
                                                     Delete(to.i)),))
        else:
            yield site(Delete(aux.i))


def _deletable_be(aux: Token) -> bool:
    """Finite present auxiliary *be* of a progressive, after an overt declarative subject."""
    if not _is_be(aux) or aux.dep_ != "aux" or aux.lower_ not in PRESENT_BE:
        return False
    verb = aux.head
    if verb.tag_ != "VBG" or verb.i < aux.i:
        return False
    subject = clause_subject(aux)
    if subject is None or subject.i > aux.i or is_relative_pronoun(subject):
        return False
    nxt = aux.nbor(1) if aux.i + 1 < len(aux.doc) else None
    return not (nxt is not None and nxt.lower_ in ("n't", "n’t"))


def _is_be(tok: Token) -> bool:
    """*be* by lemma, or a curly-apostrophe clitic (*’re*, *’m*) the lemmatiser leaves as is."""
    return tok.lemma_ == "be" or (tok.lower_ in ("’re", "’m") and tok.tag_ == "VBP")


def _is_going_to_future(verb: Token) -> bool:
    """*going to* + bare verb, or *gon na* + verb: the future, not motion."""
    if verb.lemma_ != "go" or verb.tag_ != "VBG":
        return False
    if verb.lower_ == "gon":
        return True
    for child in verb.children:
        if child.dep_ == "xcomp" and child.tag_ == "VB":
            return any(c.dep_ == "aux" and c.lower_ in ("to", "na") for c in child.children)
    return False


# --------------------------------------------------------------------------- 180


@rule(
    180, "were_was", "Agreement",
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
def were_was(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*was* generalised to all persons in the past of *be*: *you was hungry*, *they was*.

    Affirmative *were* with a plural or second-person subject (a relative pronoun counts as
    its antecedent). *were* with a singular subject is the subjunctive (*if I were you*) and
    stays; negative *weren't* is left to the was/weren't split (163); existential *there
    were* is feature 172."""
    for tok in index.by_lemma.get("be", ()):
        if tok.lower_ != "were" or is_negated(tok):
            continue
        subject = clause_subject(tok)
        if subject is None or subject.dep_ == "expl":
            continue
        if person_number(referent(subject)) == "other":
            yield site(Replace(tok.i, "was"))
