"""*It* (eWAVE 4, 41, 45-47): another form for dummy *it*, *it* for plural *they*, *it* added
where Standard English has none, and *it* left out of *it is* constructions."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.animacy import could_be_person, fill_in_blank
from multivalue_cli.engine.antecedents import (
    PLUR, across_quotation, antecedent, bound_by_subject, candidates, enclosing_nouns, is_animate,
    is_it, lemma, noun_number,
)
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.it_classifier import (
    DUMMY, EXTRAPOSITION, UNRESOLVED, WEATHER_TIME, classify_it, extraposed_noun_infinitive,
    is_dummy_it, raised_into_passive,
)
from multivalue_cli.engine.morphology import inflect_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS, SUBJECT_DEPS, children, nominal_subject

from .common import (
    finite_of, identifies_person, in_tag_question, is_question, next_token, previous_token,
    sentence_start,
)


BE_FORMS = frozenset({"is", "was", "'s", "’s"})


@rule(
    "pleonastic_that",
    lemmas={"it"},
    examples=[
        ("It's raining.", ["That's raining.", "Thass raining."]),
        ("Is it still snowing outside?", "Is that still snowing outside?"),
        ("We should go, because it's five o'clock already and it was nice to meet you.",
         ["We should go, because that's five o'clock already and that was nice to meet you.",
          "We should go, because thass five o'clock already and that was nice to meet you."]),
        ("It doesn't take long to get there.", "That doesn't take long to get there."),
        ('When it snows, the roads close.',
         'When that snows, the roads close.'),
        ('It was her birthday yesterday.',
         'That was her birthday yesterday.'),
        ("It's up to you.",
         ["That's up to you.", 'Thass up to you.']),
    ],
    negatives=[
        "The car broke down and it needs a new engine.",
        "I like it here.",
        "It is easy to use.",
        "It is important that we leave early.",
        "It was John who broke the window, wasn't it?",
        'It turns out the car was stolen.',
        'Take the umbrella in case it rains.',
        'She said it was late.',
        'The bus came, but it was late.',
        'I dropped the vase and it broke.',
        # a wh-question (*what is that ...?*), a thing raised from a passive infinitive
        'What is it polite to say to a host?',
        'What does it cost to mail a parcel to Spain?',
        'I bought a rug. Was it supposed to be washed by hand?',
    ],
)
def pleonastic_that(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*That* (East Anglian *thass* for *that's*) for dummy *it*: *thass rainen* 'it's
    raining'. Only a subject *it* the finder recognises as dummy: weather, time and distance,
    extraposition and raising without a *that*/wh- clause (*that's nice to meet you*, *that
    looks like rain*). Clefts, *that is important that ...* (two *that*s that read as a
    demonstrative) and tag questions keep *it*."""
    for tok in index.by_lemma.get("it", ()):
        reading = classify_it(tok)
        if reading is None or reading.kind not in THAT_READINGS or in_tag_question(index, tok):
            continue
        if tok.dep_ not in NOMINAL_SUBJECT_DEPS or raised_into_passive(tok):
            continue  # *was it supposed to be watched?*: the thing to be watched
        if _after_wh_word(index, tok):
            continue
        if reading.kind != WEATHER_TIME and _clause_with_complementizer(index, tok):
            continue
        if _that_would_be_complementizer(index, tok) or _clause_after(tok):
            continue
        nxt = next_token(index, tok)
        if nxt is not None and nxt.lower_ in ("'s", "’s"):
            yield site(Replace(tok.i, "that"),
                       alternatives=((Replace(tok.i, "thass"), Delete(nxt.i)),))
        else:
            yield site(Replace(tok.i, "that"))


# Dummies that *that* replaces: weather and time, extraposition and raising (clefts keep *it*).
THAT_READINGS = frozenset({WEATHER_TIME, EXTRAPOSITION, DUMMY})


# Words after which *that* opens a clause: *so that*, *now that*, *in case that*.
COMPLEMENTIZER_HOSTS = frozenset({"so", "now", "case", "except", "given", "provided"})


