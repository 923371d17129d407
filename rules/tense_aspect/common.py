"""What several tense and aspect rules use: a verb's auxiliaries, its tense and person, and the
clauses and time words that fix its reference."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from spacy.tokens import Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Op, Replace
from multivalue_cli.engine.morphology import BE_PAST, BE_PRESENT, inflect_verb, lemma_of, person_number
from multivalue_cli.engine.syntax import (
    EMBEDDED_CLAUSE_DEPS, FINITE_TAGS, NOMINAL_SUBJECT_DEPS, children, clause_is_negated, clause_tokens,
    negation_after, subject_of,
)
from multivalue_cli.engine.wordlists import wordlist


# Adverbial clauses whose tense is fixed by the main clause (*when I was young*).
TEMPORAL_MARKERS = frozenset(
    "when whenever while as after before until till since once if unless".split()
)


# ---------------------------------------------------------------------------------- shared helpers


def aux_children(verb: Token, lemma: str) -> list[Token]:
    return [c for c in children(verb) if c.dep_ in ("aux", "auxpass") and c.lemma_ == lemma]


def be_form(subj: Token, past: bool) -> str:
    """*am/is/are* or *was/were* agreeing with ``subj``."""
    table = BE_PAST if past else BE_PRESENT
    return table[person_number(subj)]


# Adverbs that link a clause to what came before (*and then kissed her*): a preverbal marker
# goes after them (*and then been kiss her*), as after a subject.
CONNECTIVE_ADVERBS = frozenset("then also later finally soon afterwards eventually next".split())


def preverbal_start(verb: Token, subj: Token | None, after_connectives: bool = False) -> int:
    """Where an auxiliary goes before ``verb``: before the adverbs (*never*, *really*) standing
    between the subject and the verb, so that *I never went* gives *I have never gone*; a
    hedge of several words goes whole (*I kind of liked* -> *I have kind of liked*). With
    ``after_connectives``, after a linking adverb (*then*, *also*) all the same."""
    start = verb.i
    lower = subj.right_edge.i if subj is not None and subj.i < verb.i else -1
    for child in reversed(children(verb)):  # right to left
        if lower < child.i < start and child.dep_ in ("advmod", "neg") and child.i == start - 1:
            if after_connectives and child.lower_ in CONNECTIVE_ADVERBS:
                break
            start = child.left_edge.i if child.left_edge.i > lower else child.i
    return start


def _is_temporal_clause(verb: Token) -> bool:
    if verb.dep_ != "advcl":
        return False
    return any(c.dep_ == "mark" and c.lower_ in TEMPORAL_MARKERS for c in children(verb)) or any(
        c.dep_ == "advmod" and c.tag_ == "WRB" for c in children(verb)
    )


def in_temporal_clause(verb: Token) -> bool:
    """Whether ``verb`` heads (or is coordinated into) an adverbial clause such as *when ...*,
    or is the main verb such a clause anchors in time (*when I was young, we lived ...*)."""
    while verb.dep_ == "conj":
        verb = verb.head
    return _is_temporal_clause(verb) or any(_is_temporal_clause(c) for c in children(verb))


# --------------------------------------------------------------------------------- 88 progressives

# Stative verbs (states of mind, emotion, possession) that SAE does not put in the progressive.
STATIVE_VERBS = wordlist("progressive_stative_verbs")


def coordinated_participles(verb: Token) -> list[Token]:
    """Participles sharing the perfect auxiliary: *has [eaten] and [drunk]*."""
    return [c for c in children(verb) if c.dep_ == "conj" and c.tag_ == "VBN"
            and not any(g.dep_ in ("aux", "nsubj") for g in children(c))]


IRREALIS_VERBS = wordlist("irrealis_matrix_verbs")


def condition_clause(verb: Token) -> bool:
    """``verb`` heads an *if/unless* clause (*if you give a man enough rope*), present or past."""
    return any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in children(verb))


def condition_or_time_clause(verb: Token) -> bool:
    """``verb`` heads (or is coordinated into) an *if/unless* clause or an adverbial clause
    of time (*after you die*, *when someone concludes*): a clause that takes its event as
    given, where an added *do* reads as stressed (*after you DO die*)."""
    while verb.dep_ == "conj":
        verb = verb.head
    return condition_clause(verb) or _is_temporal_clause(verb)


def is_irrealis(verb: Token) -> bool:
    """A past that is not past time: *I wish I knew*, *as though he knew*, *if I were you*."""
    if verb.dep_ == "ccomp" and verb.head.lemma_ in IRREALIS_VERBS:
        return True
    if any(c.dep_ == "mark" and c.lower_ in ("if", "though") for c in children(verb)):
        return True
    if verb.lower_ == "were":  # singular "were" is subjunctive
        subj = subject_of(verb)
        return subj is not None and person_number(subj) != "other"
    return False


# What makes an *if*-clause's verb hypothetical: *if one should admit*, *if he were to say*.
HYPOTHETICAL_AUXILIARIES = frozenset({"should", "would", "could", "might", "were"})


def under_hypothesis(verb: Token) -> bool:
    """A past in the clause complement of a hypothetical condition (*if one should admit that
    the earth revolved*, *if he said that the shop closed at six*): its past agrees with the
    condition's (a backshift), it places nothing in the past."""
    clause = verb
    while clause.dep_ == "conj":
        clause = clause.head
    if clause.dep_ != "ccomp":
        return False
    condition = clause.head
    if not any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in children(condition)):
        return False
    return condition.tag_ == "VBD" or any(
        c.dep_ == "aux" and c.lower_ in HYPOTHETICAL_AUXILIARIES for c in children(condition))


