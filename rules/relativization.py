"""Relativization rules (eWAVE 186-199): relative pronouns, gaps and the shape of the clause.

Every rule starts from the relative clauses of the parse (:func:`relative_clauses`): a verb
attached as ``relcl`` to a noun before it, its relativizer (the first word of the clause, if
that word is *who/whom/which/that/whose*), the relativizer's function (subject or direct
object gap; anything else, such as *the reason that he left* or a stranded preposition, is
``other`` and left alone by the rules that need a clean gap) and whether the clause is
restrictive (no comma before it). Questions (*Who came?*), free relatives (*what you said*)
and complement clauses (*the fact that he left*) are not ``relcl`` and never match.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS as SUBJECT_DEPS
from multivalue_cli.engine.syntax import children, full_form, morph_values
from multivalue_cli.engine.wordlists import wordlist

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex

CATEGORY = "Relativization"

# --------------------------------------------------------------------------- word lists

# People nouns: the hand-picked list of the noun-phrase rules plus WordNet's noun.person.
HUMAN_NOUNS = wordlist("human_nouns") | wordlist("person_nouns_wordnet")
# Nouns with any people sense (driver, star): never called things (it, its, which).
PERSON_SENSE_NOUNS = wordlist("person_sense_nouns")
MALE_NOUNS = wordlist("male_nouns")
# Verbs that take a clause: a subject relative on them cannot lose its relativizer (*The man
# saw the dog ran away* reads as *saw that the dog ran away*).
CLAUSE_EMBEDDERS = wordlist("clause_embedding_verbs") | {"say", "see", "think"}
FEMALE_NOUNS = wordlist("female_nouns")

RELATIVIZERS = frozenset({"who", "whom", "which", "that"})
DEFINITE_DETERMINERS = frozenset({"the", "this", "that", "these", "those"})
FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})
# Heads whose "that" clause is adverbial (the reason that he left, the day that I met her)
# or a complement (the news that he left): the "that" is no argument gap.
ADVERBIAL_HEADS = frozenset(
    "reason way time times day days year years moment minute week month place night morning "
    "evening afternoon season era period age".split()
)
COMPLEMENT_HEADS = frozenset(
    "fact idea news claim belief hope chance sign evidence feeling rumor rumour notion "
    "possibility proof thought suggestion report statement assumption impression".split()
)
# Transitive phrasal verbs ("fill in"): their particle is no stranded preposition.
PHRASAL_VERBS = wordlist("separable_phrasal_verbs")
# Verbs that take no object: a "which" the parser makes their object stands for "in which".
INTRANSITIVE_VERBS = frozenset(
    "happen occur exist arrive die sleep belong appear seem come go live stay remain lie rise "
    "fall sit stand".split())
# Verb forms that read as a preposition once the relativizer is gone (people like music).
PREPOSITION_VERBS = frozenset({"like", "near", "past"})
PREPOSITIONS = frozenset(
    "in on at to with from about for of into onto over under through by after like".split())


# --------------------------------------------------------------------------- clause finder


@dataclass(frozen=True, slots=True)
class RelClause:
    head: Token          # the antecedent noun
    verb: Token          # the verb of the relative clause
    rel: Token | None    # the overt relativizer, None for a zero relative
    role: str            # "subject", "object" or "other" (the relativizer's function)
    restrictive: bool    # no comma between the antecedent and the clause
    start: int           # first token of the clause
    end: int             # last token of the clause (trailing punctuation excluded)
    coordinated: bool    # coordinated with another relative (*who sings and who dances*)

    @property
    def adjacent(self) -> bool:
        """The clause directly follows its antecedent noun (*the man who*, not *the man in
        the hat who* or *the man, who*)."""
        return self.start == self.head.i + 1


_CLAUSES_KEY = "multivalue.relativization.clauses"


def relative_clauses(doc: Doc, index: DocIndex) -> list[RelClause]:
    """The relative clauses of the document that modify a noun before them.

    Worked out once per document, as a dozen rules ask (kept in ``doc.user_data`` as plain
    ints); each call gets new RelClause objects."""
    user_data = doc.user_data
    found = user_data.get(_CLAUSES_KEY)
    if found is None:
        found = user_data[_CLAUSES_KEY] = [
            (c.head.i, c.verb.i, None if c.rel is None else c.rel.i, c.role, c.restrictive,
             c.start, c.end, c.coordinated) for c in _find_relative_clauses(doc, index)]
    tokens = index.tokens
    return [RelClause(tokens[head], tokens[verb], None if rel is None else tokens[rel], role,
                      restrictive, start, end, coordinated)
            for head, verb, rel, role, restrictive, start, end, coordinated in found]


def _find_relative_clauses(doc: Doc, index: DocIndex) -> list[RelClause]:
    found = []
    for verb in index.by_dep.get("relcl", ()):
        head = verb.head
        start = verb.left_edge.i
        if head.i >= start or head.pos_ not in ("NOUN", "PROPN", "PRON"):
            continue
        end = verb.right_edge.i
        while end > verb.i and (doc[end].is_punct or doc[end].dep_ == "cc"):
            end -= 1  # a trailing comma, or the "and" of a coordination the clause sits in
        if sum(c.dep_ in SUBJECT_DEPS for c in children(verb)) > 1:
            continue  # two subjects: a misparse (who I thought was ...)
        first = doc[start]
        rel = first if _is_relativizer(first) else None
        if rel is None and first.dep_ not in SUBJECT_DEPS:
            continue  # pied-piped (to whom, in which) or a parse we do not trust
        restrictive = start > 0 and not doc[start - 1].is_punct
        found.append(RelClause(head, verb, rel, _role(doc, head, verb, rel, start, end),
                               restrictive, start, end, _coordinated(doc, head, verb)))
    found.sort(key=lambda c: c.start)
    return found


def _coordinated(doc: Doc, head: Token, verb: Token) -> bool:
    """The clause is one of two coordinated relatives: *who sings and who dances*, *that
    are in Asia and for which ...*, *that sell bread and whose owners ...* (a coordinated
    noun, *a person who jogs and a person who ...*, does not count)."""
    if any(c.dep_ == "relcl" and c != verb for c in children(head)):
        return True
    for c in children(verb):
        if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX"):
            return True
        if c.dep_ == "cc" and any(t.tag_ in ("WDT", "WP", "WP$") for t in doc[c.i + 1:c.i + 3]):
            return True
    return False


def _is_relativizer(tok: Token) -> bool:
    low = tok.lower_
    if low == "whose":
        return tok.tag_ == "WP$"
    if low == "that":
        return tok.tag_ == "WDT"
    return low in RELATIVIZERS and tok.tag_ in ("WP", "WDT")


def _role(doc: Doc, head: Token, verb: Token, rel: Token | None, start: int, end: int) -> str:
    if rel is None or rel.lower_ == "whose":
        return "other"
    if rel.dep_ in SUBJECT_DEPS and rel.head == verb:
        return "subject" if _finite(verb) else "other"
    if rel.dep_ != "dobj" or head.lemma_.lower() in ADVERBIAL_HEADS:
        return "other"
    if rel.lower_ == "that" and head.lemma_.lower() in COMPLEMENT_HEADS:
        return "other"
    governor = rel.head
    if governor.dep_ in ("aux", "auxpass") or governor.pos_ not in ("VERB", "AUX"):
        return "other"  # a parse that hangs the gap on an auxiliary is not trusted
    if governor.lemma_.lower() in INTRANSITIVE_VERBS:
        return "other"  # "the stadiums which some concerts happened in": a lost preposition
    if any(c.dep_ == "dobj" and c != rel for c in children(governor)):
        return "other"  # the yard that you do gardening in: the gap is elsewhere
    if stranded_prepositions(doc, rel, start, end):
        return "other"
    return "object"


def _finite(verb: Token) -> bool:
    return verb.tag_ in FINITE_TAGS or any(
        c.dep_ in ("aux", "auxpass") and c.tag_ in FINITE_TAGS for c in children(verb))


def stranded_prepositions(doc: Doc, rel: Token | None, start: int, end: int) -> list[Token]:
    """Prepositions in tokens ``[start, end]`` that have lost their object to the gap.

    A preposition with nothing after it (the parser may still attach the relativizer before
    it as its object: *that she comes from*), and a clause-final word tagged as a particle
    when the gap cannot be the verb's object, because the verb has an object of its own
    (*that we do our gardening in*, but not *the light that I turned on*)."""
    found = [tok for tok in doc[start:end + 1]
             if tok.dep_ == "prep" and tok.tag_ == "IN" and tok.n_rights == 0]
    last = doc[end]
    if last.dep_ == "prt" and last.lower_ in PREPOSITIONS and rel is not None and (
            _gap_not_object(rel, last.head)
            or last.tag_ == "IN" and not is_phrasal_particle(last, last.head)):
        found.append(last)  # "the topic which they argued over": over is no particle here
    return found


def is_phrasal_particle(word: Token, verb: Token) -> bool:
    """*filled in*, *turned on*: ``word`` right after ``verb`` is the particle of a
    transitive phrasal verb (whose object the relative clause is about), not a stranded
    preposition (*the house we lived in*)."""
    return (word.i == verb.i + 1 and verb.pos_ in ("VERB", "AUX")
            and f"{verb.lemma_.lower()} {word.lower_}" in PHRASAL_VERBS)


def _gap_not_object(rel: Token, verb: Token) -> bool:
    return rel.dep_ in ("dobj", "pobj") and any(
        c.dep_ == "dobj" and c != rel for c in children(verb))


# --------------------------------------------------------------------------- animacy


def is_human(noun: Token) -> bool:
    return noun.pos_ == "NOUN" and noun.lemma_.lower() in HUMAN_NOUNS


def is_thing(noun: Token) -> bool:
    """A common noun that is certainly not a person (*house*, not *driver* or *company*)."""
    lemma = noun.lemma_.lower()
    return (noun.pos_ == "NOUN" and lemma not in HUMAN_NOUNS and lemma not in PERSON_SENSE_NOUNS
            and not lemma.endswith(("man", "woman", "person", "people")))


def is_plural(noun: Token) -> bool:
    return noun.tag_ in ("NNS", "NNPS") or morph_values(noun, "Number") == ["Plur"]


def gender(noun: Token) -> str | None:
    """'m' or 'f' for a singular noun that names a man or a woman, else None."""
    lemma = noun.lemma_.lower()
    if lemma in MALE_NOUNS:
        return "m"
    if lemma in FEMALE_NOUNS:
        return "f"
    return None


def object_pronoun(noun: Token) -> str | None:
    """The pronoun that can stand for ``noun`` as an object, if it is certain."""
    if noun.pos_ != "NOUN":
        return None
    if is_plural(noun):
        return "them"
    if is_human(noun):
        return {"m": "him", "f": "her"}.get(gender(noun) or "")
    return "it" if is_thing(noun) else None


def possessive_pronoun(noun: Token) -> str | None:
    if noun.pos_ != "NOUN":
        return None
    if is_plural(noun):
        return "their"
    if is_human(noun):
        return {"m": "his", "f": "her"}.get(gender(noun) or "")
    return "its" if is_thing(noun) else None


def _plain_gap(clause: RelClause, roles: tuple[str, ...] = ("subject", "object")) -> bool:
    """A restrictive clause right after a common or proper noun, with a who/that/which gap."""
    return (clause.rel is not None and clause.restrictive and clause.adjacent
            and clause.role in roles and clause.head.pos_ in ("NOUN", "PROPN")
            and not _same_or_such(clause.head))


def _clitic_follows(rel: Token) -> bool:
    """*that's*, *who'd*: a relativizer that hosts a clitic cannot be deleted."""
    nxt = rel.nbor(1) if rel.i + 1 < len(rel.doc) else None
    return nxt is not None and nxt.text[:1] in ("'", "’") and not rel.whitespace_


def _same_or_such(head: Token) -> bool:
    """*the same car that*, *such people as*: comparative heads whose relativizer *as* is SAE."""
    return any(c.lower_ in ("same", "such") for c in children(head))


def gap_tokens(clause: RelClause) -> list[int]:
    """Where an object gap can be marked: the verb whose object is missing (a shadow pronoun
    goes after it). A relativizer that marks the clause a second time keeps it unchanged, so
    that one relative is not marked three ways (*the song that which you like it*). (A
    clause with a stranded preposition has no plain subject or object gap, see ``_role``.)"""
    return [clause.rel.head.i] if clause.role == "object" else []


def _replace_relativizer(doc: Doc, index: DocIndex, word: str,
                         roles: tuple[str, ...] = ("subject", "object")) -> Iterator[Site]:
    for clause in relative_clauses(doc, index):
        if not _plain_gap(clause, roles) or clause.rel.lower_ == word:
            continue
        if word != "what" and _clitic_follows(clause.rel):
            continue  # the cup what's on the table, but not *as's, *which's
        yield site(Replace(clause.rel.i, word))


# --------------------------------------------------------------------------- 186


@rule(
    186, "who_which", CATEGORY,
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
                and clause.head.pos_ in ("NOUN", "PROPN") and not _clitic_follows(rel)
                and (clause.adjacent or not clause.restrictive)):
            yield site(Replace(rel.i, "which"))


# --------------------------------------------------------------------------- 187 / 188 / 189 / 190


@rule(
    187, "who_as", CATEGORY,
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
    188, "who_at", CATEGORY,
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
    189, "relativizer_where", CATEGORY,
    deps={"relcl"}, lemmas={"who", "which", "that"},
    examples=[
        ("He was one of the men who helped the slaves run away.",
         "He was one of the men where helped the slaves run away."),
        ("The guy that fixed my car didn't charge me.",
         "The guy where fixed my car didn't charge me."),
        ("Name the singers who have won a Grammy.", "Name the singers where have won a Grammy."),
        ("We took the old road, which runs along the river.",
         "We took the old road, where runs along the river."),
        ("Her phone, which was new, broke.", "Her phone, where was new, broke."),
        ("They want a nurse with a car, which rules out most of us.",
         "They want a nurse with a car, where rules out most of us."),
    ],
    negatives=[
        "This is the house which I painted.",
        "The place where we met is closed.",
        "Give the name of the nation that uses the most languages.",
        "My sister, who lives in Leeds, visited.",
        "Who helped you?",
        "I sold the car, which he had bought.",
        "For the red cars, which model is the fastest?",
    ],
)
def relativizer_where(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Relativizer *where* for *who/that/which*: *the founders where help the slaves*.

    Subject gaps only: with an object gap *the house where I painted* would read as a
    locative clause and change the meaning, and so would any gap after a place noun (*the
    nation where use most languages*). Restrictive clauses as for 187, and
    non-restrictive *which* (*the old road, where runs along the river*); a non-restrictive
    *who* (*my sister, who lives in Leeds*) is left alone, as the atlas attests *where* for
    people in restrictive clauses only."""
    places = wordlist("place_nouns")
    for found in _replace_relativizer(doc, index, "where", roles=("subject",)):
        verb = index.head_of[found.ops[0].i]  # the relativizer's verb, whose head is the noun
        if index.lemma_of[index.head_of[verb]] not in places:
            yield found
    for clause in relative_clauses(doc, index):
        rel = clause.rel
        if clause.head.lemma_.lower() in places:
            continue
        if (rel is not None and rel.lower_ == "which" and not clause.restrictive
                and clause.role == "subject" and clause.head.pos_ in ("NOUN", "PROPN")
                and doc[clause.start - 1].text == "," and not _clitic_follows(rel)):
            yield site(Replace(rel.i, "where"))


