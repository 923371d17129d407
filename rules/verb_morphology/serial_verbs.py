"""Serial verbs and the *give* passive (eWAVE 148-150, 153): *give* for *to*/*for*, *go* and
*come* for movement away and towards, and *give* + agent + verb for a passive."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Move, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import children
from multivalue_cli.engine.wordlists import wordlist

from .common import base_form, object_of


OBJECT_PRONOUNS = frozenset({"me", "us", "you", "him", "her", "them"})


def _prep_after_object(verb: Token, preps: tuple[str, ...]) -> Token | None:
    """The preposition right after the direct object of ``verb`` (attached to the verb or
    to the object): *buy [a book] for me*, *take [the bus] to Kingston*."""
    obj = object_of(verb)
    if obj is None or obj.i < verb.i:
        return None
    nxt_i = obj.right_edge.i + 1
    if nxt_i >= len(verb.doc):
        return None
    prep = verb.doc[nxt_i]
    if prep.lower_ not in preps or prep.head.i not in (verb.i, obj.i):
        return None
    if prep.dep_ not in ("prep", "dative"):
        return None
    return prep


def _prep_object(prep: Token) -> Token | None:
    pobj = next((c for c in children(prep) if c.dep_ == "pobj"), None)
    if pobj is None or pobj.right_edge.i + 1 < len(prep.doc) and any(
            c.dep_ in ("relcl", "acl") for c in children(pobj)):
        return None
    return pobj


def is_person(noun: Token) -> bool:
    """A personal pronoun, or a noun/name whose main sense is a person (WordNet)."""
    if noun.lower_ in OBJECT_PRONOUNS:
        return True
    if noun.tag_ == "PRP":
        return False
    return noun.lemma_.lower() in wordlist("person_nouns_wordnet")


def is_place(noun: Token) -> bool:
    """A common noun that is not a person, with a determiner (*the airport*, *my office*) or a
    bare destination noun (*school*, *work*); a bare noun after *to* is often a misparsed verb."""
    if noun.pos_ != "NOUN" or is_person(noun):
        return False
    if any(c.dep_ in ("det", "poss") for c in children(noun)):
        return True
    return noun.lemma_.lower() in wordlist("bare_destination_nouns")


@rule(
    "serial_verb_give",
    deps={"dobj"},
    examples=[
        ("Buy a book for me.", "Buy a book give me."),
        ("Can you send the file to me?", "Can you send the file give me?"),
        ("She cooked dinner for her mother, and he brought flowers to her.",
         "She cooked dinner give her mother, and he brought flowers give her."),
        ("I wrote a letter to my teacher.", "I wrote a letter give my teacher."),
    ],
    negatives=[
        "Give the book to me.",
        "He took the bus to Kingston.",
        "I bought a present for the party.",
        "She sold her car for ten dollars.",
        "They waited for me.",
    ],
)
def serial_verb_give(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Serial *give* for the recipient/beneficiary *to/for*: *carry book give me* 'give the
    book to me', *buy a book give me*. Verbs of transfer or making (buy, bring, send, cook
    ...) with a direct object followed by *to/for* + a person (pronoun or person noun);
    *for* + thing (*for the party*, *for ten dollars*) is purpose or price, not a recipient."""
    verbs = wordlist("serial_give_verbs")
    for verb in index.by_pos.get("VERB", ()):
        if verb.lemma_.lower() not in verbs:
            continue
        prep = _prep_after_object(verb, ("to", "for"))
        pobj = _prep_object(prep) if prep is not None else None
        if pobj is not None and is_person(pobj):
            yield site(Replace(prep.i, "give"))


