"""What several relativization rules use: the relative clauses of a document, found once, with
their relativizer, head noun and gap."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS, children, morph_values
from multivalue_cli.engine.wordlists import wordlist

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


# --------------------------------------------------------------------------- word lists

# People nouns: the hand-picked list of the noun-phrase rules plus WordNet's noun.person.
HUMAN_NOUNS = wordlist("human_nouns") | wordlist("person_nouns_wordnet")
# Nouns with any people sense (driver, star): never called things (it, its, which).
PERSON_SENSE_NOUNS = wordlist("person_sense_nouns")
MALE_NOUNS = wordlist("male_nouns")

FEMALE_NOUNS = wordlist("female_nouns")

RELATIVIZERS = frozenset({"who", "whom", "which", "that"})

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
        if sum(c.dep_ in NOMINAL_SUBJECT_DEPS for c in children(verb)) > 1:
            continue  # two subjects: a misparse (who I thought was ...)
        root = verb.sent.root
        if root.pos_ not in ("VERB", "AUX") and doc[verb.sent.end - 1].text == "?":
            continue  # "In real life, who lives at ...?": the question itself, no main clause
        first = doc[start]
        rel = first if is_relativizer(first) else None
        if rel is None and first.dep_ not in NOMINAL_SUBJECT_DEPS:
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


def is_relativizer(tok: Token) -> bool:
    low = tok.lower_
    if low == "whose":
        return tok.tag_ == "WP$"
    if low == "that":
        return tok.tag_ == "WDT"
    return low in RELATIVIZERS and tok.tag_ in ("WP", "WDT")


def _role(doc: Doc, head: Token, verb: Token, rel: Token | None, start: int, end: int) -> str:
    if rel is None or rel.lower_ == "whose":
        return "other"
    if rel.dep_ in NOMINAL_SUBJECT_DEPS and rel.head == verb:
        return "subject" if finite(verb) else "other"
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


def finite(verb: Token) -> bool:
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
    if last.dep_ in ("prt", "advmod") and last.lower_ in PREPOSITIONS | ADVERBIAL_PREPOSITIONS \
            and rel is not None and (
            _gap_not_object(rel, last.head)
            or (last.tag_ == "IN" or rel.dep_ == "pobj") and not is_phrasal_particle(last, last.head)):
        # "the topic which they argued over", "the chair that I was sitting on" (the parser
        # makes the relativizer the object of a preposition it does not find): no particle
        found.append(last)
    return found


# Prepositions the parser also reads as adverbs at a clause end (*walked across*, *hid in*).
ADVERBIAL_PREPOSITIONS = frozenset("across along around behind beneath beside inside near "
                                   "past under underneath".split())


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


def certain_gender(noun: Token) -> str | None:
    """'m' or 'f' for a singular noun that names a man or a woman whatever the context, else
    None: a pronoun is chosen by it, so the lists leave out nouns also said of women (*actor*,
    *hero*), which the antecedent finder's :func:`~multivalue_cli.engine.antecedents.gender`
    counts as male."""
    lemma = noun.lemma_.lower()
    if lemma in MALE_NOUNS:
        return "m"
    if lemma in FEMALE_NOUNS:
        return "f"
    return None


def plain_gap(clause: RelClause, roles: tuple[str, ...] = ("subject", "object")) -> bool:
    """A restrictive clause right after a common or proper noun, with a who/that/which gap."""
    return (clause.rel is not None and clause.restrictive and clause.adjacent
            and clause.role in roles and clause.head.pos_ in ("NOUN", "PROPN")
            and not _same_or_such(clause.head))


def clitic_follows(rel: Token) -> bool:
    """*that's*, *who'd*: a relativizer that hosts a clitic cannot be deleted."""
    nxt = rel.nbor(1) if rel.i + 1 < len(rel.doc) else None
    return nxt is not None and nxt.text[:1] in ("'", "’") and not rel.whitespace_


def _same_or_such(head: Token) -> bool:
    """*the same car that*, *such people as*: comparative heads whose relativizer *as* is SAE."""
    return any(c.lower_ in ("same", "such") for c in children(head))