@rule(
    190, "who_what", CATEGORY,
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
    191, "relativizer_doubling", CATEGORY,
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
    ],
)
def relativizer_doubling(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Two relativizers in a row: *these little fellahs that which had stayed*.

    *that* is put before *who/which*; after *that*, *who* or *which* is added by the
    antecedent's animacy, only where the noun lists are sure of it (a people noun takes
    *who*, a noun with no people sense at all *which*; *driver*, *company* and names are
    left alone). Restrictive subject and object gaps only; the gap is then left unmarked (no
    shadow pronoun in the same clause, see :func:`gap_tokens`)."""
    for clause in relative_clauses(doc, index):
        if not _plain_gap(clause) or _clitic_follows(clause.rel):
            continue
        rel, keep = clause.rel, gap_tokens(clause)
        if rel.lower_ in ("who", "which"):
            yield site(Insert(rel.i, "that"), keep=keep)
        elif rel.lower_ == "that" and is_human(clause.head):
            yield site(Insert(rel.i, "who", after=True), keep=keep)
        elif rel.lower_ == "that" and is_thing(clause.head):
            yield site(Insert(rel.i, "which", after=True), keep=keep)


# --------------------------------------------------------------------------- 192


@rule(
    192, "analytic_whose_relativizer", CATEGORY,
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


# --------------------------------------------------------------------------- 193


@rule(
    193, "null_relcl", CATEGORY,
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
    read as the main one."""
    found = [(clause.rel, _spelt_clitic(clause.rel), clause.verb.i)
             for clause in relative_clauses(doc, index) if _zero_subject(clause)]
    found += [(rel, (), rel.head.i) for rel in _cleft_subjects(doc, index)]
    for rel, clitic, verb in sorted(found, key=lambda found: found[0].i):
        if clitic is not None:
            yield site(Delete(rel.i), *clitic, keep=[verb])