def _that_would_be_complementizer(index: DocIndex, tok: Token) -> bool:
    """*she said it was late* -> *she said that was late*, *the day it rained* -> *the day
    that rained*: after a verb, adjective or noun (or *so*, *in case*), *that* reads as a
    complementizer or relative, and the clause loses its subject."""
    prev = previous_token(index, tok)
    if prev is None or tok.head.i in (prev.i, prev.head.i):
        return False  # *is it still snowing?*: the verb before is the pronoun's own
    return prev.pos_ in ("VERB", "AUX", "ADJ", "NOUN", "PROPN") or prev.lower_ in COMPLEMENTIZER_HOSTS


def _after_wh_word(index: DocIndex, tok: Token) -> bool:
    """*what is it illegal to do?*, *what does it take to ...?*: in a question whose wh-word
    is a pronoun argument (*what*, *who*, *which*), *that* after it and its verb makes the
    demonstrative question *what is that?*. (A wh-adverb leaves the dummy reading: *how long
    will that take him?*)"""
    return index.in_question(tok.i) and any(
        c.tag_ in ("WP", "WDT") and c.i < tok.i for c in index.children(tok.head.i))


def _clause_after(tok: Token) -> bool:
    """*it turns out the car was stolen*: a bare clause after a raising verb would read as
    the complement of a demonstrative *that*."""
    head = tok.head
    return any(c.dep_ == "ccomp" and c.i > head.i for c in children(head))


def _clause_with_complementizer(index: DocIndex, tok: Token) -> bool:
    """A *that*/*whether*/wh- clause later in the sentence: *that is important that ...*
    would read as a demonstrative with a stray clause."""
    later = (index.tokens[i] for i in range(tok.i + 1, index.sentence_end(tok.i)))
    return any((t.dep_ == "mark" and t.lower_ in ("that", "whether", "if"))
               or t.tag_ in ("WDT", "WP", "WRB") for t in later)


