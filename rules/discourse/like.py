"""*Like* (eWAVE 234, 235): as a focussing device and as a quotative."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.morphology import person_number
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    children, clause_is_negated, clause_tokens, direct_subject, morph_values, sentence,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import WH_TAGS


def _focused_adjective(adj: Token) -> Token | None:
    """The first word of a predicative adjective phrase after *be* (*was [really big]*)."""
    be = adj.head
    if adj.dep_ != "acomp" or be.lemma_ != "be" or adj.tag_ not in ("JJ",) or adj.i < be.i:
        return None
    first = adj.left_edge
    prev = adj.doc[first.i - 1]
    if prev.lower_ == "like" or prev.dep_ == "neg" and prev.i != be.i + 1:
        return None
    if any(c.dep_ in ("xcomp", "ccomp", "prep") for c in children(adj)):
        return None  # "sure that ...", "able to ...", "afraid of dogs": frames, not focus
    if any(c.dep_ in ("xcomp", "ccomp", "csubj") for c in children(be)):
        return None  # "It's hard to say", "Is it true that ...": the adjective is no focus
    if any(t.lower_ in ("as", "more", "less", "than") for t in adj.subtree):
        return None  # comparisons
    if any(t.dep_ in ("nsubj", "nsubjpass") for t in adj.subtree):
        return None  # *Why is the sky blue?* parsed with the subject inside the adjective's
        # phrase: *like* would go before the subject (*Why is like the sky blue?*)
    if clause_is_negated(be) and first == adj:
        return None  # "is not like satisfied": only a degree word makes room for "like"
    return first


@rule(
    "acomp_focusing_like",
    deps={"acomp"},
    examples=[
        ("It was really big.", "It was like really big."),
        ("The movie isn't that good.", "The movie isn't like that good."),
        ("Was she happy?", "Was she like happy?"),
        ("I'm so tired, and he's hungry.", "I'm like so tired, and he's like hungry."),
    ],
    negatives=[
        "It was like really big.",
        "He is taller than me.",
        "I'm sure that he left.",
        "She seems happy.",
        "It was a big house.",
        "It's hard to say.",
        "The coach is not satisfied.",
        "The movie is as bad as you have heard.",
        "Why is the sea salty?",
        "Why is the sky blue?",
    ],
)
def acomp_focusing_like(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*like* as a focusing device before a predicative adjective: *It was like really big*.
    Plain adjectives after *be* only; comparatives, superlatives and adjectives with a
    complement (*sure that*, *afraid of*) are left alone."""
    for adj in index.by_dep.get("acomp", ()):
        first = _focused_adjective(adj)
        if first is not None:
            # put after the word before the phrase (the copula in *is due*), so that the site
            # claims it: a copula left out by another rule would leave *the baby like due*,
            # where *like* reads as the verb
            yield site(Insert(first.i - 1, "like", after=True))


# ------------------------------------------------------------------------------ 235 quotative_like

OPENING_QUOTES = frozenset({'"', "“", "'", "‘", "``"})


def _quotative(verb: Token) -> Token | None:
    """The subject of *say* / *ask* introducing a direct quote after a comma or colon:
    *She said, "What?"*."""
    doc = verb.doc
    if verb.lemma_.lower() not in ("say", "ask") or verb.tag_ not in ("VBD", "VBZ", "VBP"):
        return None
    if verb.i + 2 >= len(doc) or doc[verb.i + 1].text not in (",", ":"):
        return None
    if doc[verb.i + 2].text not in OPENING_QUOTES:
        return None
    subj = next((c for c in children(verb) if c.dep_ == "nsubj"), None)
    if subj is None or subj.right_edge.i + 1 != verb.i:
        return None
    if subj.tag_ in WH_TAGS:
        return None  # "Who said, 'Only the dead ...'?": asks whose words, reports no talk
    if any(t.text in OPENING_QUOTES for t in doc[sentence(verb).start:subj.left_edge.i]):
        return None  # '"I'm coming," she said, "just ...": the verb interrupts a quote
    if any(c.dep_ in ("aux", "neg", "dative", "dobj") for c in children(verb)):
        return None
    return subj