def _zero_subject(clause: RelClause) -> bool:
    """A subject relative whose relativizer can go (see :func:`null_relcl`)."""
    head = clause.head
    if not _plain_gap(clause, ("subject",)) or head.pos_ != "NOUN" or clause.coordinated:
        return False
    if head.lemma_.lower() == "one" or _reads_as_preposition(clause):
        return False
    if any(t.dep_ == "relcl" for t in clause.verb.subtree if t != clause.verb):
        return False  # "the stadiums had concerts occurred in 2014": only the inner one goes
    if head.dep_ in SUBJECT_DEPS and head.i < head.head.i:
        lemma = clause.verb.lemma_.lower()
        return lemma != "be" and lemma not in CLAUSE_EMBEDDERS
    return True


def _spelt_clitic(rel: Token) -> tuple[Replace, ...] | None:
    """*who's blind* -> *is blind*: the clitic the relativizer hosted, spelt out (None when its
    full form is uncertain, as for *'d*)."""
    if not _clitic_follows(rel):
        return ()
    full = full_form(rel.nbor(1))
    return (Replace(rel.i + 1, full),) if full else None


def _reads_as_preposition(clause: RelClause) -> bool:
    """*There are many people [who] like music*: the verb would read as a preposition."""
    return clause.verb.lower_ in PREPOSITION_VERBS and clause.verb.i == clause.rel.i + 1


