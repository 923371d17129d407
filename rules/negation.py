"""Negation rules (eWAVE 154-169)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.edits import Delete, Op, Replace, Site, site
from multivalue_cli.registry import rule

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from multivalue_cli.docindex import DocIndex

CONTRACTED_NOT = frozenset({"n't", "n’t"})
NEGATORS = CONTRACTED_NOT | {"not"}
PRESENT_BE = frozenset({"is", "are", "am", "'s", "'re", "'m", "’s", "’re", "’m"})
PRESENT_HAVE = frozenset({"have", "has", "'ve", "'s", "’ve", "’s"})


def negation_after(verb: Token) -> Token | None:
    """The ``not``/``n't`` standing right after ``verb`` as its clausal negation, if any."""
    if verb.i + 1 >= len(verb.doc):
        return None
    nxt = verb.nbor(1)
    # A clitic n't is negation whatever the parser calls it (it misreads the curly n’t).
    if nxt.lower_ in CONTRACTED_NOT or (nxt.lower_ == "not" and nxt.dep_ == "neg"):
        return nxt
    return None


def contract_to_aint(verb: Token, neg: Token) -> tuple[Op, ...]:
    """Operations turning *isn't / is not / 'm not / haven't ...* into *ain't*: the host
    becomes *ai* and the negation its clitic, so the engine joins them."""
    ops: list[Op] = [Replace(verb.i, "ai")]
    if neg.lower_ == "not":
        ops.append(Replace(neg.i, "n’t" if "’" in verb.text else "n't"))
    return tuple(ops)


# --------------------------------------------------------------------------- 154

# Indefinite (negative-polarity) words and their negative forms.
NEGATIVE_FORM = {
    "anything": "nothing",
    "anybody": "nobody",
    "anyone": "no one",
    "anywhere": "nowhere",
    "anymore": "no more",
    "ever": "never",
}
# Dependencies that close a clause or leave the predicate: an any-word below one of these is
# not in the scope of the negation that is marked on the verb (or is its subject).
SCOPE_BARRIERS = frozenset({
    "nsubj", "nsubjpass", "csubj", "csubjpass", "expl", "ccomp", "advcl", "relcl", "acl",
    "conj", "parataxis", "mark", "cc", "appos", "punct",
})
# *not just any card*, *any old thing*: free-choice any, which a negative form would invert.
FREE_CHOICE_BEFORE = frozenset({"just", "simply", "merely"})
# *in any case*, *at any rate*, *at any cost*: idioms whose negative form means otherwise.
IDIOM_NOUNS = frozenset({"case", "rate", "event", "cost"})
# *any left*: the parser takes *any* for a determiner, but it is the pronoun (*none left*).
PRONOUN_ANY_BEFORE = frozenset({"left"})


