"""Infinitives and clause complements (eWAVE 202, 203, 207-210): *for to* and *for* as
infinitive markers, a *that*-clause for an infinitive, *to* left out or added, and a bare
root in a non-finite complement."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.animacy import is_animate
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Op, Replace, Site, site
from multivalue_cli.engine.morphology import dictionary_verb, inflect_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import children, direct_subject
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    TO_INFINITIVE_VERBS, complement_infinitives, in_fixed_infinitive, infinitive_marker,
    is_finite, negated_infinitive,
)


NOMINATIVE = {"me": "I", "him": "he", "her": "she", "us": "we", "them": "they",
              "you": "you", "it": "it", "i": "I", "he": "he", "she": "she", "we": "we",
              "they": "they"}


def _noun_complement_infinitive(verb: Token) -> Token | None:
    """The *to* of an infinitive that complements a noun (*a promise to return*, *the right
    to vote*); the parser tells these (``acl``) from infinitival relatives (``relcl``: *a
    book to read*, *time to go*)."""
    if verb.tag_ != "VB" or verb.dep_ != "acl" or verb.head.pos_ != "NOUN" or verb.i < verb.head.i:
        return None
    to = infinitive_marker(verb)
    return None if to is None or in_fixed_infinitive(to) or negated_infinitive(to) else to


def wh_infinitive(verb: Token) -> bool:
    """*how to get there*, *what to do*, *whether to stay*: an infinitive introduced by a
    wh-word (or *whether*) of its own, before its *to*; the wh-infinitive keeps its *to*
    (*how for to get*, *how get* are no complement infinitives of the verb)."""
    to = infinitive_marker(verb)
    limit = to.i if to is not None else verb.i
    # after the verb that governs the infinitive: *what do you want to be* fronts its *what*
    # out of the finite clause, and the infinitive is the plain complement of *want*
    governor = verb.head.i if verb.head is not verb and verb.head.i < verb.i else -1
    return any(governor < t.i < limit
               and (t.tag_ in ("WRB", "WP", "WDT", "WP$") or t.lower_ == "whether")
               for t in verb.subtree)


@rule(
    "for_to",
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
        "Can you show me how to fix the tap?",
        "She didn't know whether to laugh.",
        "We asked them where to park.",
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
    found = list(complement_infinitives(index))
    found += [to for verb in index.by_tag.get("VB", ())
              if (to := _noun_complement_infinitive(verb)) is not None]
    for to in sorted(found, key=lambda t: t.i):
        if not wh_infinitive(to.head):
            yield site(Insert(to.i, "for"))


# ------------------------------------------------------------------------------ 202 for_to_purpose


# Verbs after which "came to ..." means "got to ..." (*came to realise*), not a purpose.
NOT_PURPOSE = frozenset({"be", "know", "realize", "realise", "understand", "believe", "like",
                         "love", "hate", "think", "appreciate", "accept", "expect", "mean"})


# Words that are both verbs and destinations after "to" (*a ride to work*, *a bus to school*).
DESTINATION_NOUNS = frozenset({"work", "school", "church", "bed", "class", "market", "town", "court",
                               "sleep"})  # "go to sleep": into a state, not what for
MOTION_VERBS = frozenset({"come", "go", "get", "return", "walk", "drive", "ride", "head", "run",
                          "hurry", "rush", "travel"})
# come/bring/spring + to + a noun the tagger may take for a verb (*came to light*, *came to mind*)
COME_TO_IDIOMS = frozenset((verb, noun) for verb in ("come", "bring", "spring")
                           for noun in ("light", "mind", "life", "terms", "grips", "rest", "blows",
                                        "pass", "power", "fruition", "nothing", "harm", "hand"))
# Verbs whose infinitive is their complement, not a purpose clause (*needed to satisfy*,
# *asked him to open*, *waited to live together*, *It took a few nights to get used to it*).
INFINITIVE_TAKERS = TO_INFINITIVE_VERBS | frozenset(
    "take wait seem tend happen deserve claim pretend dare beg urge remind warn advise "
    "persuade convince invite order require struggle hesitate help cost".split())


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
    if direct_subject(verb) is not None or any(c.dep_ == "mark" for c in children(verb)):
        return False  # "for cells to use": the "for" is there; "than to diego": no infinitive
    if not dictionary_verb(verb.lower_):
        return False  # a name or a noun the tagger took for a verb
    if verb.lemma_.lower() in NOT_PURPOSE or main.lemma_.lower() in INFINITIVE_TAKERS:
        return False  # "The clerk needed to satisfy the boss": a complement, not a purpose
    if verb.lemma_.lower() in DESTINATION_NOUNS and (
            tok.doc[tok.i - 1].pos_ == "NOUN" or main.lemma_.lower() in MOTION_VERBS):
        return False  # "a ride to work", "they never come to work on time": a place here
    if _infinitival_relative(verb):
        return False  # "stories to tell you about": the infinitive has a gap
    if _coordinated_complement(main, tok):
        return False  # "takes 10 minutes to finish X and 5 minutes to finish Y"
    if _object_control(main, tok) or _noun_complement_after_object(main, tok):
        return False  # "pay me to climb", "accepted the call of the emperor to join forces"
    if (main.lemma_.lower(), verb.lower_) in COME_TO_IDIOMS:
        return False  # "the truth will come to light": to + a noun, a fixed phrase
    return main.pos_ == "VERB" and main.i < tok.i and not in_fixed_infinitive(tok)


# Verbs that make, pay or move someone to act: their object is the one who does what the
# infinitive says (*pay me to climb*, *hire a lawyer to help*), a complement of the verb.
OBJECT_CONTROL_VERBS = frozenset(
    "pay hire employ bribe train get lead cause enable push pressure tempt inspire motivate "
    "compel oblige drive instruct signal".split())


def _verb_object(main: Token) -> Token | None:
    """``main``'s direct object (or indirect, *pay him*), if it has one."""
    return next((c for c in children(main) if c.dep_ in ("dobj", "dative")), None)


