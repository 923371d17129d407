"""Tense and aspect rules (eWAVE 88, 95-112, 114-120)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Move, Op, Replace, Site, site
from multivalue_cli.engine.morphology import BE_PAST, BE_PRESENT, inflect_verb, lemma_of, person_number
from multivalue_cli.engine.registry import rule
from multivalue_cli.rules.mood import about_to, distant_time, going_to
from multivalue_cli.engine.wordlists import wordlist
from multivalue_cli.engine.syntax import SUBJECT_DEPS, children, morph_values, subject_of

# Adverbial clauses whose tense is fixed by the main clause (*when I was young*).
TEMPORAL_MARKERS = frozenset(
    "when whenever while as after before until till since once if unless".split()
)


# ---------------------------------------------------------------------------------- shared helpers



def aux_children(verb: Token, lemma: str) -> list[Token]:
    return [c for c in children(verb) if c.dep_ in ("aux", "auxpass") and c.lemma_ == lemma]


def negation_after(aux: Token) -> Token | None:
    """The *not*/*n't* right after an auxiliary."""
    nxt = aux.nbor(1) if aux.i + 1 < len(aux.doc) else None
    if nxt is not None and nxt.dep_ == "neg" and nxt.lower_ in ("not", "n't", "n’t"):
        return nxt
    return None


def be_form(subj: Token, past: bool) -> str:
    """*am/is/are* or *was/were* agreeing with ``subj``."""
    table = BE_PAST if past else BE_PRESENT
    return table[person_number(subj)]


def have_form(subj: Token) -> str:
    return "has" if person_number(subj) == "3s" else "have"


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
COMPLEMENT_DEPS = frozenset({"dobj", "ccomp", "xcomp", "prep", "dative", "attr", "oprd", "acomp"})


def _is_stative_main_verb(verb: Token) -> bool:
    if verb.pos_ != "VERB":
        return False
    deps = {c.dep_ for c in children(verb)}
    if verb.lemma_ == "have":
        return _is_possessive_have(verb, deps)
    if verb.lemma_ not in STATIVE_VERBS:
        return False
    if verb.dep_ in ("parataxis", "intj"):
        return False  # parenthetical "you know", "I mean"
    if verb.lemma_ == "need" and "xcomp" in deps:
        return False  # semi-modal "need to"
    return bool(deps & COMPLEMENT_DEPS)


PERSONAL_SUBJECTS = frozenset("i you we they he she".split())


def _is_possessive_have(verb: Token, deps: set[str]) -> bool:
    """Possessive *have* of a person (*I have a car*), not *have to*, *have got*, a wh-object
    (*how many singers do we have*, where *are we having* reads as 'hosting') or the *have*
    of things and relative clauses (*the city that has the largest population*)."""
    if "dobj" not in deps or "xcomp" in deps or verb.lower_ == "got":
        return False
    obj = next(c for c in children(verb) if c.dep_ == "dobj")
    if obj.i < verb.i or obj.tag_ in ("WP", "WDT"):
        return False
    subj = subject_of(verb)
    return subj is not None and subj.lower_ in PERSONAL_SUBJECTS and verb.dep_ != "relcl"


def _progressive_be(verb: Token, subj: Token, do_aux: Token | None) -> str:
    finite = do_aux if do_aux is not None else verb
    if finite.tag_ == "VBD":
        return be_form(subj, past=True)
    if finite.tag_ == "VBZ":
        return "is"
    return "am" if subj.lower_ == "i" else "are"


PROGRESSIVE_LEMMAS = STATIVE_VERBS | {"have"}


@rule(
    88, "progressives", "Tense and Aspect",
    lemmas=PROGRESSIVE_LEMMAS,
    examples=[
        ("I like this.", "I am liking this."),
        ("What do you want?", "What are you wanting?"),
        ("She really knows the answer.", "She is really knowing the answer."),
        ("I don't understand your question.", "I am not understanding your question."),
        ("Does he have a car?", "Is he having a car?"),
        ("They didn't want to leave.", "They weren't wanting to leave."),
        ("The people who know him trust him.", "The people who are knowing him trust him."),
    ],
    negatives=[
        "I am eating.",
        "You know, it was fun.",
        "I have to go.",
        "I can understand that.",
        "We have finished the work.",
        "Like me, she runs.",
        "Which city has the largest population?",
        "How many singers do we have?",
    ],
)
def progressives(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Progressive *be + V-ing* extended to stative verbs: *I am liking this*, *What are you
    wanting?*. Simple present and past only; do-support becomes *be* agreeing with the subject
    (*don't understand* -> *am not understanding*). Modal, perfect and non-finite verbs, the
    parenthetical *you know* and non-possessive *have* are left alone."""
    tokens = index.tokens
    for verb in [tokens[i] for i, lemma in enumerate(index.lemma_of) if lemma in PROGRESSIVE_LEMMAS]:
        if not _is_stative_main_verb(verb):
            continue
        subj = subject_of(verb)
        if subj is None or any(c.dep_ in ("aux", "auxpass") and c.lemma_ != "do"
                               for c in children(verb)):
            continue
        dos = aux_children(verb, "do")
        gerund = inflect_verb(lemma_of(verb), "VBG")
        if not gerund:
            continue
        if dos:
            if verb.tag_ != "VB":
                continue
            do_aux = dos[0]
            be = _progressive_be(verb, subj, do_aux)
            neg = negation_after(do_aux)
            ops: list[Op] = [Replace(do_aux.i, be), Replace(verb.i, gerund)]
            if be == "am" and neg is not None and neg.lower_ != "not":
                ops.append(Replace(neg.i, "not"))  # no "amn't"
            yield site(*sorted(ops, key=lambda op: op.i))
        elif verb.tag_ in ("VBP", "VBZ", "VBD") and subj.i < verb.i:
            be = _progressive_be(verb, subj, None)
            yield site(Insert(preverbal_start(verb, subj), be), Replace(verb.i, gerund))


# -------------------------------------------------------------- 99 simple_past_for_present_perfect


def _has_duration_phrase(index: DocIndex, verb: Token) -> bool:
    """*since 2010*, *for ten years*: the perfect there means 'up to now', the past would not.
    Any *since* or *for* in the clause (``verb``'s subtree) counts (conservatively)."""
    words, deps = index.words, index.dep_of
    return any(deps[i] in ("prep", "advmod", "mark") and words[i].lower() in ("since", "for")
               and index.in_subtree(i, verb.i) for i in range(len(words)))


def _coordinated_participles(verb: Token) -> list[Token]:
    """Participles sharing the perfect auxiliary: *has [eaten] and [drunk]*."""
    return [c for c in children(verb) if c.dep_ == "conj" and c.tag_ == "VBN"
            and not any(g.dep_ in ("aux", "nsubj") for g in children(c))]


@rule(
    99, "simple_past_for_present_perfect", "Tense and Aspect",
    lemmas={"have"},
    tags={"VBN"},
    examples=[
        ("I have finished my homework.", "I finished my homework."),
        ("Have you eaten?", "Did you eat?"),
        ("She hasn't seen the film.", "She didn't see the film."),
        ("I've been busy.", "I was busy."),
        ("Have you ever been in London?", "Were you ever in London?"),
        ("What have you done?", "What did you do?"),
        ("The bridge has been repaired.", "The bridge was repaired."),
        ("We have never eaten and drunk so much.", "We never ate and drank so much."),
    ],
    negatives=[
        "I have lived here since 2010.",
        "I have been waiting for an hour.",
        "I've got a car.",
        "He had finished the work.",
        "You should have told me.",
        "I have been to Paris.",
        "I have a car.",
        "He and I have been friends for years.",
    ],
)
def simple_past_for_present_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple past for the SAE present perfect: *I finished*, *Did you eat?*, *Were you ever in
    London?*. Questions and negation take *did* (or *was/were* for *been*). Not for perfects
    with *since/for* (the past would say the state is over), progressives (*have been waiting*),
    *have been to*, possessive *have got*, or past and modal perfects."""
    for have in index.by_lemma.get("have", ()):
        if have.dep_ != "aux" or have.tag_ not in ("VBP", "VBZ"):
            continue
        verb = have.head
        if verb.tag_ != "VBN":
            continue
        subj = subject_of(verb)
        if subj is None or _has_duration_phrase(index, verb) or verb.lower_ == "got":
            continue
        inverted = have.i < subj.i
        negated = negation_after(have) is not None
        been = [c for c in children(verb) if c.dep_ == "auxpass" and c.lower_ == "been"]
        if verb.lemma_ == "be":
            if any(c.dep_ == "prep" and c.lower_ == "to" for c in children(verb)):
                continue
            been = [verb]
        if been:
            yield site(Replace(have.i, be_form(subj, past=True)), Delete(been[0].i))
            continue
        if any(c.dep_ == "aux" and c.i != have.i for c in children(verb)):
            continue
        participles = [verb, *_coordinated_participles(verb)]
        if inverted or negated:
            forms = [inflect_verb(lemma_of(v), "VB") for v in participles]
            ops: list[Op] = [Replace(have.i, "did")]
        else:
            forms = [inflect_verb(lemma_of(v), "VBD") for v in participles]
            ops = [Delete(have.i)]
        if not all(forms):
            continue
        ops += [Replace(v.i, f) for v, f in zip(participles, forms) if f != v.lower_]
        yield site(*ops)


# -------------------------------------------------------------------- 100 present_perfect_for_past


IRREALIS_VERBS = wordlist("irrealis_matrix_verbs")


def _is_irrealis(verb: Token) -> bool:
    """A past that is not past time: *I wish I knew*, *as though he knew*, *if I were you*."""
    if verb.dep_ == "ccomp" and verb.head.lemma_ in IRREALIS_VERBS:
        return True
    if any(c.dep_ == "mark" and c.lower_ in ("if", "though") for c in children(verb)):
        return True
    if verb.lower_ == "were":  # singular "were" is subjunctive
        subj = subject_of(verb)
        return subj is not None and person_number(subj) != "other"
    return False


def _is_past_lexical(verb: Token) -> bool:
    if verb.tag_ != "VBD" or "Fin" not in morph_values(verb, "VerbForm"):
        return False
    if verb.lemma_ == "use" and any(c.dep_ == "xcomp" for c in children(verb)):
        return False  # "used to"
    if verb.pos_ == "VERB":
        return True
    # copular be as the main verb ("I was in Delhi"), not an auxiliary
    return verb.lemma_ == "be" and verb.dep_ not in ("aux", "auxpass")


def perfect_participle(lemma: str, form: str = "gotten") -> str | None:
    """The past participle of ``lemma``; of *get* it is *gotten* or *got*, as ``form`` says
    (eWAVE 145: British-based varieties such as Indian English say *have got*)."""
    if lemma == "get":
        return form
    return inflect_verb(lemma, "VBN")


@rule(
    100, "present_perfect_for_past", "Tense and Aspect",
    tags={"VBD"},
    forms={"gotten": (145,), "got": ()},
    examples=[
        ("I went to Delhi last year.", "I have gone to Delhi last year."),
        ("She never liked him.", "She has never liked him."),
        ("Did you see the match yesterday?", "Have you seen the match yesterday?"),
        ("My parents didn't come to the wedding.", "My parents haven't come to the wedding."),
        ("We were in New York two years ago.", "We have been in New York two years ago."),
        ("Was he at home?", "Has he been at home?"),
        ("Neither she nor I knew the answer.", "Neither she nor I have known the answer."),
        ("I kind of liked the movie.", "I have kind of liked the movie."),
        ("The visitors who came yesterday liked it.",
         "The visitors who have come yesterday have liked it."),
        ("A man who lost his keys called the police.",
         "A man who has lost his keys has called the police."),
        ("I got a letter from the bank that sent me a card.",
         "I have gotten a letter from the bank that has sent me a card."),
    ],
    negatives=[
        "When I was young, we lived in a village.",
        "I used to play cricket.",
        "He was arrested.",
        "She is reading.",
        "If I knew the answer, I would tell you.",
        "I had finished the work.",
        "Was the old man happy at the end of the story?",
        "I wish I were taller.",
        "He talks as though he knew everything.",
        "I thought about it for a long time.",
        "She had laid the book on the table.",
    ],
)
def present_perfect_for_past(doc: Doc, index: DocIndex, form: str = "gotten") -> Iterator[Site]:
    """Present perfect for the SAE simple past, also with past time adverbials: *I have gone to
    Delhi last year*. *have/has* agrees with the subject; *did* becomes *have/has* with the
    participle. Not in temporal, conditional and irrealis clauses (*when I was young*, *if I
    knew*, *I wish I were*), with *for/since* durations, for *used to*, or for auxiliary
    *was/were*. *have* agrees with the antecedent of a relative pronoun (*visitors who have
    come*); the participle of *get* is the profile's ``form`` (*gotten* or *got*)."""
    durations = not index.lemmas.isdisjoint(("for", "since"))  # else no clause has one
    tag_of = index.tag_of
    has_do = "do" in index.by_lemma  # else no bare verb has do-support
    for verb in index.tag("VBD", "VB"):
        if tag_of[verb.i] == "VB":
            if not has_do:
                continue
            dids = [d for d in aux_children(verb, "do") if d.tag_ == "VBD"]
            if not dids:
                continue
            subj = subject_of(verb)
            if subj is None or in_temporal_clause(verb) or (
                    durations and _has_duration_phrase(index, verb)):
                continue
            participle = perfect_participle(lemma_of(verb), form)
            if participle:
                yield site(Replace(dids[0].i, have_form(agreement_subject(subj))),
                           Replace(verb.i, participle))
            continue
        if not _is_past_lexical(verb) or in_temporal_clause(verb) or _is_irrealis(verb):
            continue
        if any(c.dep_ in ("aux", "auxpass") for c in children(verb)):
            continue  # a participle the tagger took for a past ("had laid")
        if durations and _has_duration_phrase(index, verb):
            continue  # "I thought about it for a long time" would come to mean 'until now'
        subj = subject_of(verb)
        if subj is None or subj.lower_ == "there":
            continue
        have = have_form(agreement_subject(subj))
        if verb.lemma_ == "be":
            neg = negation_after(verb)
            if subj.i > verb.i:  # "Was he at home?" -> "Has he been at home?"
                end = subj.right_edge.i
                if end + 1 < len(doc) and not doc[end + 1].is_punct and end >= verb.i:
                    yield site(Replace(verb.i, have), Insert(end, "been", after=True))
            else:
                yield site(Replace(verb.i, have), Insert((neg or verb).i, "been", after=True))
            continue
        participle = perfect_participle(lemma_of(verb), form)
        if not participle or subj.i > verb.i:
            continue
        ops: list[Op] = [Insert(preverbal_start(verb, subj), have)]
        if participle != verb.lower_:
            ops.append(Replace(verb.i, participle))
        yield site(*ops)


# ---------------------------------------------------------------------------------- 119 will_would


# Adverbs of the immediate future (*right now*, *soon*, *today*), and the nouns of *in five
# minutes* / *in a moment*, *this afternoon*: with them *will* is the near future that
# feature 119 keeps for *will*. Closed sets written by us.
IMMEDIATE_ADVERBS = frozenset("now immediately soon shortly presently today tonight straightaway".split())
SHORT_SPANS = frozenset("second seconds minute minutes moment moments bit while hour hours sec".split())
PARTS_OF_TODAY = frozenset("morning afternoon evening".split())
# Times of the clock: *at noon*, *at 8 pm*, *at six o'clock* give a scheduled event.
CLOCK_WORDS = frozenset("noon midnight o'clock pm am p.m. a.m.".split())


def _near_or_scheduled(verb: Token) -> bool:
    """Whether ``verb``'s clause puts the event in the immediate future (*right now*, *soon*,
    *in five minutes*, *this afternoon*) or at a scheduled time of the clock (*at noon*,
    *at 8 pm*), where feature 119 keeps *will*."""
    for tok in clause_tokens(verb):
        low = tok.lower_
        if low in IMMEDIATE_ADVERBS or (low == "once" and tok.head.lower_ == "at"):
            return True
        if low == "away" and any(c.lower_ == "right" for c in children(tok)):
            return True  # right away
        if low in PARTS_OF_TODAY and any(c.lower_ == "this" for c in children(tok)):
            return True
        if tok.dep_ == "pobj" and tok.head.lower_ == "in" and tok.lemma_.lower() in SHORT_SPANS:
            return True
        if tok.dep_ == "pobj" and tok.head.lower_ == "at" and (
                low in CLOCK_WORDS or tok.like_num
                or any(c.lower_ in CLOCK_WORDS for c in children(tok))):
            return True
    return False


@rule(
    119, "will_would", "Tense and Aspect",
    lemmas={"will"},
    tags={"MD"},
    examples=[
        ("I will eat rice tomorrow.", "I would eat rice tomorrow."),
        ("She'll call you next week.", "She would call you next week."),
        ("We won't be late.", "We wouldn't be late."),
        ("Will you come to the party?", "Would you come to the party?"),
        ("One day my son will study abroad, and he will forget us.",
         "One day my son would study abroad, and he would forget us."),
        ("In ten years, nobody will remember this.", "In ten years, nobody would remember this."),
        ("They will build a new hospital in our town.", "They would build a new hospital in our town."),
    ],
    negatives=[
        "She has a strong will.",
        "By Friday, I will have finished the report.",
        "I would like some tea.",
        "He wills it to happen.",
        "The train will leave at noon.",
        "The meeting will start in five minutes.",
        "I will call you right now.",
        "Dinner will be ready soon.",
        "The show will begin at 8 pm.",
        "We will meet this afternoon.",
        "I'll do it right away.",
    ],
)
def will_would(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Would* for the (distant) future of *will*: *I would eat rice tomorrow*, *one day he
    would forget us*. The varieties keep *will* for the immediate future, so not where the
    clause says the event is imminent (*right now*, *soon*, *in five minutes*, *this
    afternoon*) or scheduled at a time of the clock (*the train will leave at noon*); nor for
    the future perfect (*will have finished*), where *would have* is a counterfactual."""
    for tok in index.by_tag.get("MD", ()):
        if tok.lemma_.lower() != "will" or tok.lower_ not in ("will", "'ll", "’ll", "wo"):
            continue
        verb = tok.head
        if tok.dep_ != "aux" or any(c.dep_ == "aux" and c.lemma_ == "have" for c in children(verb)):
            continue
        if _near_or_scheduled(verb):
            continue
        yield site(Replace(tok.i, "would"))


# ============================================================== helpers for the rules 95-120

CLAUSAL_DEPS = frozenset(
    {"advcl", "ccomp", "xcomp", "relcl", "acl", "csubj", "csubjpass", "parataxis", "conj", "pcomp"}
)
BE_CLITICS = {"1s": "'m", "3s": "'s", "other": "'re"}
WILL_FORMS = frozenset({"will", "'ll", "’ll", "wo"})


def is_clitic(tok: Token) -> bool:
    return tok.text[:1] in ("'", "’")


def is_negated(verb: Token) -> bool:
    return any(c.dep_ == "neg" for c in children(verb))


def clause_tokens(verb: Token) -> Iterator[Token]:
    """The tokens of ``verb``'s own clause: its subtree without embedded clauses."""
    for child in children(verb):
        if child.dep_ in CLAUSAL_DEPS:
            continue
        yield child
        yield from clause_tokens(child)


def agreement_subject(subj: Token) -> Token:
    """The token a finite form agrees with: the antecedent of a relative pronoun
    (*books that have* agrees with *books*)."""
    if subj.tag_ in ("WDT", "WP") and subj.head.dep_ == "relcl" and subj.head.head.i < subj.i:
        return subj.head.head
    return subj


def present_form(lemma: str, subj: Token) -> str | None:
    """The simple present of ``lemma`` agreeing with ``subj`` (*am/is/are*, *knows/know*)."""
    if lemma == "be":
        return be_form(subj, past=False)
    return inflect_verb(lemma, "VBZ" if person_number(subj) == "3s" else "VBP")


def do_form(subj: Token, past: bool) -> str:
    if past:
        return "did"
    return "does" if person_number(subj) == "3s" else "do"


def be_replacing(aux: Token, subj: Token, past: bool) -> str:
    """A form of *be* to stand where the auxiliary ``aux`` stood: a clitic for a clitic
    (*I've* -> *I'm*), a full form otherwise (*had* -> *was*), in the person and number the
    auxiliary shows (*politics has* -> *politics is*)."""
    person = person_shown(aux, subj)
    if is_clitic(aux) and not past:
        return BE_CLITICS[person]
    return (BE_PAST if past else BE_PRESENT)[person]


def person_shown(aux: Token, subj: Token) -> str:
    """The person and number (as :func:`person_number`) that a finite auxiliary agrees in:
    *has/does* are third singular and *have/do* are not, whatever the subject looks like
    (*politics has*, *the police have*); other forms go by the subject (a relative pronoun by
    its antecedent)."""
    low = aux.lower_
    if low in ("has", "does") or (low in ("'s", "’s") and aux.lemma_ == "have"):
        return "3s"
    if low in ("have", "'ve", "’ve", "do"):
        return "1s" if subj.lower_ == "i" else "other"
    return person_number(agreement_subject(subj))


def no_amnt(be: str, neg: Token | None) -> list[Op]:
    """SAE has no *amn't*: spell the negation out after *am*."""
    if neg is not None and be in ("am", "'m", "’m") and neg.lower_ != "not":
        return [Replace(neg.i, "not")]
    return []


def clause_end(verb: Token) -> int | None:
    """The last token of ``verb``'s clause before final punctuation and before any adjunct
    clause that follows (*..., so we can go*), or None when a complement clause follows
    (*told him that she left*), where a clause-final word would land in the wrong clause."""
    last = verb
    for child in sorted(children(verb), key=lambda c: c.i):
        if child.i < verb.i or child.is_punct:
            continue
        if child.dep_ in ("ccomp", "xcomp", "csubj", "dative", "oprd"):
            return None
        if child.dep_ in CLAUSAL_DEPS or child.dep_ in ("cc", "mark"):
            break
        last = child.right_edge if child.right_edge.i > last.i else last
    while last.i > verb.i and last.is_punct:
        last = last.doc[last.i - 1]
    return last.i


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
        return [self.verb, *_coordinated_participles(self.verb)]


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
        return any(c.dep_ == "dobj" for c in children(verb))
    return False


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
        if any(c.dep_ == "aux" and c.tag_ == "MD" for c in children(verb)):
            continue
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
        if _is_duration_for(tok):
            return True
    return False


def _is_duration_for(prep: Token) -> bool:
    """*for* + a length of time: *for twenty years*, *for a long time*, *for ages*."""
    if prep.lower_ != "for" or prep.dep_ != "prep":
        return False
    objs = [c for c in children(prep) if c.dep_ == "pobj"]
    return bool(objs) and (objs[0].lemma_.lower() in DURATION_NOUNS or objs[0].lower_ in DURATION_NOUNS)


DURATION_NOUNS = wordlist("duration_nouns")


def future_will(index: DocIndex) -> Iterator[tuple[Token, Token, Token]]:
    """``(will, verb, subject)`` for the future auxiliary *will/'ll/won't*, not the future
    perfect (*will have gone*), not *will* as a noun or lexical verb."""
    for tok in index.by_tag.get("MD", ()):
        if tok.lemma_.lower() != "will" or tok.lower_ not in WILL_FORMS or tok.dep_ != "aux":
            continue
        verb = tok.head
        if verb.tag_ != "VB" or any(c.dep_ == "aux" and c.lemma_ == "have" for c in children(verb)):
            continue
        subj = subject_of(verb)
        if subj is None:
            continue
        yield tok, verb, subj


# The tags of the simple present and past, the ones finite_lexical is asked about.
SIMPLE_TENSE_TAGS = ("VBD", "VBZ", "VBP")
# Where finite_lexical keeps its result for a document, as positions (see _PERFECTS_KEY).
_FINITE_LEXICAL_KEY = "multivalue.tense_aspect.finite_lexical"


def finite_lexical(index: DocIndex, tags: tuple[str, ...]) -> list[tuple[Token, Token]]:
    """``(verb, subject)`` for lexical verbs in a simple tense (no auxiliary) with the
    subject before them: *I went*, *she owns*. Not *used to*, not copular *be*. ``tags`` are
    some of SIMPLE_TENSE_TAGS; the verbs of all three are found once per document."""
    if not set(tags).issubset(SIMPLE_TENSE_TAGS):
        return list(_finite_lexical(index, tags))  # not what the cache holds
    user_data = index.doc.user_data
    found = user_data.get(_FINITE_LEXICAL_KEY)
    if found is None:
        found = user_data[_FINITE_LEXICAL_KEY] = [
            (verb.i, subj.i) for verb, subj in _finite_lexical(index, SIMPLE_TENSE_TAGS)]
    tokens, tag_of = index.tokens, index.tag_of
    return [(tokens[verb], tokens[subj]) for verb, subj in found if tag_of[verb] in tags]


def _finite_lexical(index: DocIndex, tags: tuple[str, ...]) -> Iterator[tuple[Token, Token]]:
    """The pairs of finite_lexical, worked out."""
    pos_of = index.pos_of
    for verb in index.tag(*tags):
        i = verb.i
        if pos_of[i] != "VERB" or "Fin" not in index.morph_values(i, "VerbForm"):
            continue
        verb_children = index.children(i)
        if any(c.dep_ in ("aux", "auxpass") for c in verb_children):
            continue
        if verb.lemma_ == "use" and any(c.dep_ == "xcomp" for c in verb_children):
            continue
        subj = subject_of(verb)
        if subj is None or subj.i > i:
            continue
        yield verb, subj


# ------------------------------------------------------------------------------ 95 standing_stood

POSTURE_VERBS = frozenset({"sit", "stand"})  # closed set: the two verbs of the feature


def _is_posture_progressive(verb: Token) -> bool:
    """*be sitting/standing* of bodily posture: not *stand for/by* (tolerate, support, run for
    office), not with an object or particle (*stood him up*, *sat the exam*)."""
    if verb.tag_ != "VBG" or verb.lemma_ not in POSTURE_VERBS:
        return False
    if not aux_children(verb, "be"):
        return False
    for child in children(verb):
        if child.dep_ in ("dobj", "prt", "dative", "ccomp", "xcomp"):
            return False
        if child.dep_ == "prep" and child.lower_ == "by":
            return False  # "standing by" (supporting) cannot be told from place here
        if child.dep_ == "prep" and child.lower_ == "for" and not _is_duration_for(child):
            return False
    return True


@rule(
    95, "standing_stood", "Tense and Aspect",
    lemmas=POSTURE_VERBS,
    tags={"VBG"},
    examples=[
        ("She was sitting on the bench.", "She was sat on the bench."),
        ("Why are you standing there?", "Why are you stood there?"),
        ("When you're standing there you can see the flames.",
         "When you're stood there you can see the flames."),
        ("The kids weren't sitting at the table. They were standing near the window.",
         "The kids weren't sat at the table. They were stood near the window."),
        ("He has been sitting in the car for an hour.", "He has been sat in the car for an hour."),
    ],
    negatives=[
        "She is standing for election.",
        "I sat on the bench.",
        "They were sitting the exam.",
        "He stood her up.",
        "Sitting in the park is nice.",
        "We are standing by our decision.",
    ],
)
def standing_stood(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*be sat/stood* with progressive meaning: *She was sat on the bench*. Only the
    progressive *be sitting/standing* of posture (past participles *sat/stood*)."""
    for verb in index.lemma(*POSTURE_VERBS):
        if _is_posture_progressive(verb):
            participle = inflect_verb(lemma_of(verb), "VBN")
            if participle:
                yield site(Replace(verb.i, participle))


# ---------------------------------------------------------- 96 that_resultative_past_participle

INDEFINITE_PRONOUNS = frozenset({"something", "someone", "somebody"})
INDEFINITE_DETERMINERS = frozenset({"a", "an", "some", "another"})


def _is_indefinite(subj: Token) -> bool:
    """An indefinite subject, as *there* needs: *something*, *a man*, *some boys*, *two letters*."""
    if subj.lower_ in INDEFINITE_PRONOUNS:
        return True
    if subj.pos_ not in ("NOUN",):
        return False
    dets = [c for c in children(subj) if c.dep_ == "det"]
    if dets:
        return dets[0].lower_ in INDEFINITE_DETERMINERS
    return any(c.dep_ == "nummod" for c in children(subj)) and subj.tag_ == "NNS"


RELATIVE_PRONOUNS = frozenset({"that", "which", "who"})


def _resultative_relatives(index: DocIndex) -> Iterator[Site]:
    """*there is/was* + indefinite noun + *that/which/who* + simple past or present perfect of
    an intransitive verb of motion or change with a particle or prepositional phrase: the
    relative pronoun (and *has*) go and the verb becomes the participle."""
    for there in index.by_dep.get("expl", ()):
        be = there.head
        if be.lemma_ != "be" or be.i != there.i + 1 or index.in_question(be.i):
            continue
        for noun in children(be):
            if noun.i < be.i or noun.dep_ not in ("attr", "nsubj") or not _is_indefinite(noun):
                continue
            for clause in children(noun):
                ops = _resultative_relative_ops(clause)
                if ops:
                    yield site(*ops)


def _is_preposition(tok: Token) -> bool:
    """A dependent that heads a prepositional phrase (*for you*, which the parser may call a
    dative), not a bare noun."""
    return any(c.dep_ == "pobj" for c in children(tok))


def _resultative_relative_ops(clause: Token) -> list[Op] | None:
    if clause.dep_ != "relcl" or clause.lemma_.lower() not in MUTATIVE_VERBS:
        return None
    rel = next((c for c in children(clause) if c.dep_ == "nsubj" and c.lower_ in RELATIVE_PRONOUNS
                and c.i < clause.i), None)
    if rel is None or any(c.dep_ in ("dobj", "ccomp", "xcomp", "attr", "neg", "auxpass")
                          or (c.dep_ == "dative" and not _is_preposition(c)) for c in children(clause)):
        return None
    if not any(c.dep_ in ("prt", "prep") or (c.dep_ == "dative" and _is_preposition(c)) or (
            c.dep_ == "advmod" and c.i > clause.i and c.lower_ in (
            "down", "up", "over", "in", "out", "off", "away", "back")) for c in children(clause)):
        return None  # "a letter that came yesterday" has no result in a place
    auxes = [c for c in children(clause) if c.dep_ == "aux"]
    if clause.tag_ == "VBD" and not auxes:
        ops: list[Op] = [Delete(rel.i)]
    elif clause.tag_ == "VBN" and len(auxes) == 1 and auxes[0].lower_ in ("has", "have"):
        ops = [Delete(rel.i), Delete(auxes[0].i)]
    else:
        return None
    participle = inflect_verb(lemma_of(clause), "VBN")
    if not participle:
        return None
    if participle != clause.lower_:
        ops.append(Replace(clause.i, participle))
    return ops


@rule(
    96, "that_resultative_past_participle", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("There is a letter that came for you.", "There is a letter come for you."),
        ("There's a tree that has fallen onto the road.", "There's a tree fallen onto the road."),
        ("I think there was a glass which fell over.", "I think there was a glass fallen over."),
        ("Something has fallen down the sink.", "There's something fallen down the sink."),
        ("A window has been broken.", "There's a window broken."),
        ("I think a letter has come for you.", "I think there's a letter come for you."),
        ("Look, two trees have fallen onto the road!", "Look, there are two trees fallen onto the road!"),
    ],
    negatives=[
        "The window has been broken.",
        "Has something fallen down the sink?",
        "Something hasn't arrived.",
        "A man has bought the house.",
        "Something had fallen down the sink.",
        "Someone has been waiting for you.",
        "There is a man who wants to see you.",
        "There is the letter that came for you.",
        "Is there a letter that came for you?",
        "There is a letter that came yesterday.",
        "There is a boy who broke the window.",
    ],
)
def that_resultative_past_participle(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*There* + indefinite subject + past participle for a present perfect whose result
    holds now: *There's something fallen down the sink*, *there's a window broken*. Only
    active intransitive or passive perfects of an indefinite subject in statements; *has been*
    of a passive goes with *has*. An existential whose indefinite noun has a relative clause
    of such a verb with a particle or a phrase of place (*there's a letter that came for you*,
    *a tree that has fallen onto the road*) gives the participle directly (*there's a letter
    come for you*)."""
    yield from _resultative_relatives(index)
    for p in find_perfects(index):
        if p.past or not p.affirmative_declarative or p.progressive or p.copular:
            continue
        if p.subj.dep_ not in ("nsubj", "nsubjpass") or not _is_indefinite(p.subj):
            continue
        if any(c.dep_ in ("dobj", "dative", "ccomp", "xcomp", "attr", "oprd") for c in children(p.verb)):
            continue
        if p.been is None and p.verb.lemma_.lower() not in MUTATIVE_VERBS:
            continue  # "some residents have complained" has no result state
        if shares_auxiliary(p.verb) or is_clitic(p.have):
            continue
        if any(c.dep_ == "conj" for c in children(p.subj)):
            continue
        there = "there's" if person_number(p.subj) == "3s" else "there are"
        ops: list[Op] = [Insert(p.subj.left_edge.i, there), Delete(p.have.i)]
        if p.been is not None:
            ops.append(Delete(p.been.i))
        yield site(*ops)


# ------------------------------------------------------------------------ 97 medial_object_perfect

NON_RESULTATIVE_VERBS = wordlist("non_resultative_verbs") | wordlist("progressive_stative_verbs")


def _movable_object(index: DocIndex, verb: Token) -> Token | None:
    """The direct object standing right after the participle (*written [the letter]*), when
    it is a plain noun phrase and nothing else of the verb sits between."""
    objs = [c for c in children(verb) if c.dep_ == "dobj"]
    if len(objs) != 1:
        return None
    obj = objs[0]
    if obj.left_edge.i != verb.i + 1 or obj.tag_ in ("WP", "WDT", "EX"):
        return None
    if any(index.dep_of[t] in CLAUSAL_DEPS for t in index.subtree_positions(obj.i)):
        return None
    if any(c.dep_ in ("prt", "dative", "ccomp", "xcomp", "oprd") for c in children(verb)):
        return None
    return obj


@rule(
    97, "medial_object_perfect", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("I have written the letter.", "I have the letter written."),
        ("She's finished her homework already.", "She's her homework finished already."),
        ("The president has signed the new law.", "The president has the new law signed."),
        ("We haven't painted the kitchen yet.", "We haven't the kitchen painted yet."),
        ("When they have cleaned the house, they can leave.",
         "When they have the house cleaned, they can leave."),
    ],
    negatives=[
        "Have you written the letter?",
        "I should have written the letter.",
        "I have written to her.",
        "He has been told the news.",
        "I have given him the book.",
        "What have you done?",
        "The council had approved the plan.",
        "I have never met a more honest man.",
        "Which singers have released an album?",
    ],
)
def medial_object_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Object between perfect *have* and the participle: *I have the letter written*. Only
    statements (a question *have you the letter written* is not the attested form), active,
    with one plain noun-phrase object right after the participle."""
    for p in find_perfects(index):
        if p.inverted or not p.simple or shares_auxiliary(p.verb):
            continue
        if p.past or p.verb.lemma_.lower() in NON_RESULTATIVE_VERBS or p.verb.i != p.have.i + 1 \
                and not (p.neg is not None and p.verb.i == p.neg.i + 1):
            continue  # past "had X done" reads as causative; adverbs would split the group
        if p.verb.dep_ == "relcl" or has_duration(p.verb) or _experiential_cue(p.verb):
            continue
        if any(index.tag_of[t] in ("WDT", "WP", "WRB") for t in index.subtree_positions(p.subj.i)):
            continue  # "which singers have an album released" reads as causative or possessive
        if p.have.lower_ in ("'s", "’s") and p.subj.lower_ not in ("he", "she", "it"):
            continue  # "John's the letter written" would read as "John is"
        obj = _movable_object(index, p.verb)
        if obj is not None:
            yield site(Move(obj.left_edge.i, obj.right_edge.i + 1, p.verb.i))


# -------------------------------------------------------------------------------- 98 after_perfect


def _just(verb: Token) -> Token | None:
    return next((c for c in children(verb) if c.dep_ == "advmod" and c.lower_ == "just"
                 and c.i == verb.i - 1), None)


@rule(
    98, "after_perfect", "Tense and Aspect",
    lemmas={"just"},
    tags={"VBN", "VBD"},
    examples=[
        ("She has just sold the boat.", "She is after selling the boat."),
        ("I've just eaten.", "I'm after eating."),
        ("Have they just left?", "Are they after leaving?"),
        ("He told me that they had just arrived.", "He told me that they were after arriving."),
        ("She's just sold the boat.", "She's after selling the boat."),
    ],
    negatives=[
        "I have eaten.",
        "She hasn't just left.",
        "I've just been told.",
        "I just ate.",
        "It has just been a bad day.",
    ],
)
def after_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The hot-news perfect *be after V-ing* for *have just V-ed*: *She's after selling the
    boat*. *be* agrees with the subject and keeps the tense (*had just* -> *was after*). Only
    with *just* right before the participle; not negated, passive or copular *been*."""
    for p in find_perfects(index):
        if not p.simple or p.neg is not None or shares_auxiliary(p.verb):
            continue
        just = _just(p.verb)
        gerund = inflect_verb(lemma_of(p.verb), "VBG")
        if just is None or not gerund:
            continue
        be = be_replacing(p.have, p.subj, p.past)
        ops: list[Op] = [Replace(just.i, "after"), Replace(p.verb.i, gerund)]
        if be != p.have.lower_:
            ops.insert(0, Replace(p.have.i, be))
        yield site(*ops)


# ---------------------------------------------------------------------- 101 present_for_exp_perfect

CONTINUATIVE_VERBS = wordlist("continuative_verbs")


def _asks_how_long(verb: Token) -> bool:
    return any(t.lower_ == "long" and t.head.i == verb.i and t.i > 0
               and t.doc[t.i - 1].lower_ == "how" for t in children(verb))


def _is_continuative(p: Perfect) -> bool:
    """A perfect of a state lasting up to now: a state verb, copular *been*, a passive state
    (*has been closed*) or a perfect progressive, with *since/for* or *how long*."""
    if p.past or p.neg is not None or shares_auxiliary(p.verb):
        return False
    if not (p.copular or p.passive or p.progressive or p.verb.lemma_ in CONTINUATIVE_VERBS):
        return False
    return has_duration(p.verb) or _asks_how_long(p.verb)


@rule(
    101, "present_for_exp_perfect", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("I have known her since she was a child.", "I know her since she was a child."),
        ("I've been here for twenty years.", "I'm here for twenty years."),
        ("How long have you lived in Chicago?", "How long do you live in Chicago?"),
        ("She has been waiting since noon.", "She is waiting since noon."),
        ("How long has the shop been closed?", "How long is the shop closed?"),
        ("My brother has worked there for ten years, and he likes it.",
         "My brother works there for ten years, and he likes it."),
    ],
    negatives=[
        "I have seen her since Monday.",
        "I haven't known her for long.",
        "I had lived there for years.",
        "I have known her.",
        "He has been to Paris for a week.",
        "We have waited for you.",
    ],
)
def present_for_exp_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple present for the continuative perfect: *I know her since she was a child*,
    *I'm here for twenty years*, *How long do you live here?*. The present agrees with the
    subject; questions take *do/does*; *has been* becomes *is*. Only states lasting up to
    now (state verbs, copular and passive *been*, perfect progressives) with *since*, *for* +
    a length of time or *how long*; not negated perfects or past perfects."""
    for p in find_perfects(index):
        if not _is_continuative(p):
            continue
        if p.copular and any(c.dep_ == "prep" and c.lower_ == "to" for c in children(p.verb)):
            continue  # "have been to Paris" is a visit, not a state
        if p.been is not None or p.copular:
            been = p.been or p.verb
            be = be_replacing(p.have, p.subj, past=False)
            yield site(Replace(p.have.i, be), Delete(been.i))
        elif p.inverted:
            base = inflect_verb(lemma_of(p.verb), "VB")
            if base:
                yield site(Replace(p.have.i, do_form(p.subj, past=False)), Replace(p.verb.i, base))
        else:
            present = present_form(lemma_of(p.verb), p.subj)
            if present:
                yield site(Delete(p.have.i), Replace(p.verb.i, present))


# ------------------------------------------------------------------------------- 102 be_perfect

MUTATIVE_VERBS = wordlist("mutative_verbs")
# Mutative verbs whose be-perfect keeps a direct object ("they're not left school yet",
# "I'm finished my homework").
MUTATIVE_WITH_OBJECT = frozenset({"leave", "finish"})
# Mutative verbs that are also transitive, whose participle after *be* reads as a passive
# (*the country is broken with its past*, *the price is grown*, *he is returned*); *leave*
# only keeps the perfect reading with its object (*they're left school*, not *they're left*).
PASSIVE_READING_VERBS = frozenset({"break", "burst", "grow", "return"})


@rule(
    102, "be_perfect", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("They haven't left school yet.", "They aren't left school yet."),
        ("He has gone to the shop.", "He is gone to the shop."),
        ("I've finished.", "I'm finished."),
        ("Have the guests arrived?", "Are the guests arrived?"),
        ("When we came back, the birds had gone away.", "When we came back, the birds were gone away."),
        ("I haven't finished my homework.", "I am not finished my homework."),
        ("Something terrible has happened.", "Something terrible is happened."),
        ("The snow has disappeared, and the birds have come back.",
         "The snow is disappeared, and the birds are come back."),
        ("Our guests have arrived.", "Our guests are arrived."),
    ],
    negatives=[
        "The country has broken with its past.",
        "The glass has broken.",
        "They have left.",
        "The price has grown.",
        "He has returned from Paris.",
        "He has eaten the cake.",
        "They have left the keys on the table for you.",
        "She has been gone for a week.",
        "I have set the table.",
        "You should have gone.",
        "He's gone.",
    ],
)
def be_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Be* as perfect auxiliary of verbs of motion and change of state: *he is gone*,
    *they aren't left school yet*, *I'm finished*. *be* agrees with the subject and keeps the
    tense (*had flown* -> *were flown*). Not for other verbs, objects (except *leave* and
    *finish*), passives, progressives or modal perfects; a contracted *'s* (already read as
    *is*) is left alone. Verbs that are also transitive read as passives after *be* (*the
    country is broken with its past*), so *break, burst, grow, return* are left, and *leave*
    keeps its perfect only with an object."""
    for p in find_perfects(index):
        lemma = p.verb.lemma_.lower()
        if not p.simple or lemma not in MUTATIVE_VERBS or p.have.lower_ in ("'s", "’s"):
            continue
        if has_duration(p.verb):
            continue  # "prices have risen since January" is a change over time, not a state
        if shares_auxiliary(p.verb):
            continue
        complements = {c.dep_ for c in children(p.verb)}
        if complements & {"dative", "ccomp", "xcomp", "attr", "oprd", "acomp", "prt"}:
            continue
        objs = [c for c in children(p.verb) if c.dep_ == "dobj"]
        if objs and (lemma not in MUTATIVE_WITH_OBJECT or any(
                c.dep_ == "prep" for c in children(p.verb))):
            continue
        if lemma in PASSIVE_READING_VERBS or (lemma == "leave" and not objs):
            continue
        be = be_replacing(p.have, agreement_subject(p.subj), p.past)
        yield site(Replace(p.have.i, be), *no_amnt(be, p.neg))


# -------------------------------------------------------------------------- 103 do_tense_marker


def _do_variants(subj: Token, past: bool, invariant: bool) -> tuple[str, ...]:
    """*did* in the past; *does/do* agreeing in the present, with invariant *do* for the third
    singular as the South-Western English dialects have it (*this man what do own this*) when
    ``invariant``."""
    form = do_form(subj, past)
    return (form, "do") if form == "does" and invariant else (form,)


@rule(
    103, "do_tense_marker", "Tense and Aspect",
    tags={"VBD", "VBZ", "VBP"},
    # invariant third-singular "do" is itself zero marking of the third singular (170)
    forms={"does_or_do": (170,), "does": ()},
    examples=[
        ("I went to town on Saturday.", "I did go to town on Saturday."),
        ("That girl who smiled at me is my cousin.", "That girl who did smile at me is my cousin."),
        ("This man owns the farm.", ["This man does own the farm.", "This man do own the farm."]),
        ("We always walk to church, and they drive.",
         "We do always walk to church, and they do drive."),
    ],
    negatives=[
        "I didn't go to town.",
        "Did you go to town?",
        "She is happy.",
        "I have finished.",
        "I used to live here.",
        "If I knew the answer, I would tell you.",
    ],
)
def do_tense_marker(doc: Doc, index: DocIndex, form: str = "does_or_do") -> Iterator[Site]:
    """Unstressed *do* marking tense before a bare verb: *I did go to town*, *that girl what
    did smile at me*. Simple present and past statements of lexical verbs (*be*, auxiliaries,
    *used to* excluded); not in conditional and irrealis clauses. ``form`` *does* keeps the
    third singular *does* only, for varieties without invariant present forms (170)."""
    for verb, subj in finite_lexical(index, ("VBD", "VBZ", "VBP")):
        if verb.lemma_ in ("be", "do") or (verb.lemma_ == "have" and verb.lower_ == "got"):
            continue
        subj = agreement_subject(subj)
        if verb.tag_ == "VBD" and _is_irrealis(verb):
            continue
        base = inflect_verb(lemma_of(verb), "VB")
        if not base:
            continue
        at = preverbal_start(verb, subj)
        invariant = form == "does_or_do"
        variants = [(Insert(at, do), Replace(verb.i, base))
                    for do in _do_variants(subj, verb.tag_ == "VBD", invariant)]
        yield site(*variants[0], alternatives=tuple(variants[1:]))


# --------------------------------------------------------------------- 104-107 completive markers


EXPERIENTIAL_ADVERBS = frozenset({"ever", "never", "yet", "rarely", "seldom", "before", "often"})
CONTINUING = frozenset({"just", "again", "always", "still", "constantly", "forever", "usually"})


def _superlative_relative(verb: Token) -> bool:
    """*the best concert I have been to*, *the first film I have seen*: experiential."""
    if verb.dep_ != "relcl":
        return False
    return any(c.tag_ == "JJS" or c.lower_ in ("only", "first", "last") for c in children(verb.head))


# Where _completive_perfects keeps its choice for a document: positions in find_perfects.
_COMPLETIVE_KEY = "multivalue.tense_aspect.completive_perfects"


def _completive_perfects(index: DocIndex) -> list[Perfect]:
    """Present perfects in statements, active and not progressive, of an action with a
    result: *he has finished it*. Not continuative (*for/since*), experiential (*ever, never,
    before*, superlative relatives), copular *been* or possessive *have got*. Chosen once per
    document (four rules ask)."""
    perfects = find_perfects(index)
    user_data = index.doc.user_data
    chosen = user_data.get(_COMPLETIVE_KEY)
    if chosen is None:
        chosen = user_data[_COMPLETIVE_KEY] = [k for k, p in enumerate(perfects) if _is_completive(p)]
    return [perfects[k] for k in chosen]


def _is_completive(p: Perfect) -> bool:
    if p.past or not p.affirmative_declarative or p.progressive or p.passive or p.copular:
        return False
    if p.verb.lower_ == "got" or p.verb.lemma_ == "have" or has_duration(p.verb) \
            or _superlative_relative(p.verb) or is_habitual(p.verb):
        return False
    return not any(c.dep_ in ("advmod", "neg") and c.lower_ in EXPERIENTIAL_ADVERBS
                   for c in children(p.verb))


# Adverbs of frequency: *has always felt*, *have usually finished* are habits or states, not
# a completed event.
HABITUAL_ADVERBS = frozenset(
    "always usually often sometimes generally normally constantly frequently repeatedly "
    "regularly occasionally typically habitually".split())


def is_habitual(verb: Token) -> bool:
    """A clause of repeated or generic events: a frequency adverb (*always*, *usually*), or a
    *whenever* clause it heads or that modifies it (*whenever he has eaten, he sleeps*)."""
    if any(c.dep_ == "advmod" and c.lower_ in HABITUAL_ADVERBS for c in children(verb)):
        return True
    clauses = [verb, *(c for c in children(verb) if c.dep_ == "advcl")]
    return any(c.lower_ == "whenever" and c.dep_ in ("advmod", "mark")
               for clause in clauses for c in children(clause))


def _participle_ops(p: Perfect, tag: str) -> list[Op] | None:
    """Put the participles of ``p`` in the form ``tag`` (None if a form is missing)."""
    ops: list[Op] = []
    for verb in p.participles():
        form = inflect_verb(lemma_of(verb), tag)
        if not form:
            return None
        if form != verb.lower_:
            ops.append(Replace(verb.i, form))
    return ops


@rule(
    104, "completive_done", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("He has finished it.", "He done finished it."),
        ("You have eaten what I sent you.", ["You done eaten what I sent you.", "You done ate what I sent you."]),
        ("I think she's already left the house.", "I think she done already left the house."),
        ("They've seen it all.", ["They done seen it all.", "They done saw it all."]),
        ("My uncle has sold his farm.", ["My uncle done sold his farm.", "My uncle done sold his farm."]),
        ("We have painted the fence white.", ["We done painted the fence white."]),
        ("The kids have broken the window, so we called their parents.",
         ["The kids done broken the window, so we called their parents.",
          "The kids done broke the window, so we called their parents."]),
    ],
    negatives=[
        "Have you finished it?",
        "He hasn't finished it.",
        "The house has been sold.",
        "I have lived here for years.",
        "She had left.",
        "He's gone.",
        "She has always felt that it was wrong.",
        "Whenever the boss has left, the workers relax.",
        "He has often helped us.",
        "They have sometimes visited us.",
    ],
)
def completive_done(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Completive *done* for the present perfect: *He done finished it*, *you done ate*. The
    verb keeps its participle or takes the past form, both attested. Statements only; not
    passives, progressives, continuative (*for/since*) or experiential (*ever/never*) perfects,
    and not a clitic *'s* that may be *is*."""
    for p in _completive_perfects(index):
        if p.have.lower_ in ("'s", "’s") and p.subj.tag_ != "PRP":
            continue
        if p.have.lower_ in ("'s", "’s") and not any(c.dep_ == "dobj" for c in children(p.verb)) \
                and p.have.dep_ != "aux":
            continue
        past = _participle_ops(p, "VBD")
        ops = [Replace(p.have.i, "done")]
        alternatives = ((*ops, *past),) if past else ()
        yield site(*ops, alternatives=alternatives)


@rule(
    105, "completive_have_done", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("I have eaten.", ["I have done eaten.", "I am done eaten."]),
        ("He has gone home.", ["He has done gone home.", "He is done gone home."]),
        ("They've already finished the job, so we can leave.",
         ["They've already done finished the job, so we can leave.",
          "They're already done finished the job, so we can leave."]),
        ("Politics has changed a lot.",
         ["Politics has done changed a lot.", "Politics is done changed a lot."]),
        ("The police have caught the thief.",
         ["The police have done caught the thief.", "The police are done caught the thief."]),
        ("I've sold the car.", ["I've done sold the car.", "I'm done sold the car."]),
    ],
    negatives=[
        "Have you eaten?",
        "I haven't eaten.",
        "The cake has been eaten.",
        "I have been waiting.",
        "We have known them since 2010.",
        "She has always felt at home here.",
        "Whenever he has eaten, he falls asleep.",
        "They have usually finished by noon.",
    ],
)
def completive_have_done(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Completive *have/be + done + participle*: *I have done eaten*, *he is done gone*. Both
    auxiliaries are attested; *be* agrees with the subject. Same contexts as *done* (104)."""
    for p in _completive_perfects(index):
        if p.have.lower_ in ("'s", "’s", "'d", "’d") or p.copular:
            continue
        done = Insert(p.verb.i, "done")
        be = be_replacing(p.have, agreement_subject(p.subj), past=False)
        yield site(done, alternatives=((Replace(p.have.i, be), done),))


@rule(
    106, "irrealis_be_done", "Tense and Aspect",
    lemmas={"will"},
    tags={"MD"},
    examples=[
        ("By the time you get here, my baby will have eaten.",
         ["By the time you get here, my baby be done eaten.",
          "By the time you get here, my baby be done ate."]),
        ("If you love your enemies, they will eat you alive.",
         ["If you love your enemies, they be done eat you alive.",
          "If you love your enemies, they be done ate you alive."]),
        ("I'll have finished the report by Friday.",
         "I be done finished the report by Friday."),
    ],
    negatives=[
        "They will eat you alive.",
        "Will you have finished by Friday?",
        "If you come, I won't leave.",
        "If you love them, will they love you?",
        "If it rains, the game will be cancelled.",
    ],
)
def irrealis_be_done(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*be done* of a future or conditional result: *my baby be done ate by the time you get
    here*, *if you love your enemies, they be done eat you alive*. For the future perfect
    (*will have eaten*) and for *will* in the main clause of an *if*-clause. Statements only;
    not passives or copular *be*."""
    for will in index.by_tag.get("MD", ()):
        if will.lemma_.lower() != "will" or will.lower_ not in WILL_FORMS or will.dep_ != "aux":
            continue
        verb = will.head
        subj = subject_of(verb)
        if subj is None or subj.i > will.i or negation_after(will) is not None:
            continue
        if any(c.dep_ == "auxpass" for c in children(verb)) or verb.lemma_ == "be":
            continue
        haves = [c for c in children(verb) if c.dep_ == "aux" and c.lemma_ == "have"]
        if haves and verb.tag_ == "VBN":
            base_tag = "VBN"
        elif verb.tag_ == "VB" and not haves and _has_if_clause(verb):
            base_tag = "VB"
        else:
            continue
        ops: list[Op] = [Replace(will.i, "be"), *([Replace(haves[0].i, "done")] if haves else [])]
        if not haves:
            ops = [Replace(will.i, "be done")]
        past = inflect_verb(lemma_of(verb), "VBD")
        alternatives = ((*ops, Replace(verb.i, past)),) if past and past != verb.lower_ else ()
        yield site(*ops, alternatives=alternatives)


def _has_if_clause(verb: Token) -> bool:
    return any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "if" for m in children(c))
               for c in children(verb))


@rule(
    107, "perfect_slam", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("I have told you not to mess up.", "I slam told you not to mess up."),
        ("She's eaten all the cake.", "She slam ate all the cake."),
        ("We have finished the job, and now we can go home.",
         "We slam finished the job, and now we can go home."),
    ],
    negatives=[
        "Have you told him?",
        "I haven't told you.",
        "He has been fired.",
        "I have lived here since 2010.",
        "He had told me.",
    ],
)
def perfect_slam(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Completive *slam* before a past form for the present perfect: *I slam told you not to
    mess up*. Same contexts as completive *done* (104)."""
    for p in _completive_perfects(index):
        if p.copular or p.have.lower_ in ("'d", "’d"):
            continue
        if p.have.lower_ in ("'s", "’s") and p.have.dep_ != "aux" and not any(
                c.dep_ == "dobj" for c in children(p.verb)):
            continue
        past = _participle_ops(p, "VBD")
        if past is not None:
            yield site(Replace(p.have.i, "slam"), *past)


# ---------------------------------------------------------------------- 108 present_perfect_ever

EXPERIENCE_ADVERBS = frozenset({"ever", "before"})  # closed set: the experiential cues


def _experiential_cue(verb: Token) -> Token | None:
    return next((c for c in children(verb) if c.dep_ == "advmod" and c.lower_ in EXPERIENCE_ADVERBS),
                None)


EXPERIENCE_VERBS = wordlist("experience_verbs")
# How often something has happened: *once, twice, three times, many times*.
COUNT_ADVERBS = frozenset({"once", "twice", "thrice"})
# Cues of a recent or completed result, or of a state up to now: not an experience.
RESULT_ADVERBS = frozenset({"already", "just", "yet", "now", "finally", "recently", "lately",
                            "still", "since", "again"})


def _counts_occasions(verb: Token) -> bool:
    """*once*, *twice*, *three times*, *many times*: the perfect counts experiences."""
    for child in children(verb):
        if child.lower_ in COUNT_ADVERBS and child.dep_ in ("advmod", "npadvmod"):
            return True
        if child.dep_ == "npadvmod" and child.lemma_.lower() == "time" and child.tag_ == "NNS":
            return True
    return False


def _plain_experiential(p: Perfect) -> bool:
    """A present perfect that reports an experience without *ever/before*: a count of
    occasions (*has visited Japan twice*), or a verb of experience (*I have seen the movie*,
    *have you tried durian?*) in a main clause with no cue of a result or a lasting state
    (*already, just, yet, recently*, *for/since*, *always*)."""
    if any(c.lower_ in RESULT_ADVERBS and c.dep_ in ("advmod", "prep", "mark") or c.dep_ == "neg"
           for c in children(p.verb)):
        return False  # (*has never dated* denies the experience: not this marker)
    if has_duration(p.verb) or is_habitual(p.verb):
        return False
    if _counts_occasions(p.verb):
        return True
    if p.copular:  # *I have been to Japan*
        return any(c.dep_ == "prep" and c.lower_ == "to" for c in children(p.verb))
    return p.verb.lemma_.lower() in EXPERIENCE_VERBS and p.verb.dep_ in ("ROOT", "ccomp", "conj")


@rule(
    108, "present_perfect_ever", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("Have you ever eaten durian?", "You ever eat durian?"),
        ("I have seen the movie before.", "I ever see the movie before."),
        ("Has she ever been to Japan?", "She ever go to Japan?"),
        ("My father has ridden a camel before, but I haven't.",
         "My father ever ride a camel before, but I haven't."),
        ("I have seen the movie.", "I ever see the movie."),
        ("She has visited Paris twice.", "She ever visit Paris twice."),
        ("Have you tried the new restaurant?", "You ever try the new restaurant?"),
        ("We have met your brother, and he is nice.", "We ever meet your brother, and he is nice."),
        ("He has fixed cars many times.", "He ever fix cars many times."),
        ("I have been to Japan.", "I ever go to Japan."),
    ],
    negatives=[
        "I have just seen the movie.",
        "She has already eaten.",
        "He has finished his homework.",
        "We have recently visited them.",
        "The people who have seen it love it.",
        "I have worked here for ten years.",
        "My friend has never dated a woman.",
        "I haven't ever seen it.",
        "Have you finished?",
        "Had you ever eaten durian?",
        "Has the house ever been painted?",
        "What have you ever done?",
    ],
)
def present_perfect_ever(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*ever* + bare verb as experiential perfect: *You ever eat durian?*, *I ever see the
    movie before*, *I ever see the movie* 'I have seen the movie'. For present perfects with
    *ever* or *before*, and plain experiential ones (a count of occasions, or a verb of
    experience with no cue of a result: see :func:`_plain_experiential`): *have* goes (also in
    yes/no questions, which keep only their question mark), the verb is bare, *ever* stands
    before it; *been to* becomes *go to*. Not negated, passive or progressive perfects, nor
    wh-questions."""
    for p in find_perfects(index):
        if p.past or p.neg is not None or p.passive or p.progressive or shares_auxiliary(p.verb):
            continue
        cue = _experiential_cue(p.verb)
        if cue is None and not _plain_experiential(p):
            continue
        if _superlative_relative(p.verb) or p.verb.lemma_ == "have":
            continue
        if p.inverted and (p.have.i != p.subj.left_edge.i - 1 or
                           any(index.tag_of[t] in ("WP", "WRB", "WDT")
                               for t in range(index.sentence_of[p.have.i], p.have.i))):
            continue
        if p.copular:
            to = [c for c in children(p.verb) if c.dep_ == "prep" and c.lower_ == "to"]
            if not to:
                continue
            base = "go"
        else:
            base = inflect_verb(lemma_of(p.verb), "VB")
        if not base:
            continue
        ops: list[Op] = [Delete(p.have.i), Replace(p.verb.i, base)]
        if cue is None or cue.lower_ != "ever":
            ops.insert(1, Insert(preverbal_start(p.verb, p.subj), "ever"))
        yield site(*sorted(ops, key=lambda op: op.i))


# --------------------------------------------------------------------------- 109 perfect_already


def _already_site(p: Perfect, base_tag: str, marker: str) -> list[Op] | None:
    """Ops that drop *have*, put the verb in ``base_tag`` and add clause-final ``marker``."""
    end = clause_end(p.verb)
    if end is None:
        return None
    forms = _participle_ops(p, base_tag)
    if forms is None or shares_auxiliary(p.verb):
        return None
    ops: list[Op] = [Delete(p.have.i), *forms]
    for child in children(p.verb):
        if child.dep_ == "advmod" and child.lower_ in ("already", "yet"):
            if child.i == end:
                return [op for op in ops] + [Replace(child.i, marker)]
            ops.append(Delete(child.i))
    ops.append(Insert(end, marker, after=True))
    return sorted(ops, key=lambda op: op.i)


@rule(
    109, "perfect_already", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("I have eaten.", "I ate already."),
        ("Have you eaten yet?", "Did you eat already?"),
        ("Have you been there?", "Were you there already?"),
        ("She's finished her homework, so she can play.", "She finished her homework already, so she can play."),
        ("We have already paid the bill.", "We paid the bill already."),
    ],
    negatives=[
        "I haven't eaten yet.",
        "I have lived here for years.",
        "I have told him that she left.",
        "He had eaten.",
        "She has always been kind to her neighbours.",
        "Have you ever been to Paris?",
        "The house has been sold.",
    ],
)
def perfect_already(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Clause-final *already* as perfect marker, with the simple past: *I ate already*, *Did
    you eat already?*, *Were you there already?*. Questions take *did* (or *was/were* for
    *been*); a *yet* or preverbal *already* becomes the final *already*. Not negated,
    continuative, experiential, passive or progressive perfects, nor where a clause follows
    the verb (the marker would land in it)."""
    for p in find_perfects(index):
        if p.past or p.neg is not None or p.passive or p.progressive or has_duration(p.verb):
            continue
        if any(c.dep_ in ("advmod", "neg") and c.lower_ in (EXPERIENTIAL_ADVERBS - {"yet"}) | CONTINUING
               for c in children(p.verb)):
            continue  # experiential, iterated or continuing states (*has always been faithful*)
        if p.verb.dep_ == "relcl" or _asks_how_long(p.verb) or p.verb.lower_ == "got":
            continue  # relatives and "how long" are not completive
        if p.copular and p.inverted and any(index.tag_of[t] in ("WRB", "WP")
                                            for t in index.subtree_positions(p.verb.i)):
            continue  # "Where have you been?" asks for a place, not completion
        if p.copular:
            if any(c.dep_ == "prep" and c.lower_ == "to" for c in children(p.verb)):
                continue
            ops = _already_site(p, "VBN", "already")
            if ops is not None:
                ops = [op for op in ops if not (isinstance(op, Delete) and op.i == p.have.i)]
                ops = [Replace(p.have.i, be_form(p.subj, past=True)), Delete(p.verb.i),
                       *[op for op in ops if getattr(op, "i", None) != p.verb.i]]
                yield site(*sorted(ops, key=lambda op: op.i))
            continue
        if p.inverted:
            ops = _already_site(p, "VB", "already")
            if ops is not None:
                ops = [Replace(p.have.i, "did") if isinstance(op, Delete) and op.i == p.have.i else op
                       for op in ops]
                yield site(*ops)
        else:
            ops = _already_site(p, "VBD", "already")
            if ops is not None:
                yield site(*ops)


# ------------------------------------------------------------------------- 110 completive_finish

NOT_COMPLETABLE = STATIVE_VERBS | {"be", "have", "get", "seem", "become"}


DISTRIBUTIVE_DETERMINERS = frozenset({"every", "each"})


def _distributive_object(verb: Token) -> bool:
    """An object or prepositional object quantified by *every/each* (*visited each of her
    cousins*): one event per member, which *finish* would present as one finished task."""
    for child in children(verb):
        nouns = [child] if child.dep_ == "dobj" else [
            g for g in children(child) if g.dep_ == "pobj"] if child.dep_ == "prep" else []
        for noun in nouns:
            if noun.lower_ in DISTRIBUTIVE_DETERMINERS or noun.lower_ in ("everyone", "everybody") \
                    or any(c.dep_ == "det" and c.lower_ in DISTRIBUTIVE_DETERMINERS
                           for c in children(noun)):
                return True
    return False


@rule(
    110, "completive_finish", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("I have completed my work in the garden.", "I complete my work in the garden finish."),
        ("They've eaten.", "They eat finish."),
        ("She has washed the dishes, so we can go.", "She wash the dishes finish, so we can go."),
        ("We have eaten all the cake.", "We eat all the cake finish."),
        ("My mother has cooked dinner.", "My mother cook dinner finish."),
        ("The workers have built the new bridge.", "The workers build the new bridge finish."),
    ],
    negatives=[
        "Have you eaten?",
        "I haven't eaten.",
        "I have known her for years.",
        "He has been fired.",
        "I have told him that she left.",
        "He has always cooked dinner.",
        "Whenever she has eaten, she sleeps.",
        "He has cheated on every one of his partners.",
        "She has visited each of her cousins.",
        "They have usually washed the car.",
    ],
)
def completive_finish(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Clause-final completive *finish* with a bare verb, the English form of the
    contact-variety marker (*wakum gaden ... finis* 'I have completed my work in the garden';
    colloquial Malaysian and Singapore English *I eat finish*): *I complete my work finish*.
    The bare verb is invariant, as in those varieties. Statements of action verbs only (no
    states, *be*, *have*), not passives, progressives, continuative or experiential perfects."""
    for p in _completive_perfects(index):
        if p.copular or p.verb.lemma_ in NOT_COMPLETABLE | NON_RESULTATIVE_VERBS | {"finish"}:
            continue
        if p.verb.dep_ == "relcl" or any(index.tag_of[t] in ("WDT", "WP")
                                         for t in index.subtree_positions(p.subj.i)):
            continue  # "students who take two courses finish" would read as a habit
        if any(c.dep_ == "advmod" and c.lower_ in ("already", "just") for c in children(p.verb)):
            continue
        if _distributive_object(p.verb):
            continue  # "cheated on every one of his partners" is many events, not one finished
        end = clause_end(p.verb)
        forms = _participle_ops(p, "VB")
        if end is None or forms is None or shares_auxiliary(p.verb):
            continue
        yield site(Delete(p.have.i), *forms, Insert(end, "finish", after=True))


# ---------------------------------------------------------------------------------- 111 past_been

# Verbs that take a to-infinitive of what is found or tends to be (*turned out to be*, *tended
# to*, *happened to*): not actions that an anterior marker can place in the past.
RAISING_VERBS = frozenset({"seem", "appear", "happen", "tend", "prove", "turn"})


def _raising(verb: Token) -> bool:
    return verb.lemma_.lower() in RAISING_VERBS and any(c.dep_ == "xcomp" for c in children(verb))



@rule(
    111, "past_been", "Tense and Aspect",
    tags={"VBD"},
    examples=[
        ("I cut the bread.", "I been cut the bread."),
        ("He went home after the game.", "He been go home after the game."),
        ("She smiled at him and then kissed him.", "She been smile at him and then been kiss him."),
        ("She had already left when we arrived.", "She been already leave when we arrived."),
        ("They told me yesterday.", "They been tell me yesterday."),
        ("He kind of ran away.", "He been kind of run away."),
        ("She sort of pushed the door open.", "She been sort of push the door open."),
        ("We quickly cleaned the room.", "We been quickly clean the room."),
        ("She stared at the door and taped the box.", "She been stare at the door and been tape the box."),
    ],
    negatives=[
        "The man turned out to be a doctor.",
        "She happened to see the accident.",
        "I didn't cut the bread.",
        "Did he go home?",
        "She was tired.",
        "I had a car.",
        "He has gone home.",
        "If I knew, I would tell you.",
    ],
)
def past_been(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Anterior *been* + bare verb of the Caribbean creoles and Gullah (*mi ben kot di bred*,
    *I been cut the bread*) for the simple past and the past perfect of action verbs in
    statements: *He been go home*, *She been already leave*. Not for *be*, *have*, states,
    negation, questions or irrealis pasts."""
    for verb, subj in finite_lexical(index, ("VBD",)):
        if verb.lemma_ in NOT_COMPLETABLE or _is_irrealis(verb) or verb.dep_ == "advcl" and \
                in_temporal_clause(verb):
            continue
        if _raising(verb):
            continue  # "turned out to have donated" reports a finding, not an action
        base = inflect_verb(lemma_of(verb), "VB")
        if base:
            yield site(Insert(preverbal_start(verb, subj, after_connectives=True), "been"),
                       Replace(verb.i, base))
    for p in find_perfects(index):
        if not p.past or not p.simple or not p.affirmative_declarative or is_clitic(p.have):
            continue
        if p.verb.lemma_ in NOT_COMPLETABLE:
            continue
        forms = _participle_ops(p, "VB")
        if forms is not None:
            yield site(Replace(p.have.i, "been"), *forms)


# ------------------------------------------------------------------------------- 112 bare_perfect


@rule(
    112, "bare_perfect", "Tense and Aspect",
    tags={"VBN", "VBD"},
    examples=[
        ("He had gone home.", "He had go home."),
        ("Had you eaten before you left?", "Had you eat before you left?"),
        ("She hadn't seen the film.", "She hadn't see the film."),
        ("He ate the bread before he went to school.", "He had eat the bread before he went to school."),
    ],
    negatives=[
        "He has gone home.",
        "He had been fired.",
        "I had a car.",
        "She had been ill.",
        "He ate the bread.",
        "If I had known, I would have come.",
    ],
)
def bare_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Anterior *had* + bare root: *He had go home*; also for a simple past that precedes the
    event of a *before*-clause (*he had eat the bread before he went to school*). Not passive
    or copular *had been*, nor possessive *had*."""
    for p in find_perfects(index):
        if not p.past or not p.simple or is_clitic(p.have) or _is_irrealis(p.verb):
            continue  # "if I had known" is counterfactual, not anterior
        forms = _participle_ops(p, "VB")
        if forms:
            yield site(*forms)
    for verb, subj in finite_lexical(index, ("VBD",)):
        if verb.lemma_ in ("be", "have") or _is_irrealis(verb):
            continue
        before = any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "before"
                                               for m in children(c)) for c in children(verb))
        base = inflect_verb(lemma_of(verb), "VB")
        if before and base:
            yield site(Insert(preverbal_start(verb, subj), "had"), Replace(verb.i, base))


# ----------------------------------------------------------------------------- 114 future_sub_gon


def _gon_variants(will: Token, verb: Token, subj: Token, form: str) -> list[tuple[Op, ...]]:
    """The go-future for ``will`` in ``form``: ``gon`` (African American and Caribbean-
    influenced varieties: *he gon build*, *I'm gon call*, *ain't gon*, or *be gonna*),
    ``be_gon`` (the same keeping *be*: *he's gon build*), ``going`` (*he is going to build*)
    or ``gonna`` (*he's gonna build*); *be* agrees with the subject."""
    neg = negation_after(will)
    if neg is not None and form in ("gon", "be_gon"):
        return [(Replace(will.i, "ain't gon"), Delete(neg.i))]
    be = be_replacing(will, subj, past=False)
    if will.i > subj.i:
        def with_be(marker: str) -> tuple[Op, ...]:
            return (Replace(will.i, be), *no_amnt(be, neg), Insert((neg or will).i, marker, after=True))

        if form == "going":
            return [with_be("going to")]
        if form == "gonna":
            return [with_be("gonna")]
        if form == "be_gon" or person_number(subj) == "1s":
            return [with_be("gon"), with_be("gonna")]
        return [(Replace(will.i, "gon"),), with_be("gonna")]
    # question: "Will you come?" -> "You gon come?" / "Are you gonna come?"
    at = preverbal_start(verb, subj)

    def inverted(marker: str) -> tuple[Op, ...]:
        return (Replace(will.i, be_form(subj, past=False)), Insert(at, marker))

    if form == "going":
        return [inverted("going to")]
    if form == "gonna":
        return [inverted("gonna")]
    if form == "be_gon":
        return [inverted("gon"), inverted("gonna")]
    return [(Delete(will.i), Insert(at, "gon")), inverted("gonna")]


@rule(
    114, "future_sub_gon", "Tense and Aspect",
    lemmas={"will"},
    tags={"MD"},
    # "he gon build" drops be (175); "ain't gon" is ain't for negated be (155) and, like
    # "ain't go", a generic negator before the verb (157)
    forms={"gon": (155, 175), "be_gon": (155, 157), "going": (), "gonna": ()},
    examples=[
        ("He will build my house.", ["He gon build my house.", "He is gonna build my house."]),
        ("I'll call you tonight.", ["I'm gon call you tonight.", "I'm gonna call you tonight."]),
        ("I won't go anywhere.", "I ain't gon go anywhere."),
        ("Will you come to the party?", ["You gon come to the party?", "Are you gonna come to the party?"]),
        ("They say it will rain, so we will stay home.",
         ["They say it gon rain, so we gon stay home.", "They say it is gonna rain, so we gon stay home.",
          "They say it gon rain, so we are gonna stay home.",
          "They say it is gonna rain, so we are gonna stay home."]),
    ],
    negatives=[
        "By Friday, I will have finished the report.",
        "She has a strong will.",
        "I would go.",
        "He wills it to happen.",
    ],
)
def future_sub_gon(doc: Doc, index: DocIndex, form: str = "gon") -> Iterator[Site]:
    """Go-based future for *will*: *He gon build my house*, *I'm gon call you*, *I ain't gon
    go nowhere*, or *be gonna*. Questions drop or invert the auxiliary (*You gon come?* /
    *Are you gonna come?*). Not the future perfect. ``form`` picks the variety's marker: *gon*
    without *be* (the default), *be_gon* keeping *be* (*he's gon build*), *going* (*he is
    going to build*) or *gonna*."""
    for will, verb, subj in future_will(index):
        if will.i < subj.i and (negation_after(will) is not None or subj.left_edge.i != will.i + 1):
            continue  # negated questions ("Won't you come?") keep their auxiliary
        variants = _gon_variants(will, verb, subj, form)
        yield site(*variants[0], alternatives=tuple(variants[1:]))


# ---------------------------------------------------------------------------- 115 volition_changes
# Not implemented: the eWAVE forms are creole markers (*wan*, *laik*: *nobadi els wan de da
# kamp* 'nobody else will be at the camp', *em i laik go* 'he is about to go') that mark a
# plain future. Their English counterparts *want to / like to* mean volition, so rewriting
# *will* or *be about to* as *want/like* would change what the sentence says, and no SAE
# construction keeps the creole's sense in English words a parse could put in its place.


# ------------------------------------------------------------------------------- 116 come_future


@rule(
    116, "come_future", "Tense and Aspect",
    lemmas={"about", "go"},
    examples=[
        ("I am about to cook your meal.", "I am coming to cook your meal."),
        ("She was about to leave when he called.", "She was coming to leave when he called."),
        ("Are they about to start the show?", "Are they coming to start the show?"),
        ("I'm going to cook your meal.", "I'm coming to cook your meal."),
        ("Wait here, we are going to bring the car.", "Wait here, we are coming to bring the car."),
        ("I am gonna call you back.", "I am coming to call you back."),
    ],
    negatives=[
        "I am worried about the test.",
        "What is the book about?",
        "She is about five feet tall.",
        "I am not about to give up.",
        "She is going to cook dinner.",
        "I'm going to study law in three years.",
        "I was going to call you.",
        "I'm going to the market.",
    ],
)
def come_future(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Come-based ingressive future: *I am coming to cook your meal* 'I am about to cook your
    meal'. For *be about to* + verb, and for the speaker's own near future *I am / we are
    going to* + verb (present tense, not set far off: *in three years*); another subject's
    *is coming to* would read as motion towards. The negated *not about to* ('unwilling') and
    motion *going to the market* are left alone."""
    for tok in index.lemma("about", "go"):
        if about_to(tok) is not None:
            if not is_negated(tok.head):
                yield site(Replace(tok.i, "coming"))
            continue
        to = going_to(tok)
        if to is None or distant_time(tok) or is_negated(tok):
            continue
        subj = subject_of(tok)
        be = next((c for c in children(tok) if c.dep_ == "aux" and c.lemma_ == "be"), None)
        if subj is None or subj.lower_ not in ("i", "we") or be is None or be.tag_ == "VBD":
            continue
        if to.lower_ == "to":
            yield site(Replace(tok.i, "coming"))
        else:  # gon|na
            yield site(Replace(tok.i, "coming to"), Delete(to.i))


# ----------------------------------------------------------------- 117 present_for_neutral_future

FUTURE_TIME_WORDS = wordlist("future_time_words")


def _has_future_adverbial(verb: Token) -> bool:
    """*tomorrow*, *tonight*, *soon*, *next week*, *on the coming Sunday* in the clause."""
    for tok in clause_tokens(verb):
        if tok.lower_ in FUTURE_TIME_WORDS and tok.dep_ in ("npadvmod", "advmod", "amod", "pobj", "tmod"):
            return True
    return False


def _future_progressives(index: DocIndex) -> Iterator[tuple[Token, Token, Token]]:
    """``(will, be, subject)`` of declarative future progressives (*she will be leaving*) with
    future time in the clause, or in its sentence or the one before."""
    for will in index.by_tag.get("MD", ()):
        if will.lemma_.lower() != "will" or will.lower_ not in WILL_FORMS or will.dep_ != "aux":
            continue
        verb = will.head
        bes = [c for c in children(verb) if c.dep_ == "aux" and c.lower_ == "be" and c.i > will.i]
        if verb.tag_ != "VBG" or not bes or any(c.lemma_ == "have" and c.dep_ == "aux"
                                                for c in children(verb)):
            continue
        subj = subject_of(verb)
        if subj is None or subj.i > will.i:
            continue
        if _has_future_adverbial(verb) or _future_in_context(index, will):
            yield will, bes[0], agreement_subject(subj)


def _future_in_context(index: DocIndex, tok: Token) -> bool:
    """A future time word (*tomorrow*, *next week*) in ``tok``'s sentence or the one before."""
    start = index.sentence_of[tok.i]
    first = index.sentence_of[start - 1] if start > 0 else start
    deps = ("npadvmod", "advmod", "amod", "pobj", "tmod")
    return any(index.words[i].lower() in FUTURE_TIME_WORDS and index.dep_of[i] in deps
               for i in range(first, index.sentence_end(tok.i)))


@rule(
    117, "present_for_neutral_future", "Tense and Aspect",
    lemmas={"will"},
    tags={"MD"},
    examples=[
        ("I will see you tomorrow.", "I see you tomorrow."),
        ("I think I will make a new dress next week.", "I think I make a new dress next week."),
        ("Will you come tomorrow?", "Do you come tomorrow?"),
        ("She won't be at home tonight.", "She isn't at home tonight."),
        ("I'll be there soon.", "I'm there soon."),
        ("He'll call you later, and we won't wait.", "He calls you later, and we won't wait."),
        ("She will be leaving tomorrow.", "She is leaving tomorrow."),
        ("We'll be staying at a hotel tonight.", "We're staying at a hotel tonight."),
        ("I'm away next week, so my sister will be watching the kids.",
         "I'm away next week, so my sister is watching the kids."),
        ("They won't be coming to the party next week.", "They aren't coming to the party next week."),
    ],
    negatives=[
        "They will be waiting for you.",
        "By then, he will have been waiting for hours.",
        "It will rain.",
        "I will have finished by tomorrow.",
        "Will you help me?",
        "Tomorrow I would go.",
        "Won't you stay for dinner tonight?",
    ],
)
def present_for_neutral_future(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple present for neutral future reference: *I see you tomorrow*, *Do you come
    tomorrow?*, *She isn't at home tonight*. The present agrees with the subject; questions and
    negation take *do*; *will be* becomes *am/is/are*, also before a progressive (*she is
    leaving tomorrow*). Only where the clause has a future time adverbial, so that the present
    keeps its future meaning; a future progressive (an arrangement) may take it from its
    sentence or the one before (*I'm away next week, so my sister is watching the kids*)."""
    for will, be_aux, subj in _future_progressives(index):
        neg = negation_after(will)
        be = be_replacing(will, subj, past=False)
        yield site(Replace(will.i, be), *no_amnt(be, neg), Delete(be_aux.i))
    for will, verb, subj in future_will(index):
        if not _has_future_adverbial(verb):
            continue
        neg = negation_after(will)
        lemma = verb.lemma_.lower()
        if lemma == "be":
            be = be_replacing(will, agreement_subject(subj), past=False)
            yield site(Replace(will.i, be), *no_amnt(be, neg), Delete(verb.i))
            continue
        if any(c.dep_ in ("aux", "auxpass") and c.i != will.i for c in children(verb)):
            continue
        if neg is not None and will.i < subj.i:
            continue  # "Won't you stay?" is an invitation, "Don't you stay?" is not
        subj = agreement_subject(subj)
        if neg is not None or will.i < subj.i:
            yield site(Replace(will.i, do_form(subj, past=False)))
            continue
        present = present_form(lemma, subj)
        if present:
            yield site(Delete(will.i), Replace(verb.i, present))


# ---------------------------------------------------------------------------------- 118 is_am_1s


@rule(
    118, "is_am_1s", "Tense and Aspect",
    lemmas={"be"},
    examples=[
        ("I am going to town.", "I is going to town."),
        ("I'm not sure.", "I's not sure."),
        ("Am I late?", "Is I late?"),
        ("She said that I am her best friend, and I'm proud of it.",
         "She said that I is her best friend, and I's proud of it."),
    ],
    negatives=[
        "You are late.",
        "He is tall.",
        "I was late.",
        "I have been there.",
    ],
)
def is_am_1s(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*is* for *am* with the first person singular: *I is going to town*, *I's not sure*."""
    for be in index.by_lemma.get("be", ()):
        if be.lower_ not in ("am", "'m", "’m"):
            continue
        verb = be if be.dep_ not in ("aux", "auxpass") else be.head
        subj = subject_of(verb)
        if subj is None or subj.lower_ != "i":
            continue
        yield site(Replace(be.i, "is" if be.lower_ == "am" else be.lower_[0] + "s"))


# ----------------------------------------------------------------------------------- 120 if_would

COUNTERFACTUAL_MODALS = frozenset({"would", "could", "might", "'d", "’d"})


def _conditional_clause(verb: Token) -> bool:
    """``verb`` heads an *if*-clause whose main clause has *would/could/might*."""
    if verb.dep_ != "advcl" or not any(c.dep_ == "mark" and c.lower_ == "if" for c in children(verb)):
        return False
    return any(c.dep_ == "aux" and c.lower_ in COUNTERFACTUAL_MODALS for c in children(verb.head))


@rule(
    120, "if_would", "Tense and Aspect",
    lemmas={"if"},
    examples=[
        ("If I were you, I would go.", "If I would be you, I would go."),
        ("If it rained, we would stay home.", "If it would rain, we would stay home."),
        ("If I had known, I would have come.", "If I would have known, I would have come."),
        ("If he didn't call, she would worry.", "If he wouldn't call, she would worry."),
        ("What would you do if you won the lottery?", "What would you do if you would win the lottery?"),
    ],
    negatives=[
        "If it rains, we will stay home.",
        "I wonder if he knew.",
        "If he was there, he saw it.",
        "If I were you.",
    ],
)
def if_would(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*would* in hypothetical *if*-clauses: *If I would be you*, *if it would rain, we would
    stay home*, *if I would have known*. Only where the main clause has *would/could/might*;
    *did* becomes *would*, *had* + participle becomes *would have*."""
    for verb in index.tag("VBD", "VBN", "VB"):
        if not _conditional_clause(verb):
            continue
        subj = subject_of(verb)
        if subj is None or subj.i > verb.i:
            continue
        auxes = [c for c in children(verb) if c.dep_ in ("aux", "auxpass")]
        if verb.tag_ == "VBD" and not auxes:
            base = inflect_verb(lemma_of(verb), "VB")
            if base:
                yield site(Insert(preverbal_start(verb, subj), "would"), Replace(verb.i, base))
            continue
        if not auxes or auxes[0].tag_ != "VBD":
            continue
        first = auxes[0]
        if first.lemma_ == "do" and verb.tag_ == "VB":
            yield site(Replace(first.i, "would"))
        elif first.lemma_ == "have" and not is_clitic(first):
            yield site(Insert(first.i, "would"), Replace(first.i, "have"))
        elif first.lemma_ == "be":  # "if I was told", "if it were raining"
            yield site(Insert(first.i, "would"), Replace(first.i, "be"))
