"""Adverbial subordination rules (eWAVE 211-215): clause-final *but*, verb chaining and
doubled conjunctions."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Op, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    children, clause_is_negated, clause_tokens, direct_subject, in_question,
    negative_polarity_item, sentence,
)
from multivalue_cli.engine.wordlists import wordlist

CLAUSE_DEPS = frozenset({"ccomp", "advcl", "conj", "relcl", "acl", "xcomp", "parataxis"})


# ---------------------------------------------------------------------------------- shared helpers


def _final_punct(index: DocIndex, i: int) -> Token | None:
    """The final . or ! of token ``i``'s sentence (None for questions and unpunctuated
    sentences)."""
    end = index.statement_end(i)
    return None if end is None else index.tokens[end]


def _single_clause(head: Token) -> bool:
    """No clause of its own inside (*I'm really glad that you came* has two)."""
    return not any(t.dep_ in CLAUSE_DEPS for t in head.subtree if t != head)


# ------------------------------------------------------------------- 211 clause_final_though_but


def _clause_final(index: DocIndex, tok: Token) -> bool:
    """``tok`` closes its clause: the sentence's final . or ! follows it, or a coordinating
    conjunction that starts the next clause or verb phrase (*..., though, and was ready*)."""
    end = _final_punct(index, tok.i)
    if end is not None and end.i == tok.i + 1:
        return True
    doc = tok.doc
    k = tok.i + 1
    if k < len(doc) and doc[k].text == ",":
        k += 1
    if k >= len(doc) or doc[k].dep_ != "cc" or doc[k].lower_ not in ("and", "but", "so"):
        return False
    return _final_punct(index, tok.i) is not None and any(
        c.dep_ == "conj" and c.pos_ in ("VERB", "AUX") and c.i > k for c in children(doc[k].head))


@rule(
    "clause_final_though_but",
    lemmas={"though"},
    examples=[
        ("The food was great, though.", ["The food was great, but.", "The food was great but."]),
        ("It's a good movie though.", "It's a good movie but."),
        ("I wasn't so very cold, though!",
         ["I wasn't so very cold, but!", "I wasn't so very cold but!"]),
        ("He left early. It was fun, though.",
         ["He left early. It was fun, but.", "He left early. It was fun but."]),
        ("She rarely calls us though, and never writes.",
         "She rarely calls us but, and never writes."),
        ("My brother felt the opposite, though, and was ready to move.",
         ["My brother felt the opposite, but, and was ready to move.",
          "My brother felt the opposite but, and was ready to move."]),
        ("The rooms were small though, but the staff were kind.",
         "The rooms were small but, but the staff were kind."),
    ],
    negatives=[
        "Though it's good, it's expensive.",
        "Even though it was late, they kept talking.",
        "Was it good, though?",
        "It looks as though it will rain.",
        "My sister, though, does not like it.",
        "The next day, though, we left.",
        "It was late though and dark.",
    ],
)
def clause_final_though_but(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Clause-final *but* meaning 'though': *Well I wasn't so very cold but*. Adverbial
    *though* at the end of a clause in statements: before the final full stop, or before
    *and/but/so* and the next verb phrase or clause (*She rarely calls us but, and never
    writes*); with a comma before it, the comma may stay or go (both occur in writing).
    Not *though* inside its clause (*My sister, though, does not ...*), and not in questions
    (*Was it good but?* reads as unfinished)."""
    for tok in index.by_lemma.get("though", ()):
        if tok.dep_ != "advmod" or tok.pos_ != "ADV" or not _clause_final(index, tok):
            continue
        prev = doc[tok.i - 1]
        if prev.text == ",":
            yield site(Replace(tok.i, "but"), alternatives=((Delete(prev.i), Replace(tok.i, "but")),))
        else:
            yield site(Replace(tok.i, "but"))


# ------------------------------------------------------------------- 212 clause_final_really_but


def _emphatic_really(tok: Token) -> Token | None:
    """The clause head of a statement where *really* intensifies the predicate (*I'm really
    afraid*, *She really likes it*), when the clause is the whole sentence or its last main
    clause (*One was slim and the other was really thin*)."""
    if tok.dep_ != "advmod" or tok.i + 1 >= len(tok.doc):
        return None
    head = tok.head
    if head.dep_ == "acomp":  # "was really big": really on the adjective
        if tok.i + 1 != head.i or any(c.dep_ == "advmod" and c != tok for c in children(head)):
            return None
        head = head.head
    if not _main_clause(head) or direct_subject(head) is None or clause_is_negated(head):
        return None
    if _after_negation(tok) or not _single_clause(head):
        return None
    return head


def _main_clause(head: Token) -> bool:
    """The sentence's root, or a clause coordinated with it (*... and the other was thin*)."""
    return head.dep_ == "ROOT" or head.dep_ == "conj" and head.head.dep_ == "ROOT"


# Clause-final adverbs that leave no room for a clause-final "but".
SENTENCE_ADVERBS = frozenset({"though", "too", "either", "anyway", "also", "then"})


def _after_negation(tok: Token) -> bool:
    """*not really*, *never really*: negated, meaning 'not much'."""
    prev = tok.doc[tok.i - 1] if tok.i > 0 else None
    return prev is not None and prev.lower_ in ("not", "n't", "never", "n’t")


@rule(
    "clause_final_really_but",
    lemmas={"really"},
    examples=[
        ("I'm really afraid of dogs.", ["I'm afraid of dogs but.", "I'm afraid of dogs, but."]),
        ("It was really big!", ["It was big but!", "It was big, but!"]),
        ("She really likes the show.", ["She likes the show but.", "She likes the show, but."]),
        ("One was short and the other was really tall.",
         ["One was short and the other was tall but.",
          "One was short and the other was tall, but."]),
        ("We went home and we really enjoyed the rest.",
         ["We went home and we enjoyed the rest but.",
          "We went home and we enjoyed the rest, but."]),
        ("It was good, really.", "It was good, but."),
        ("I don't mind really!", "I don't mind but!"),
        ("We really loved the food! !",
         ["We loved the food but! !", "We loved the food, but! !"]),
        ("You are really lucky?!", ["You are lucky but?!", "You are lucky, but?!"]),
    ],
    negatives=[
        "Is it really good?",
        "I don't really know.",
        "It's not really big.",
        "I'm really glad that you came.",
        "It was a really good movie.",
        "She was really angry, though.",
        "I met two people who were really nice.",
        "She was really tired, and he went home.",
        "Did you like it, really?",
    ],
)
def clause_final_really_but(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Clause-final *but* meaning 'really': *I fright for dogs, but* 'I'm really afraid of
    dogs'. *really* goes and *but* closes the sentence: in affirmative statements of one
    clause or ending in a coordinated main clause (*... and the other was tall but*), with
    *really* on the verb or predicative adjective (not *a really good movie*, nor in a
    relative clause: *people who were nice but* would read as contrastive); a *really*
    that already closes a statement (*It was good, really.*) becomes *but* in place."""
    for tok in index.by_lemma.get("really", ()):
        end = _final_punct(index, tok.i)
        if end is not None and end.i == tok.i + 1 and tok.dep_ == "advmod":
            yield site(Replace(tok.i, "but"))
            continue
        head = _emphatic_really(tok)
        if end is None or head is None or head.right_edge.i < end.i - 1:
            continue
        has_comma = any(t.text == "," for t in doc[head.left_edge.i:end.i])
        if has_comma or doc[end.i - 1].lower_ in SENTENCE_ADVERBS:
            continue  # "She was really angry, though." already has its clause-final word
        yield site(Delete(tok.i), Insert(end.i, "but"),
                   alternatives=((Delete(tok.i), Insert(end.i, ", but")),))


# ----------------------------------------------------------------------- 213 chaining_main_verbs

# Verbs of motion that chain with an activity verb (*I went there work*, *go get it*).
MOTION_VERBS = frozenset({"go", "come", "run", "hurry", "rush", "walk", "drive", "return", "head"})
# Serial verbs stand close together: at most a short place phrase (*went to the river*) between.
MAX_GAP = 4
# Verbs that are also places after "to" (*come to work*, *go to school*): without a place
# word of its own before them (*went there to work*), the motion is to the place.
PLACE_VERBS = frozenset({"work", "school", "church", "bed", "class", "market", "court"})
# Verbs after which "come to" means "get to" (*came to realise*), not motion.
NON_ACTIVITY = frozenset({"be", "know", "realize", "realise", "understand", "believe", "like",
                          "love", "hate", "think", "appreciate", "accept", "expect", "mean"})


def _motion_purpose_verb(tok: Token) -> Token | None:
    """The activity verb of a purpose infinitive after a motion verb (*went there to buy*);
    also the parse that takes *to work* as a prepositional phrase with a verb as object."""
    if tok.tag_ == "TO" and tok.dep_ == "aux":
        verb, motion = tok.head, tok.head.head
        if verb.dep_ != "advcl" or verb.i != tok.i + 1:
            return None
    elif tok.lower_ == "to" and tok.dep_ == "prep":
        verb, motion = (tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else tok), tok.head
        if verb.dep_ != "pobj" or verb.head != tok:
            return None
    else:
        return None
    if verb.tag_ != "VB" or verb.lemma_.lower() in NON_ACTIVITY:
        return None
    if motion.lemma_.lower() not in MOTION_VERBS or motion.pos_ != "VERB" or motion.i > tok.i:
        return None
    if _gerund_complement(motion):
        return None  # "begins walking around the circle to find": no main verb to chain
    between = tok.doc[motion.i + 1:tok.i]
    if len(between) > MAX_GAP or any(t.is_punct for t in between):
        return None  # "came out of their houses in the morning to look": too far to chain
    if verb.lemma_.lower() in PLACE_VERBS and not between:
        return None  # "they never come to work on time": to work is where, not what for
    return verb


def _gerund_complement(verb: Token) -> bool:
    """An -ing form that is not a progressive (*begins walking*, *enjoy going*, *how about
    going*): a verb inside a noun-like complement, not a main verb a second one can chain to."""
    return verb.tag_ == "VBG" and not any(
        c.dep_ == "aux" and c.lemma_ == "be" for c in children(verb))


# Verbs of "go and get it", "come and see": the pseudo-coordination of a bare motion verb and
# its purpose. Other motion verbs joined by "and" name two events (*run and jump*).
GO_AND_VERBS = frozenset({"go", "come"})


def _go_and(cc: Token) -> bool:
    """*go and get it* with two bare verbs, the second without a subject of its own."""
    motion = cc.head
    if cc.lower_ != "and" or cc.dep_ != "cc" or motion.lemma_.lower() not in GO_AND_VERBS:
        return False
    if motion.tag_ != "VB" or motion.i + 1 != cc.i:
        return False
    second = cc.doc[cc.i + 1] if cc.i + 1 < len(cc.doc) else None
    return (second is not None and second.dep_ == "conj" and second.head == motion
            and second.tag_ == "VB" and direct_subject(second) is None)


def _plain_present(verb: Token) -> bool:
    """A present-tense verb, alone or with present do-support (*you don't pay*)."""
    auxiliaries = [c for c in children(verb) if c.dep_ in ("aux", "auxpass")]
    if not auxiliaries:
        return verb.tag_ in ("VBP", "VBZ")
    return len(auxiliaries) == 1 and auxiliaries[0].lemma_ == "do" and auxiliaries[0].tag_ in ("VBP", "VBZ")


# Verbs of states (mind, possession, being): a condition in the plain present that names a
# state, once its *if* goes, asserts that the state holds.
STATE_VERBS = wordlist("progressive_stative_verbs") | {"be", "have", "seem", "exist", "belong", "contain"}


def _state_or_polarity(clause: Token) -> bool:
    """The condition names a state (*if it is cold*, *if you have a toothache*, *if you
    want*), which without *if* is asserted (*It is cold, ...*) or, with *you* gone, an odd
    order (*Want, ...*); or holds a word only a condition licenses (*if this is anything
    like ...*, *if you need any help*), ungrammatical in a statement. The chained condition
    of the atlas is an event: *Stay longer, they have to over-charge*."""
    if clause.lemma_.lower() in STATE_VERBS or any(
            c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in children(clause)):
        return True
    own = [clause, *clause_tokens(clause)]
    return any(negative_polarity_item(t) for t in own)


# Subjects of a condition that stays one without *if*: the speaker and hearer (*you* the
# generic one too), the impersonal *it*, *that*, and nobody in particular (*someone*,
# *everything*). A particular third person (*If Martin eats Cheerios, he'll lose ...*), once
# the *if* goes, is reported as doing it.
SPEECH_CONDITION_SUBJECTS = frozenset(
    "you we i it that this someone somebody anyone anybody everyone everybody everything "
    "something all".split())


def _chained_condition(mark: Token) -> tuple[Delete, ...] | None:
    """*If you stay longer, they charge more* -> *Stay longer, they charge more*: a fronted
    present-tense *if*-clause set off by a comma loses its *if*, and a generic *you* with
    it when the clause is affirmative (*If you don't hurry* keeps its *you*: *Don't hurry*
    would be an order). Past and modal conditions (*If I were you*) stay."""
    clause = mark.head
    if mark.dep_ != "mark" or mark.lower_ != "if" or clause.dep_ != "advcl":
        return None
    if mark.i != sentence(mark).start or not _plain_present(clause):
        return None
    main, end = clause.head, clause.right_edge.i
    doc = mark.doc
    if main.i < end or end + 1 >= len(doc) or doc[end + 1].text != "," or in_question(main):
        return None
    subj = direct_subject(clause)
    if subj is None or subj.i != mark.i + 1 or subj.lower_ not in SPEECH_CONDITION_SUBJECTS:
        return None
    if _state_or_polarity(clause):
        return None
    if subj.lower_ == "you" and clause.tag_ == "VBP" and not clause_is_negated(clause):
        return Delete(mark.i), Delete(subj.i)
    return (Delete(mark.i),)


@rule(
    "chaining_main_verbs",
    lemmas=MOTION_VERBS | {"if"},
    examples=[
        ("I went there to work.", "I went there work."),
        ("He came to see me yesterday.", "He came see me yesterday."),
        ("Go and get it.", "Go get it."),
        ("Why did you come here to learn English?", "Why did you come here learn English?"),
        ("If you stay longer, they charge more.", "Stay longer, they charge more."),
        ("If you press this, the door opens.", "Press this, the door opens."),
        ("If it rains, we stay at home.", "It rains, we stay at home."),
        ("If you don't pay, they call the police.", "You don't pay, they call the police."),
        ("She comes by every week to water the plants.", "She comes by every week water the plants."),
        ("If it snows, the school closes early.", "It snows, the school closes early."),
        ("They walked to the market to buy fish.", "They walked to the market buy fish."),
    ],
    negatives=[
        "I am going to buy a car.",
        "I came to realize that he was right.",
        "He went home and slept.",
        "She went to the market.",
        "I want to go.",
        "The villagers came out of their houses in the morning to look at the damage.",
        "If I were you, I would go.",
        "If you can come, we will wait.",
        "We stay at home if it rains.",
        "If it rains, do you stay at home?",
        "They never come to work on time.",
        "If the soup is cold, we heat it again.",
        "If you have a cold, you stay at home.",
        "If you want, we can leave early.",
        "If anyone calls, we take a message.",
        "If Grandpa eats too much salt, he gets a headache.",
        "If she sells ten cakes, she earns fifty dollars.",
        "They enjoy walking along the river to watch the boats.",
        "The children run and jump in the yard.",
    ],
)
def chaining_main_verbs(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """No subordination: two main verbs chained without a conjunction. A motion verb and the
    activity it is for: *I bin go dere work* 'I went there to work'; *go get it*: the
    purpose *to* (or the *and* between two bare verbs) goes. Not future *going to*, *come
    to realise*, or *went home and slept*, where the second verb is not the purpose of the
    motion. And a condition chained to its consequence, as in the atlas's *Stay longer, they
    have to over-charge* 'If you stay longer, ...' (see :func:`_chained_condition`): an event,
    not a state (*if it is cold*) or a condition holding a polarity word (*if anyone
    calls*), whose subject is the speaker, the hearer or nobody in particular (not *if
    Martin eats ...*, which would be reported as done). Not after a gerund (*begins walking
    around to find*), and *and* goes only in *go/come and V*."""
    for tok in index.by_lemma.get("to", ()):
        if _motion_purpose_verb(tok) is not None:
            yield site(Delete(tok.i))
    for cc in index.by_lemma.get("and", ()):
        if _go_and(cc):
            yield site(Delete(cc.i))
    for mark in index.by_lemma.get("if", ()):
        ops = _chained_condition(mark)
        if ops:
            yield site(*ops)


# ------------------------------------------------------------------ 214 corr_conjunction_doubling

# A contrastive or resultative conjunction and the doubled forms found for it.
DOUBLED = {"yet": ("still yet", "but yet"), "but": ("but yet",), "so": ("so therefore",)}


def _joins_clauses(conj: Token) -> bool:
    """*..., yet he is not tired*: the conjunction comes after a comma and before a clause
    with its own subject."""
    doc = conj.doc
    if conj.i == 0 or doc[conj.i - 1].text != "," or conj.i + 1 >= len(doc):
        return False
    if conj.dep_ == "cc":
        clause = next((c for c in children(conj.head) if c.dep_ == "conj" and c.i > conj.i), None)
    elif conj.lower_ == "so" and conj.dep_ == "advmod":
        clause = conj.head  # "It rained, so we stayed": so hangs on the second clause
    else:
        return False
    subj = direct_subject(clause) if clause is not None else None
    return subj is not None and subj.left_edge.i == conj.i + 1


# Concessive conjunctions of a fronted clause, which the doubled *still yet* replaces.
CONCESSIVE = frozenset({"although", "though"})


def _concessive_doubling(mark: Token) -> tuple[tuple[Op, ...], ...] | None:
    """*Although he tried hard, he (still) failed* -> *He tried hard, still yet he failed*:
    the atlas's own pair. The fronted concessive clause loses its conjunction (*although*,
    *(even) though*, *despite the fact that*), the doubled conjunction opens the main
    clause, and a *still* of the main verb goes (*still yet he still failed* says it
    twice). Variants: *still yet*, *but yet*."""
    clause = mark.head
    if mark.dep_ != "mark" or direct_subject(clause) is None:
        return None  # "Although tired, ...": no clause to stand on its own
    fronted = clause if clause.dep_ == "advcl" else clause.head.head  # despite [the fact that]
    dropped = _concessive_words(mark)
    if not dropped or fronted.dep_ not in ("advcl", "prep"):
        return None
    first = _main_clause_first_word(fronted)
    if first is None or any(t.lower_ in ("still", "yet") for t in mark.doc[first.i:first.i + 1]):
        return None
    ops: list[Op] = [Delete(i) for i in dropped]
    ops += [Delete(c.i) for c in children(clause.head) if c.lower_ == "still" and c.dep_ == "advmod"]
    return tuple((*ops, Insert(first.i, words)) for words in ("still yet", "but yet"))


def _concessive_words(mark: Token) -> list[int]:
    """The tokens of a sentence-initial concessive conjunction: *although*, *(even)
    though*, *despite the fact that*."""
    doc, start = mark.doc, sentence(mark).start
    if mark.lower_ in CONCESSIVE:
        words = [mark.i] if mark.i == start else []
        if mark.i == start + 1 and doc[start].lower_ == "even" and mark.lower_ == "though":
            words = [start, mark.i]
        return words
    if mark.lower_ == "that" and mark.i == start + 3 and [t.lower_ for t in doc[start:mark.i]] == [
            "despite", "the", "fact"]:
        return list(range(start, mark.i + 1))
    return []


@rule(
    "corr_conjunction_doubling",
    lemmas=set(DOUBLED) | CONCESSIVE | {"that"},
    examples=[
        ("He has been in this school for five years, yet he is not tired.",
         ["He has been in this school for five years, still yet he is not tired.",
          "He has been in this school for five years, but yet he is not tired."]),
        ("She was tired, but she kept working.", "She was tired, but yet she kept working."),
        ("It rained, so we stayed at home.", "It rained, so therefore we stayed at home."),
        ("I called him twice and he didn't answer, so I left.",
         "I called him twice and he didn't answer, so therefore I left."),
        ("Although he has taught here for years, he is not tired.",
         ["He has taught here for years, still yet he is not tired.",
          "He has taught here for years, but yet he is not tired."]),
        ("Even though we had met before, she still didn't know my name.",
         ["We had met before, still yet she didn't know my name.",
          "We had met before, but yet she didn't know my name."]),
        ("Despite the fact that it rained, the match went on.",
         ["It rained, still yet the match went on.", "It rained, but yet the match went on."]),
    ],
    negatives=[
        "Yet he didn't complain.",
        "I like tea but not coffee.",
        "It was small but comfortable.",
        "He is so tall.",
        "Is it done yet?",
        "He is not tired, although he has taught here for years.",
        "Despite the rain, the match went on.",
        "Although tired, he kept working.",
    ],
)
def corr_conjunction_doubling(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Doubled conjunctions between two clauses: *..., still yet he is not tired*, *but yet*,
    *so therefore*. Where a conjunction follows a comma and starts a clause with its own
    subject (*but* between phrases, *tea but not coffee*, stays), and where a fronted
    concessive clause (*Although he has been here for five years, he is not tired*) is the
    first of the two (see :func:`_concessive_doubling`); *despite* + noun phrase has no
    clause to join."""
    for conj in index.lemma(*DOUBLED):
        if conj.lower_ in DOUBLED and _joins_clauses(conj):
            first, *rest = DOUBLED[conj.lower_]
            yield site(Replace(conj.i, first), alternatives=tuple((Replace(conj.i, r),) for r in rest))
    for mark in index.lemma(*CONCESSIVE, "that"):
        variants = _concessive_doubling(mark)
        if variants:
            yield site(*variants[0], alternatives=variants[1:])


# --------------------------------------------------------------- 215 subord_conjunction_doubling

# The conjunction of a fronted adverbial clause and the one that doubles it in the main clause.
CORRELATIVE = {"although": "but", "though": "but", "because": "so"}


def _main_clause_first_word(advcl: Token) -> Token | None:
    """The first word of the main clause after a fronted adverbial clause and its comma."""
    main = advcl.head
    end = advcl.right_edge.i
    doc = advcl.doc
    if advcl.left_edge.i != sentence(advcl).start or main.i < end or main.dep_ != "ROOT":
        return None
    if end + 2 >= len(doc) or doc[end + 1].text != ",":
        return None
    first = doc[end + 2]
    if first.lower_ in set(CORRELATIVE.values()) | {"then", "still", "yet"}:
        return None
    return first if direct_subject(main) is not None and first.i <= main.i else None


@rule(
    "subord_conjunction_doubling",
    lemmas=set(CORRELATIVE),
    examples=[
        ("Although you are smart, you are not appreciated.",
         "Although you are smart, but you are not appreciated."),
        ("Even though it was late, they kept talking.",
         "Even though it was late, but they kept talking."),
        ("Because it rained, we stayed at home.", "Because it rained, so we stayed at home."),
        ("We came back. Though it's good, I don't like it.",
         "We came back. Though it's good, but I don't like it."),
    ],
    negatives=[
        "You are not appreciated, although you are smart.",
        "Since I was a child, I have loved music.",
        "Because it rained, so we stayed at home.",
        "It's a good movie though.",
    ],
)
def subord_conjunction_doubling(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Correlative conjunctions: a fronted concessive or causal clause is answered by *but* or
    *so* in the main clause: *Although you are smart, but you are not appreciated*; *Because
    it rained, so we stayed*. Only sentence-initial adverbial clauses set off by a comma;
    *since* and *when* are left out (temporal readings)."""
    for mark in index.lemma(*CORRELATIVE):
        if mark.dep_ != "mark" or mark.lower_ not in CORRELATIVE or mark.head.dep_ != "advcl":
            continue
        first = _main_clause_first_word(mark.head)
        if first is not None:
            yield site(Insert(first.i, CORRELATIVE[mark.lower_]))