def _object_control(main: Token, to: Token) -> bool:
    """*They would have to pay me to climb*, *she got a lawyer to help her*: a verb of making
    or paying someone act, with a person for object right before the infinitive, whose
    understood subject that person is."""
    obj = _verb_object(main)
    if main.lemma_.lower() not in OBJECT_CONTROL_VERBS or obj is None or obj.right_edge.i + 1 != to.i:
        return False
    return is_animate(obj) is True or obj.pos_ == "PROPN"


def _noun_complement_after_object(main: Token, to: Token) -> bool:
    """*accepted the call of the emperor to join forces*, *made a decision to move*: the
    infinitive follows the object at once and the object is a noun that takes one (a call, a
    plan, a chance), whose complement the parser hung on the verb."""
    obj = _verb_object(main)
    return (obj is not None and obj.right_edge.i + 1 == to.i
            and obj.lemma_.lower() in wordlist("infinitive_complement_nouns"))


def _coordinated_complement(main: Token, to: Token) -> bool:
    """The parse hangs the second of two coordinated infinitive complements on the first
    (*it takes 10 minutes to finish one and 5 minutes to finish the other*): ``main`` is
    itself the infinitive complement of a verb that takes one, and *and/or* stands between
    it and ``to``."""
    if main.dep_ not in ("xcomp", "ccomp", "advcl") or \
            main.head.lemma_.lower() not in INFINITIVE_TAKERS:
        return False
    if not any(c.dep_ == "aux" and c.tag_ == "TO" for c in children(main)):
        return False
    return any(t.dep_ == "cc" for t in to.doc[main.i + 1:to.i])


def _infinitival_relative(verb: Token) -> bool:
    """*experiences to tell me about*: a preposition that lost its object to the noun before
    the infinitive, which then modifies that noun rather than saying what for."""
    return any(t.dep_ == "prep" and not children(t) for t in verb.subtree)


