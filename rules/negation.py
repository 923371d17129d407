"""Negation rules (eWAVE 154-169)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Delete, Insert, Move, Op, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, lemma_of
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import children, morph_values

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex

CONTRACTED_NOT = frozenset({"n't", "n’t"})
NEGATORS = CONTRACTED_NOT | {"not"}
PRESENT_BE = frozenset({"is", "are", "am", "'s", "'re", "'m", "’s", "’re", "’m"})
PRESENT_HAVE = frozenset({"have", "has", "'ve", "'s", "’ve", "’s"})
# The perfect auxiliaries that *ain't* replaces (eWAVE 156: the negated form of *have*).
PERFECT_HAVE = PRESENT_HAVE | {"had", "'d", "’d"}


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
        ("He hadn't seen it before.", "He ain't seen it before."),
        ("By noon they had not eaten anything.", "By noon they ain't eaten anything."),
        ("She said that she hadn't heard the news.", "She said that she ain't heard the news."),
    ],
    negatives=[
        "I haven't any money.",
        "He hadn't a penny.",
        "They have not to worry.",
        "Haven't you seen it?",
        "Hadn't they left already?",
        "He's not allowed to go.",
    ],
)
def aint_have(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*ain't* as the negated perfect auxiliary: *I ain't had a look*, *ain't got*, *he ain't
    seen it before* (for *hadn't*, as *ain't* negates *have* whatever its tense).

    Only *have/has/had/'ve/'s* + *n't/not* as the auxiliary of a past participle, in
    declarative order (subject before it). Possessive *have* and inverted questions stay."""
    for tok in index.lemma("have", "be"):
        if tok.lower_ not in PERFECT_HAVE or tok.dep_ not in ("aux", "auxpass"):
            continue
        if tok.lemma_ == "be" and not _is_hidden_has(tok):
            continue
        verb = tok.head
        neg = negation_after(tok)
        if neg is None or verb.tag_ != "VBN" or verb.i < tok.i:
            continue
        subject = next((c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass")), None)
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
    lemmas=TAG_AUX_LEMMAS,
    examples=[
        ("They had them in their hair, didn't they?",
         ["They had them in their hair, innit?", "They had them in their hair, isn't it?"]),
        ("He's tired, isn't he?", ["He's tired, innit?", "He's tired, isn't it?"]),
        ("You will come tomorrow, won't you?",
         ["You will come tomorrow, innit?", "You will come tomorrow, isn't it?"]),
        ("You're not going home, are you?", "You're not going home, is it?"),
        ("We can't go there, can we?", "We can't go there, is it?"),
        ("Are you coming with us?", ["You are coming with us, isn't it?", "You are coming with us, innit?"]),
        ("Did your sister call the office?",
         ["Your sister called the office, isn't it?", "Your sister called the office, innit?"]),
        ("Does he like rice?", ["He likes rice, isn't it?", "He likes rice, innit?"]),
        ("Will the shop be open tomorrow?",
         ["The shop will be open tomorrow, isn't it?", "The shop will be open tomorrow, innit?"]),
    ],
    negatives=[
        "It's lovely, isn't it?",
        "Well, is it?",
        "If it rains, will they?",
        "Why didn't they come?",
        "They came, and we stayed.",
        "Isn't it cold today?",
        "Is the car red or blue?",
        "Did you?",
        "Who is coming with us?",
    ],
)
def invariant_tag_non_concord(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Invariant tag questions: *innit?* / *isn't it?* (and *is it?* after a negative anchor)
    whatever the subject and verb of the anchor clause: *They had them in their hair, innit?*

    A tag is *, AUX (n't) PRONOUN ?* closing a sentence whose part before the comma is a main
    clause (not *Well,* and not a conditional *If it rains, will they?*). A yes/no question is
    asked the way the varieties ask it, as a statement with the tag: *You are coming, isn't
    it?* for *Are you coming?* (negative questions such as *Isn't it cold?* expect another
    answer and stay)."""
    for q in yes_no_questions(index):
        statement = q.statement_ops(index)
        yield site(*statement, Insert(q.mark, ", isn't it"),
                   alternatives=((*statement, Insert(q.mark, ", innit")),))
    for _start, (aux, neg, pron) in _tag_questions(index):
        if neg is None:
            if (aux.lower_, pron.lower_) != ("is", "it"):
                yield site(*_replace_if_changed(aux, "is"), *_replace_if_changed(pron, "it"))
        elif (aux.lower_, pron.lower_) != ("is", "it"):
            yield site(Replace(aux.i, "innit"), Delete(neg.i), Delete(pron.i),
                       alternatives=((*_replace_if_changed(aux, "is"),
                                      *_replace_if_changed(pron, "it")),))


def _replace_if_changed(tok: Token, text: str) -> tuple[Op, ...]:
    return () if tok.lower_ == text else (Replace(tok.i, text),)


def _tag_questions(index: DocIndex) -> list[tuple[int, tuple[Token, Token | None, Token]]]:
    """``(sentence start, (auxiliary, negation or None, pronoun))`` of every sentence that
    ends in a tag question, in document order. Four rules ask, so the positions are worked
    out once per document (kept in ``doc.user_data`` as plain ints)."""
    user_data = index.doc.user_data
    found = user_data.get(_TAG_QUESTIONS_KEY)
    if found is None:
        found = user_data[_TAG_QUESTIONS_KEY] = [
            (start, tag) for start in index.sentence_starts()
            if (tag := _tag_question(index, start)) is not None]
    tokens = index.tokens
    return [(start, (tokens[aux], None if neg is None else tokens[neg], tokens[pron]))
            for start, (aux, neg, pron) in found]


_TAG_QUESTIONS_KEY = "multivalue.negation.tag_questions"


def _tag_question(index: DocIndex, start: int) -> tuple[int, int | None, int] | None:
    """Positions of (auxiliary, negation or None, pronoun) of a tag question ending the
    sentence at ``start``."""
    if not index.in_question(start):
        return None  # (cached per sentence) it holds whenever the last non-space word is '?'
    is_space, words = index.is_space, index.words
    toks = [i for i in range(start, index.sentence_end(start)) if not is_space[i]]
    if len(toks) < 5 or words[toks[-1]] != "?":
        return None
    pron = toks[-2]
    # The parser reads the pronoun after a curly *n’t* as an attribute.
    if index.tag_of[pron] != "PRP" or index.dep_of[pron] not in ("nsubj", "expl", "attr"):
        return None
    k = len(toks) - 3
    neg = toks[k] if index.tokens[toks[k]].lower_ in CONTRACTED_NOT else None
    aux = toks[k - 1] if neg is not None else toks[k]
    if index.lemma_of[aux] not in TAG_AUX_LEMMAS or index.tag_of[aux] not in FINITE_TAGS:
        return None
    comma = aux - 1
    if comma <= start or words[comma] != ",":
        return None
    return (aux, neg, pron) if _is_main_clause(index, start, comma) else None


def _is_main_clause(index: DocIndex, start: int, end: int) -> bool:
    """Whether tokens ``start`` to ``end`` hold a finite main clause (a verb that is not
    subordinated)."""
    tag_of, dep_of = index.tag_of, index.dep_of
    for i in range(start, end):
        if tag_of[i] in FINITE_TAGS:
            head = i if dep_of[i] not in ("aux", "auxpass") else index.head_of[i]
            if dep_of[head] not in ("advcl", "relcl", "acl", "csubj") and not any(
                    c.dep_ == "mark" for c in index.children(head)):
                return True
    return False


@dataclass(frozen=True)
class YesNoQuestion:
    """A yes/no question that opens with its auxiliary (*Are you coming?*, *Can I go?*,
    *Did she call?*): the auxiliary, the subject's first and last token, the lexical verb of
    do-support (None otherwise) and the question mark, as positions."""

    aux: int
    subject_start: int
    subject_end: int
    verb: int | None
    mark: int

    def statement_ops(self, index: DocIndex) -> tuple[Op, ...]:
        """The question in statement order: the auxiliary after the subject (*you are
        coming*), or do-support dropped and its tense put on the verb (*she called*)."""
        if self.verb is None:
            return (Move(self.aux, self.aux + 1, self.subject_end + 1),)
        tag = {"did": "VBD", "does": "VBZ"}.get(index.words[self.aux].lower(), "VBP")
        form = inflect_verb(index.lemma_of[self.verb], tag)
        return (Delete(self.aux), *(() if form is None or form == index.words[self.verb].lower()
                                    else (Replace(self.verb, form),)))


_YES_NO_KEY = "multivalue.negation.yes_no_questions"


def yes_no_questions(index: DocIndex) -> list[YesNoQuestion]:
    """Every sentence that is a plain yes/no question: it ends in '?', opens with a finite
    auxiliary that is not negated (*Isn't it ...?* expects another answer), and the subject
    follows it; alternative questions (*... or ...?*) and tag questions are not yes/no
    questions of this kind. Worked out once per document (four rules ask)."""
    user_data = index.doc.user_data
    found = user_data.get(_YES_NO_KEY)
    if found is None:
        found = user_data[_YES_NO_KEY] = [
            q for start in index.sentence_starts()
            if index.in_question(start) and (q := _yes_no_question(index, start)) is not None]
    return found


def _yes_no_question(index: DocIndex, start: int) -> YesNoQuestion | None:
    words = index.words
    toks = [i for i in range(start, index.sentence_end(start)) if not index.is_space[i]]
    if len(toks) < 4 or words[toks[-1]] != "?" or _tag_question(index, start) is not None:
        return None
    aux = toks[0]
    if index.lemma_of[aux] not in TAG_AUX_LEMMAS or index.tag_of[aux] not in FINITE_TAGS:
        return None
    if words[aux + 1].lower() in NEGATORS or any(words[i].lower() == "or" for i in toks):
        return None
    clause = aux if index.dep_of[aux] not in ("aux", "auxpass") else index.head_of[aux]
    subject = next((c for c in index.children(clause) if c.dep_ in ("nsubj", "nsubjpass", "expl")
                    and c.left_edge.i == aux + 1), None)
    if subject is None or subject.right_edge.i + 1 >= toks[-1]:
        return None
    if any(c.dep_ == "neg" for c in index.children(clause)):
        return None  # *Am I not invited?* expects the answer yes
    verb = None
    if index.lemma_of[aux] == "do":
        if clause == aux or index.tag_of[clause] != "VB":
            return None  # *Did you?* has no verb to take the tense
        verb = clause
    return YesNoQuestion(aux, aux + 1, subject.right_edge.i, verb, toks[-1])


# --------------------------------------------------------------------------- 157, 159-161
# Preverbal negators that replace do-support: *I ain't go*, *he never came*, *I no want*,
# *nail not float*. They share one site finder.

# *If I didn't have kids*, *I wish he didn't smoke*: a counterfactual past, not a past event.
COUNTERFACTUAL_MARKS = frozenset({"if", "unless"})
COUNTERFACTUAL_HEADS = frozenset({"wish", "rather"})
# *Nobody didn't come* already stacks two negations; another form would change its sense.
NEGATIVE_SUBJECTS = frozenset({"nobody", "nothing", "none", "neither", "noone"})
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
        subject = next((c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is None or subject.i > do.i:
            continue
        if do.lower_ == "did" and _counterfactual(verb):
            continue
        if _negative_subject(subject) or _focus_after(neg):
            continue
        yield do, neg, verb



def _negative_subject(subject: Token) -> bool:
    return subject.lower_ in NEGATIVE_SUBJECTS or any(
        c.dep_ == "det" and c.lower_ == "no" for c in children(subject))


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
    157, "aint_before_main", "Negation",
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
    159, "never_negator", "Negation",
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
    160, "no_preverbal_negator", "Negation",
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
    161, "not_preverbal_negator", "Negation",
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
    162, "nomo_existential", "Negation",
    deps={"expl"},
    examples=[
        ("There isn't anything in there.", "No more nothing in there."),
        ("There's no bread left, so I went to the store.",
         "No more bread left, so I went to the store."),
        ("I think there aren't any tickets.", "I think no more tickets."),
        ("There are no more seats. There is no need to wait.",
         "No more seats. No more need to wait."),
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
    ],
)
def nomo_existential(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*no more* (*nomo*) as the negative existential: *No more bread* for *There's no
    bread* / *There isn't any bread*; *no more nothing* for *there isn't anything*.

    Present *there is/are* in declarative order, followed by *no*, *not any* or a negative
    (or *any*-) pronoun that is the associate of *be*. The past (*there was no*) would lose
    its tense and stays; so do questions and other quantifiers (*not a single seat*)."""
    for there in index.by_dep.get("expl", ()):
        be = there.head
        if be.i != there.i + 1 or be.lower_ not in PRESENT_BE_FORMS:
            continue
        if be.lemma_ not in ("be", "’"):  # curly *’s* is lemmatised as the apostrophe
            continue
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
        if _compared(word):
            return ()  # *there's nothing better than soup* compares, it does not deny
        return (*drop, Replace(word.i, "no more " + NOMO_PRONOUN[word.lower_]))
    # *no* before *more* is parsed as a negation of the noun phrase, elsewhere as its determiner.
    noun = word.head.head if word.head.lower_ == "more" else word.head
    if word.dep_ not in ("det", "neg") or noun.pos_ not in ("NOUN", "PROPN"):
        return ()
    if noun.lower_ == "one" or _compared(noun):
        return ()  # *no one* is a pronoun; *no place like home* compares
    if neg is not None and word.lower_ == "any":
        return (*drop, Replace(word.i, "no more"))
    if neg is None and word.lower_ == "no":
        return tuple(drop) if nxt.lower_ == "more" else (*drop, Replace(word.i, "no more"))
    return ()


def _compared(word: Token) -> bool:
    """*nothing better than*, *no place like home*: a comparison, not a denial. The *more*
    of *no more* itself does not count."""
    return any(t.lower_ in ("than", "like") or (t.tag_ in ("JJR", "RBR") and t.lower_ != "more")
               for t in word.subtree)


# --------------------------------------------------------------------------- 164, 166, 167


@rule(
    164, "invariant_tag_amnt", "Negation",
    lemmas={"be"},
    examples=[
        ("I'm right, aren't I?", "I'm right, amn't I?"),
        ("I am late again, aren't I?", "I am late again, amn't I?"),
        ("Well, I'm invited too, aren’t I?", "Well, I'm invited too, amn’t I?"),
        ("It's fine. I'm next, aren't I?", "It's fine. I'm next, amn't I?"),
        ("Am I late?", "I am late, amn't I?"),
        ("Am I invited to the party?", "I am invited to the party, amn't I?"),
        ("Well, it's over. Am I right about this?", "Well, it's over. I am right about this, amn't I?"),
    ],
    negatives=[
        "Aren't I lucky?",
        "You're right, aren't you?",
        "I'm right, am I?",
        "Are you late?",
        "Am I not invited?",
    ],
)
def invariant_tag_amnt(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*amn't* in the first person tag question: *I'm here, amn't I?* for *aren't I?*.
    Only the tag (a comma, *aren't I*, a question mark after a main clause); a question
    such as *Aren't I lucky?* is not a tag. A first person yes/no question is asked as a
    statement with the tag, as the varieties ask it: *I am late, amn't I?* for *Am I late?*."""
    for q in yes_no_questions(index):
        if index.words[q.aux].lower() == "am" and index.words[q.subject_start] == "I" \
                and q.subject_end == q.subject_start:
            yield site(*q.statement_ops(index), Insert(q.mark, ", amn't I"))
    for _start, (aux, neg, pron) in _tag_questions(index):
        if neg is not None and aux.lower_ == "are" and pron.text == "I":
            yield site(Replace(aux.i, "am"))


@rule(
    166, "invariant_tag_can_or_not", "Negation",
    lemmas={"can"},
    examples=[
        ("You can swim, can't you?", "You can swim, can or not?"),
        ("We can park here, can we?", "We can park here, can or not?"),
        ("She said so. I can come too, can't I?", "She said so. I can come too, can or not?"),
        ("Can I go home now?", "I can go home now, can or not?"),
        ("Can you answer the question?", "You can answer the question, can or not?"),
        ("Can we park the car here?", "We can park the car here, can or not?"),
    ],
    negatives=[
        "Can't you swim?",
        "Could I go home?",
        "Can you swim or run?",
        "You could swim, couldn't you?",
        "If you can, can you call me?",
        "You can't stay, can you?",
    ],
)
def invariant_tag_can_or_not(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The invariant tag *can or not?* asking whether something is possible or allowed: *I
    can go home, can or not?* for *can't I?*. Tags with *can/can't* only (other auxiliaries
    ask something else); the tag's pronoun gives way to *or not*. A yes/no question with
    *can* is asked as the statement with the tag: *I can go home, can or not?* for *Can I go
    home?*."""
    for q in yes_no_questions(index):
        if index.words[q.aux].lower() == "can":
            yield site(*q.statement_ops(index), Insert(q.mark, ", can or not"))
    for start, (aux, neg, pron) in _tag_questions(index):
        if aux.lemma_.lower() != "can":
            continue
        if _negated_anchor(index, start, aux.i - 1):
            continue  # *You can't stay, can you?* asks for confirmation, not permission
        ops: list[Op] = [Replace(aux.i, "can")] if aux.lower_ != "can" else []
        if neg is not None:
            ops.append(Delete(neg.i))
        yield site(*ops, Replace(pron.i, "or not"))


@rule(
    167, "invariant_tag_fronted_isnt", "Negation",
    lemmas=TAG_AUX_LEMMAS,
    examples=[
        ("I can colour this red, can't I?", "Isn't, I can colour this red?"),
        ("You're coming with us, aren't you?", "Isn't, you're coming with us?"),
        ("The kids liked the film, didn't they?", "Isn't, the kids liked the film?"),
        ("Look at this. He has eaten, hasn’t he?", "Look at this. Isn't, he has eaten?"),
        ("Can I colour this red?", "Isn't, I can colour this red?"),
        ("Are you coming with us?", "Isn't, you are coming with us?"),
        ("Did the kids enjoy the film?", "Isn't, the kids enjoyed the film?"),
    ],
    negatives=[
        "You're not coming, are you?",
        "Isn't it nice?",
        "Well, you like it, don't you?",
        "Is it hot or cold?",
        "Shouldn't we go?",
    ],
)
def invariant_tag_fronted_isnt(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A fronted invariant tag: *Isn't, I can colour this red?* for *I can colour this red,
    can't I?*. Negative tags after a clause that opens the sentence with its subject; the
    tag (comma, auxiliary, *n't*, pronoun) goes and *Isn't,* opens the question. A yes/no
    question takes the fronted tag before the statement: *Isn't, I can colour this red?* for
    *Can I colour this red?*."""
    for q in yes_no_questions(index):
        yield site(Insert(q.subject_start, "isn't,"), *q.statement_ops(index))
    for start, (aux, neg, pron) in _tag_questions(index):
        if neg is None:
            continue
        first = _first_word(index, start)
        if first is None or not _opens_with_subject(first, aux.i - 1):
            continue
        yield site(Insert(first.i, "isn't,"), Delete(aux.i - 1), Delete(aux.i), Delete(neg.i),
                   Delete(pron.i))


def _negated_anchor(index: DocIndex, start: int, comma: int) -> bool:
    return "neg" in index.dep_of[start:comma]


def _first_word(index: DocIndex, start: int) -> Token | None:
    """The first token of the sentence at ``start`` that is not a space."""
    return next((index.tokens[i] for i in range(start, index.sentence_end(start))
                 if not index.is_space[i]), None)


def _opens_with_subject(first: Token, comma: int) -> bool:
    """Whether the anchor clause (``first`` up to the tag's comma) starts with its subject."""
    for tok in first.doc[first.i:comma]:
        if tok.dep_ in ("nsubj", "nsubjpass", "expl") and tok.left_edge.i == first.i:
            return True
    return False