@rule(
    "anaphoric_it",
    lemmas={"they", "them", "their"},
    examples=[
        ("Those books are very informative. They can be bought at Dillon's.",
         "Those books are very informative. It can be bought at Dillon's."),
        ("I bought new shoes, but they don't fit.", "I bought new shoes, but it doesn't fit."),
        ("The biscuits were fresh. They're delicious, and I ate them all.",
         "The biscuits were fresh. It's delicious, and I ate it all."),
        ("The new chairs arrived today. Are they comfortable?",
         "The new chairs arrived today. Is it comfortable?"),
        ('The apples were ripe, so we picked them.',
         'The apples were ripe, so we picked it.'),
        ('I ordered new curtains, and they arrived today.',
         'I ordered new curtains, and it arrived today.'),
        ('The tomatoes are cheap. Their skins are thin.',
         'The tomatoes are cheap. Its skins are thin.'),
        ('We washed the cups and their saucers.',
         'We washed the cups and its saucers.'),
        ('Show all rivers and their lengths.',
         'Show all rivers and its lengths.'),
        ('The old houses and their gardens were sold.',
         'The old houses and its gardens were sold.'),
        ('Show the films and their directors.',
         'Show the films and its directors.'),
        ('The new ships and their captains left the harbour.',
         'The new ships and its captains left the harbour.'),
    ],
    negatives=[
        "My parents called and they said hello.",
        "The books and the pens are here. They were cheap.",
        "They say it will rain.",
        'My friend has good relationships with their partner.',
        'The doctor lost the files, and they were upset.',
        'The students left their bags here.',
        'We sold the lamps and the shades because they were old.',
        'The shop repairs old clocks and their cases.',
        'The boys and their dogs ran off.',
        'Both the tall person and their partner were late.',
        'The doctors and their nurses left early.',
        # their may be the subject's own (singular they), a person or a blank for one
        '_ stopped eating apples for their heart health, since Tom was ill and Ben was not.',
        'Kim eats raw carrots for their skin health.',
        # plural people nearby whom they may mean
        'Studies of young teachers show that they often feel tired.',
        'Surveys of adults show that they sleep less in summer.',
        # *it all* as subject reads as 'everything'
        'The boats left the harbour and they all sailed north.',
        'When the lights go out the boats all stop and they all wait until they can see.',
        # a counted antecedent: the number makes the items separate
        'Three old bridges cross the river, and they were built in stone.',
        # impersonal *they*: the noun of its own clause, or of quoted speech, is not its
        # antecedent; nor is the object of its own verb
        'In the old boxes they keep spare buttons.',
        '"We need new tyres," they said.',
        'Those books are old. In the shops they sell them cheaply.',
        # *it* would take the noun the clause describes
        'The water carried by rivers as they flow is cold.',
        # a *their* of the same sentence that stays plural
        'The plants have thick leaves that help them to keep their water.',
        # *their* for *they're*
        'I read the new rules and think their going to help.',
    ],
)
def anaphoric_it(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Singular *it* for plural *they* in anaphoric use: *Those books are very informative.
    It can be obtained at ...*. Only *they*/*them*/*their* with a clear plural antecedent that
    is a common noun for things (people and unclear antecedents keep *they*), and only when no
    singular noun nearby could be read as the new *it*; a subject's finite verb agrees
    (*they don't fit* -> *it doesn't fit*). A *their* in a conjunct of its own antecedent
    (*the films and their directors* -> *its directors*) counts, a conjunct that holds no
    pronoun makes several antecedents. Benchmark prose mostly refers back to people, so
    plural things taken up by *they* are rare there."""
    pronouns = [tok for tok in index.lemma("they", "them", "their") if tok.tag_ in ("PRP", "PRP$")]
    changed = {tok.i: _it_for_they(doc, index, tok) for tok in pronouns}
    for tok in pronouns:
        edits = changed[tok.i]
        if edits is None:
            continue
        ante = antecedent(tok)
        if any(changed[other.i] is None and index.sentence_of[other.i] == index.sentence_of[tok.i]
               and antecedent(other) in (None, ante) for other in pronouns):
            continue  # "allow them to blend into their environment": a *they* of the same
            # sentence that stays plural would stand next to *it* for the same things
        if any(other.i != tok.i and other.tag_ == "PRP" and tok.tag_ == "PRP"
               and other.head.i == tok.head.i for other in pronouns):
            continue  # "in the shops they sell them": co-arguments of one verb are not the
            # same things, so one of them is someone else (an impersonal *they*)
        yield site(*edits)


def _it_for_they(doc: Doc, index: DocIndex, tok: Token) -> tuple[Replace, ...] | None:
    """The edits that make ``tok`` (*they*, *them*, *their*) singular, or None where it keeps
    its plural form."""
    if tok.tag_ == "PRP$" and tok.dep_ in NOMINAL_SUBJECT_DEPS:
        return None  # "think their talking about": *they're* misspelt, a subject
    ante = antecedent(tok)
    if ante is None or ante.pos_ != "NOUN" or ante.tag_ != "NNS" or noun_number(ante) != PLUR \
            or is_animate(ante) is not False:
        return None
    if bound_by_subject(tok, ante) or across_quotation(tok, ante):
        return None  # "in between interviews they show ...": impersonal *they*, not the
        # noun of its own clause; nor a noun of the quoted speech before it
    if _coordinated_with_others(ante, tok):
        return None  # "the books and the pens": several things, not one plural noun
    if any(c.dep_ == "nummod" for c in children(ante)):
        return None  # "two species ... makes them more similar": counted, separate things
    if any(t.lower_ == "they" and t.dep_ in NOMINAL_SUBJECT_DEPS and _floating_quantifier(t)
           and antecedent(t) is not None and antecedent(t).i == ante.i
           for t in doc[sentence_start(index, tok):tok.i + 1]):
        return None  # "they all go" -> "it all goes" would read as 'everything goes'; a
        # later *they* of the same sentence (*as fast as they can*) stays with it
    if _singular_they(tok, ante):
        return None  # "my friend has good relationships with their partner"
    if _subject_may_possess(tok, ante):
        return None  # "Anna avoids sweets for their teeth": the subject's own, one person
    if any(c.head.i != ante.i and (c.animate is not False or could_be_person(c.head))
           for c in candidates(tok)):
        return None  # "surveys of older adults show that they ...": people (or animals)
        # they may mean
    singular = "its" if tok.lower_ == "their" else "it"
    if any(c.head.i != ante.i for c in candidates(tok, as_form=singular)):
        return None  # "the keys were on the table ... find it" would mean the table
    if any(n.i != ante.i and noun_number(n) != PLUR and is_animate(n) is not True
           for n in enclosing_nouns(tok)):
        return None  # "the energy given up by electrons as they move": *it* would take
        # the noun the clause describes
    if tok.lower_ == "their":
        return (Replace(tok.i, "its"),)
    if tok.lower_ == "them":
        return (Replace(tok.i, "it"),)
    if tok.dep_ in NOMINAL_SUBJECT_DEPS:
        agreement = _singular_agreement(tok)
        if agreement is not None:
            return (Replace(tok.i, "it"), *agreement)
    return None


FLOATING_QUANTIFIERS = frozenset({"all", "both", "each"})


def _floating_quantifier(pron: Token) -> bool:
    """*they all go*, *they both left*: a quantifier floated off the subject pronoun; with
    *it* (*it all goes*) it reads as 'everything', or is no English (*it both*)."""
    doc = pron.doc
    return pron.i + 1 < len(doc) and doc[pron.i + 1].lower_ in FLOATING_QUANTIFIERS


def _coordinated_with_others(ante: Token, pron: Token) -> bool:
    """*the books and the pens ... they*: the antecedent is one of several conjuncts. A
    conjunct that holds the pronoun itself (*the cups and their saucers*) is the pronoun's
    own phrase, not another antecedent."""
    return any(c.dep_ == "conj" and not c.left_edge.i <= pron.i <= c.right_edge.i
               for c in children(ante))


def _singular_they(tok: Token, ante: Token) -> bool:
    """A *they* that may stand for one person: a person noun or name nearby that *he* or
    *she* could refer to, or a possessed noun that only people have (*their partner*) -
    unless the possessed noun is coordinated with the antecedent itself (*the films and their
    directors*), where the possessor can only be that first conjunct."""
    if candidates(tok, as_form="he") or candidates(tok, as_form="she"):
        return True
    if tok.lower_ != "their" or is_animate(tok.head) is not True:
        return False
    return not _possessor_of_conjunct(tok, ante)


def _subject_may_possess(pron: Token, ante: Token) -> bool:
    """A *their* inside a clause whose subject is another third person that may be a person
    (a name, a person noun, a cloze blank): the possessive most likely takes up that subject,
    as singular *they* (*_ avoids eating carrots for their eye health*), not the thing."""
    if pron.lower_ != "their":
        return False
    verb = pron.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    subject = nominal_subject(verb)
    while subject is None and verb.dep_ in ("xcomp", "conj", "advcl", "acl") and verb.head.i != verb.i:
        verb = verb.head
        subject = nominal_subject(verb)
    if subject is None or subject.i == ante.i or subject.lower_ in ("i", "we", "you"):
        return False
    return fill_in_blank(subject) or could_be_person(subject)


def _possessor_of_conjunct(pron: Token, ante: Token) -> bool:
    """*the films and their directors*: the pronoun possesses a conjunct of its antecedent."""
    owned = pron.head
    return pron.dep_ == "poss" and owned.dep_ == "conj" and owned.head.i == ante.i


def _singular_agreement(subject: Token) -> tuple[Replace, ...] | None:
    """Edits that make the finite verbs of ``subject`` (and verbs coordinated with its verb
    that have no subject of their own) third person singular; None if a verb cannot agree."""
    head = subject.head
    verbs = [head] + [c for c in children(head)
                      if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")
                      and not any(g.dep_ in NOMINAL_SUBJECT_DEPS for g in children(c))]
    edits: list[Replace] = []
    for verb in verbs:
        finite = finite_of(verb)
        if finite is None:
            return None
        form = _third_singular(finite)
        if form is None:
            return None
        if form != finite.lower_:
            edits.append(Replace(finite.i, form))
    return tuple(edits)


def _third_singular(finite: Token) -> str | None:
    low = finite.lower_
    if finite.tag_ in ("MD", "VBZ"):
        return low
    if finite.tag_ == "VBD":
        return "was" if low == "were" else low
    if low in ("'re", "'ve"):
        return "'s"
    if low in ("’re", "’ve"):
        return "’s"
    if lemma(finite) == "be":
        return "is"
    return inflect_verb(lemma(finite), "VBZ")


# Adjectives after "make" whose dummy object StE may leave out: "as I made (it) clear".
MAKE_ADJECTIVES = frozenset({"clear", "plain", "known", "explicit", "obvious", "possible", "evident"})


@rule(
    "it_dobj",
    lemmas={"make", "be", "have", "as"},
    examples=[
        ("As I made clear before, we will talk about solutions.",
         "As I made it clear before, we will talk about solutions."),
        ("As is the case elsewhere in Africa, much can still be done.",
         "As it is the case elsewhere in Africa, much can still be done."),
        ("The manager made clear that nobody would be fired.",
         "The manager made it clear that nobody would be fired."),
        ("He works harder than was necessary.", "He works harder than it was necessary."),
        ('As expected, the team lost the game.',
         'As it was expected, the team lost the game.'),
        ('The plan works as planned.',
         'The plan works as it is planned.'),
        ('As mentioned before, we closed early.',
         'As it was mentioned before, we closed early.'),
    ],
    negatives=[
        "She made it clear that she was angry.",
        "Make sure you lock the door.",
        "As you know, the store is closed.",
        "The report made the problem clear.",
        'As I expected, the team lost.',
        'She left as soon as possible.',
        'As it was expected, they won.',
        'She prefers tea as opposed to coffee.',
        'Prices rose, as compared with last year.',
        'Matthew was popular with the teachers as were Steven was with the pupils.',
    ],
)
def it_dobj(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Insertion of *it* where StE favours zero: *as I made it clear before*, *as it is the
    case elsewhere*. Three constructions: *make* + a predicate adjective such as *clear* with
    no object, a subjectless *as*/*than* clause whose first word is a finite *be*/*have*, and
    a reduced *as*-clause whose participle gets *it* and the copula of the main clause's
    tense (*as expected* -> *as it was expected*, the zero-subject *as was expected* of StE)."""
    for tok in index.lemma("make"):
        adj = _bare_make_adjective(tok)
        if adj is not None:
            yield site(Insert(adj.i, "it"))
    for tok in index.lemma("be", "have"):
        if _subjectless_comparative(index, tok):
            yield site(Insert(tok.i, "it"))
    for tok in index.by_tag.get("VBN", ()):
        if _reduced_as_clause(index, tok):
            yield site(Insert(tok.i, f"it {_be_in_tense_of(tok.head)}"))


def _reduced_as_clause(index: DocIndex, participle: Token) -> bool:
    """*as expected*, *as planned*, *as mentioned before*: a bare participle right after
    *as*, with no subject or auxiliary (StE may also say *as was expected*)."""
    if participle.dep_ != "advcl" or participle.i == 0:
        return False
    prev = previous_token(index, participle)
    if prev.lower_ != "as" or prev.dep_ != "mark" or prev.head.i != participle.i:
        return False
    if any(c.dep_ == "prep" and c.i == participle.i + 1 for c in index.children(participle.i)):
        return False  # *as opposed to*, *as compared with*: a preposition of comparison
    return not any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass", "dobj")
                   for c in index.children(participle.i))