# The second person plural pronouns written as one word (the parser takes them for names).
SECOND_PERSON_PLURAL = frozenset({"y'all", "yall", "youse", "yous", "youz"})


def _be_like(verb: Token, subj: Token) -> str:
    person = person_number(subj)
    if subj.lower_.replace("’", "'") in SECOND_PERSON_PLURAL or any(
            c.lower_ == "all" and c.i > subj.i for c in children(subj)):
        person = "other"  # *y'all*, *you all*, *yall* (split as *y* + *all*), *we all*
    if verb.tag_ == "VBD":
        return "was like" if person in ("1s", "3s") else "were like"
    return {"1s": "am like", "3s": "is like"}.get(person, "are like")


SPEAKER_NOUNS = wordlist("human_nouns") | wordlist("person_nouns_wordnet") | {"one", "other"}


def _speaker(subj: Token) -> bool:
    """A person who speaks: a personal pronoun, a name or a people noun (*the lesbian one*)."""
    if subj.tag_ == "PRP":
        return subj.lower_ not in ("it", "this", "that")
    return subj.pos_ == "PROPN" or subj.lemma_.lower() in SPEAKER_NOUNS


def _reported_words(verb: Token) -> list[int] | None:
    """What past *said* reports in speech, told as a quote: a clause right after it (its
    *that* goes: *said that they were busy* -> *was like they were busy*) or an answer
    word (*I said no*). Returns the tokens to delete (the *that*), or None."""
    doc = verb.doc
    if verb.lower_ != "said" or verb.i + 1 >= len(doc):
        return None
    subj = next((c for c in children(verb) if c.dep_ == "nsubj"), None)
    if subj is None or subj.right_edge.i + 1 != verb.i or not _speaker(subj):
        return None  # "The sign said that ...": a text, not a speaker
    if any(c.dep_ in ("aux", "neg") or c.i > verb.i and c.dep_ in ("dative", "dobj", "xcomp", "prep")
           for c in children(verb)):
        return None  # "said nothing", "said thank you to ...", "has said", "never said"
    nxt = doc[verb.i + 1]
    if nxt.tag_ == "UH" and nxt.head == verb:
        return []
    clause = next((c for c in children(verb) if c.dep_ == "ccomp" and c.i > verb.i), None)
    if clause is None or clause.left_edge.i != verb.i + 1 or direct_subject(clause) is None:
        return None
    if clause.lemma_.lower() == "say" and not _speaker(direct_subject(clause)):
        return None  # "he said the word said ...": the parser made the object of *said*
        # the subject of a second *said*; no clause is reported
    if _shifted_pronoun(subj, clause) or _reporters_pronoun(subj, clause):
        return None  # "you said you received it", "the doctor said I have ...": indirect
        # speech, not a quote
    mark = clause.left_edge
    if mark.lower_ == "that" and mark.dep_ == "mark":
        return [mark.i]
    return [] if mark.dep_ != "mark" and mark.tag_ not in WH_TAGS else None


def _grammatical_person(tok: Token) -> str:
    """The grammatical person of a pronoun or noun phrase (``"3"`` for nouns)."""
    values = morph_values(tok, "Person") if tok.tag_ in ("PRP", "PRP$") else []
    return values[0] if values else "3"


def _shifted_pronoun(speaker: Token, clause: Token) -> bool:
    """A personal pronoun of the reported clause (not of a clause inside it) in the speaker's
    own person, second or third
    (*you said you received it*, *he said he had to go*, *she said it was too much for her*):
    the speaker's *I* shifted as indirect speech shifts it. After quotative *like*, which
    brings the words as said, such a clause reads as 'as if' (*you were like you received
    it*); the first person is the same in a quote and stays."""
    person = _grammatical_person(speaker)
    if person == "1":
        return False
    return any(t.tag_ in ("PRP", "PRP$") and t.lower_ not in ("it", "its")
               and _grammatical_person(t) == person for t in clause_tokens(clause))


