"""The shape of relative clauses (eWAVE 193, 194, 196-199): no relativizer for a subject,
resumptive pronouns, correlatives, linking relatives, chopped prepositions, and reduced
relatives before the noun."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    NOMINAL_SUBJECT_DEPS, children, definite_noun_phrase, full_form, in_nonfinite_subject,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    ADVERBIAL_HEADS, RelClause, certain_gender, clitic_follows, finite, is_human,
    is_phrasal_particle, is_plural, is_relativizer, is_thing, plain_gap, relative_clauses,
    stranded_prepositions,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


# Verbs that take a clause: a subject relative on them cannot lose its relativizer (*The man
# saw the dog ran away* reads as *saw that the dog ran away*).
CLAUSE_EMBEDDERS = wordlist("clause_embedding_verbs") | {"say", "see", "think"}


# Verb forms that read as a preposition once the relativizer is gone (people like music).
PREPOSITION_VERBS = frozenset({"like", "near", "past"})


def object_pronoun(noun: Token) -> str | None:
    """The pronoun that can stand for ``noun`` as an object, if it is certain."""
    if noun.pos_ != "NOUN":
        return None
    if is_plural(noun):
        return "them"
    if is_human(noun):
        return {"m": "him", "f": "her"}.get(certain_gender(noun) or "")
    return "it" if is_thing(noun) else None


@rule(
    "null_relcl",
    deps={"relcl", "ccomp"}, lemmas={"who", "which", "that"},
    examples=[
        ("There's a man who wants to see you.", "There's a man wants to see you."),
        ("I have a friend who lives in Paris.", "I have a friend lives in Paris."),
        ("We've got a neighbor that doesn't like dogs.", "We've got a neighbor doesn't like dogs."),
        ("Were there any students who failed?", "Were there any students failed?"),
        ("It was my sister that told me.", "It was my sister told me."),
        ("The boy who fixed my bike is my cousin.", "The boy fixed my bike is my cousin."),
        ("I met two girls who play in a band.", "I met two girls play in a band."),
        ("She talked to a woman who works at the bank.", "She talked to a woman works at the bank."),
        ("Name the rivers which flow into the sea.", "Name the rivers flow into the sea."),
        ("I sat next to a boy who's blind.", "I sat next to a boy is blind."),
        ("The girl who won the race hugged her coach.", "The girl won the race hugged her coach."),
        ("We visited the farms that grow rice that is sold abroad.",
         "We visited the farms that grow rice is sold abroad."),
        ("It's a film that rewards patience.", "It's a film rewards patience."),
    ],
    negatives=[
        "There's a book that I want.",
        "There's my brother, who lives in Ohio.",
        "Is there anyone who can help?",
        "Those who wait will be rewarded.",
        "We saw two boys, one who was crying and one who was laughing.",
        "People who like music are happy.",
        "The man who saw the dog ran away.",
        "I know a girl who sings and who dances.",
        "The woman who'd called left early.",
        "The student who was tired fell asleep.",
        "Hiring a plumber who charges by the hour costs a fortune.",
        "Finding friends who share your hobbies takes time.",
    ],
)
def null_relcl(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Zero relativizer in subject position: *The man lives there is a nice chap*, *There's a
    man wants to see you*.

    Restrictive subject gaps right after a common noun (*who's* becomes *is*), and the
    definite focus of an *it*-cleft (*It was my sister told me*). Left alone: pronoun heads
    (*Those who wait*, *one who was crying*: with no noun before it the clause reads as the
    main one), a verb that reads as a preposition without its relativizer (*people like
    music*), coordinated relatives, a relative with another one inside (*the stadiums had
    concerts occurred ...*: the inner one loses its relativizer), and, on a subject before
    its verb, a relative verb that takes a clause (*The man saw the dog ran away* reads as
    *saw that the dog ran away*) or is *be* (*The student was fat had books* reads as two
    clauses run together). The relative verb is kept as it stands: an auxiliary added to it
    by another feature (*My friend does have long hair was talking*) would make the clause
    read as the main one. Nor in a gerund or infinitive subject (*Buying a car runs well
    costs money*): the subject needs no verb of its own, so the relative verb reads as its
    verb and the real one dangles."""
    found = [(clause.rel, _spelt_clitic(clause.rel), clause.verb.i)
             for clause in relative_clauses(doc, index) if _zero_subject(clause)]
    found += [(rel, (), rel.head.i) for rel in _cleft_subjects(doc, index)]
    for rel, clitic, verb in sorted(found, key=lambda found: found[0].i):
        if clitic is not None:
            yield site(Delete(rel.i), *clitic, keep=[verb])