@rule(
    "for_to_purpose",
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
        ("My father sold his truck to pay the doctor.", "My father sold his truck for to pay the doctor."),
        ("She baked two pies to sell at the fair.", "She baked two pies for to sell at the fair."),
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
        "The truth will come to light soon.",
        "It takes me an hour to cook rice and ten minutes to boil eggs.",
        "The new car cost a fortune to repair.",
        "That trip costs too much to take twice.",
        "The farmer paid the boys to stack the hay.",
        "She hired a tutor to teach her French.",
        "The council rejected the plan of the mayor to close the library.",
        "He finally made the decision to retire.",
        "The farmer left some apples for the birds to eat.",
        "The kids went to sleep early.",
    ],
)
def for_to_purpose(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Unsplit *for to* in infinitival purpose clauses: *We had gutters for to drain the water
    away*. Purpose clauses after the main verb only; *in order to* and *so as to* already
    have their own purpose marker. Not the complement of a verb that takes an infinitive
    (*needed to satisfy*, *asked him to open*, whatever the parser calls it), an infinitival
    relative (*stories to tell you about*), nor *to work/school* after a motion verb; nor the
    infinitive after the person a verb of paying or making pays or makes act (*pay me to
    climb*, :func:`_object_control`) or after a noun that takes one (*the call of the emperor
    to join forces*, :func:`_noun_complement_after_object`), nor one with a subject of its
    own (*left apples for the birds to eat* has its *for*)."""
    for tok in index.by_lemma.get("to", ()):
        if _purpose_to(tok):
            yield site(Insert(tok.i, "for"))


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
    subj = direct_subject(head)
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
    "that_infinitival_subclause",
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
        to = infinitive_marker(verb)
        if to is None or verb.head.pos_ != "VERB" or verb.head.i > to.i:
            continue
        if not is_finite(verb.head) or not _plain_infinitive(verb):
            continue
        ops = _that_clause_ops(verb, to)
        if ops:
            yield site(*ops)


# ----------------------------------------------------------------------------- 208 drop_inf_to

# Verbs after which varieties drop *to* before the infinitive (*Allow him go*, *I want go*).
BARE_AFTER = frozenset({"allow", "permit", "ask", "tell", "want", "force", "order"})


@rule(
    "drop_inf_to",
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
        "Please tell us how to reach the station.",
        "They never told me what to bring.",
    ],
)
def drop_inf_to(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*to* dropped before the infinitive after verbs of wanting, permitting and ordering:
    *Allow him go*, *I want go*. Only directly before the verb (a stranded *want to* stays)."""
    for verb in index.by_tag.get("VB", ()):
        if verb.dep_ not in ("xcomp", "ccomp") or verb.head.lemma_.lower() not in BARE_AFTER:
            continue
        to = infinitive_marker(verb)
        if to is not None and to.i == verb.i - 1 and verb.head.pos_ == "VERB" \
                and not wh_infinitive(verb):
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
    if any(c.dep_ == "aux" for c in children(verb)):
        return False
    return not _let_formula(head, subj, verb)


def _let_formula(let: Token, subj: Token, verb: Token) -> bool:
    """An imperative *let* that lets no one do anything: the suggestion *let us go* (*let's*),
    the supposition *let x be 5*, and the hesitation *let me see*, *let me think* (a verb of
    thinking with nothing after it)."""
    if let.lemma_.lower() != "let" or let.tag_ != "VB" or any(
            c.dep_ in ("nsubj", "aux") for c in children(let)):
        return False  # not an imperative: "they let us go" lets someone
    if verb.lemma_ == "be":
        return True
    if subj.lower_ == "us":  # but a request is permissive: "please let us know" 'tell us'
        return verb.lemma_.lower() != "know" and not any(
            c.lower_ == "please" for c in children(let))
    return subj.lower_ == "me" and verb.lemma_.lower() in ("see", "think") and not any(
        c.dep_ not in ("punct", "cc") for c in children(verb) if c.i > verb.i)


@rule(
    "to_infinitive",
    lemmas=BARE_INFINITIVE_VERBS,
    examples=[
        ("He made me do it.", "He made me to do it."),
        ("They let me go home.", "They let me to go home."),
        ("Why did you make the kids wait outside?", "Why did you make the kids to wait outside?"),
        ("Let me know when you arrive.", "Let me to know when you arrive."),
        ("Let me carry your bag.", "Let me to carry your bag."),
        ("The teacher let us leave early.", "The teacher let us to leave early."),
        ("If you need more, please let us know.", "If you need more, please let us to know."),
    ],
    negatives=[
        "Let us pray for peace.",
        "Let x be the number of apples.",
        "Hmm, let me think.",
        "Let's go to the park.",
        "He was made to wait.",
        "She made a cake.",
        "We'll make do with what we have.",
    ],
)
def to_infinitive(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*to* added where SAE has a bare infinitive after causative *make* and permissive
    *let*: *He made me to do it*. Not *Let's* or the imperative *let us* (a suggestion), the
    supposition *let x be*, the hesitation *let me see* (:func:`_let_formula`), or the
    passive, which already has *to*."""
    for verb in index.by_tag.get("VB", ()):
        if _bare_infinitive_after_object(verb):
            yield site(Insert(verb.i, "to"))


# ------------------------------------------------------------------------------- 210 bare_ccomp

# Aspectual verbs with an -ing complement (*started telling*, *kept calling*).
ASPECTUAL_VERBS = frozenset({"start", "begin", "stop", "keep", "finish", "quit", "continue"})


@rule(
    "bare_ccomp",
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