def _be_in_tense_of(verb: Token) -> str:
    """*was* beside a past main clause, else *is*."""
    finite = finite_of(verb)
    return "was" if finite is not None and finite.tag_ == "VBD" else "is"


def _bare_make_adjective(make: Token) -> Token | None:
    kids = children(make)
    if any(c.dep_ in ("dobj", "nsubj", "dative") and c.i > make.i for c in kids):
        return None
    for child in kids:
        if child.dep_ in ("acomp", "ccomp", "oprd", "xcomp") and child.pos_ == "ADJ" \
                and child.lower_ in MAKE_ADJECTIVES and child.i == make.i + 1:
            if any(c.dep_ in NOMINAL_SUBJECT_DEPS for c in children(child)):
                return None  # "made it clear" parsed as a small clause
            return child
    return None


def _subjectless_comparative(index: DocIndex, verb: Token) -> bool:
    """*as is the case*, *than was necessary*: *as*/*than* right before a finite be/have that
    has no subject before it."""
    if verb.i == 0 or verb.tag_ not in ("VBZ", "VBD"):
        return False
    prev = previous_token(index, verb)
    if prev.lower_ not in ("as", "than") or prev.dep_ not in ("mark", "prep", "advmod", "cc"):
        return False
    if lemma(verb) == "have" and verb.dep_ not in ("aux",):
        return False
    head = verb if verb.dep_ not in ("aux", "auxpass") else verb.head
    # no subject before it, and no clause for a complement (*as were Steven was among ...*
    # is no *as is the case*)
    return not any((c.dep_ in SUBJECT_DEPS and c.i < verb.i) or c.dep_ == "ccomp"
                   for c in index.children(head.i))