def _zero_subject(clause: RelClause) -> bool:
    """A subject relative whose relativizer can go (see :func:`null_relcl`)."""
    head = clause.head
    if not plain_gap(clause, ("subject",)) or head.pos_ != "NOUN" or clause.coordinated:
        return False
    if head.lemma_.lower() == "one" or _reads_as_preposition(clause):
        return False
    if any(t.dep_ == "relcl" for t in clause.verb.subtree if t != clause.verb):
        return False  # "the stadiums had concerts occurred in 2014": only the inner one goes
    if in_nonfinite_subject(head):
        return False  # "Buying a car runs well costs": "buying a car" finds its verb in "runs"
    if head.dep_ in NOMINAL_SUBJECT_DEPS and head.i < head.head.i:
        lemma = clause.verb.lemma_.lower()
        return lemma != "be" and lemma not in CLAUSE_EMBEDDERS
    return True


def _spelt_clitic(rel: Token) -> tuple[Replace, ...] | None:
    """*who's blind* -> *is blind*: the clitic the relativizer hosted, spelt out (None when its
    full form is uncertain, as for *'d*)."""
    if not clitic_follows(rel):
        return ()
    full = full_form(rel.nbor(1))
    return (Replace(rel.i + 1, full),) if full else None


def _reads_as_preposition(clause: RelClause) -> bool:
    """*There are many people [who] like music*: the verb would read as a preposition."""
    return clause.verb.lower_ in PREPOSITION_VERBS and clause.verb.i == clause.rel.i + 1


def _cleft_subjects(doc: Doc, index: DocIndex) -> list[Token]:
    """The relativizers of *it*-clefts the parser attaches to *be* as a complement
    (*It was my sister that told me*)."""
    found = []
    for clause_verb in index.by_dep.get("ccomp", ()):
        be = clause_verb.head
        if be.lemma_ != "be" or not finite(clause_verb):
            continue
        it = next((c for c in children(be) if c.dep_ == "nsubj"), None)
        focus = next((c for c in children(be) if c.dep_ == "attr"), None)
        rel = clause_verb.left_edge
        if (it is None or it.lower_ != "it" or focus is None or clitic_follows(rel)
                or focus.pos_ not in ("NOUN", "PROPN") or not definite_noun_phrase(focus)
                or not is_relativizer(rel) or rel.lower_ == "whose"
                or rel.dep_ not in NOMINAL_SUBJECT_DEPS or rel.head != clause_verb
                or rel.i != focus.right_edge.i + 1):
            continue
        found.append(rel)
    return found


# --------------------------------------------------------------------------- 194