def present_in_past_form(verb: Token, index: DocIndex) -> bool:
    """A verb whose past is its bare form (*put, cut, set*) tagged past in a present-tense
    passage (*They take a drink. They put their mouth on a towel.*, *He stops and put the
    tool down*): with no third-singular subject to show an *-s*, the form is a present too,
    and the simple presents around it (the verb it is coordinated with, or those of its
    sentence and the sentences on either side, with no past among them) say which it is."""
    if verb.lower_ != inflect_verb(lemma_of(verb), "VB"):
        return False
    if verb.dep_ == "conj" and verb.head.tag_ in ("VBZ", "VBP"):
        return True
    subj = subject_of(verb)
    if subj is None or person_number(subj) == "3s":
        return False  # "the mom put a helmet on": a present would be "puts"
    start = index.sentence_of[verb.i]
    first = index.sentence_of[start - 1] if start > 0 else start
    end = index.sentence_end(verb.i)
    last = index.sentence_end(end) if end < len(index.tokens) else end
    present = past = False
    for tok in index.doc[first:last]:
        if tok.i == verb.i or tok.dep_ in ("aux", "auxpass", "advcl") or tok.pos_ not in ("VERB", "AUX"):
            continue  # (the present of an adverbial clause, *if you remember*, is the hearer's now)
        if tok.tag_ in ("VBZ", "VBP"):
            present = True
        elif tok.tag_ == "VBD" and tok.lower_ != inflect_verb(lemma_of(tok), "VB"):
            past = True
    return present and not past


WILL_FORMS = frozenset({"will", "'ll", "’ll", "wo"})


def present_form(lemma: str, subj: Token) -> str | None:
    """The simple present of ``lemma`` agreeing with ``subj`` (*am/is/are*, *knows/know*)."""
    if lemma == "be":
        return be_form(subj, past=False)
    return inflect_verb(lemma, "VBZ" if person_number(subj) == "3s" else "VBP")


def do_form(subj: Token, past: bool) -> str:
    if past:
        return "did"
    return "does" if person_number(subj) == "3s" else "do"


def no_amnt(be: str, neg: Token | None) -> list[Op]:
    """SAE has no *amn't*: spell the negation out after *am*."""
    if neg is not None and be in ("am", "'m", "’m") and neg.lower_ != "not":
        return [Replace(neg.i, "not")]
    return []


@dataclass(frozen=True)
class Perfect:
    """A perfect verb group *have (+ been) + participle*, as the parse gives it.

    ``verb`` is the head of the group: the participle, the *-ing* form of a perfect progressive,
    or copular *been*. ``been`` is the *been* of a passive or progressive (None for copular
    *been*, which is ``verb``)."""

    have: Token
    verb: Token
    subj: Token
    been: Token | None
    neg: Token | None

    @property
    def past(self) -> bool:
        return self.have.tag_ == "VBD" or self.have.lower_ in ("'d", "’d")

    @property
    def inverted(self) -> bool:
        return self.have.i < self.subj.i

    @property
    def progressive(self) -> bool:
        return self.verb.tag_ == "VBG"

    @property
    def passive(self) -> bool:
        return self.been is not None and not self.progressive

    @property
    def copular(self) -> bool:
        return self.verb.lemma_ == "be"

    @property
    def simple(self) -> bool:
        """Active, non-progressive, not copular *been*: *has eaten*."""
        return self.been is None and not self.copular

    @property
    def affirmative_declarative(self) -> bool:
        return not self.inverted and self.neg is None

    def participles(self) -> list[Token]:
        """The participle and those coordinated with it under the same *have*."""
        return [self.verb, *coordinated_participles(self.verb)]


