"""Relativizers (eWAVE 186-192, 195): *which*, *as*, *at*, *where* and *what* for *who*,
doubled relativizers, analytic *that his* for *whose*, and postposed *one*."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.animacy import fill_in_blank
from multivalue_cli.engine.antecedents import is_human_noun
from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.registry import rule

from .common import (
    RelClause, certain_gender, clitic_follows, is_human, is_plural, is_thing, plain_gap,
    relative_clauses,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


def possessive_pronoun(noun: Token) -> str | None:
    if noun.pos_ != "NOUN":
        return None
    if is_plural(noun):
        return "their"
    if is_human(noun):
        return {"m": "his", "f": "her"}.get(certain_gender(noun) or "")
    return "its" if is_thing(noun) else None


def gap_tokens(clause: RelClause) -> list[int]:
    """Where an object gap can be marked: the verb whose object is missing (a shadow pronoun
    goes after it). A relativizer that marks the clause a second time keeps it unchanged, so
    that one relative is not marked three ways (*the song that which you like it*). (A
    clause with a stranded preposition has no plain subject or object gap, see ``_role``.)"""
    return [clause.rel.head.i] if clause.role == "object" else []


def _replace_relativizer(doc: Doc, index: DocIndex, word: str,
                         roles: tuple[str, ...] = ("subject", "object")) -> Iterator[Site]:
    for clause in relative_clauses(doc, index):
        if not plain_gap(clause, roles) or clause.rel.lower_ == word:
            continue
        if word != "what" and clitic_follows(clause.rel):
            continue  # the cup what's on the table, but not *as's, *which's
        yield site(Replace(clause.rel.i, word))


# --------------------------------------------------------------------------- 186


@rule(
    "who_which",
    deps={"relcl"}, lemmas={"who", "whom"},
    examples=[
        ("My brother, who lives in Ohio, is a doctor.",
         "My brother, which lives in Ohio, is a doctor."),
        ("The man who came yesterday didn't leave a number.",
         "The man which came yesterday didn't leave a number."),
        ("Who is the teacher who gave you that grade?",
         "Who is the teacher which gave you that grade?"),
        ("I called the plumber whom you recommended.",
         "I called the plumber which you recommended."),
        ("Find the names of students who have enrolled in more than two courses.",
         "Find the names of students which have enrolled in more than two courses."),
    ],
    negatives=[
        "In the end, who wins the match?",  # a question after a fronted phrase, no relative
        "Who came to the party?",
        "I don't know who called.",
        "Those who wait will be rewarded.",
        "The book which I read was long.",
        "To whom did you give it?",
        "The man who's waiting outside is my dad.",
    ],
)
def who_which(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*which* for relative *who/whom* with a human antecedent: *my brother, which lives ...*.

    Restrictive and non-restrictive clauses (the eWAVE example is non-restrictive), subject
    and object relativizers, after a noun; not interrogative *who*, not *who* after a pronoun
    (*those who*, *anyone who*), not pied-piped *to whom*."""
    for clause in relative_clauses(doc, index):
        rel = clause.rel
        if (rel is not None and rel.lower_ in ("who", "whom") and clause.role != "other"
                and clause.head.pos_ in ("NOUN", "PROPN") and not clitic_follows(rel)
                and (clause.adjacent or not clause.restrictive)):
            yield site(Replace(rel.i, "which"))


# --------------------------------------------------------------------------- 187 / 188 / 189 / 190