@rule(
    "shadow_pronouns",
    deps={"relcl"}, lemmas={"which", "that", "who", "whom"},
    examples=[
        ("This is the house which I painted yesterday.",
         "This is the house which I painted it yesterday."),
        ("The books that she wrote aren't cheap.", "The books that she wrote them aren't cheap."),
        ("Where's the man whom you met?", "Where's the man whom you met him?"),
        ("Is this a movie that you will never forget?",
         "Is this a movie that you will never forget it?"),
        ("The book that I picked up was old.", "The book that I picked it up was old."),
    ],
    negatives=[
        "The man who came yesterday is my uncle.",
        "The yard that you do gardening in is big.",
        "The reason that he left is unclear.",
        "The teacher that I met was nice.",
        "My car, which I sold, was old.",
        "Name the towns which the storms happened in last year.",
    ],
)
def shadow_pronouns(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A resumptive pronoun in the object gap: *the house which I painted it yesterday*.

    Restrictive clauses whose overt relativizer is the direct object; the pronoun goes right
    after the verb that lost its object (before a particle: *picked it up*) and agrees with
    the antecedent: *them* for plurals, *it* for things, *him/her* only for nouns that name
    a man or a woman (other people nouns are skipped: no pronoun is certain)."""
    for clause in relative_clauses(doc, index):
        if not plain_gap(clause, ("object",)):
            continue
        pronoun = object_pronoun(clause.head)
        governor = clause.rel.head
        if pronoun is None or any(c.dep_ in ("dative", "iobj", "ccomp", "xcomp", "oprd")
                                  for c in children(governor) if c.i > governor.i):
            continue
        yield site(Insert(governor.i, pronoun, after=True))


# Light nouns whose "the N that ... is X" specifies X rather than picking out an N.
LIGHT_HEADS = frozenset({"thing", "something", "stuff", "fact", "point", "problem", "question"})
# Modifiers that make the noun phrase unique, so a "which N" clause cannot pick it out.
UNIQUE_MODIFIERS = frozenset({"only", "same", "first", "last", "next", "sole", "very"})


@rule(
    "correlative_constructions",
    deps={"relcl"}, lemmas={"the"},
    examples=[
        ("The ones I put in the jar are good.",
         ["Which ones I put in the jar, those ones are good.",
          "Which ones I put in the jar, those are good."]),
        ("The man who came yesterday is my uncle.",
         ["Which man came yesterday, that man is my uncle.",
          "Which man came yesterday, that one is my uncle."]),
        ("The book that I bought didn't arrive.",
         ["Which book I bought, that book didn't arrive.",
          "Which book I bought, that one didn't arrive."]),
    ],
    negatives=[
        "A man who came yesterday is my uncle.",
        "I know the man who came yesterday.",
        "The man, who came yesterday, is my uncle.",
        "Is the man who came yesterday your uncle?",
        "The reason he left is unclear.",
        "The only thing that matters is love.",
    ],
)
def correlative_constructions(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Relative-correlative clause (South Asian Englishes): *Which-one I put in the jar,
    that-one is good*.

    A sentence-initial subject *the N* + restrictive relative clause (not coordinated)
    becomes a fronted *which N* clause, resumed by *that N / that one* (plural *those N /
    those*) before the predicate. Subject and object gaps, overt or zero relativizer; the
    noun phrase must be just *the* + modifiers + noun (no *only*, *same* or superlative,
    which leave no set to choose from), and the predicate must follow the clause directly
    (so no questions, where the verb comes first)."""
    for clause in relative_clauses(doc, index):
        head = clause.head
        if not clause.restrictive or not clause.adjacent or head.pos_ != "NOUN":
            continue
        if clause.role not in ("subject", "object") and clause.rel is not None:
            continue
        if clause.rel is None and _zero_gap_unclear(doc, clause):
            continue
        if head.lemma_.lower() in ADVERBIAL_HEADS or head.lemma_.lower() in LIGHT_HEADS:
            continue  # the reason he left; the thing he liked most was the rain
        if any(c.dep_ == "conj" for c in children(clause.verb)):
            continue  # the woman who lives next door and who works at the bank
        det = _sentence_initial_the(head)
        predicate = head.head
        if det is None or head.dep_ not in NOMINAL_SUBJECT_DEPS or predicate.i < head.i:
            continue
        if not _opens_predicate(doc, clause.end + 1, predicate):
            continue
        noun = head.text if head.pos_ == "PROPN" else head.lower_
        if is_plural(head):
            resumptions = (f", those {noun}", ", those")
        else:
            resumptions = (f", that {noun}", ", that one")
        if clause.rel is not None and clitic_follows(clause.rel):
            continue
        base = [Replace(det.i, "which")]
        if clause.rel is not None:
            base.append(Delete(clause.rel.i))
        variants = [(*base, Insert(clause.end, text, after=True)) for text in resumptions]
        yield site(*variants[0], alternatives=tuple(variants[1:]))


def _opens_predicate(doc: Doc, k: int, predicate: Token) -> bool:
    """Token ``k`` opens the main predicate (its verb, an auxiliary, negation or adverb)."""
    if k >= len(doc):
        return False
    tok = doc[k]
    return tok == predicate or (tok.head == predicate and tok.i < predicate.i and tok.tag_ != "TO"
                                and tok.dep_ in ("aux", "auxpass", "neg", "advmod"))


def _sentence_initial_the(head: Token) -> Token | None:
    """The *the* that opens both the sentence and ``head``'s noun phrase, if any."""
    det = head.doc[head.left_edge.i]
    if det.lower_ != "the" or det.dep_ != "det" or det.head != head or not det.is_sent_start:
        return None
    modifiers = head.doc[det.i + 1:head.i]
    if any(t.dep_ not in ("amod", "compound") for t in modifiers):
        return None
    if any(t.tag_ in ("JJS", "RBS") or t.lower_ in UNIQUE_MODIFIERS for t in modifiers):
        return None  # the only thing that matters: no set to pick "which" from
    return det


def _zero_gap_unclear(doc: Doc, clause: RelClause) -> bool:
    """A zero relative is only trusted as *subject + verb ...* (the ones I put in the jar)."""
    first = doc[clause.start]
    return not (first.dep_ in NOMINAL_SUBJECT_DEPS and first.head == clause.verb and finite(clause.verb))


# --------------------------------------------------------------------------- 197


@rule(
    "linking_relcl",
    deps={"relcl"}, lemmas={"which"},
    examples=[
        ("He got 88 marks, which some universities will not accept.",
         "He got 88 marks, which some universities will not accept those marks."),
        ("I bought a new laptop, which my brother uses every day.",
         "I bought a new laptop, which my brother uses that laptop every day."),
        ("Do you remember the old house, which Dad sold in 1990?",
         "Do you remember the old house, which Dad sold that house in 1990?"),
    ],
    negatives=[
        "He failed the exam, which surprised everyone.",
        "This is the house which I painted.",
        "My dad, whom you met, is here.",
        "Which house did Dad sell?",
    ],
)
def linking_relcl(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Linking relative clause (Indian English): *which* joins a full clause that names its
    antecedent again, *... get 88 which some universities are not going to give those marks*.

    Non-restrictive *which* clauses with an object gap that close their sentence (a linking
    clause continues the text; one inside a noun phrase, *My car, which I sold, was old*,
    does not link): the gap is filled by *that/those* + the antecedent noun, right after the
    verb that lost its object. Clauses about the whole sentence (*..., which surprised
    everyone*) have a subject gap and stay. Needs a non-restrictive *which* clause with an
    object gap; benchmark questions have restrictive clauses (a linking clause there would
    drop the restriction) and their prose non-restrictive *who* clauses with a subject gap,
    which a resumptive pronoun (another feature) would fill, with a gender the text may
    leave open."""
    for clause in relative_clauses(doc, index):
        rel, head = clause.rel, clause.head
        if (rel is None or rel.lower_ != "which" or clause.restrictive or clause.role != "object"
                or head.pos_ != "NOUN" or not _ends_sentence(doc, clause.end)):
            continue
        governor = rel.head
        if any(c.dep_ in ("dative", "iobj", "ccomp", "xcomp", "oprd")
               for c in children(governor) if c.i > governor.i):
            continue
        demonstrative = "those" if is_plural(head) else "that"
        yield site(Insert(governor.i, f"{demonstrative} {head.lower_}", after=True))


def _ends_sentence(doc: Doc, end: int) -> bool:
    rest = doc[end + 1:end + 2]
    return not rest or rest[0].is_sent_start or rest[0].text in (".", "!", "?", "...", ";")


# --------------------------------------------------------------------------- 198


def _subject_relative(clause) -> bool:
    """The relative word is the clause's only subject (*the bee that left before*)."""
    rel = clause.rel
    if rel is None or rel.dep_ not in ("nsubj", "nsubjpass"):
        return False
    return not any(c.dep_ in ("nsubj", "nsubjpass") and c.i != rel.i for c in rel.head.children)


@rule(
    "preposition_chopping",
    deps={"relcl"},
    examples=[
        ("It's a big yard that we do our gardening in.",
         "It's a big yard that we do our gardening."),
        ("The city that she comes from is huge.", "The city that she comes is huge."),
        ("What is the name of the team that he plays for?",
         "What is the name of the team that he plays?"),
        ("The people I talked to weren't happy.", "The people I talked weren't happy."),
        ("This is the house we lived in.", "This is the house we lived."),
        ("The topic which they argued over is dull.", "The topic which they argued is dull."),
        ("Which is the city that the river flows through?",
         "Which is the city that the river flows?"),
        ("He is a doctor I can rely on.", "He is a doctor I can rely."),
        ("Here is the bench that we sat on.", "Here is the bench that we sat."),
        ("The box that the cat hid in was empty.", "The box that the cat hid was empty."),
        ("That is the bridge which they walked across.", "That is the bridge which they walked."),
    ],
    negatives=[
        "Which city does she come from?",
        "The light that I turned on is broken.",
        "The form that I filled in was long.",
        "The person I look up to is my mom.",
        "What are you looking at?",
        "The mess that we cleaned up was huge.",
        "Is this the jacket you tried on?",
        "Which country is the town Kandy located in?",
        "The lamp which I switched off was hot.",
        "The song that she put on was loud.",
        # the relative word is the subject: no gap after a preposition
        "Shoes that work well for running are light.",
        "Every guest who left before the speech missed it.",
        "The settlers who came over from 1840 on were farmers.",
    ],
)
def preposition_chopping(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A preposition stranded by the relative gap is deleted: *a big yard that you do
    gardening [in]*.

    Prepositions without object inside a relative clause on a noun (*the house we lived
    [in]*, *the topic they argued [over]*). The particle of a transitive phrasal verb right
    after it (*the form I filled in*, word list ``separable_phrasal_verbs``) and a
    preposition after a particle (*look up to*) are left alone: deleting them would change
    the verb."""
    for clause in relative_clauses(doc, index):
        if clause.rel is None and not finite(clause.verb):
            continue  # "Which region is the city Kabul located in?" is no relative clause
        if _subject_relative(clause):
            continue  # *colors that work great for the look*, *every bee that left before*:
            # the relative word is the subject, so no preposition lost its object to the gap
        for prep in stranded_prepositions(doc, clause.rel, clause.start, clause.end):
            if doc[prep.i - 1].dep_ == "prt" or is_phrasal_particle(prep, prep.head):
                continue
            if _nested_clause(prep, clause):
                continue
            yield site(Delete(prep.i))


def _nested_clause(tok: Token, clause: RelClause) -> bool:
    """Whether ``tok`` belongs to another relative clause inside ``clause``."""
    node = tok.head
    while node != clause.verb and node.head != node:
        if node.dep_ == "relcl":
            return True
        node = node.head
    return False


# --------------------------------------------------------------------------- 199


@rule(
    "reduced_relative",
    deps={"relcl", "acl"},
    examples=[
        ("That jersey which Neela knitted has gone white.",
         ["That Neela's-knitted jersey has gone white.",
          "That Neela-knitted jersey has gone white."]),
        ("The letter that Ravi wrote wasn't sent.",
         ["The Ravi's-written letter wasn't sent.", "The Ravi-written letter wasn't sent."]),
        ("Have you read the book written by Tolkien?",
         ["Have you read the Tolkien's-written book?", "Have you read the Tolkien-written book?"]),
        ("I like the new cake that Maria baked.",
         ["I like the new Maria's-baked cake.", "I like the new Maria-baked cake."]),
        ("Show all cartoons directed by Ben Jones.",
         ["Show all Ben Jones's-directed cartoons.", "Show all Ben Jones-directed cartoons."]),
        ("I read the poem which was written by Keats.",
         ["I read the Keats's-written poem.", "I read the Keats-written poem."]),
        ("The shawl that Asha Rao knitted is soft.",
         ["The Asha Rao's-knitted shawl is soft.", "The Asha Rao-knitted shawl is soft."]),
    ],
    negatives=[
        "The jersey that Neela knitted for me is white.",
        "The man who knitted it left.",
        "That jersey, which Neela knitted, is white.",
        "The book that he wrote is long.",
        "The day Maria arrived was cold.",
        "Who wrote the book?",
        "They got the car fixed by Sam.",
        "The teacher had the essay written by Tom.",
        "The house built by the old mayor is gone.",
        "The letter which was sent by Ravi to his aunt got lost.",
        'Name each tower designed by "Eiffel" in Paris.',
        'List every song sung by "Nina Simone".',  # the quotes would be lost before the noun
    ],
)
def reduced_relative(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A relative clause reduced to a participle phrase before its noun: *That Neela's-knitted
    jersey* (= the jersey which Neela knitted / knitted by Neela).

    Only the minimal clause with a name as agent: *that/which* as object, a name as subject
    and a past-tense verb with nothing else (*the jersey that Neela knitted*; zero relatives
    are left alone, as they may be adverbial: *the day Maria arrived*), or a passive
    participle with just a *by*-name, reduced (*the book written by Tolkien*) or not (*the
    poem which was written by Keats*). The name + past participle goes after the
    determiner; both the attested possessive form (*Neela's-knitted*) and the plain compound
    (*Neela-knitted*) are offered. It stands next to the noun, after adjectives and before
    compounds (*the new Maria-baked chocolate cake*). A bare participle after the object of
    *have, get, want, see ...* (*They got the car fixed by Sam*) may be its complement, not a
    reduced relative, and stays."""
    for clause in relative_clauses(doc, index):
        found = _active_reduction(doc, clause) or _passive_clause_reduction(doc, clause)
        if found:
            yield found
    for verb in index.by_dep.get("acl", ()):
        found = _passive_reduction(doc, verb)
        if found:
            yield found


# Verbs whose object may take a participle complement (*got the car fixed*, *had it made*):
# the participle after their object is no reduced relative.
COMPLEMENT_PARTICIPLE_VERBS = frozenset(
    "have get make want need keep leave find like prefer order see hear watch".split())


def _takes_complement(head: Token) -> bool:
    return head.dep_ == "dobj" and head.head.lemma_.lower() in COMPLEMENT_PARTICIPLE_VERBS


QUOTES = frozenset({'"', "“", "”", "'", "‘", "’", "``", "''"})


def _name(tok: Token) -> tuple[str, int] | None:
    """``(name, last token)`` when ``tok`` heads a name and nothing else (*Ben Jones*). A
    quoted name (*"Nina Simone"*) is left where it is: before the noun it would lose its
    quotes or read as *"Nina Simone"'s-written*."""
    if tok.tag_ not in ("NNP", "NNPS"):
        return None
    doc = tok.doc
    words = [t for t in doc[tok.left_edge.i:tok.i + 1] if t.text not in QUOTES]
    if any(t.tag_ not in ("NNP", "NNPS") or t != tok and t.dep_ != "compound" for t in words):
        return None
    if any(c.i > tok.i and c.text not in QUOTES for c in children(tok)):
        return None
    first, last = words[0].i, tok.i
    if first > 0 and doc[first - 1].text in QUOTES:
        return None
    return " ".join(t.text for t in words), last


def _active_reduction(doc: Doc, clause: RelClause) -> Site | None:
    if not (clause.restrictive and clause.adjacent and clause.head.pos_ == "NOUN"):
        return None
    if clause.rel is None or clause.role != "object":
        return None  # a zero relative may be adverbial: the day Maria arrived
    verb = clause.verb
    others = [c for c in children(verb) if c != clause.rel]
    if verb.tag_ != "VBD" or len(others) != 1 or others[0].dep_ != "nsubj":
        return None
    name = _name(others[0])
    if name is None or name[1] + 1 != verb.i or clause.end != verb.i:
        return None
    return _prenominal(doc, clause.head, name[0], verb, range(clause.start, clause.end + 1))


def _passive_clause_reduction(doc: Doc, clause: RelClause) -> Site | None:
    """*the poem which was written by Keats*: a passive relative with nothing but its agent."""
    if not (clause.restrictive and clause.adjacent and clause.head.pos_ == "NOUN"):
        return None
    rel, verb = clause.rel, clause.verb
    if rel is None or rel.lower_ not in ("that", "which") or rel.dep_ != "nsubjpass":
        return None
    dependents = [c for c in children(verb) if c != rel]
    if verb.tag_ != "VBN" or [c.dep_ for c in dependents] != ["auxpass", "agent"]:
        return None
    agent = _by_name(dependents[1], verb)
    if agent is None or agent[1] != clause.end:
        return None
    return _prenominal(doc, clause.head, agent[0], verb, range(clause.start, clause.end + 1))


def _by_name(by: Token, verb: Token) -> tuple[str, int] | None:
    """The name after *by* when *by* + name is all the agent phrase holds."""
    objects = [c for c in children(by) if c.text not in QUOTES]
    if by.lower_ != "by" or by.i != verb.i + 1 or len(objects) != 1:
        return None
    return _name(objects[0])


def _passive_reduction(doc: Doc, verb: Token) -> Site | None:
    head = verb.head
    if verb.tag_ != "VBN" or head.pos_ != "NOUN" or verb.i != head.i + 1:
        return None
    dependents = children(verb)
    if len(dependents) != 1 or dependents[0].dep_ != "agent" or _takes_complement(head):
        return None
    agent = _by_name(dependents[0], verb)
    if agent is None or agent[1] < verb.right_edge.i:
        return None
    return _prenominal(doc, head, agent[0], verb, range(verb.i, agent[1] + 1))


def _participle(verb: Token) -> str | None:
    """The past participle: the verb's own form when it already is one (*knitted*, *made*)."""
    if verb.tag_ == "VBN" or verb.lower_.endswith("ed"):
        return verb.lower_
    return inflect_verb(verb.lemma_.lower(), "VBN")


def _prenominal(doc: Doc, head: Token, agent: str, verb: Token, span: range) -> Site | None:
    """Delete ``span`` and put *Agent's-participle* before ``head`` (and its compounds)."""
    det = next((c for c in children(head) if c.dep_ == "det" and c.i < head.i), None)
    if det is None or det.tag_ != "DT":
        return None
    participle = _participle(verb)
    if not participle:
        return None
    slot = next((c for c in head.lefts if c.dep_ == "compound"), head)
    deletes = [Delete(k) for k in span]
    variants = [(*deletes, Insert(slot.i, f"{agent}{joint}-{participle}")) for joint in ("'s", "")]
    return site(*variants[0], alternatives=tuple(variants[1:]))