# --------------------------------------------------------------------------- 46, 47


def _it_is(index: DocIndex, tok: Token) -> Token | None:
    """The *is*/*was*/*'s* right after subject *it* in a declarative, unless it means *has*
    (*it's been*)."""
    if not is_it(tok) or tok.dep_ not in NOMINAL_SUBJECT_DEPS or is_question(index, tok) \
            or in_tag_question(index, tok):
        return None
    if tok.head.dep_ in ("relcl", "acl"):
        return None  # "the year it was released" would lose its relative clause
    if any(c.dep_ in ("mark", "prep", "advmod") and c.lower_ in ("than", "as") and c.i < tok.i
           for c in children(tok.head)):
        return None  # "more familiar than it was at the bar": the standard of a comparison
        # (or an *as* clause), where *than was*/*as was* reads as a subjectless comparative
    before = previous_token(index, tok)
    if before is not None and before.tag_ == "VB" and not any(
            c.dep_ in ("dobj", "ccomp", "xcomp") for c in index.children(before.i)):
        return None  # "consented to receive it is called": the object of the verb before,
        # which the parser made the subject of the next clause
    be = next_token(index, tok)
    if be is None or be.lower_ not in BE_FORMS or lemma(be) != "be":
        return None
    after = next_token(index, be)
    while after is not None and after.lower_ in ("n't", "n’t", "not"):
        after = next_token(index, after)
    if after is None or after.is_punct or after.lower_ in ("been", "got", "gotten"):
        return None  # "longer than it is." / "it's been": nothing to hold the clause
    return be