def _reporters_pronoun(speaker: Token, clause: Token) -> bool:
    """A first person pronoun in the reported clause of a speaker who is not the first
    person (*The doctor said that I have high blood pressure*): indirect speech points to
    the reporter; after quotative *like* the words read as said, and *I* becomes the
    speaker (*The doctor was like I have high blood pressure*: the doctor has it)."""
    if _grammatical_person(speaker) == "1":
        return False
    return any(t.tag_ in ("PRP", "PRP$") and _grammatical_person(t) == "1"
               for t in clause_tokens(clause))


@rule(
    "quotative_like",
    lemmas={"say", "ask"},
    examples=[
        ('She said, "What do you mean?"', 'She was like, "What do you mean?"'),
        ('And then they asked, "Where are you?"', 'And then they were like, "Where are you?"'),
        ("My mom says, 'Go home.'", "My mom is like, 'Go home.'"),
        ('I said: "No way."', 'I was like: "No way."'),
        ("She said that the film was boring.", "She was like the film was boring."),
        ("When he asked, I said no.", "When he asked, I was like no."),
        ("My cousins said the party would not happen.", "My cousins were like the party would not happen."),
        ("My boss said the report is late.", "My boss was like the report is late."),
        ("Our neighbour said the dog was barking all night.",
         "Our neighbour was like the dog was barking all night."),
        ("We said that the date was wrong.", "We were like the date was wrong."),
        ("You all said the food was great.", "You all were like the food was great."),
        ("Y'all said the show was over.", "Y'all were like the show was over."),
        ("I said that my car was fine.", "I was like my car was fine."),
    ],
    negatives=[
        '"Stop," she said.',
        'He never said, "Sorry."',
        'She told me, "Go home."',
        '"I\'m coming," she said, "just give me a minute."',
        "She said nothing.",
        "The clerk said thank you to the driver.",
        "He didn't say that he was tired.",
        "The sign said that the shop was closed.",
        "They say that it rains a lot here.",
        "She said why she left.",
        "You said you would call me back.",
        'Who said, "Knowledge is power"?',
        "She said she was tired.",
        "The twins said that their bus was late.",
        "He said the coach had picked him.",
        # the reporter's own *I/my*: after *like* it would be the speaker's
        "They said that I was wrong about the date.",
        "The nurse said my results were fine.",
        # *said* with a noun object that the parser reads as the subject of a second *said*
        "she said the magic word said the man",
    ],
)
def quotative_like(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Quotative *be like*: *And she was like "What do you mean?"*. *say*/*ask* introducing a
    direct quote, and past *said* introducing what someone said (*said that they were busy*
    -> *was like they were busy*, *I said no* -> *I was like no*), with the tense and
    agreement of *say* moved to *be*. Not quotes before the verb, verbs with auxiliaries,
    negation or an object, a text that says something (*The sign said ...*), generic
    present *they say*, or reported questions (*said why ...*); nor a report whose pronouns
    shift the speaker's *I* as indirect speech does (*you said you received it*: see
    :func:`_shifted_pronoun`), nor a question whose wh-subject asks whose words a quote is
    (*Who said, "..."?*)."""
    for verb in index.lemma("say", "ask"):
        subj = _quotative(verb)
        if subj is not None:
            yield site(Replace(verb.i, _be_like(verb, subj)))
            continue
        dropped = _reported_words(verb)
        if dropped is not None:
            subj = next(c for c in children(verb) if c.dep_ == "nsubj")
            yield site(Replace(verb.i, _be_like(verb, subj)), *(Delete(i) for i in dropped))
