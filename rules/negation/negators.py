"""Negators (eWAVE 154, 157, 159-162): negative concord, *ain't* before a main verb, *never*,
*no* and *not* as preverbal negators, and *no more* as negative existential."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Delete, Op, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, lemma_of
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    children, direct_subject, morph_values, negation_after, negative_noun_phrase,
    nominal_subject,
)

from .common import NEGATORS, contract_to_aint

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


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
    "negative_concord",
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
            # The cheap word test first: few tokens in scope are any-words.
            form = _negative_form(tok)
            if not form or tok.i in seen or _free_choice(neg, tok):
                continue
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
    existential = any(c.dep_ == "expl" for c in children(neg.head))
    return not existential and (any(c.dep_ == "relcl" for c in children(noun))
                                or _bare_relative_follows(noun))


def _bare_relative_follows(noun: Token) -> bool:
    """A relative clause without *that* right after the phrase (*any card you like*), which
    the parser often attaches elsewhere: the next word is the subject of a later finite verb."""
    nxt_i = noun.right_edge.i + 1
    if nxt_i >= len(noun.doc):
        return False
    nxt = noun.doc[nxt_i]
    return (nxt.dep_ == "nsubj" and nxt.head.i > nxt.i
            and morph_values(nxt.head, "VerbForm") == ["Fin"])


def _negative_form(tok: Token) -> str | None:
    low = tok.lower_
    if low == "ever":
        prev = tok.nbor(-1).lower_ if tok.i > 0 else ""
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


# *If I didn't have kids*, *I wish he didn't smoke*: a counterfactual past, not a past event.
COUNTERFACTUAL_MARKS = frozenset({"if", "unless"})
COUNTERFACTUAL_HEADS = frozenset({"wish", "rather"})
# *He did not just leave, he stormed out*: the negation is on the focused word, not the verb.
FOCUS_ADVERBS = frozenset({"just", "only", "simply", "merely", "exactly", "necessarily"})


def negated_do_support(
        index: DocIndex, forms: frozenset[str]) -> Iterator[tuple[Token, Token, Token]]:
    """(do, not/n't, lexical verb) of each declarative negated do-support clause whose *do*
    is one of ``forms``: the subject stands before *do*, so questions (*Why didn't you
    call?*) and imperatives (*Don't touch that!*) are left out, and so is a counterfactual
    *didn't* (*if I didn't have kids*)."""
    for do in index.by_lemma.get("do", ()):
        if do.lower_ not in forms or do.dep_ != "aux" or do.tag_ not in ("VBD", "VBP", "VBZ"):
            continue
        verb, neg = do.head, negation_after(do)
        if neg is None or verb.tag_ != "VB" or verb.i <= neg.i:
            continue
        subject = nominal_subject(verb)
        if subject is None or subject.i > do.i:
            continue
        if do.lower_ == "did" and _counterfactual(verb):
            continue
        if _negative_subject(subject) or _focus_after(neg):
            continue
        yield do, neg, verb


def _negative_subject(subject: Token) -> bool:
    """A subject that negates already (*nobody*, *no student*, *neither*): *Nobody didn't come*
    stacks two negations, and another form would change its sense."""
    return negative_noun_phrase(subject) or subject.lower_ == "neither"


def _focus_after(neg: Token) -> bool:
    nxt = neg.nbor(1) if neg.i + 1 < len(neg.doc) else None
    return nxt is not None and nxt.lower_ in FOCUS_ADVERBS


def _counterfactual(verb: Token) -> bool:
    if any(c.dep_ == "mark" and c.lower_ in COUNTERFACTUAL_MARKS for c in children(verb)):
        return True
    return verb.dep_ == "ccomp" and verb.head.lemma_.lower() in COUNTERFACTUAL_HEADS


PAST_DO = frozenset({"did"})
PRESENT_OR_PAST_DO = frozenset({"do", "does", "did"})


@rule(
    "aint_before_main",
    lemmas={"do"}, deps={"neg"},
    examples=[
        ("I didn't go to school yesterday.", "I ain't go to school yesterday."),
        ("That's something I didn't know about.", "That's something I ain't know about."),
        ("She did not say a word, and we didn't ask.",
         ["She ain't say a word, and we ain't ask.", "She ain't say a word, and we didn't ask.",
          "She did not say a word, and we ain't ask."]),
        ("The students who didn't pass must retake it.",
         "The students who ain't pass must retake it."),
        ("He didn’t call me?", "He ain’t call me?"),
    ],
    negatives=[
        "Why didn't you call me?",
        "Didn't he see it?",
        "If I didn't have kids, I would travel.",
        "I don't know.",
        "He didn't.",
        "Do not touch it.",
    ],
)
def aint_before_main(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*ain't* as the negator of a past lexical verb: *I ain't go*, *something I ain't know
    about* for *didn't*. Only the past *didn't/did not* (present *don't* stays: *I ain't
    know* would mean *I didn't know*), in declarative do-support with the verb after it."""
    for do, neg, _verb in negated_do_support(index, PAST_DO):
        yield site(*contract_to_aint(do, neg))


# *didn't ever*, *didn't ... anymore / yet / any longer*: not a single past event, where
# *never* would double the negation or clash (*never needed anymore*).
DURATIVE_ADVERBS = frozenset({"ever", "never", "anymore", "yet", "longer"})


@rule(
    "never_negator",
    lemmas={"do"}, deps={"neg"},
    examples=[
        ("He didn't come yesterday.", "He never came yesterday."),
        ("The movie didn't really work for me.", "The movie never really worked for me."),
        ("I called, but she did not pick up the phone.",
         "I called, but she never picked up the phone."),
        ("Who didn't bring a coat?", "Who never brought a coat?"),
        ("They didn’t tell us, so we didn't go.",
         ["They never told us, so we never went.", "They never told us, so we didn't go.",
          "They didn’t tell us, so we never went."]),
    ],
    negatives=[
        "Why didn't he come?",
        "I wish he didn't smoke.",
        "He doesn't come on Sundays.",
        "We didn't go or call.",
        "I didn't ever see it.",
        "I sold the bike, which I didn't need anymore.",
        "He didn't.",
        "He did not just leave; he stormed out.",
        "Nobody didn't come.",
        "No student didn't pass.",
    ],
)
def never_negator(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*never* as a preverbal negator of a single past event: *He never came yesterday* for
    *He didn't come yesterday*; the tense moves from *did* onto the verb. Declarative past
    do-support only; a verb coordinated with another bare verb (*didn't go or call*) would
    need both inflected, and *didn't ever / anymore / yet* do not deny a single event, so
    they are left alone."""
    for do, neg, verb in negated_do_support(index, PAST_DO):
        if any(c.dep_ == "conj" and c.tag_ == "VB" for c in children(verb)):
            continue
        if any(c.lower_ in DURATIVE_ADVERBS for c in verb.subtree):
            continue
        past = inflect_verb(lemma_of(verb), "VBD")
        if not past:
            continue
        yield site(Replace(do.i, "never"), Delete(neg.i), Replace(verb.i, past))


@rule(
    "no_preverbal_negator",
    lemmas={"do"}, deps={"neg"},
    examples=[
        ("I don't want any.", "I no want any."),
        ("I didn't eat breakfast.", "I no eat breakfast."),
        ("My brother does not like fish, but he doesn't say so.",
         ["My brother no like fish, but he no say so.",
          "My brother no like fish, but he doesn't say so.",
          "My brother does not like fish, but he no say so."]),
        ("Do you know why they don't come?", "Do you know why they no come?"),
    ],
    negatives=[
        "Don't touch that!",
        "Why don't you come?",
        "I don't.",
        "He isn't here.",
    ],
)
def no_preverbal_negator(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*no* as the preverbal negator in place of do-support: *Me no eat breakfast*, *I no
    want*. The lexical verb keeps its bare form; declarative clauses only."""
    for do, neg, _verb in negated_do_support(index, PRESENT_OR_PAST_DO):
        yield site(Replace(do.i, "no"), Delete(neg.i))


@rule(
    "not_preverbal_negator",
    lemmas={"do"}, deps={"neg"},
    examples=[
        ("I don't like it.", "I not like it."),
        ("A nail doesn't float.", "A nail not float."),
        ("They did not see us, did they?", "They not see us, did they?"),
        ("I think she doesn’t care.", "I think she not care."),
    ],
    negatives=[
        "Doesn't a nail float?",
        "Don't go!",
        "She does not.",
        "I do like it.",
    ],
)
def not_preverbal_negator(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*not* as the preverbal negator without do-support: *Nail not float*, *I not like
    it*. Declarative clauses only; the lexical verb keeps its bare form."""
    for do, neg, _verb in negated_do_support(index, PRESENT_OR_PAST_DO):
        ops: list[Op] = [Delete(do.i)]
        if neg.lower_ != "not":
            ops.append(Replace(neg.i, "not"))
        yield site(*ops)


# --------------------------------------------------------------------------- 162

PRESENT_BE_FORMS = frozenset({"is", "are", "'s", "'re", "’s", "’re"})
# Negative and negative-polarity pronouns after existential *be*, and their form after
# *no more* (the literature example: *Nomo nating insai dea* 'There isn't anything in there').
NOMO_PRONOUN = {
    "nothing": "nothing", "anything": "nothing",
    "nobody": "nobody", "anybody": "nobody", "anyone": "nobody",
}


@rule(
    "nomo_existential",
    deps={"expl"},
    examples=[
        ("There isn't anything in there.", "No more nothing in there."),
        ("There's no bread left, so I went to the store.",
         "No more bread left, so I went to the store."),
        ("I think there aren't any tickets.", "I think no more tickets."),
        ("There are no more seats. There is no need to wait.",
         "No more seats. No more need to wait."),
        ("Sorry, there are no tickets for the show.", "Sorry, no more tickets for the show."),
    ],
    negatives=[
        "Is there no milk?",
        "There was no bread.",
        "There isn't a single seat free.",
        "There is some bread.",
        "There will be no class tomorrow.",
        "There is nothing better than soup.",
        "There's no place like home.",
        "There is no one here.",
        "There is no bus today and the trains are late.",
        "It fails where there is no plan and no checks are made.",
        "There are no free rooms tonight.",
        "There isn't any milk in the fridge?",
        # a name: *no more Anna* reads as 'Anna is no longer (here)'
        "There's no Anna in this class.",
        # *nothing else*, *nobody else*: a comparison with what was named ('other than')
        "There is nothing else to say.",
        "There's nobody else in the room.",
    ],
)
def nomo_existential(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*no more* (*nomo*) as the negative existential: *No more bread* for *There's no
    bread* / *There isn't any bread*; *no more nothing* for *there isn't anything*.

    Present *there is/are* in declarative order, followed by *no*, *not any* or a negative
    (or *any*-) pronoun that is the associate of *be*. The past (*there was no*) would lose
    its tense and stays; so do questions, declarative ones too (*No more problems?* asks
    'no longer?'), other quantifiers (*not a single seat*) and a noun with an adjective
    before it (*no more palpable masses* reads as the comparative *no more palpable*).
    Needs a present negative existential (*there is no*, *there aren't any*); benchmark
    prose and questions rarely have one (*the countries with no car makers* is not
    existential, and *no more* there would mean 'no longer')."""
    for there in index.by_dep.get("expl", ()):
        be = there.head
        if be.i != there.i + 1 or be.lower_ not in PRESENT_BE_FORMS:
            continue
        if be.lemma_ not in ("be", "’"):  # curly *’s* is lemmatised as the apostrophe
            continue
        if any(c.dep_ == "conj" and direct_subject(c) is not None for c in be.children):
            continue  # *there is no X and no Y are expected*: without *there is* the clauses fuse
        if be.dep_ == "ROOT" and index.in_question(there.i):
            continue  # *There aren't any problems?*: *No more problems?* asks 'no longer?'
        ops = _nomo_ops(there, be)
        if ops:
            yield site(*ops)


def _nomo_ops(there: Token, be: Token) -> tuple[Op, ...]:
    doc = there.doc
    neg = negation_after(be)
    k = be.i + 1 + (neg is not None)
    if k + 1 >= len(doc) or doc[k] not in be.subtree:
        return ()
    word, nxt = doc[k], doc[k + 1]
    drop: list[Op] = [Delete(there.i), Delete(be.i)] + ([Delete(neg.i)] if neg else [])
    if word.lower_ in NOMO_PRONOUN and (word.lower_.startswith("any") == (neg is not None)):
        if _comparison(word):
            return ()  # *there's nothing better than soup* compares, it does not deny
        return (*drop, Replace(word.i, "no more " + NOMO_PRONOUN[word.lower_]))
    # *no* before *more* is parsed as a negation of the noun phrase, elsewhere as its determiner.
    noun = word.head.head if word.head.lower_ == "more" else word.head
    if word.dep_ not in ("det", "neg") or noun.pos_ not in ("NOUN", "PROPN"):
        return ()
    if noun.pos_ == "PROPN":
        return ()  # *no more Anna* reads as 'Anna no longer': a name denotes one known person
    if noun.lower_ == "one" or _comparison(noun):
        return ()  # *no one* is a pronoun; *no place like home* compares
    if nxt.tag_ in ("JJ", "JJR", "JJS") and nxt.head == noun and nxt.lower_ != "more":
        return ()  # *no more palpable masses* reads as the comparative 'no more palpable'

    if neg is not None and word.lower_ == "any":
        return (*drop, Replace(word.i, "no more"))
    if neg is None and word.lower_ == "no":
        return tuple(drop) if nxt.lower_ == "more" else (*drop, Replace(word.i, "no more"))
    return ()


def _comparison(word: Token) -> bool:
    """*nothing better than*, *no place like home*, *nothing else* ('other than what was
    named'): a comparison, not a denial. The *more* of *no more* itself does not count."""
    return any(t.lower_ in ("than", "like", "else") or (t.tag_ in ("JJR", "RBR") and t.lower_ != "more")
               for t in word.subtree)