def shares_auxiliary(verb: Token) -> bool:
    """Whether a verb coordinated with ``verb`` has no subject or auxiliary of its own
    (*have left school and found jobs*), so that it shares the verb group being rewritten."""
    return any(c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")
               and not any(g.dep_ in ("aux", "auxpass", "nsubj", "nsubjpass") for g in children(c))
               for c in children(verb))


def _is_perfect_have(aux: Token, verb: Token) -> bool:
    """*have/has/had/'ve* as perfect auxiliary; a clitic *'s* or *'d* only where the
    participle shows it is *has/had* (*she's sold the boat*, *I'd left*)."""
    if aux.dep_ not in ("aux", "auxpass") or aux.i > verb.i:
        return False
    if aux.lemma_ == "have" and aux.tag_ in ("VBP", "VBZ", "VBD"):
        return True
    if verb.tag_ != "VBN":
        return False
    if aux.lower_ in ("'d", "’d"):
        return True
    if aux.lower_ in ("'s", "’s"):
        return any(c.dep_ == "dobj" for c in children(verb)) and not _finished_doing(verb)
    return False


# Participles that are also adjectives of completion, taken with *be* before an *-ing* form:
# *she's done washing* is *she is done (= finished) washing*, not a perfect.
COMPLETION_ADJECTIVES = frozenset({"done", "finished", "through"})


def _finished_doing(verb: Token) -> bool:
    """*done/finished* + an *-ing* object (*she's done washing*): *be* finished doing."""
    return verb.lower_ in COMPLETION_ADJECTIVES and any(
        c.dep_ == "dobj" and c.lower_.endswith("ing") for c in children(verb))


def _mistagged_participle(aux: Token, verb: Token) -> bool:
    """A participle the tagger took for a past (*Have the guests arrived?*): *have* before a
    VBD whose form is also the participle."""
    return (aux.lemma_ == "have" and aux.dep_ == "aux" and verb.tag_ == "VBD"
            and inflect_verb(lemma_of(verb), "VBN") == verb.lower_)


# Where find_perfects keeps its result for a document: token positions, not Tokens, so that the
# doc does not come to hold references to itself (see multivalue_cli/antecedents.py).
_PERFECTS_KEY = "multivalue.tense_aspect.perfects"


def find_perfects(index: DocIndex) -> list[Perfect]:
    """Finite perfects with an overt subject, not under a modal (*should have gone*).

    Worked out once per document, as a dozen rules ask; each call gets new Perfect objects."""
    user_data = index.doc.user_data
    found = user_data.get(_PERFECTS_KEY)
    if found is None:
        found = user_data[_PERFECTS_KEY] = [
            (p.have.i, p.verb.i, p.subj.i, None if p.been is None else p.been.i,
             None if p.neg is None else p.neg.i)
            for p in _find_perfects(index)]
    tokens = index.tokens
    return [Perfect(tokens[have], tokens[verb], tokens[subj],
                    None if been is None else tokens[been], None if neg is None else tokens[neg])
            for have, verb, subj, been, neg in found]


def _find_perfects(index: DocIndex) -> Iterator[Perfect]:
    candidates = [*index.by_lemma.get("have", ()), *index.by_tag.get("MD", ()),
                  *index.by_lemma.get("be", ())]
    for aux in sorted(candidates, key=lambda t: t.i):
        if aux.lower_ not in ("have", "has", "had", "'ve", "’ve", "'s", "’s", "'d", "’d"):
            continue
        verb = aux.head
        if verb.tag_ not in ("VBN", "VBG") and not _mistagged_participle(aux, verb):
            continue
        if not _is_perfect_have(aux, verb):
            continue
        if any(c.dep_ == "aux" and (c.tag_ == "MD" or c.lemma_ == "do") for c in children(verb)):
            continue  # under a modal, or do-support (*do they have compared to*): main-verb have
        beens = [c for c in children(verb) if c.dep_ in ("aux", "auxpass") and c.lower_ == "been"]
        if verb.tag_ == "VBG" and not beens:
            continue
        subj = subject_of(verb)
        if subj is None:
            continue
        yield Perfect(aux, verb, subj, beens[0] if beens else None, negation_after(aux))


def has_duration(verb: Token) -> bool:
    """A *since* phrase or clause, or *for* + a length of time (*for twenty years*)."""
    for clause in children(verb):
        if clause.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "since"
                                          for m in children(clause)):
            return True
    for tok in clause_tokens(verb):
        if tok.lower_ == "since" and tok.dep_ in ("prep", "mark", "advmod"):
            return True
        if is_duration_for(tok):
            return True
    return False