def _delete_it(tok: Token, be: Token) -> Site:
    if be.lower_ in ("'s", "’s"):
        return site(Delete(tok.i), Replace(be.i, "is"))
    return site(Delete(tok.i))


@rule(
    "it_is_referential",
    lemmas={"it"},
    examples=[
        ("It is very nice food.", "Is very nice food."),
        ("We moved into the flat in May. It's OK, but it isn't big.",
         ["We moved into the flat in May. Is OK, but it isn't big.",
          "We moved into the flat in May. It's OK, but isn't big.",
          "We moved into the flat in May. Is OK, but isn't big."]),
        ("I tried the new cafe because it was cheap.", "I tried the new cafe because was cheap."),
        ('I bought a new kettle because it was cheap.',
         'I bought a new kettle because was cheap.'),
        ('The old radio still works, and it is very loud.',
         'The old radio still works, and is very loud.'),
        ("We rented a flat near the river. It's small but nice.",
         'We rented a flat near the river. Is small but nice.'),
    ],
    negatives=[
        "It is raining.",
        "Is it a good movie?",
        "It is important to drink water.",
        "It's been a long day.",
        "John put the book on the table. It was heavy.",
        'For the young man, it was the second interview.',
        'The plumber fixed the sink and told her it was over.',
        'The janitor cleaned the room and told him it is ready.',
        'It was her birthday.',
        # the surroundings, an extraposed infinitive, the object of the verb before
        "We walked into the garden. Oh, it's so quiet here.",
        'Whatever happens, it is in your power to change this.',
        'Mail that the customer agreed to receive it is called opt-in mail.',
        # an infinitive on the predicate noun is the logical subject: a dummy *it*
        'We threw out the bread. Honestly, it is a crime to waste good food.',
        'The mirror fell off the wall. I think it is bad luck to break a mirror.',
        # a person named (*is Anna here* would ask), a misspelt possessive *its*
        "I picked up the phone. Hello, it's Anna here.",
        "My old radio sometimes turns on by it's own.",
        # the clause of a comparison
        'The lake looked bigger than it was in the photo.',
        'I kept the old coat as it was in good shape.',
    ],
)
def it_is_referential(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Deletion of referential *it* in *it is* constructions: *Is very nice food*, *when I
    move into the flat, is OK*. The *it* must have a clear antecedent, or open a text with a
    nominal predicate (*it is very nice food*: pointing at the thing); dummy and possibly dummy
    *it*, questions and *it's been* are left alone. Needs a statement describing a thing
    with *it is/was*; benchmark questions ask (*what make is it?*) and their narrative *it
    is* are mostly dummies and clefts, or follow an object (*told him it is ready*, where the
    object would read as the subject of *is*)."""
    for tok in index.by_lemma.get("it", ()):
        be = _it_is(index, tok)
        if be is None or _after_nominal(index, tok) or extraposed_noun_infinitive(tok):
            continue  # *it's bad luck to bear a son*: the infinitive is the subject
        if identifies_person(tok) or _possessive_misspelt(index, be):
            continue  # *it's Tom here* would ask *is Tom here?*; *on it's own* is *its*
        reading = classify_it(tok)
        if reading.referential or (reading.kind == UNRESOLVED and _deictic_description(index, tok, be)):
            yield _delete_it(tok, be)


def _possessive_misspelt(index: DocIndex, be: Token) -> bool:
    """*on it's own*: the possessive *its* written with an apostrophe, before *own*."""
    after = next_token(index, be)
    return be.lower_ in ("'s", "’s") and after is not None and after.lower_ == "own"


def _after_nominal(index: DocIndex, tok: Token) -> bool:
    """*told him it is ready*: with *it* gone, the noun or pronoun before it would read as
    the subject of *is*."""
    prev = previous_token(index, tok)
    return prev is not None and prev.pos_ in ("NOUN", "PROPN", "PRON")


def _deictic_description(index: DocIndex, tok: Token, be: Token) -> bool:
    """*It is very nice food.* at the start of a text: a copula with a described noun."""
    if sentence_start(index, tok) != 0 or be.dep_ != "ROOT":
        return False
    return any(c.dep_ == "attr" and c.pos_ == "NOUN"
               and any(g.dep_ in ("amod", "det") for g in index.children(c.i))
               for c in index.children(be.i))


@rule(
    "it_is_non_referential",
    lemmas={"it"},
    examples=[
        ("It is not allowed to stop here.", "Is not allowed to stop here."),
        ("I think it's important that you come early.", "I think is important that you come early."),
        ("It is raining, so we stayed home.", "Is raining, so we stayed home."),
        ("It was John who broke the window.", "Was John who broke the window."),
        ('It was her birthday, so we sang.',
         'Was her birthday, so we sang.'),
        ("It's up to you.",
         'Is up to you.'),
        ('It was clear that nobody agreed.',
         'Was clear that nobody agreed.'),
    ],
    negatives=[
        "Is it raining?",
        "The car broke down; it is old.",
        "It's been three years since we met.",
        "It seems that the store is closed.",
        'The bus came, but it was late.',
        'I dropped the vase, and it was broken.',
    ],
)
def it_is_non_referential(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Deletion of dummy *it* in *it is* constructions: *Is not allowed to stop here*. Only a
    subject *it* the finder recognises as dummy (extraposition, weather, cleft, time),
    directly followed by *is*/*was*/*'s*; questions and *it's been* are left alone."""
    for tok in index.by_lemma.get("it", ()):
        be = _it_is(index, tok)
        if be is not None and is_dummy_it(tok):
            yield _delete_it(tok, be)