@rule(
    154, "negative_concord", "Negation",
    deps={"neg"},
    lemmas={"any", "anything", "anybody", "anyone", "anywhere", "anymore", "ever"},
    examples=[
        ("He won't do any harm.", "He won't do no harm."),
        ("I didn't see anybody at the party.", "I didn't see nobody at the party."),
        ("She never said anything to anyone.",
         ["She never said nothing to no one.", "She never said nothing to anyone.",
          "She never said anything to no one."]),
        ("Why don't they want any of the cake?", "Why don't they want none of the cake?"),
        ("We don't live there anymore.", "We don't live there no more."),
        ("There isn't anything we can do.", "There isn't nothing we can do."),
        ("There aren't any left.", "There aren't none left."),
        ("It isn't any better, and I can't go anywhere.",
         ["It isn't no better, and I can't go nowhere.",
          "It isn't no better, and I can't go anywhere.",
          "It isn't any better, and I can't go nowhere."]),
    ],
    negatives=[
        "Doesn't anyone know the answer?",
        "I don't think that anything happened.",
        "You can't pick just any card.",
        "Did you buy anything?",
        "I can't come in any case.",
        "Anyone who doesn't agree can leave.",
        "He didn't just hire anyone.",
        "You can't have anything you want.",
        "You can't pick any card you like.",
    ],
)
def negative_concord(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Multiple negation: an indefinite *any*-word in the scope of a clausal negation takes
    its negative form, and the negation stays: *He won't do no harm*.

    Scope is the predicate of the negated verb after the negation (objects, prepositional
    phrases, adverbs, *to*-complements); subjects, subordinate and relative clauses and
    conjuncts are outside it. Free-choice *any* (*just any card*) and idioms (*in any case*)
    are left alone because their negative form changes the meaning."""
    seen: set[int] = set()
    for neg in index.by_dep.get("neg", ()):
        if neg.lower_ not in NEGATORS | {"never"} or neg.head.pos_ not in ("VERB", "AUX"):
            continue
        for tok in _in_scope(neg):
            if _free_choice(neg, tok):
                continue
            form = _negative_form(tok)
            if form and tok.i not in seen:
                seen.add(tok.i)
                yield site(Replace(tok.i, form))


def _in_scope(neg: Token) -> list[Token]:
    """Tokens after ``neg`` that sit in the negated verb's own clause."""
    verb = neg.head
    found = []
    for tok in verb.subtree:
        if tok.i > neg.i and _reaches_without_barrier(tok, verb):
            found.append(tok)
    return found


def _reaches_without_barrier(tok: Token, verb: Token) -> bool:
    while tok.i != verb.i:
        if tok.dep_ in SCOPE_BARRIERS:
            return False
        tok = tok.head
    return True


def _free_choice(neg: Token, tok: Token) -> bool:
    """Free-choice *any*: *didn't just hire anyone*, *can't pick any card you like*. Its
    negative form would deny something else; an existential (*there isn't anything we can
    do*) is the plain negative-polarity reading and stays eligible."""
    doc = tok.doc
    if any(doc[k].lower_ in FREE_CHOICE_BEFORE for k in range(neg.i + 1, tok.i)):
        return True
    noun = tok.head if tok.dep_ == "det" else tok
    existential = any(c.dep_ == "expl" for c in neg.head.children)
    return not existential and (any(c.dep_ == "relcl" for c in noun.children)
                                or _bare_relative_follows(noun))


def _bare_relative_follows(noun: Token) -> bool:
    """A relative clause without *that* right after the phrase (*any card you like*), which
    the parser often attaches elsewhere: the next word is the subject of a later finite verb."""
    nxt_i = noun.right_edge.i + 1
    if nxt_i >= len(noun.doc):
        return False
    nxt = noun.doc[nxt_i]
    return (nxt.dep_ == "nsubj" and nxt.head.i > nxt.i
            and nxt.head.morph.get("VerbForm") == ["Fin"])


def _negative_form(tok: Token) -> str | None:
    low = tok.lower_
    prev = tok.nbor(-1).lower_ if tok.i > 0 else ""
    if low == "ever":
        nxt = tok.nbor(1).lower_ if tok.i + 1 < len(tok.doc) else ""
        return "never" if tok.dep_ == "advmod" and nxt != "since" and prev != "than" else None
    if low in NEGATIVE_FORM:
        return NEGATIVE_FORM[low]
    if low != "any":
        return None
    if tok.dep_ == "det":
        if tok.head.lower_ in PRONOUN_ANY_BEFORE:
            return "none"  # there aren't any left -> none left
        if tok.head.pos_ not in ("NOUN", "PROPN") or tok.head.lemma_.lower() in IDIOM_NOUNS:
            return None
        nxt = tok.nbor(1).lower_ if tok.i + 1 < len(tok.doc) else ""
        return None if nxt == "old" else "no"
    if tok.dep_ == "advmod":
        return "no"  # any better, any longer, any more
    if tok.dep_ in ("dobj", "pobj", "attr", "dative"):
        return "none"  # any / any of them
    return None


# --------------------------------------------------------------------------- 155


@rule(
    155, "aint_be", "Negation",
    lemmas={"be", "’re", "’m"},
    examples=[
        ("They're all in there, aren't they?", "They're all in there, ain't they?"),
        ("He isn't coming tonight.", "He ain't coming tonight."),
        ("I'm not sure what you mean.", "I ain't sure what you mean."),
        ("We’re not ready.", "We ain’t ready."),
        ("Isn't it obvious that it's not a problem?",
         ["Ain't it obvious that it ain't a problem?",
          "Ain't it obvious that it's not a problem?",
          "Isn't it obvious that it ain't a problem?"]),
        ("This is not the movie you want.", "This ain't the movie you want."),
    ],
    negatives=[
        "He wasn't coming.",
        "Is it not obvious?",
        "It is not only cheap but also good.",
        "He's not been there.",
        "They are happy.",
    ],
)
def aint_be(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*ain't* as the negated present of *be*: *isn't, aren't, am not, 's not, 're not*.

    Copula and auxiliary alike, negation right after *be* (so not *is it not*), present tense
    only (*wasn't* stays). *not only ... but* negates a constituent, not the clause, and
    *'s not been* is *has not* (feature 156)."""
    # The lemmatiser leaves curly-apostrophe clitics (’re, ’m) as their own lemma.
    for be in index.lemma("be", "’re", "’m"):
        if be.lower_ not in PRESENT_BE or be.tag_ not in ("VBZ", "VBP"):
            continue
        neg = negation_after(be)
        if neg is None or _is_hidden_has(be) or _constituent_negation(neg):
            continue
        yield site(*contract_to_aint(be, neg))


def _is_hidden_has(be: Token) -> bool:
    """*'s* parsed as *be* before *been* is really *has* (*he's not been there*)."""
    return be.head.lower_ == "been" and be.head.i > be.i


def _constituent_negation(neg: Token) -> bool:
    nxt = neg.nbor(1).lower_ if neg.i + 1 < len(neg.doc) else ""
    return nxt == "only"


# --------------------------------------------------------------------------- 156


@rule(
    156, "aint_have", "Negation",
    tags={"VBN"},
    examples=[
        ("I haven't had a look at them yet.", "I ain't had a look at them yet."),
        ("She hasn't finished her homework, has she?",
         "She ain't finished her homework, has she?"),
        ("We've not seen him since Tuesday.", "We ain't seen him since Tuesday."),
        ("He's not been there, and I haven't got time.",
         ["He ain't been there, and I ain't got time.",
          "He ain't been there, and I haven't got time.",
          "He's not been there, and I ain't got time."]),
    ],
    negatives=[
        "I haven't any money.",
        "He hadn't seen it.",
        "They have not to worry.",
        "Haven't you seen it?",
        "He's not allowed to go.",
    ],
)
def aint_have(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*ain't* as the negated present perfect auxiliary: *I ain't had a look*, *ain't got*.

    Only *have/has/'ve/'s* + *n't/not* as the auxiliary of a past participle, in declarative
    order (subject before it). Possessive *have*, past *hadn't* and inverted questions stay."""
    for tok in index.lemma("have", "be"):
        if tok.lower_ not in PRESENT_HAVE or tok.dep_ not in ("aux", "auxpass"):
            continue
        if tok.lemma_ == "be" and not _is_hidden_has(tok):
            continue
        verb = tok.head
        neg = negation_after(tok)
        if neg is None or verb.tag_ != "VBN" or verb.i < tok.i:
            continue
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is None or subject.i > tok.i:
            continue
        yield site(*contract_to_aint(tok, neg))


# --------------------------------------------------------------------------- 158


@rule(
    158, "dont", "Negation",
    lemmas={"do"},
    examples=[
        ("He doesn't like me.", "He don't like me."),
        ("Doesn't she know the way?", "Don't she know the way?"),
        ("My car doesn't start when it doesn't rain.",
         ["My car don't start when it don't rain.", "My car don't start when it doesn't rain.",
          "My car doesn't start when it don't rain."]),
    ],
    negatives=[
        "He does like me.",
        "He didn't like me.",
        "They don't like me.",
        "She does not know.",
    ],
)
def dont(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Invariant *don't* in the present: *he don't like me*. Contracted *doesn't* only; the
    full *does not* and affirmative *does* are left to the general uninflected-verb rule."""
    for does in index.by_lemma.get("do", ()):
        if does.lower_ == "does" and does.tag_ == "VBZ":
            neg = negation_after(does)
            if neg is not None and neg.lower_ in CONTRACTED_NOT:
                yield site(Replace(does.i, "do"))


# --------------------------------------------------------------------------- 163


@rule(
    163, "wasnt_werent", "Negation",
    lemmas={"be"},
    examples=[
        ("The boys were interested, but Mary wasn't.",
         "The boys were interested, but Mary weren't."),
        ("It wasn't me, was it?", "It weren't me, was it?"),
        ("It wasn’t me.", "It weren’t me."),
        ("If I wasn't so tired, I was not going to stay.",
         ["If I weren't so tired, I were not going to stay.",
          "If I weren't so tired, I was not going to stay.",
          "If I wasn't so tired, I were not going to stay."]),
    ],
    negatives=[
        "She was interested.",
        "They weren't ready.",
        "Was it not obvious?",
    ],
)
def wasnt_werent(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Was/weren't split: the negative past of *be* is *weren't* for every person (*Mary
    weren't*), while the affirmative keeps *was*. Negation right after *was* only."""
    for was in index.by_lemma.get("be", ()):
        if was.lower_ == "was" and negation_after(was) is not None:
            yield site(Replace(was.i, "were"))


# --------------------------------------------------------------------------- 165

FINITE_TAGS = frozenset({"MD", "VBZ", "VBP", "VBD"})
TAG_AUX_LEMMAS = frozenset({
    "be", "do", "have", "can", "could", "will", "would", "shall", "should", "must", "may",
    "might",
})


@rule(
    165, "invariant_tag_non_concord", "Negation",
    tags={"PRP"},
    examples=[
        ("They had them in their hair, didn't they?",
         ["They had them in their hair, innit?", "They had them in their hair, isn't it?"]),
        ("He's tired, isn't he?", ["He's tired, innit?", "He's tired, isn't it?"]),
        ("You will come tomorrow, won't you?",
         ["You will come tomorrow, innit?", "You will come tomorrow, isn't it?"]),
        ("You're not going home, are you?", "You're not going home, is it?"),
        ("We can't go there, can we?", "We can't go there, is it?"),
    ],
    negatives=[
        "It's lovely, isn't it?",
        "Well, is it?",
        "If it rains, will they?",
        "Why didn't they come?",
        "They came, and we stayed.",
    ],
)
def invariant_tag_non_concord(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Invariant tag questions: *innit?* / *isn't it?* (and *is it?* after a negative anchor)
    whatever the subject and verb of the anchor clause: *They had them in their hair, innit?*

    A tag is *, AUX (n't) PRONOUN ?* closing a sentence whose part before the comma is a main
    clause (not *Well,* and not a conditional *If it rains, will they?*)."""
    for sent in doc.sents:
        tag = _tag_question(sent)
        if tag is None:
            continue
        aux, neg, pron = tag
        if neg is None:
            if (aux.lower_, pron.lower_) != ("is", "it"):
                yield site(*_replace_if_changed(aux, "is"), *_replace_if_changed(pron, "it"))
        elif (aux.lower_, pron.lower_) != ("is", "it"):
            yield site(Replace(aux.i, "innit"), Delete(neg.i), Delete(pron.i),
                       alternatives=((*_replace_if_changed(aux, "is"),
                                      *_replace_if_changed(pron, "it")),))


def _replace_if_changed(tok: Token, text: str) -> tuple[Op, ...]:
    return () if tok.lower_ == text else (Replace(tok.i, text),)


def _tag_question(sent: Span) -> tuple[Token, Token | None, Token] | None:
    """(auxiliary, negation or None, pronoun) of a tag question ending ``sent``."""
    toks = [t for t in sent if not t.is_space]
    if len(toks) < 5 or toks[-1].text != "?":
        return None
    pron = toks[-2]
    if pron.tag_ != "PRP" or pron.dep_ not in ("nsubj", "expl"):
        return None
    k = len(toks) - 3
    neg = toks[k] if toks[k].lower_ in CONTRACTED_NOT else None
    aux = toks[k - 1] if neg is not None else toks[k]
    if aux.lemma_.lower() not in TAG_AUX_LEMMAS or aux.tag_ not in FINITE_TAGS:
        return None
    comma = aux.i - 1
    if comma <= sent.start or sent.doc[comma].text != ",":
        return None
    return (aux, neg, pron) if _is_main_clause(sent, comma) else None


def _is_main_clause(sent: Span, end: int) -> bool:
    """Whether ``sent[:end]`` holds a finite main clause (a verb that is not subordinated)."""
    anchor = sent.doc[sent.start:end]
    for tok in anchor:
        if tok.tag_ in FINITE_TAGS:
            head = tok if tok.dep_ not in ("aux", "auxpass") else tok.head
            if head.dep_ not in ("advcl", "relcl", "acl", "csubj") and not any(
                    c.dep_ == "mark" for c in head.children):
                return True
    return False
