"""Future expressions that rules of two categories read: *be about to* and *be going to*
(which *finna*, *fixin' to* and *coming to* replace), a person's planned *will*, and a time
that sets an event far off."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .antecedents import is_animate, is_human_noun
from .edits import Delete, Insert, Op, Replace
from .morphology import be_replacing, dictionary_verb, inflect_verb, lemma_of
from .syntax import children, clause_is_negated, clause_tokens, direct_subject, negation_after
from .wordlists import wordlist

if TYPE_CHECKING:
    from spacy.tokens import Token

    from .docindex import DocIndex


def about_to(tok: Token) -> Token | None:
    """The *to* of *be about to VERB* when ``tok`` is its *about*."""
    if tok.lower_ != "about" or tok.dep_ != "acomp" or tok.head.lemma_ != "be":
        return None
    verb = next((c for c in children(tok) if c.dep_ == "xcomp" and c.tag_ == "VB"), None)
    to = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    if verb is None or to is None or to.lower_ != "to" or to.head.i != verb.i:
        return None
    return to


def going_to(tok: Token) -> Token | None:
    """The *to*/*na* of the future *be going to VERB* / *be gonna VERB* when ``tok`` is *going*
    or *gon* (not motion: *going to the store*)."""
    if tok.lemma_ != "go" or tok.tag_ != "VBG" or tok.lower_ not in ("going", "gon"):
        return None
    if not any(c.dep_ == "aux" and c.lemma_ == "be" for c in children(tok)):
        return None
    to = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    if to is None or to.lower_ not in ("to", "na") or to.dep_ != "aux":
        return None
    verb = to.head
    if verb.head.i != tok.i or verb.dep_ != "xcomp" or verb.tag_ != "VB":
        return None
    if not dictionary_verb(verb.lower_) or _is_destination(verb):
        return None  # "going to town", "going to school"
    return to


def _is_destination(verb: Token) -> bool:
    """A bare place noun misread as an infinitive: *going to school*, *going to work*."""
    return verb.lemma_.lower() in wordlist("bare_destination_nouns") and not any(
        c.dep_ not in ("aux", "punct") for c in children(verb))


# Verbs whose subject does not carry out a plan (states, possession, what happens to one):
# their *will* future is a prediction (*will receive a medal*, *will need help*), which a
# marker of what one is about to do would turn into an intention.
UNPLANNED_VERBS = frozenset(
    "be have get receive need lose die happen become seem appear know understand remember "
    "forget fail win regret find notice realize realise suffer miss feel hear "
    # outcomes one hopes for, not acts one sets about: *we'll manage*, *she'll survive*
    "manage cope survive succeed".split())
# Determiners of a generic or distributive subject (*each player will roll the dice*, *no
# one will notice*): a rule or a prediction about anyone, not one person's plan.
GENERIC_DETERMINERS = frozenset("each every any no all both either neither".split())
# Adverbs that make *will* a guess or a habit rather than a plan: *will probably move*,
# *will often sing*.
GUESS_OR_HABIT_ADVERBS = frozenset(
    "probably likely possibly perhaps maybe surely certainly definitely undoubtedly "
    "often always usually sometimes never ever generally normally".split())
# Conjunctions of clauses whose *will* is a consequence or a time, not a plan: *if/unless*.
CONDITION_MARKS = frozenset({"if", "unless"})


def planned_will(will: Token, index: DocIndex) -> tuple[Token, Token | None] | None:
    """``(verb, be)`` when ``will`` is the future of a plan a person is about to carry out, in
    a statement: *my sister will drive us*, *I'll grab my coat*, *the coach will be running
    practice* (``be`` is that *be*). The near-future markers (*finna*, *fixin' to*) say the
    same of a person's intended action; predictions are left: non-personal subjects (*the
    bridge will collapse*), states and events one undergoes (*will receive a medal*), guesses
    and habits (*will probably move*, *will often sing*), consequences of an *if*-clause,
    plans described rather than announced (:func:`described_plan`),
    futures set far off (*in ten years*), negation, questions, relatives and the future
    perfect."""
    if will.tag_ != "MD" or will.lemma_.lower() != "will" or will.dep_ != "aux" \
            or will.lower_ not in ("will", "'ll", "’ll") or negation_after(will) is not None:
        return None
    verb = will.head
    subj = direct_subject(verb)
    if subj is None or subj.i > will.i or not _names_a_person(subj) or index.in_question(will.i):
        return None
    auxes = [c for c in children(verb) if c.dep_ in ("aux", "auxpass") and c.i != will.i]
    be = auxes[0] if len(auxes) == 1 and auxes[0].lower_ == "be" and auxes[0].dep_ == "aux" else None
    if not (verb.tag_ == "VB" and not auxes or verb.tag_ == "VBG" and be is not None):
        return None
    if verb.lemma_.lower() in UNPLANNED_VERBS | wordlist("progressive_stative_verbs"):
        return None
    if _guess_condition_or_far_off(verb) or _wait_and_see(verb) or _later_time_nearby(verb, index):
        return None
    if described_plan(verb):
        return None
    return verb, be


# Times that set a plan later than "about to": *next week*, *tomorrow*, *in two days* (not
# *in a minute*).
LATER_TIME_NOUNS = (wordlist("time_nouns") - {"minute", "moment", "second", "hour"}) | wordlist("weekdays")


def _later_time_nearby(verb: Token, index: DocIndex) -> bool:
    """A time later than the present moment in ``verb``'s sentence or the one before (*while
    I'm away next week ... my friend will be watching him*): the near-future markers say
    'about to', so a plan set days off keeps *will*."""
    start = index.sentence_of[verb.i]
    first = index.sentence_of[start - 1] if start > 0 else start
    doc = verb.doc
    return any(_later_time_word(doc[i]) for i in range(first, index.sentence_end(verb.i)))


# Adverbs that set a time later than now, and where they modify a clause (not *the later one*).
LATER_ADVERBS = frozenset({"tomorrow", "someday", "later"})
LATER_ADVERB_DEPS = frozenset({"advmod", "npadvmod", "tmod", "pobj"})


def _later_time_word(tok: Token, adverb_deps: frozenset[str] | None = None) -> bool:
    """``tok`` sets a time later than now: *tomorrow/someday/later* (with ``adverb_deps``,
    only as a modifier of those kinds), the noun of *next week*, or of *in two days*."""
    if tok.lower_ in LATER_ADVERBS and (adverb_deps is None or tok.dep_ in adverb_deps):
        return True
    if tok.lower_ == "next" and tok.head.lemma_.lower() in LATER_TIME_NOUNS:
        return True
    return tok.lemma_.lower() in LATER_TIME_NOUNS and tok.head.lower_ in ("in", "within") and any(
        c.dep_ in ("nummod", "amod", "det") and c.lower_ not in ("the", "this", "that", "same") for c in children(tok))


def _wait_and_see(verb: Token) -> bool:
    """*we'll see* 'we'll find out': a bare *see* is a guess about what will turn out."""
    return verb.lemma_.lower() == "see" and not any(
        c.dep_ in ("dobj", "ccomp", "xcomp", "prep", "dative") for c in children(verb))


def _names_a_person(subj: Token) -> bool:
    """A particular person or people: a personal pronoun but *you* (*you will regret this*,
    *you'll find the keys* predict or instruct), or a noun of people with a determiner or
    possessive (*my sister*, *the plumbers*); not a generic one (*students*, *each player*,
    *the person who wins*), whose *will* states a rule or a prediction."""
    if subj.tag_ in ("WP", "WDT") or subj.lower_ == "you":
        return False
    if subj.pos_ == "PRON":
        return is_animate(subj) is True
    if subj.pos_ != "NOUN" or not (is_animate(subj) is True or is_human_noun(subj.lemma_.lower())):
        return False
    dets = [c for c in children(subj) if c.dep_ in ("det", "poss")]
    if not dets or any(d.lower_ in GENERIC_DETERMINERS for d in dets):
        return False
    return not any(c.dep_ in ("relcl", "acl") for c in children(subj))


def described_plan(verb: Token) -> bool:
    """A future (``verb``: the verb or the *going* of *going to*) that describes a plan rather
    than announcing the speaker's next act: in a relative clause (*the poverty that we are
    going to allow*), or in a clause said of with a negated or copular verb (*we will not say
    we are going to try*, *our plan is that we will allow*)."""
    clause = verb
    while clause.dep_ == "conj":
        clause = clause.head
    if clause.dep_ in ("relcl", "acl"):
        return True
    if clause.dep_ == "ccomp":
        return clause.head.lemma_ == "be" or clause_is_negated(clause.head)
    return False


# Verbs whose complement clause is a forecast: *scientists predict that hurricanes will ...*.
PREDICTION_VERBS = frozenset("predict forecast expect estimate project anticipate foresee".split())


def _guess_condition_or_far_off(verb: Token) -> bool:
    """A guess or habit adverb, the complement of a verb of forecasting (*predict that ...
    will*), a rule for every case (*for each tire repaired, the mechanic will charge*), an
    *if*-clause (under it or around it), or a far-off time in ``verb``'s own clause (*in ten
    years*; not a time inside what is talked about)."""
    own = list(clause_tokens(verb))
    if any(t.dep_ in ("advmod", "neg") and t.lower_ in GUESS_OR_HABIT_ADVERBS for t in own):
        return True
    clause = verb
    while clause.dep_ == "conj":
        clause = clause.head
    if clause.dep_ == "ccomp" and clause.head.lemma_.lower() in PREDICTION_VERBS:
        return True
    if any(t.dep_ == "pobj" and t.head.tag_ == "IN" and any(
            d.dep_ == "det" and d.lower_ in ("each", "every") for d in children(t))
           for t in [*own, *(clause_tokens(clause) if clause.i != verb.i else ())]):
        return True  # (a coordinated clause shares the first one's *for each*)
    if any(c.dep_ == "mark" and c.lower_ in CONDITION_MARKS for c in children(verb)):
        return True
    if any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in CONDITION_MARKS
                                     for m in children(c)) for c in children(verb)):
        return True
    return any(t.lower_ in DISTANT_TIME_WORDS and t.dep_ in ("pobj", "npadvmod", "advmod", "tmod")
               for t in own)


def planned_will_ops(will: Token, verb: Token, be: Token | None, marker: str) -> list[Op]:
    """*will (be) V(-ing)* -> *is/are/'m* + ``marker`` + bare verb, *be* agreeing with the
    subject (*I'll* -> *I'm*). Words between *will* and the verb stay before the marker, which
    goes right before the verb (*I will for sure watch* -> *I'm for sure coming to watch*)."""
    subj = direct_subject(verb)
    start = be.i if be is not None else verb.i
    place = Insert(will.i, marker, after=True) if start == will.i + 1 else Insert(verb.i, marker)
    ops: list[Op] = [Replace(will.i, be_replacing(will, subj, past=False)), place]
    if be is not None:
        base = inflect_verb(lemma_of(verb), "VB")
        if not base:
            return []
        ops += [Delete(be.i), Replace(verb.i, base)]
    return ops


# Words of a far-off time: *in five years*, *one day*, *someday*, *later in life*.
DISTANT_TIME_WORDS = frozenset(
    "year years decade decades month months future someday eventually life day".split())


def distant_time(head: Token) -> bool:
    """A time word under ``head`` (the future marker) that sets the event far off (*in five
    years*, *one day*), so that a near-future marker would change its time."""
    return any(distant_time_word(t) for t in head.subtree)


def distant_time_word(t: Token) -> bool:
    """A word of a far-off time (*in five years*, *one day*, *someday*), not a recurring one
    (*each day*, *every year*), a place in a sequence (*the first day*) or an age (*84 years
    old*)."""
    if t.lower_ not in DISTANT_TIME_WORDS or t.dep_ not in ("pobj", "npadvmod", "advmod", "tmod"):
        return False
    kids = [c.lower_ for c in t.children]
    if any(k in ("each", "every", "first", "second", "third", "last", "next", "other", "same")
           for k in kids) or t.head.pos_ == "ADJ":
        return False
    return t.lower_ != "day" or any(k in ("one", "some") for k in kids)


# Phrasal verbs of an outcome one arrives at rather than sets about: *end up*, *wind up*,
# *turn out*.
OUTCOME_PHRASALS = frozenset({("end", "up"), ("wind", "up"), ("turn", "out")})


def predicted_future(marker: Token, verb: Token) -> bool:
    """A future (``marker``: *going*, *about* or *will*; ``verb``: its verb) that is a
    prediction rather than what someone is about to do, so that *finna*/*fixin' to* would
    turn it into an intention: an adverb of likelihood on either (*is most likely going to
    result*), an outcome one ends up in (*will end up lying*, *is going to turn out*), a
    subject that is nobody in particular (*a son will end up ...*), or a *be* whose predicate
    a wh-word has taken away, which asks or describes what something will be like (*what the
    park is going to be*, *how is the weather going to be?*)."""
    if any(c.dep_ in ("advmod", "npadvmod") and c.lower_ in GUESS_OR_HABIT_ADVERBS
           for tok in (marker, verb) for c in children(tok)):
        return True
    lemma = verb.lemma_.lower()
    if any(c.dep_ == "prt" and (lemma, c.lower_) in OUTCOME_PHRASALS for c in children(verb)):
        return True
    if lemma == "be" and not any(c.i > verb.i and c.dep_ != "punct" for c in children(verb)):
        return True  # "what the park is going to be", "how is it going to be?"
    subj = direct_subject(marker) or direct_subject(verb)
    return subj is not None and any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in children(subj))


# Conjunctions of a clause that sets an event after another one: *when the room is ready*.
AFTER_EVENT_MARKS = frozenset("when whenever once after until till before".split())


def deferred_future(verb: Token) -> bool:
    """A future set to follow another event (*we'll let you know when the room is ready*,
    *I'm going to call once I land*): it waits for that event, so it is not what someone is
    about to do, which *finna*/*fixin' to* say."""
    return any(c.dep_ == "advcl" and any(m.dep_ in ("mark", "advmod") and m.lower_ in AFTER_EVENT_MARKS
                                         for m in children(c)) for c in children(verb))


def later_time(verb: Token, besides: frozenset[str] = frozenset()) -> bool:
    """A time in ``verb``'s own clause that sets its event later than now (*I'm going to
    clean it up later*, *tomorrow*, *next week*, *in two days*; not *in a minute*, nor *within
    the same month*): the near-future markers say 'about to', which such a time contradicts.
    Words in ``besides`` do not count (*later* is no distant time for feature 119)."""
    return any(tok.lower_ not in besides and _later_time_word(tok, LATER_ADVERB_DEPS)
               for tok in clause_tokens(verb))


def condition_split_off(verb: Token, index: DocIndex) -> bool:
    """An *if/unless* clause that the parser left as a sentence of its own right before
    ``verb``'s (cut off by an ellipsis or a dash: *if you stay ... I will wait*, *cuz if you
    stay ... I will wait*): ``verb``'s clause is its consequence, as with an *if*-clause
    under the verb."""
    clause = verb
    while clause.dep_ == "conj":
        clause = clause.head
    if clause.dep_ != "ROOT":
        return False
    start = index.sentence_of[verb.i]
    doc = verb.doc
    while start > 0:
        before = index.sentence_of[start - 1]
        if all(doc[k].is_punct for k in range(before, start)):
            start = before  # a sentence of dots only
            continue
        return any(doc[k].dep_ == "ROOT" and _condition_left_without_main_clause(doc[k])
                   for k in range(before, start))
    return False


def _condition_left_without_main_clause(root: Token) -> bool:
    """The root of a sentence that is an *if/unless* clause, or a word that is no verb with
    one under it (*cuz if you stay*): a condition whose main clause follows."""
    def conditional(verb: Token) -> bool:
        return any(c.dep_ == "mark" and c.lower_ in CONDITION_MARKS for c in children(verb))
    if conditional(root):
        return True
    return root.pos_ not in ("VERB", "AUX") and any(c.dep_ == "advcl" and conditional(c) for c in children(root))