def is_duration_for(prep: Token) -> bool:
    """*for* + a length of time: *for twenty years*, *for a long time*, *for ages*."""
    if prep.lower_ != "for" or prep.dep_ != "prep":
        return False
    objs = [c for c in children(prep) if c.dep_ == "pobj"]
    return bool(objs) and (objs[0].lemma_.lower() in DURATION_NOUNS or objs[0].lower_ in DURATION_NOUNS)


DURATION_NOUNS = wordlist("duration_nouns")

# Adverbs and fixed phrases of a period reaching up to now (*lately*, *so far*, *to date*).
UP_TO_NOW_ADVERBS = frozenset({"lately", "hitherto"})
PERIOD_ADJECTIVES = frozenset({"last", "past", "recent"})


def span_up_to_now(verb: Token) -> bool:
    """A period that runs up to now in ``verb``'s clause: *over the last twenty years*, *in
    recent months*, *these days*, *lately*, *so far*, *to date*, *to this day*, *until now*, *up to now*. The
    perfect there sums up a stretch of time (continuative or experiential), not one finished
    event."""
    for tok in clause_tokens(verb):
        low = tok.lower_
        if tok.dep_ == "advmod" and (low in UP_TO_NOW_ADVERBS or low == "far" and tok.i > 0
                                     and tok.doc[tok.i - 1].lower_ in ("so", "thus")):
            return True
        if tok.dep_ in ("npadvmod", "tmod") and tok.lower_ == "days" and any(
                c.dep_ == "det" and c.lower_ == "these" for c in children(tok)):
            return True  # *these days*
        if tok.dep_ != "prep":
            continue
        objs = [c for c in children(tok) if c.dep_ == "pobj"]
        if not objs:
            continue
        obj = objs[0]
        if low in ("until", "till", "up") and obj.lower_ == "now" or low == "to" and obj.lower_ == "date":
            return True
        if low in ("to", "until", "till") and obj.lower_ == "day" and any(
                c.dep_ == "det" and c.lower_ == "this" for c in children(obj)):
            return True
        if low in ("over", "in", "during", "within", "throughout") and (
                obj.lemma_.lower() in DURATION_NOUNS or obj.lower_ in DURATION_NOUNS) and any(
                c.dep_ == "amod" and c.lower_ in PERIOD_ADJECTIVES for c in children(obj)):
            return True
    return False


# Adverbs of degree: *has matured a little*, *has grown a lot*, *has changed considerably*
# measure a gradual change, which has no end point to be finished.
DEGREE_ADVERBS = frozenset(
    "much slightly considerably significantly greatly somewhat dramatically substantially "
    "enormously hugely markedly sharply steadily gradually".split())
DEGREE_NOUNS = frozenset({"bit", "little", "lot", "lots", "tad", "deal"})


def measures_degree(verb: Token) -> bool:
    """A degree modifier of ``verb`` (*a little*, *a lot*, *a great deal*, *so much*,
    *considerably*; not the quantity *a lot of money*): the verb names a change or an activity
    by how far it has gone, not an event with an end."""
    return any(c.dep_ == "advmod" and c.lower_ in DEGREE_ADVERBS
               or c.dep_ in ("npadvmod", "dobj", "advmod") and c.lower_ in DEGREE_NOUNS
               and any(d.lower_ == "a" for d in children(c))
               and not any(d.dep_ == "prep" and d.lower_ == "of" for d in children(c))
               or c.dep_ == "advmod" and c.lower_ == "much" and c.i > 0
               and c.doc[c.i - 1].lower_ in ("so", "too", "very")
               for c in children(verb))

NON_RESULTATIVE_VERBS = wordlist("non_resultative_verbs") | wordlist("progressive_stative_verbs")


def asks_how_long(verb: Token) -> bool:
    return any(t.lower_ == "long" and t.head.i == verb.i and t.i > 0
               and t.doc[t.i - 1].lower_ == "how" for t in children(verb))


def participle_ops(p: Perfect, tag: str) -> list[Op] | None:
    """Put the participles of ``p`` in the form ``tag`` (None if a form is missing)."""
    ops: list[Op] = []
    for verb in p.participles():
        form = inflect_verb(lemma_of(verb), tag)
        if not form:
            return None
        if form != verb.lower_:
            ops.append(Replace(verb.i, form))
    return ops


EXPERIENCE_ADVERBS = frozenset({"ever", "before"})  # closed set: the experiential cues