def _definite(noun: Token) -> bool:
    """A name or a definite noun phrase: the focus of a cleft (*It was the dog that ...*), not
    the predicate of *It's a film that ...*, where *it* refers to something."""
    return noun.pos_ == "PROPN" or any(
        c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in DEFINITE_DETERMINERS)
        for c in children(noun))


def _cleft_subjects(doc: Doc, index: DocIndex) -> list[Token]:
    """The relativizers of *it*-clefts the parser attaches to *be* as a complement
    (*It was my sister that told me*)."""
    found = []
    for clause_verb in index.by_dep.get("ccomp", ()):
        be = clause_verb.head
        if be.lemma_ != "be" or not _finite(clause_verb):
            continue
        it = next((c for c in children(be) if c.dep_ == "nsubj"), None)
        focus = next((c for c in children(be) if c.dep_ == "attr"), None)
        rel = clause_verb.left_edge
        if (it is None or it.lower_ != "it" or focus is None or _clitic_follows(rel)
                or focus.pos_ not in ("NOUN", "PROPN") or not _definite(focus)
                or not _is_relativizer(rel) or rel.lower_ == "whose"
                or rel.dep_ not in SUBJECT_DEPS or rel.head != clause_verb
                or rel.i != focus.right_edge.i + 1):
            continue
        found.append(rel)
    return found


