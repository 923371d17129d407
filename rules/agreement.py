"""Agreement rules (eWAVE 170-180)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Delete, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, lemma_of, person_number, verb_lemma
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS as SUBJECT_DEPS
from multivalue_cli.engine.syntax import children, maybe_ing_adjective, morph_values
from multivalue_cli.engine.wordlists import wordlist

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


@rule(
    170, "uninflect", "Agreement",
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
        if tok.dep_ in NOMINAL_DEPS or (tok.dep_ != "aux" and not _has_subject(tok) and not any(
                c.dep_ == "compound" and c.i < tok.i for c in children(tok))):
            continue  # (the parser may hang the subject on as a compound: *the train leaves*)
        base = inflect_verb(lemma_of(tok), "VBP")
        if base and base.lower() != tok.lower_:
            yield site(Replace(tok.i, base))


# --------------------------------------------------------------------------- shared helpers

# Dependencies of nouns: a VBZ in one of them is a plural noun the tagger misread.
NOMINAL_DEPS = frozenset({"pobj", "dobj", "nsubj", "nsubjpass", "attr", "compound", "appos",
                          "npadvmod", "dative"})

# Present-tense forms of auxiliary "be" that varieties with copula/auxiliary deletion drop.
PRESENT_BE = frozenset({"is", "are", "am", "'s", "'re", "'m", "’s", "’re", "’m"})
FIRST_PERSON_BE = frozenset({"am", "'m", "’m"})


def clause_head(verb: Token) -> Token:
    """The token that carries the clause's dependents: the head of an auxiliary, else itself."""
    return verb.head if verb.dep_ in ("aux", "auxpass") else verb


def clause_subject(verb: Token) -> Token | None:
    """The nominal subject of the clause ``verb`` belongs to, if overt."""
    for child in children(clause_head(verb)):
        if child.dep_ in SUBJECT_DEPS:
            return child
    return None


def is_relative_pronoun(tok: Token) -> bool:
    return tok.tag_ in ("WP", "WDT") or "Rel" in morph_values(tok, "PronType")


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
        ("Why do they always leave before we arrive?",
         "Why do they always leave before we arrives?"),
        ("You always forget where I keep the keys.",
         "You always forgets where I keeps the keys."),
        ("I insist that you come with us.", "I insists that you come with us."),
        ("We know that they live nearby.", "We knows that they lives nearby."),
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
    is not a present tense and stays."""
    for tok in index.tag("VBP", "VB"):
        if tok.pos_ != "VERB" or tok.lemma_.lower() in ("be", "have", "do"):
            continue
        if any(c.dep_ in ("aux", "auxpass") for c in children(tok)):
            continue  # under do-support or a modal (*Does he still live ...?*), not finite
        if not (_has_subject(tok) and (tok.tag_ == "VBP" or _finite_bare_verb(tok))):
            continue
        if verb_lemma(tok.lower_) != tok.lower_:
            continue  # not a base form: the tagger's VBP on a past (*the lake we swam in*)
        if _subjunctive(tok):
            continue
        form = inflect_verb(lemma_of(tok), "VBZ")
        if form and form.lower() != tok.lower_:
            yield site(Replace(tok.i, form))


def _has_subject(verb: Token) -> bool:
    """An overt subject before the verb, or on the verb it is coordinated with."""
    subject = clause_subject(verb)
    if subject is not None:
        return subject.i < verb.i
    return verb.dep_ == "conj" and verb.head.tag_ in ("VBP", "VBZ") and _has_subject(verb.head)


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
    if any(c.dep_ == "mark" and c.lower_ in ("than", "as") for c in children(verb)):
        return False
    return any(c.i > verb.i and c.dep_ in ("attr", "nsubj", "dobj") and _plural_phrase(c)
               for c in children(verb))


def _plural_phrase(noun: Token) -> bool:
    if noun.tag_ == "CD" or noun.lower_ in ("many", "several", "few", "both"):
        return True
    if person_number(noun) == "other":
        return True
    # a lot of people, a number of reasons: the plural is the object of "of"
    return any(c.dep_ == "prep" and c.lower_ == "of" and any(
        g.dep_ == "pobj" and g.tag_ in ("NNS", "NNPS") for g in children(c))
        for c in children(noun))


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
        ("You're reading a book that is selling well.", "You reading a book that is selling well."),
        ("You’re always thinking about work.", "You always thinking about work."),
        ("My neighbours are painting their house.", "My neighbours painting their house."),
        ("We're worrying about the exam.", "We worrying about the exam."),
        ("The kids are playing outside, and their mother is cooking dinner.",
         ["The kids playing outside, and their mother cooking dinner.",
          "The kids playing outside, and their mother is cooking dinner.",
          "The kids are playing outside, and their mother cooking dinner."]),
    ],
    negatives=[
        "Are you coming tonight?",
        "What is she doing?",
        "He was running when I saw him.",
        "She isn't working today.",
        "I am going to call him.",
        "I'm working late.",
        "It's getting late.",
        "Every plant I bought is still growing.",
        "The movie is boring.",
        "The news is worrying.",
        "His jokes are very annoying.",
        "Which friend is always cheating on their partner?",
        "Which person is wearing a hat?",
        "A couple of my friends, one tall and one short, are attending the party.",
    ],
)
def drop_aux_be_progressive(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Auxiliary *be* deleted before a progressive: *you always thinking*, *she working late*.

    Only present-tense *is/are* (full or contracted; *I'm* keeps its verb in the varieties)
    in declarative order with an overt subject before it (not one with a relative clause,
    which the deletion would run together with the verb) and not *it/that/what* (whose *'s*
    the varieties keep); not after a relative pronoun (*a book that is selling*), not in
    questions (inverted *be*, or a wh-subject: *which person wearing a hat?* reads as a
    fragment), not after a parenthetical closing the subject (*my friends, one tall and one
    short, attending*), not before *n't* (deleting the host would rewrite *isn't* as *not*),
    not past *was/were*, not before an -ing adjective (*the news is worrying* is a copula), and
    not before *going to*/*gonna* (feature 175)."""
    for aux in index.by_dep.get("aux", ()):
        if _deletable_be(aux) and not _is_going_to_future(aux.head):
            yield site(Delete(aux.i))