@rule(
    "who_as",
    deps={"relcl"}, lemmas={"who", "whom", "which", "that"},
    examples=[
        ("He was a chap who got a living anyhow.", "He was a chap as got a living anyhow."),
        ("The man that I saw yesterday hasn't called.",
         "The man as I saw yesterday hasn't called."),
        ("Where is the book which you bought?", "Where is the book as you bought?"),
        ("I know a woman who sells eggs. She's nice.", "I know a woman as sells eggs. She's nice."),
    ],
    negatives=[
        "My brother, who lives in Ohio, is a doctor.",
        "He said that the man left.",
        "Who did you see?",
        "The reason that he left is unclear.",
        "It's the same car that I had.",
        "Can you pass me the cup that's on the table?",
    ],
)
def who_as(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Relativizer *as* for *who/that/which*: *a chap as got a living*, *the man as I saw*.

    Restrictive clauses only, with a subject or direct-object gap right after a noun; not
    after *same/such*, where *as* is already standard."""
    yield from _replace_relativizer(doc, index, "as")


@rule(
    "who_at",
    deps={"relcl"}, lemmas={"who", "whom", "which", "that"},
    examples=[
        ("This is the man that painted my house.", "This is the man at painted my house."),
        ("The dog which bit me wasn't ours.", "The dog at bit me wasn't ours."),
        ("Is that the girl who you met at school?", "Is that the girl at you met at school?"),
    ],
    negatives=[
        "The film, which runs two hours, is boring.",
        "I think that he painted my house.",
        "The house where we met is closed.",
        "The man to whom I spoke was rude.",
    ],
)
def who_at(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Relativizer *at* (northern British) for *who/that/which*: *the man at painted my house*.

    Same places as 187: restrictive, subject or direct-object gap, right after a noun."""
    yield from _replace_relativizer(doc, index, "at")


@rule(
    "relativizer_where",
    deps={"relcl"}, lemmas={"who", "that"},
    examples=[
        ("He was one of the men who helped the slaves run away.",
         "He was one of the men where helped the slaves run away."),
        ("The guy that fixed my car didn't charge me.",
         "The guy where fixed my car didn't charge me."),
        ("Name the singers who have won a Grammy.", "Name the singers where have won a Grammy."),
        ("We met a girl who sings in a band.", "We met a girl where sings in a band."),
        ("Ask the nurse that works nights.", "Ask the nurse where works nights."),
    ],
    negatives=[
        "This is the house which I painted.",
        "The place where we met is closed.",
        "Give the name of the nation that uses the most languages.",
        "My sister, who lives in Leeds, visited.",
        "Who helped you?",
        "I sold the car, which he had bought.",
        "For the red cars, which model is the fastest?",
        "They booked a hall that holds two hundred people.",
        "We watched a film that lasted three hours.",
        "He lost his job, which made him angry.",
        "The keys that were on the table are gone.",
        "Man that was close!",
    ],
)
def relativizer_where(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Relativizer *where* for *who/that*: *the founders where help the slaves*.

    Subject gaps only, and only after people (a *who* clause, or a noun of people): after a
    thing, a place or an event *where* is read as the relative adverb 'in/at which' (*a room
    where has thick carpet*, *an event where resulted in*, *the house where I painted*), which
    leaves the clause without its subject or changes its meaning. Restrictive clauses as for
    187; a non-restrictive *who* (*my sister, who lives in Leeds*) is left alone, as the atlas
    attests *where* for people in restrictive clauses only."""
    for found in _replace_relativizer(doc, index, "where", roles=("subject",)):
        rel = index.tokens[found.ops[0].i]
        antecedent = index.tokens[index.head_of[rel.head.i]]  # the relativizer's verb's noun
        if _demonstrative_before_noun(antecedent, rel):
            continue
        if rel.lower_ == "who" or (antecedent.pos_ == "NOUN"
                                   and is_human_noun(antecedent.lemma_.lower())):
            yield found


def _demonstrative_before_noun(antecedent: Token, rel: Token) -> bool:
    """*dude that looks awesome!*: a bare singular noun opening the sentence as its root,
    followed by *that*, is a vocative or exclamation before a clause whose subject is the
    demonstrative *that*, not an antecedent with its relative clause (a noun phrase that a
    relative clause modifies takes a determiner, or is plural or a name)."""
    return (rel.lower_ == "that" and antecedent.dep_ == "ROOT" and antecedent.tag_ == "NN"
            and antecedent.i == antecedent.sent.start
            and not any(c.dep_ in ("det", "poss", "amod", "compound", "nummod")
                        for c in antecedent.children))


@rule(
    "who_what",
    deps={"relcl"}, lemmas={"who", "whom", "which", "that"},
    examples=[
        ("This is the man who painted my house.", "This is the man what painted my house."),
        ("The book that I bought isn't mine.", "The book what I bought isn't mine."),
        ("Did you see the car which hit him?", "Did you see the car what hit him?"),
        ("What are the names of the players that scored more than ten goals?",
         "What are the names of the players what scored more than ten goals?"),
    ],
    negatives=[
        "I like what you said.",
        "What did he say?",
        "The day that I met her was sunny.",
        "My dad, who is a pilot, flies a lot.",
    ],
)
def who_what(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Relativizer *what* for *who/that/which*: *the man what painted my house*.

    Restrictive clauses with a subject or direct-object gap, right after a noun."""
    yield from _replace_relativizer(doc, index, "what")


# --------------------------------------------------------------------------- 191


@rule(
    "relativizer_doubling",
    deps={"relcl"}, lemmas={"who", "which", "that"},
    examples=[
        ("These little fellows who had stayed prayed.",
         "These little fellows that who had stayed prayed."),
        ("The car which I bought doesn't start.", "The car that which I bought doesn't start."),
        ("Is this the song that you like?", "Is this the song that which you like?"),
        ("I met the teacher that teaches French.", "I met the teacher that who teaches French."),
        ("Show me the plates which broke in the move.",
         "Show me the plates that which broke in the move."),
        ("What are the bridges that cross the river?",
         "What are the bridges that which cross the river?"),
        ("We hired a nurse that speaks Hindi.", "We hired a nurse that who speaks Hindi."),
    ],
    negatives=[
        "My car, which I bought last year, broke down.",
        "She said that it was late.",
        "The fact that he lied is sad.",
        "Who called?",
        "The chef thats too slow got fired.",
        "I like people whose dogs are calm.",
    ],
)
def relativizer_doubling(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Two relativizers in a row: *these little fellahs that which had stayed*.

    *that* is put before *who/which*; after *that*, *who* or *which* is added by the
    antecedent's animacy, only where the noun lists are sure of it (a people noun takes
    *who*, a noun with no people sense at all *which*; *driver*, *company* and names are
    left alone; nothing is added after a *that* glued to the next word, *thats*).
    Restrictive subject and object gaps only; the gap is then left unmarked (no shadow
    pronoun in the same clause, see :func:`gap_tokens`)."""
    for clause in relative_clauses(doc, index):
        if not plain_gap(clause) or clitic_follows(clause.rel):
            continue
        rel, keep = clause.rel, gap_tokens(clause)
        if rel.lower_ in ("who", "which"):
            yield site(Insert(rel.i, "that"), keep=keep)
        elif not rel.whitespace_:
            continue  # *thats* parsed *that* + *s*: a word after *that* would split the word
        elif rel.lower_ == "that" and is_human(clause.head):
            yield site(Insert(rel.i, "who", after=True), keep=keep)
        elif rel.lower_ == "that" and is_thing(clause.head):
            yield site(Insert(rel.i, "which", after=True), keep=keep)


# --------------------------------------------------------------------------- 192


@rule(
    "analytic_whose_relativizer",
    deps={"relcl"}, lemmas={"whose"},
    examples=[
        ("The man whose wife died is sad.",
         ["The man what's wife died is sad.", "The man that's wife died is sad.",
          "The man that his wife died is sad.", "The man what his wife died is sad.",
          "The man who his wife died is sad."]),
        ("I met a woman whose car was stolen.",
         ["I met a woman what's car was stolen.", "I met a woman that's car was stolen.",
          "I met a woman that her car was stolen.", "I met a woman what her car was stolen.",
          "I met a woman who her car was stolen."]),
        ("What are the names of the singers whose age is above 30?",
         ["What are the names of the singers what's age is above 30?",
          "What are the names of the singers that's age is above 30?",
          "What are the names of the singers that their age is above 30?",
          "What are the names of the singers what their age is above 30?",
          "What are the names of the singers who their age is above 30?"]),
        ("The company whose stock fell didn't recover.",
         ["The company what's stock fell didn't recover.",
          "The company that's stock fell didn't recover.",
          "The company that its stock fell didn't recover.",
          "The company what its stock fell didn't recover."]),
        ("I know a student whose sister plays chess.",
         ["I know a student what's sister plays chess.",
          "I know a student that's sister plays chess."]),
    ],
    negatives=[
        "Whose book is this?",
        "I don't know whose car that is.",
        "The man with whose wife I spoke left.",
        "My neighbors, whose dog barks, moved.",
    ],
)
def analytic_whose_relativizer(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*whose* replaced by a relativizer plus possessive: *the man what's wife has died*,
    *the man that his wife died*.

    The cliticized forms (*what's*, *that's*) need no agreement and are always offered; the
    analytic ones (*that/what his*, and *who his* for people) only where the possessive is
    sure: plural -> *their*, a male or female noun -> *his/her*, a non-human noun -> *its*.
    Restrictive clauses opening with *whose* right after their noun; interrogative *whose*
    and pied-piped *with whose wife* stay."""
    for clause in relative_clauses(doc, index):
        rel = clause.rel
        if rel is None or rel.lower_ != "whose" or not clause.restrictive or not clause.adjacent:
            continue
        if clause.head.pos_ not in ("NOUN", "PROPN"):
            continue
        variants = [(Replace(rel.i, "what's"),), (Replace(rel.i, "that's"),)]
        possessive = possessive_pronoun(clause.head)
        if possessive:
            variants += [(Replace(rel.i, f"that {possessive}"),),
                         (Replace(rel.i, f"what {possessive}"),)]
            if is_human(clause.head):
                variants.append((Replace(rel.i, f"who {possessive}"),))
        yield site(*variants[0], alternatives=tuple(variants[1:]))


# Longest relative clause (in words) that a clause-final "one" still marks.
MAX_ONE_CLAUSE = 6


@rule(
    "one_relativizer",
    deps={"relcl"}, lemmas={"who", "which", "that"},
    examples=[
        ("That boy who pinched my sister is very naughty.",
         "That boy pinched my sister one is very naughty."),
        ("The shirt that you bought doesn't fit.", "The shirt you bought one doesn't fit."),
        ("Where is the girl who sells flowers?", "Where is the girl sells flowers one?"),
        ("Name the rivers that flow north.", "Name the rivers flow north one."),
        ("I ate the cake which you baked.", "I ate the cake you baked one."),
        ("The bus that goes to the airport is late.", "The bus goes to the airport one is late."),
    ],
    negatives=[
        "My brother, who lives in Ohio, is a doctor.",
        "The reason that he left is unclear.",
        "I know that he left.",
        "Who pinched my sister?",
        "Can you pass me the cup that's on the table?",
        "List the shops that sell bread and whose owners live nearby.",
        "I know a girl who sings and who dances.",
        "We saw two boys, one who was crying and one who was laughing.",
        "List the continents that have an average life expectancy less than 72.",
        "I love the work that went into this!",
        "She hired cooks who were quick, careful and kind.",
        "bro that looks so good! I want one",
        "Which of the metals that are the most expensive did she buy?",
        "We picked the apples that were the ripest.",
        "Pick the answer that is the best.",
        # after a name the relative adds a comment (non-restrictive), commas or not
        "We drove to Lisbon which is lovely in May.",
        # a full stop glued to the clause's last word (*C.*), a fill-in blank
        "Count the pupils who left by door C.",
        "The number that is ____ must be even.",
        # one after a demonstrative's noun or a comparison's standard reads as their noun phrase
        "I met the girl who bought that car.",
        "Find the runners who are faster than average.",
    ],
)
def one_relativizer(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Clause-final *one* as the only relativizer (Singapore/Malaysian English): *that boy
    pinch my sister one very naughty*.

    The relative pronoun is dropped and *one* closes the clause. Restrictive subject and
    object gaps right after their noun, in short clauses (at most six words, no punctuation,
    no *one* of their own): in longer ones the clause-final *one* comes too late to mark the
    clause and the text reads as two run-on clauses. Not after the pronoun *one* (*one was
    slim one*), nor in coordinated relatives, where *one* would close only the first (*that
    sell bread one and whose ...*); the gap is left unmarked (see :func:`gap_tokens`)."""
    for clause in relative_clauses(doc, index):
        if not plain_gap(clause) or clause.coordinated or clause.head.lemma_.lower() == "one":
            continue
        if clause.head.pos_ == "PROPN":
            continue  # *Lisbon which is lovely*: a name's relative is non-restrictive
        words = index.tokens[clause.start:clause.end + 1]
        if clitic_follows(clause.rel) or len(words) > MAX_ONE_CLAUSE or any(
                t.is_punct or t.lower_ == "one" or fill_in_blank(t) for t in words):
            continue
        if clause.end + 1 < len(doc) and fill_in_blank(doc[clause.end + 1]):
            continue  # *that is ____*: the clause goes on in the blank to fill in
        if words[-1].text.endswith(".") and len(words[-1].text) > 1:
            continue  # *door C.*: *one* would follow the sentence's full stop
        if _reads_as_a_number(index, clause.end + 1):
            continue  # *expectancy one less than 72*: the parse cut the clause short
        if _demonstrative_before_noun(clause.head, clause.rel):
            continue
        if _takes_one_as_head(index.tokens[clause.end]):
            continue  # *went into this one*: *one* would be the pronoun after *this*
        if _cut_short(index, clause):
            continue  # *work great for one the look*: the parse cut the clause
        if _phrase_goes_on(index, clause):
            continue  # *people are interested one, enthusiastic and sure*
        yield site(Delete(clause.rel.i), Insert(clause.end, "one", after=True),
                   keep=gap_tokens(clause))


# Words before which *one* is the pronoun *one* (*this one*, *the other one*, *each one*).
ONE_DETERMINERS = frozenset({"this", "that", "these", "those", "another", "other", "each",
                             "every", "any", "either", "neither", "which", "the", "a"})


DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})


def _takes_one_as_head(last: Token) -> bool:
    """A clause-final determiner or *other* (*into this*, *like the other*), or an adjective
    heading a noun phrase of its own, a superlative or one with a determiner (*are the
    least reactive*, *were cheapest*): *one* after it forms the noun phrase *this one*, *the
    least reactive one* and no longer closes the clause; so does a noun after a demonstrative
    or a comparison's *than* (*that leverage one*, *older than average one*)."""
    if last.lower_ in ONE_DETERMINERS:
        return True
    if last.pos_ in ("NOUN", "ADJ") and (
            any(c.dep_ == "det" and c.lower_ in DEMONSTRATIVES for c in last.children)
            or last.head.lower_ == "than"):
        return True  # *that leverage one*, *older than average one*: read as one noun phrase
    kids = last.children
    if last.tag_ in ("JJS", "RBS") or any(c.tag_ in ("JJS", "RBS") for c in kids):
        return True
    return last.tag_ in ("JJ", "JJR") and any(c.dep_ == "det" for c in last.children)


def _cut_short(index: DocIndex, clause: RelClause) -> bool:
    """The clause ends in a preposition without its object while words follow (*Colors that
    work great for [the monochromatic look are red]*): the parse cut the clause, and *one*
    would go inside the prepositional phrase."""
    last = index.tokens[clause.end]
    after = clause.end + 1
    return (last.dep_ == "prep" and not any(True for _ in last.children)
            and after < len(index.tokens) and not index.tokens[after].is_punct)


def _phrase_goes_on(index: DocIndex, clause: RelClause) -> bool:
    """The antecedent's phrase continues after the clause past a comma (*people who are
    interested, enthusiastic and sure of themselves*, where the parse hung the rest of the
    clause's predicate on the noun): *one* put at the clause's end would split it."""
    after = clause.end + 1
    return (after < len(index.tokens) and index.words[after] == ","
            and clause.head.right_edge.i > after)


def _reads_as_a_number(index: DocIndex, after: int) -> bool:
    """Whether *one* put before position ``after`` would read as a numeral: before a
    comparison (*less than*, *more than*), a number or a noun (*one car*)."""
    if after >= len(index.tokens):
        return False
    tag = index.tag_of[after]
    return tag in ("JJR", "RBR", "CD", "NN", "NNS") or index.words[after].lower() in ("than", "more", "less")