# --------------------------------------------------------------------------- 194


@rule(
    194, "shadow_pronouns", CATEGORY,
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
        if not _plain_gap(clause, ("object",)):
            continue
        pronoun = object_pronoun(clause.head)
        governor = clause.rel.head
        if pronoun is None or any(c.dep_ in ("dative", "iobj", "ccomp", "xcomp", "oprd")
                                  for c in children(governor) if c.i > governor.i):
            continue
        yield site(Insert(governor.i, pronoun, after=True))


# --------------------------------------------------------------------------- 195

# Longest relative clause (in words) that a clause-final "one" still marks.
MAX_ONE_CLAUSE = 6


@rule(
    195, "one_relativizer", CATEGORY,
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
        if not _plain_gap(clause) or clause.coordinated or clause.head.lemma_.lower() == "one":
            continue
        words = index.tokens[clause.start:clause.end + 1]
        if _clitic_follows(clause.rel) or len(words) > MAX_ONE_CLAUSE or any(
                t.is_punct or t.lower_ == "one" for t in words):
            continue
        if _reads_as_a_number(index, clause.end + 1):
            continue  # *expectancy one less than 72*: the parse cut the clause short
        yield site(Delete(clause.rel.i), Insert(clause.end, "one", after=True),
                   keep=gap_tokens(clause))


def _reads_as_a_number(index: DocIndex, after: int) -> bool:
    """Whether *one* put before position ``after`` would read as a numeral: before a
    comparison (*less than*, *more than*), a number or a noun (*one car*)."""
    if after >= len(index.tokens):
        return False
    tag = index.tag_of[after]
    return tag in ("JJR", "RBR", "CD", "NN", "NNS") or index.words[after].lower() in ("than", "more", "less")


# --------------------------------------------------------------------------- 196

# Light nouns whose "the N that ... is X" specifies X rather than picking out an N.
LIGHT_HEADS = frozenset({"thing", "something", "stuff", "fact", "point", "problem", "question"})
# Modifiers that make the noun phrase unique, so a "which N" clause cannot pick it out.
UNIQUE_MODIFIERS = frozenset({"only", "same", "first", "last", "next", "sole", "very"})


@rule(
    196, "correlative_constructions", CATEGORY,
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
        if det is None or head.dep_ not in SUBJECT_DEPS or predicate.i < head.i:
            continue
        if not _predicate_follows(doc, clause.end + 1, predicate):
            continue
        noun = head.text if head.pos_ == "PROPN" else head.lower_
        if is_plural(head):
            resumptions = (f", those {noun}", ", those")
        else:
            resumptions = (f", that {noun}", ", that one")
        if clause.rel is not None and _clitic_follows(clause.rel):
            continue
        base = [Replace(det.i, "which")]
        if clause.rel is not None:
            base.append(Delete(clause.rel.i))
        variants = [(*base, Insert(clause.end, text, after=True)) for text in resumptions]
        yield site(*variants[0], alternatives=tuple(variants[1:]))


def _predicate_follows(doc: Doc, k: int, predicate: Token) -> bool:
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
    return not (first.dep_ in SUBJECT_DEPS and first.head == clause.verb and _finite(clause.verb))


# --------------------------------------------------------------------------- 197


@rule(
    197, "linking_relcl", CATEGORY,
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
    everyone*) have a subject gap and stay."""
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


@rule(
    198, "preposition_chopping", CATEGORY,
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
        if clause.rel is None and not _finite(clause.verb):
            continue  # "Which region is the city Kabul located in?" is no relative clause
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
    199, "reduced_relative", CATEGORY,
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