def experiential_cue(verb: Token) -> Token | None:
    return next((c for c in children(verb) if c.dep_ == "advmod" and c.lower_ in EXPERIENCE_ADVERBS),
                None)


NOT_COMPLETABLE = STATIVE_VERBS | {"be", "have", "get", "seem", "become"}


def clause_end(verb: Token) -> int | None:
    """The last token of ``verb``'s clause before final punctuation and before any adjunct
    clause that follows (*..., so we can go*), or None when a complement clause follows
    (*told him that she left*), where a clause-final word would land in the wrong clause."""
    last = phrase_end(verb, lambda child: False)
    if last is None:
        return None
    if _inside_embedded_clause(last, verb):
        return None  # *a reign in a country where support is high*: the end is another clause's
    if last.dep_ == "prep" and not any(c.dep_ in ("pobj", "pcomp") for c in children(last)):
        return None  # *on the order of: ...*: the phrase goes on past the punctuation
    return last.i


def phrase_end(verb: Token, stops: Callable[[Token], bool]) -> Token | None:
    """The last token of what follows ``verb`` in its phrase, up to a following clause, a
    coordination or a dependent that ``stops`` it (final punctuation left out); None when a
    complement clause or a second object follows, where a word placed at the end would land
    in the wrong clause."""
    last = verb
    for child in sorted(children(verb), key=lambda c: c.i):
        if child.i < verb.i or child.is_punct:
            continue
        if child.dep_ in ("ccomp", "xcomp", "csubj", "dative", "oprd"):
            return None
        if child.dep_ in EMBEDDED_CLAUSE_DEPS or child.dep_ in ("cc", "mark") or stops(child):
            break
        last = child.right_edge if child.right_edge.i > last.i else last
    while last.i > verb.i and last.is_punct:
        last = last.doc[last.i - 1]
    return last


def _inside_embedded_clause(tok: Token, verb: Token) -> bool:
    """Whether ``tok`` belongs to a clause embedded under ``verb`` (a relative clause of its
    object, a clause complementing a noun): a word placed after it lands in that clause."""
    while tok.i != verb.i and tok.head.i != tok.i:
        if tok.dep_ in EMBEDDED_CLAUSE_DEPS and tok.pos_ in ("VERB", "AUX"):
            return True
        tok = tok.head
    return False


def finite_verb_after(end: int, verb: Token) -> bool:
    """Whether the word right after position ``end`` is a tensed verb or auxiliary (*there has
    been a mistake | moonlight is ...*): a run-on whose next clause the parser took into
    ``verb``'s phrase, so a word placed after ``end`` would open that clause."""
    doc = verb.doc
    return end + 1 < len(doc) and doc[end + 1].tag_ in FINITE_TAGS


def comma_phrase_in(verb: Token, end: int) -> bool:
    """Whether ``verb``'s phrase up to ``end`` holds a part set off by a comma that is not a
    conjunct of a list (*met my sister, Mary*: an appositive or a vocative), after which a
    clause-final word would attach to that part, outside the clause."""
    doc = verb.doc
    for k in range(verb.i + 1, end):
        if doc[k].text != ",":
            continue
        part = doc[k + 1]
        while part.head.i != part.i and part.head.left_edge.i == k + 1 and part.head.i <= end:
            part = part.head
        if part.dep_ not in ("conj", "cc"):
            return True
    return False


def two_nominal_subjects(verb: Token) -> bool:
    """Whether the parser gave ``verb`` two noun-phrase subjects (*How many Pokemon has Stan
    caught?* read as subject, *has*, subject): a misparse, whose word order is not what it
    seems."""
    return sum(c.dep_ in NOMINAL_SUBJECT_DEPS for c in children(verb)) > 1


def under_negated_verb(verb: Token) -> bool:
    """Whether ``verb`` heads the complement of a negated verb (*I don't think you've met
    her*): the negation is often raised from the complement (*you haven't met her*)."""
    return verb.dep_ in ("ccomp", "xcomp") and clause_is_negated(verb.head)


def final_vocative_comma(verb: Token, end: int) -> Token | None:
    """The comma before a vocative that closes ``verb``'s phrase at ``end`` (*have you made a
    reservation, ladies?*: a noun phrase set off by a comma and attached to the verb as a bare
    modifier), before which a clause-final word belongs; None when there is none."""
    doc = verb.doc
    for child in children(verb):
        if child.dep_ == "npadvmod" and child.i > verb.i and child.right_edge.i == end \
                and child.left_edge.i > 0 and doc[child.left_edge.i - 1].text == "," \
                and child.pos_ in ("NOUN", "PROPN"):
            return doc[child.left_edge.i - 1]
    return None