@rule(
    "serial_verb_go",
    deps={"dobj", "conj"},
    examples=[
        ("Are you taking the bus to the city?", "Are you taking the bus go the city?"),
        ("He took the kids to school.", "He took the kids go school."),
        ("We sent the car to the garage because it broke down.",
         "We sent the car go the garage because it broke down."),
        ("Did she carry the boxes to the kitchen?", "Did she carry the boxes go the kitchen?"),
    ],
    negatives=[
        "Take the book to your mother.",
        "He took the bus to Kingston.",
        "She sent a letter to me.",
        "I went to school.",
        "It took two hours to finish.",
        "He went and bought some bread.",
        "They go to school and study hard.",
        "Go and come back soon.",
        "Go and buy some bread.",
        "Can you go and get the car?",
    ],
)
def serial_verb_go(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Serial *go* for movement away to a destination: *take di bos go Kingstan* 'take the
    bus to Kingston'. Verbs of carrying/conveying (take, carry, send, drive ...) with a direct
    object and *to* + a common-noun place. Names are skipped: without entity recognition a
    place (*Kingston*) cannot be told from a person (*John*), for whom *go* would be wrong.
    The motion-and-purpose *go and V* (*go and buy some bread*) is another construction: its
    *go* is the first verb, moving to do something, not the directional second verb."""
    verbs = wordlist("serial_go_verbs")
    for verb in index.by_pos.get("VERB", ()):
        if verb.lemma_.lower() not in verbs:
            continue
        obj = object_of(verb)
        if obj is None or obj.lemma_.lower() in wordlist("duration_nouns"):
            continue  # it took two hours to ...
        prep = _prep_after_object(verb, ("to",))
        pobj = _prep_object(prep) if prep is not None else None
        if pobj is not None and is_place(pobj):
            yield site(Replace(prep.i, "go"))


TOWARDS_ADVERBS = frozenset({"back", "here", "over"})
# Verbs whose movement is towards the speaker by their meaning (deictic *bring*, against
# *take*): with them *back* and *over* name that movement. Other verbs of conveying (*throw*,
# *pull*, *hand*) go towards the speaker only with *here*; their *back* returns a thing to
# where it came from (*threw the ball back* to the thrower) and their *over* makes a phrasal
# verb (*pulled me over* 'stopped my car').
TOWARDS_SPEAKER_VERBS = frozenset({"bring"})


def _towards_adverb(verb: Token) -> Token | None:
    """The first *back/here/over* after the object of ``verb`` (particle or adverb)."""
    obj = object_of(verb)
    if obj is None or obj.i < verb.i:
        return None
    towards = TOWARDS_ADVERBS if verb.lemma_.lower() in TOWARDS_SPEAKER_VERBS else {"here"}
    for tok in verb.doc[obj.right_edge.i + 1: obj.right_edge.i + 2]:
        if tok.lower_ in towards and tok.dep_ in ("prt", "advmod") and (
                tok.head.i == verb.i or tok.head.head.i == verb.i):
            return tok
    return None


@rule(
    "here_come",
    deps={"dobj"},
    examples=[
        ("Bring them back.", "Bring them come."),
        ("Can you bring the chairs back here?", "Can you bring the chairs come here?"),
        ("They brought the package over, and she handed it back.",
         "They brought the package come, and she handed it back."),
        ("Please carry the boxes here.", "Please carry the boxes come."),
        ("What brings you here?", "What brings you come?"),
    ],
    negatives=[
        "The girl threw the ball back.",
        "A policeman pulled her over for speeding.",
        "He was handed the keys back.",
        "Take it back.",
        "Bring your book to class.",
        "He came back.",
        "She brought it back to the store.",
        "I had to send it back.",
    ],
)
def here_come(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Serial *come* for movement towards the speaker: *den bring den kam* 'they brought them
    back'. The *back/here/over* right after the object of *bring*, or the *here* after the
    object of another verb of conveying (carry, pass, throw ...), becomes *come*: only those
    name a movement towards the speaker (see ``TOWARDS_SPEAKER_VERBS``); not in the passive; *take back* (away from the speaker) and *back to* + a place
    (a destination elsewhere) are left alone. Needs a verb of conveying with an object and
    *back/here/over*; the benchmark texts have none (their *back* goes with *come* or
    *move* themselves, which name the movement without a serial verb, and their *bring* has
    no adverb of direction for *come* to stand for)."""
    verbs = wordlist("serial_come_verbs")
    for verb in index.by_pos.get("VERB", ()):
        if verb.lemma_.lower() not in verbs:
            continue
        if any(c.dep_ in ("auxpass", "nsubjpass") for c in children(verb)):
            continue  # "was thrown the ball back": the subject receives, no one conveys towards
        adverb = _towards_adverb(verb)
        if adverb is None:
            continue
        nxt = doc[adverb.i + 1] if adverb.i + 1 < len(doc) else None
        if nxt is not None and nxt.lower_ in ("to", "into", "from"):
            continue
        yield site(Replace(adverb.i, "come"))


# -------------------------------------------------------------------------------- 153 give_passive


def _agent_phrase(verb: Token) -> tuple[Token, Token] | None:
    """The *by* and its object when the agent phrase follows the verb directly."""
    agent = next((c for c in children(verb) if c.dep_ == "agent" and c.lower_ == "by"), None)
    if agent is None or agent.i != verb.i + 1:
        return None
    pobj = next((c for c in children(agent) if c.dep_ == "pobj"), None)
    if pobj is None or any(c.dep_ in ("prep", "relcl", "acl") for c in children(pobj)):
        return None  # "by a dog in the park": the modifier would end up inside the new clause
    return agent, pobj


def _simple_passive_aux(verb: Token) -> Token | None:
    """The single finite *was/were/is/are* of a plain passive with its subject before it: no
    modal, perfect, negation or inversion (*wasn't*, *was he ...?*)."""
    auxes = [c for c in children(verb) if c.dep_ in ("aux", "auxpass", "neg")]
    if len(auxes) != 1 or auxes[0].dep_ != "auxpass" or auxes[0].lemma_ != "be":
        return None
    aux = auxes[0]
    if aux.tag_ not in ("VBD", "VBZ", "VBP") or aux.i + 1 != verb.i:
        return None
    subj = next((c for c in children(verb) if c.dep_ == "nsubjpass"), None)
    if subj is None or subj.i > aux.i or subj.tag_ in ("WP", "WDT"):
        return None
    return aux


@rule(
    "give_passive",
    deps={"agent"},
    examples=[
        ("John was scolded by his boss.", "John give his boss scold."),
        ("My brother was bitten by a dog yesterday.", "My brother give a dog bite yesterday."),
        ("I think she was cheated by the shopkeeper, and he was punished by the teacher.",
         "I think she give the shopkeeper cheat, and he give the teacher punish."),
    ],
    negatives=[
        "The book was written by Tolstoy.",
        "John wasn't scolded by his boss.",
        "Was John scolded by his boss?",
        "John was scolded.",
        "He might be punished by the school.",
        "The man was attacked by a dog in the park.",
    ],
)
def give_passive(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The *give* passive of colloquial Singapore/Malaysian English, NP1 (patient) + *give* +
    NP2 (agent) + V: *John give his boss scold* 'John was scolded by his boss'. The construction
    reports events adverse to the patient, so only passives of adverse-action verbs (scold,
    bite, cheat ...) with a *by* agent right after the verb; *give* and the verb stay bare, as in
    the variety. Negated, modal, perfect and inverted passives are left alone."""
    verbs = wordlist("adversative_passive_verbs")
    for verb in index.by_tag.get("VBN", ()):
        lemma = verb.lemma_.lower()
        if lemma not in verbs:
            continue
        aux = _simple_passive_aux(verb)
        agent = _agent_phrase(verb) if aux is not None else None
        base = base_form(lemma)
        if agent is None or not base:
            continue
        by, pobj = agent
        yield site(Replace(aux.i, "give"), Move(pobj.left_edge.i, pobj.right_edge.i + 1, verb.i),
                   Delete(by.i), Replace(verb.i, base))