@rule(
    175, "drop_aux_be_gonna", "Agreement",
    deps={"aux"}, tags={"VBG"},
    examples=[
        ("We're gonna go to work.", "We gonna go to work."),
        ("We are going to win this game.",
         ["We going to win this game.", "We gonna win this game."]),
        ("He says she's going to win.", ["He says she going to win.", "He says she gonna win."]),
    ],
    negatives=[
        "Are you going to eat that?",
        "I'm going to the store.",
        "She was going to call you.",
        "He isn't going to win.",
        "I'm gonna go to work.",
        "It's going to rain.",
    ],
)
def drop_aux_be_gonna(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Auxiliary *be* deleted before the *gonna*/*going to* future: *I gonna go work*.

    Same conditions as 174 (present *is/are*, declarative, overt non-relative subject, no *n't*).
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
    if aux.lower_ in FIRST_PERSON_BE:
        return False  # *I'm* keeps its verb in the varieties that drop *is/are*
    verb = aux.head
    if verb.tag_ != "VBG" or verb.i < aux.i:
        return False
    subject = clause_subject(aux)
    if subject is None or subject.i > aux.i or is_relative_pronoun(subject):
        return False
    if any(c.dep_ in ("relcl", "acl") for c in children(subject)):
        return False  # *every plant I bought still growing* reads as one clause
    if subject.lower_ in KEEPS_COPULA:
        return False  # *it's*, *that's*, *what's* keep their verb (see 176-178)
    if any(t.tag_ in WH_TAGS for t in subject.subtree) or maybe_ing_adjective(verb):
        return False  # *which person wearing a hat?*; *the news is worrying* (a copula)
    if aux.i > 0 and aux.doc[aux.i - 1].is_punct:
        return False  # *my friends, one tall and one short, attending* reads as a fragment
    nxt = aux.nbor(1) if aux.i + 1 < len(aux.doc) else None
    return not (nxt is not None and nxt.lower_ in ("n't", "n’t"))


def _is_be(tok: Token) -> bool:
    """*be* by lemma, or a curly-apostrophe clitic (*’re*, *’m*) the lemmatiser leaves as is."""
    return tok.lemma_ == "be" or (tok.lower_ in ("’re", "’m") and tok.tag_ == "VBP")


# The lemmatiser leaves curly-apostrophe clitics as themselves (or as a bare apostrophe).
CURLY_BE_LEMMAS = ("’", "’s", "’re", "’m")


def _is_be_verb(tok: Token) -> bool:
    """*be* (any form) by lemma, or a curly *’s/’re* tagged as a present verb that is not
    an auxiliary of a participle (where *’s* may be *has*)."""
    if tok.lemma_ == "be":
        return True
    return (tok.lower_ in ("’s", "’re", "’m") and tok.tag_ in ("VBZ", "VBP")
            and tok.dep_ not in ("aux", "auxpass"))


def _is_going_to_future(verb: Token) -> bool:
    """*going to* + bare verb, or *gon na* + verb: the future, not motion."""
    if verb.lemma_ != "go" or verb.tag_ != "VBG":
        return False
    if verb.lower_ == "gon":
        return True
    for child in children(verb):
        if child.dep_ == "xcomp" and child.tag_ == "VB":
            return any(c.dep_ == "aux" and c.lower_ in ("to", "na") for c in children(child))
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


# --------------------------------------------------------------------------- 173


# Determiners that make the associate definite: *there's the bus* presents a known thing,
# which *it's the bus* would turn into an identification.
DEFINITE_DETS = frozenset({"the", "this", "that", "these", "those"})


@rule(
    173, "existential_it", "Agreement",
    deps={"expl"}, lemmas={"be", *CURLY_BE_LEMMAS},
    examples=[
        ("There is a new person here.", "It is a new person here."),
        ("There's a man at the door, and he looks upset.",
         "It's a man at the door, and he looks upset."),
        ("I think there was a lot of food left.", "I think it was a lot of food left."),
        ("Everybody knows there’s something wrong with her.",
         "Everybody knows it’s something wrong with her."),
    ],
    negatives=[
        "Is there a doctor here?",
        "There are two men outside.",
        "There isn't a seat free.",
        "There's the bus.",
        "I found more problems than there were last year.",
        "There seems to be a problem.",
        "And there's more.",
        "There is nothing better than soup.",
        "There's a man who wants to see you.",
    ],
)
def existential_it(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Dummy *it* for existential *there*: *It's a new person here*, *it was a lot of food*.

    Declarative *there* + finite singular *be* (*is, 's, was*) with an indefinite associate
    after it. Plural *are/were* would need the verb changed too (feature 172 does that for
    *there*); a negated existential with *it* (*it isn't a seat free*) reads as a referring
    pronoun, a definite associate (*there's the bus*) is presentational, and one with a
    relative clause would read as a cleft (*it's a man who ...*), so these stay."""
    for there in index.by_dep.get("expl", ()):
        be = there.head
        if be.i != there.i + 1 or be.lower_ not in ("is", "was", "'s", "’s"):
            continue
        if not _is_be_verb(be):
            continue
        if is_negated(be) or there.lower_ != "there":
            continue
        associate = _associate(be)
        if associate is not None and _nominal(associate) and not (
                _definite(associate) or _compared(associate) or _relativised(associate)):
            yield site(Replace(there.i, "it"))


def _associate(be: Token) -> Token | None:
    """The noun phrase existential *be* introduces (None at the end of a comparison)."""
    if any(c.dep_ == "mark" and c.lower_ in ("than", "as") for c in children(be)):
        return None
    return next((c for c in children(be)
                 if c.i > be.i and c.dep_ in ("attr", "nsubj", "dobj")), None)


def _compared(noun: Token) -> bool:
    """*there is nothing better than soup*: *it is nothing better* would compare a referent."""
    return any(t.tag_ in ("JJR", "RBR") or t.lower_ == "than" for t in noun.subtree)


def _relativised(noun: Token) -> bool:
    """*there's a man who wants to see you*: with *it* it reads as a cleft (*it's a man
    who ...*, not a woman), so the meaning would change."""
    return any(c.dep_ == "relcl" and c.i > noun.i for c in children(noun))


def _nominal(noun: Token) -> bool:
    """A noun phrase head; *there's more* has none, and *it's more* would compare."""
    return noun.pos_ in ("NOUN", "PROPN", "NUM") or noun.lower_ in INDEFINITE_PRONOUNS


def _definite(noun: Token) -> bool:
    if noun.pos_ in ("PROPN", "PRON") and noun.lower_ not in INDEFINITE_PRONOUNS:
        return True
    return any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in DEFINITE_DETS)
               for c in children(noun))


INDEFINITE_PRONOUNS = frozenset({
    "something", "someone", "somebody", "anything", "anyone", "anybody", "nothing", "nobody",
    "everything", "everyone", "everybody", "one", "lots", "plenty", "much", "many", "none",
})


# --------------------------------------------------------------------------- 176-178
# Copula deletion. The validators of such rules rated wrong deletions worst, so the copula
# goes only where the varieties drop it: finite present *is/are* (not *am*), after an overt
# subject in declarative order, and before an overt predicate of the feature's kind. It
# stays in questions and inversions, before a gap (*Yes, he is.*, *I know who he is*), with
# existential *there*, after relative and wh-subjects, before *n't* (whose host would go),
# and after *it/that/what*, whose *'s* the varieties keep (*it's*, *that's*).

COPULA_FORMS = frozenset({"is", "are", "'s", "'re", "’s", "’re"})
KEEPS_COPULA = frozenset({"it", "that", "what"})
LOCATIVE_PREPS = frozenset({
    "at", "in", "on", "inside", "outside", "under", "underneath", "below", "beneath", "above",
    "over", "behind", "beside", "near", "between", "among", "around", "across", "within",
    "upstairs", "downstairs", "next",
})
LOCATIVE_ADVERBS = frozenset({
    "here", "there", "home", "outside", "inside", "upstairs", "downstairs", "away", "back",
    "abroad", "nearby", "downtown", "overseas",
})


def copula_predicate(be: Token) -> tuple[str, Token] | None:
    """('NP' | 'AP' | 'LOC', predicate) for a deletable present copula, else None."""
    if not _deletable_copula(be):
        return None
    for child in children(be):
        if child.i <= be.i:
            continue
        kind = _predicate_kind(child)
        if kind:
            return kind, child
    return None


def _deletable_copula(be: Token) -> bool:
    if be.lower_ not in COPULA_FORMS or not _is_be_verb(be) or be.tag_ not in ("VBZ", "VBP"):
        return False
    if be.dep_ in ("aux", "auxpass") or (be.text.isupper() and len(be.text) > 1):
        return False  # auxiliary (features 174/175), or stressed IS
    if any(c.dep_ in ("aux", "auxpass", "expl") for c in children(be)):
        return False
    nxt = be.nbor(1) if be.i + 1 < len(be.doc) else None
    if nxt is not None and nxt.lower_ in ("n't", "n’t"):
        return False
    subject = clause_subject(be)
    return (subject is not None and subject.i < be.i and _plain_subject(subject)
            and not _wh_before(be, be.i))


WH_TAGS = frozenset({"WP", "WDT", "WP$", "WRB"})


def _wh_before(head: Token, end: int) -> bool:
    """A wh-word before token ``end`` in the main clause ``head``: a question (*Which
    students have ...?*, where the parser may take *which* for an object). Embedded
    questions keep their order and may lose the verb (*I know why he so angry*)."""
    if head.dep_ != "ROOT":
        return False
    return any(t.tag_ in WH_TAGS for c in children(head) if c.i < end for t in c.subtree)


def _plain_subject(subject: Token) -> bool:
    """A noun or personal pronoun subject, not a relative or interrogative one."""
    if subject.pos_ not in ("NOUN", "PROPN", "PRON") or subject.lower_ in KEEPS_COPULA:
        return False
    if any(c.dep_ in ("relcl", "acl", "appos") for c in children(subject)):
        return False  # *the book I was reading on the shelf* would read as one clause
    return not any(t.tag_ in WH_TAGS for t in subject.subtree)


def _predicate_kind(child: Token) -> str | None:
    if child.dep_ == "attr":
        if child.lower_ in LOCATIVE_ADVERBS and not any(True for _ in children(child)):
            return "LOC"  # she's home: the parser reads home as a noun
        if child.pos_ in ("NOUN", "PROPN", "NUM") or (child.pos_ == "PRON" and child.tag_ == "PRP"):
            return "NP"
        return None
    if child.dep_ == "acomp" and child.lower_ in LOCATIVE_ADVERBS:
        return "LOC"  # my brother is upstairs
    if child.dep_ == "acomp" and child.pos_ == "ADJ":
        return "AP"
    if child.dep_ == "prep" and child.lower_ in LOCATIVE_PREPS:
        objects = [c for c in children(child) if c.dep_ in ("pobj", "pcomp", "prep")]
        if not objects or any(_temporal(o) for o in objects):
            return None  # stranded (*the house he is in*) or a time (*at noon*)
        return "LOC"
    if child.dep_ == "advmod" and child.lower_ in LOCATIVE_ADVERBS:
        return "LOC"
    return None


# Nouns that make *at/on/in* + noun a time, not a place (*the meeting is at noon*).
TIME_NOUNS = frozenset({
    "noon", "midnight", "night", "morning", "afternoon", "evening", "dawn", "dusk", "weekend",
    "moment", "time", "minute", "hour", "day", "week", "month", "year", "season", "future",
    "past", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "spring", "summer", "autumn", "fall", "winter",
})


def _temporal(obj: Token) -> bool:
    return obj.tag_ == "CD" or obj.lemma_.lower() in TIME_NOUNS


def _copula_sites(index: DocIndex, kind: str) -> Iterator[Site]:
    for be, found_kind in _deletable_copulas(index):
        if found_kind == kind:
            yield site(Delete(be))


_COPULAS_KEY = "multivalue.agreement.copulas"


def _deletable_copulas(index: DocIndex) -> list[tuple[int, str]]:
    """``(position, kind)`` of every deletable copula in the document, in document order.
    The three copula rules (176-178) ask, so it is worked out once per document."""
    user_data = index.doc.user_data
    found = user_data.get(_COPULAS_KEY)
    if found is None:
        found = user_data[_COPULAS_KEY] = [
            (be.i, predicate[0]) for be in index.lemma("be", *CURLY_BE_LEMMAS)
            if (predicate := copula_predicate(be)) is not None]
    return found


@rule(
    176, "drop_copula_be_NP", "Agreement",
    lemmas={"be", *CURLY_BE_LEMMAS},
    examples=[
        ("He is a good teacher.", "He a good teacher."),
        ("My sister is a nurse, isn't she?", "My sister a nurse, isn't she?"),
        ("I think you’re the best player on the team.",
         "I think you the best player on the team."),
        ("They are not my friends.", "They not my friends."),
    ],
    negatives=[
        "Who is your teacher?",
        "It's a good movie.",
        "I know who he is.",
        "Yes, he is.",
        "There is a teacher here.",
        "I am a teacher.",
        "He isn't a teacher.",
        "The man who is my teacher left.",
    ],
)
def drop_copula_be_NP(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Copula deletion before a noun phrase: *He a good teacher*, *you my best friend*.

    Present *is/are/'s/'re* (not *am*) after an overt noun or pronoun subject (not *it, that,
    what*, not relative or wh-), in declarative order, before a noun-phrase predicate; not
    in questions, before a gap, before *n't*, or with existential *there*."""
    return _copula_sites(index, "NP")


@rule(
    177, "drop_copula_be_AP", "Agreement",
    lemmas={"be", *CURLY_BE_LEMMAS},
    examples=[
        ("She is smart.", "She smart."),
        ("The food's really good, but the rooms are too small.",
         ["The food really good, but the rooms too small.",
          "The food really good, but the rooms are too small.",
          "The food's really good, but the rooms too small."]),
        ("If you’re hungry, eat something.", "If you hungry, eat something."),
        ("Do you know why he is so angry?", "Do you know why he so angry?"),
        ("The food is good, but the service is not.", "The food good, but the service is not."),
    ],
    negatives=[
        "Is she smart?",
        "How old is he?",
        "That's right.",
        "I know how old she is.",
        "Reading is fun.",
        "Dogs that bark a lot are annoying.",
        "I'm tired.",
        "She isn't tall.",
    ],
)
def drop_copula_be_AP(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Copula deletion before an adjective phrase: *She smart*, *the rooms too small*.

    Same conditions as 176 (present *is/are*, overt plain subject before it, declarative,
    no *n't*), before an adjective predicate."""
    return _copula_sites(index, "AP")


@rule(
    178, "drop_copula_be_locative", "Agreement",
    lemmas={"be", *CURLY_BE_LEMMAS},
    examples=[
        ("He is at home.", "He at home."),
        ("The keys are on the table, so we're here.",
         ["The keys on the table, so we here.", "The keys on the table, so we're here.",
          "The keys are on the table, so we here."]),
        ("She's home now.", "She home now."),
        ("I don't know if my brother is upstairs.", "I don't know if my brother upstairs."),
    ],
    negatives=[
        "Where is the station?",
        "This is the house my brother is in.",
        "She is from Texas.",
        "The book is by Tolkien.",
        "He is like his father.",
        "The meeting is at noon.",
        "The book I was reading is on the shelf.",
        "Is he at home?",
        "I'm at home.",
    ],
)
def drop_copula_be_locative(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Copula deletion before a locative: *She at home*, *we here*.

    Same conditions as 176, before a locative preposition with an object that is not a time
    (*at home*, not *at noon*, not a stranded *is in*) or a place adverb (*here, upstairs*);
    *from*, *like*, *by* and *into* are not locatives here."""
    return _copula_sites(index, "LOC")


# --------------------------------------------------------------------------- 179

HAVE_FORMS = frozenset({"have", "has", "'ve", "’ve"})
# *'s* is *has* only before these participles; *he's gone/finished* may be *is*.
HAS_CLITIC_BEFORE = frozenset({"been", "got", "gotten"})


@rule(
    179, "drop_aux_have", "Agreement",
    tags={"VBN"},
    examples=[
        ("I have eaten my lunch.", "I eaten my lunch."),
        ("We've got a problem.", "We got a problem."),
        ("He's been there twice, and she has never seen it.",
         ["He been there twice, and she never seen it.",
          "He been there twice, and she has never seen it.",
          "He's been there twice, and she never seen it."]),
        ("I think they have already gone home.", "I think they already gone home."),
    ],
    negatives=[
        "Have you eaten?",
        "I haven't eaten.",
        "I would have gone.",
        "She has to go.",
        "He's gone.",
        "Yes, I have.",
        "People who have seen it love it.",
        "The man who lives next door has gone away.",
        "I had eaten.",
        "She has lived here for ten years.",
        "Which students have never taken a math class?",
    ],
)
def drop_aux_have(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Perfect auxiliary *have* deleted: *I eaten my lunch*, *we got a problem*.

    Only before participles unlike the simple past (*eaten, been, seen, done*) and *got*;
    *has lived* -> *lived* would be the Standard simple past with another meaning.
    Finite present *have/has/'ve* (and *'s* before *been/got*) as the auxiliary of a
    participle after it, with an overt, non-relative subject before it. Questions,
    *haven't/have not* (the negation would be stranded), modal *would have*, past *had*,
    ellipsis (*Yes, I have*) and *have to* stay."""
    for verb in index.by_tag.get("VBN", ()):
        for aux in children(verb):
            if aux.i < verb.i and aux.dep_ in ("aux", "auxpass") and _perfect_have(aux, verb):
                yield site(Delete(aux.i))


def _perfect_have(aux: Token, verb: Token) -> bool:
    low = aux.lower_
    if low in ("'s", "’s"):
        if verb.lower_ not in HAS_CLITIC_BEFORE:
            return False
    elif low not in HAVE_FORMS or aux.lemma_.lower() != "have" or aux.tag_ not in ("VBP", "VBZ"):
        return False
    if is_negated(aux):
        return False
    if not _distinct_participle(verb) or _wh_before(verb, aux.i):
        return False
    subject = next((c for c in children(verb) if c.dep_ in SUBJECT_DEPS), None)
    return (subject is not None and subject.i < aux.i and not is_relative_pronoun(subject)
            and not any(t.tag_ in WH_TAGS for t in subject.subtree)
            and not any(c.dep_ in ("relcl", "acl") for c in children(subject)))


def _distinct_participle(verb: Token) -> bool:
    """Whether the bare participle still shows the perfect: *I eaten*, *he been*, *we got*
    (possessive *have got*). Where it equals the simple past (*she has lived* -> *she lived*)
    the result is Standard English with another tense and meaning, not this feature."""
    low = verb.lower_
    if low in ("got", "gotten"):
        return True
    past = inflect_verb(lemma_of(verb), "VBD")
    return past is not None and past.lower() != low
