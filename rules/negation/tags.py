"""Tag questions (eWAVE 164-167): *amn't*, invariant non-concord tags, *can or not?*, and a
fronted invariant *isn't it*."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Delete, Insert, Move, Op, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    clause_is_negated, direct_subject, inverted_conjunct, negative_polarity_item,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import CONTRACTED_NOT, NEGATORS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


FINITE_TAGS = frozenset({"MD", "VBZ", "VBP", "VBD"})
TAG_AUX_LEMMAS = frozenset({
    "be", "do", "have", "can", "could", "will", "would", "shall", "should", "must", "may",
    "might",
})


@rule(
    "invariant_tag_non_concord",
    lemmas=TAG_AUX_LEMMAS,
    examples=[
        ("They had them in their hair, didn't they?", "They had them in their hair, isn't it?"),
        ("He's tired, isn't he?", "He's tired, isn't it?"),
        ("You will come tomorrow, won't you?", "You will come tomorrow, isn't it?"),
        ("You're not going home, are you?", "You're not going home, is it?"),
        ("We can't go there, can we?", "We can't go there, is it?"),
        ("Are you coming with us?", "You are coming with us, isn't it?"),
        ("Did your sister call the office?", "Your sister called the office, isn't it?"),
        ("Does he like rice?", "He likes rice, isn't it?"),
        ("Will the shop be open tomorrow?", "The shop will be open tomorrow, isn't it?"),
        ("Is the shop open on Sundays??", "The shop is open on Sundays, isn't it??"),
        # a negation in a condition leaves the question open; *only* without *be I/we*
        ("Can muscles get weaker if you don't train?",
         "Muscles can get weaker if you don't train, isn't it?"),
        ("Do we spend only an hour on it?", "We spend only an hour on it, isn't it?"),
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
        "Has anybody seen my keys?",
        "Would you like some tea?",
        "Can you close the door, please?",
        "Is she starts early, how many hours will she work?",
        # *It is ..., isn't it?*, *This is ..., isn't it?*: the tag would agree (concord)
        "Is it far from the station?",
        "Is this the right answer?",
        # rhetorical: negative content, or the speaker asking if they alone are so
        "Is there a shop here that never closes?",
        "Was there a day she didn't complain?",
        "Are we the only team without a coach?",
        "Are you sure you weren't late?",
        "Can you fix it yourself, and if so, how?",
        # two inverted questions coordinated: the statement would turn only the first
        "Is the shop open and can I park there?",
        "Did you call him and was he home?",
    ],
)
def invariant_tag_non_concord(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Invariant tag questions: *isn't it?* (and *is it?* after a negative anchor) whatever
    the subject and verb of the anchor clause: *They had them in their hair, isn't it?*. The
    form is the one most varieties with the feature use (Indian and Singapore English among
    them); the London *innit?* of the atlas' example belongs to few of them, and a rule
    cannot tell which variety it writes for.

    A tag is *, AUX (n't) PRONOUN ?* closing a sentence whose part before the comma is a main
    clause (not *Well,* and not a conditional *If it rains, will they?*). A yes/no question is
    asked the way the varieties ask it, as a statement with the tag: *You are coming, isn't
    it?* for *Are you coming?* (negative questions such as *Isn't it cold?* expect another
    answer and stay). Needs a tag question or a yes/no question; benchmark text has
    neither (wh-questions, commands and narrative statements, where an added tag would turn
    a report into a request for confirmation)."""
    for q in yes_no_questions(index):
        if _tag_would_agree(index, q):
            continue  # *Is it far?* -> *It is far, isn't it?* is the standard concord tag
        yield site(*q.statement_ops(index), Insert(q.mark, ", isn't it"))
    for _start, (aux, _neg, pron) in _tag_questions(index):
        if (aux.lower_, pron.lower_) != ("is", "it"):
            yield site(*_replace_if_changed(aux, "is"), *_replace_if_changed(pron, "it"))


# Subjects that the tag *it* takes up in standard English (*This is yours, isn't it?*).
IT_TAG_SUBJECTS = frozenset({"it", "this", "that"})


def _tag_would_agree(index: DocIndex, q: YesNoQuestion) -> bool:
    """A question *Is it/this/that ...?*: as a statement with *isn't it?* its tag agrees
    with the anchor's verb and subject, so no non-concord tag comes of it."""
    return (q.subject_start == q.subject_end and index.words[q.aux].lower() == "is"
            and index.words[q.subject_start].lower() in IT_TAG_SUBJECTS)


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
    if index.dep_of[clause] != "ROOT" or not _aux_fits_verb(index, aux, clause):
        return None  # *Is she starts with $50, how much ... will she have?*: no yes/no question
    mark = index.final_punct_run(start)
    if mark is None or _asks_open_or_requests(index, aux, mark):
        return None
    if index.tag_of[mark - 1] in WH_WORD_TAGS:
        return None  # *Can you be both, and if so, how?*: it ends asking a wh-question
    subject = next((c for c in index.children(clause) if c.dep_ in ("nsubj", "nsubjpass", "expl")
                    and c.left_edge.i == aux + 1), None)
    if subject is None or subject.right_edge.i + 1 >= mark:
        return None
    if clause_is_negated(index.tokens[clause]):
        return None  # *Am I not invited?* expects the answer yes
    if inverted_conjunct(index.tokens[clause]):
        return None  # *Are you ... and do you feel ...?*: the statement turns one of two
    verb = None
    if index.lemma_of[aux] == "do":
        if clause == aux or index.tag_of[clause] != "VB":
            return None  # *Did you?* has no verb to take the tense
        verb = clause
    return YesNoQuestion(aux, aux + 1, subject.right_edge.i, verb, mark)


# Verb forms that cannot follow an auxiliary: a finite present after *be* or *have* (*Is she
# starts*), a finite or participle form after *do* or a modal (*Can she starts*). The
# tagger's VBD for a participle (*Is breakfast included?*) is let through.
NOT_AFTER_AUX = {"be": ("VBZ", "VBP", "VB"), "have": ("VBZ", "VBG")}
NOT_AFTER_DO_OR_MODAL = ("VBZ", "VBD", "VBG", "VBN")
# Past modals ask tentatively: with *I/we/you* they request or offer (*Could I see ...?*,
# *Would you like ...?*); *Could it be the battery?* still asks.
TENTATIVE_MODALS = frozenset({"could", "would", "might"})
SPEECH_PARTICIPANTS = frozenset({"i", "we", "you"})


def _aux_fits_verb(index: DocIndex, aux: int, clause: int) -> bool:
    """Whether the verb (or next auxiliary) after a question's opening auxiliary has a form
    that auxiliary takes: a finite *starts* after *Is* is a misreading, not a question of
    *be* (*Is she starts with $50, how much ...?*)."""
    if aux == clause:
        return True
    following = [c.i for c in index.children(clause)
                 if c.dep_ in ("aux", "auxpass") and c.i > aux] + [clause]
    nxt = min(following)
    bad = NOT_AFTER_AUX.get(index.lemma_of[aux], NOT_AFTER_DO_OR_MODAL)
    return index.tag_of[nxt] not in bad


def _asks_open_or_requests(index: DocIndex, aux: int, mark: int) -> bool:
    """A question the asker does not expect *yes* to: one with a negative polarity item
    (*Does anyone know ...?*, *Are we there yet?*), which the statement cannot hold, or a
    request or offer (*please*, a tentative *could/would/might* with *I/we/you*), which
    asks for an action and not for confirmation. A negation anywhere in it (*Was there a
    time he never looked old?*) or a speaker asking if they alone are so (*Am I the only
    one who ...?*) makes it rhetorical: it expects *no*, which the statement would deny."""
    if index.words[aux].lower() in TENTATIVE_MODALS \
            and index.words[aux + 1].lower() in SPEECH_PARTICIPANTS:
        return True
    tokens = index.tokens
    if any(index.words[i].lower() == "please" or negative_polarity_item(tokens[i])
           or _negation_outside_condition(index, i) for i in range(aux + 1, mark)):
        return True  # a negation (*Was there a time he never ...?*) expects *no*
    return _self_questioning(index, aux, mark)


# Words that single out the subject as the one or the only one (*Am I the only one who
# ...?*, *Am I alone?*).
EXCLUSIVE_WORDS = frozenset({"only", "alone", "just"})
FIRST_PERSON_SUBJECTS = frozenset({"i", "we"})


def _negation_outside_condition(index: DocIndex, i: int) -> bool:
    """A negation in the question that is not in an adverbial clause: *Was there a time he
    never looked old?*, *Are you sure you weren't speeding?* expect the answer *no*; a
    condition's negation (*Can muscle turn into fat if you don't exercise?*) does not."""
    return index.dep_of[i] == "neg" and index.dep_of[index.head_of[i]] != "advcl"


def _self_questioning(index: DocIndex, aux: int, mark: int) -> bool:
    """A speaker asking whether they alone are so (*Am I the only one who ...?*, *Am I
    alone?*): a rhetorical question that expects others to say *no, me too*, so the
    statement with a tag (*I am the only one ..., amn't I?*) claims the opposite."""
    if index.lemma_of[aux] != "be" or index.words[aux + 1].lower() not in FIRST_PERSON_SUBJECTS:
        return False
    return any(index.words[i].lower() in EXCLUSIVE_WORDS for i in range(aux + 2, mark))


@rule(
    "invariant_tag_amnt",
    lemmas={"be"},
    examples=[
        ("I'm right, aren't I?", "I'm right, amn't I?"),
        ("I am late again, aren't I?", "I am late again, amn't I?"),
        ("Well, I'm invited too, aren’t I?", "Well, I'm invited too, amn’t I?"),
        ("It's fine. I'm next, aren't I?", "It's fine. I'm next, amn't I?"),
        ("Am I late?", "I am late, amn't I?"),
        ("Am I invited to the party?", "I am invited to the party, amn't I?"),
        ("Am I on the list? ?", "I am on the list, amn't I? ?"),
        ("Well, it's over. Am I right about this?", "Well, it's over. I am right about this, amn't I?"),
    ],
    negatives=[
        "Aren't I lucky?",
        "You're right, aren't you?",
        "I'm right, am I?",
        "Are you late?",
        "Am I not invited?",
        "Am I ever going to finish this?",
        "Am I allowed to bring anything?",
        "Could I sit here, please?",
        # the speaker asking if they alone are so expects *no, me too*
        "Am I the only person who liked the ending?",
        "Am I alone in this?",
    ],
)
def invariant_tag_amnt(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*amn't* in the first person tag question: *I'm here, amn't I?* for *aren't I?*.
    Only the tag (a comma, *aren't I*, a question mark after a main clause); a question
    such as *Aren't I lucky?* is not a tag. A first person yes/no question is asked as a
    statement with the tag, as the varieties ask it: *I am late, amn't I?* for *Am I late?*.
    Needs a first person tag or question (*aren't I?*, *Am I ...?*); benchmark questions ask
    about third persons and their first person narratives state, they do not ask."""
    for q in yes_no_questions(index):
        if index.words[q.aux].lower() == "am" and index.words[q.subject_start] == "I" \
                and q.subject_end == q.subject_start:
            yield site(*q.statement_ops(index), Insert(q.mark, ", amn't I"))
    for _start, (aux, neg, pron) in _tag_questions(index):
        if neg is not None and aux.lower_ == "are" and pron.text == "I":
            yield site(Replace(aux.i, "am"))


@rule(
    "invariant_tag_can_or_not",
    tags={"MD", "VB"},  # *can*, or the bare verb of a command
    examples=[
        ("You can swim, can't you?", "You can swim, can or not?"),
        ("We can park here, can we?", "We can park here, can or not?"),
        ("She said so. I can come too, can't I?", "She said so. I can come too, can or not?"),
        ("Can I go home now?", "I can go home now, can or not?"),
        ("Can you answer the question?", "You can answer the question, can or not?"),
        ("Can we park the car here?", "We can park the car here, can or not?"),
        ("Answer the question.", "Answer the question, can or not?"),
        ("Show me the times of the late trains.", "Show me the times of the late trains, can or not?"),
        ("List the players who scored twice", "List the players who scored twice, can or not?"),
        ("Which rooms are free? Tell me the cheapest.",
         "Which rooms are free? Tell me the cheapest, can or not?"),
        ("For each shop, give the name of its owner.",
         "For each shop, give the name of its owner, can or not?"),
        ("Please send the forms to the office and keep a copy.",
         "Please send the forms to the office and keep a copy, can or not?"),
        ("Find the cheapest flights to Rome?", "Find the cheapest flights to Rome, can or not?"),
        ("Boil the water. Add the rice to the pot. Stir it well.",
         "Boil the water, can or not? Add the rice to the pot, can or not? Stir it well, can or not?"),
        ("Have a seat.", "Have a seat, can or not?"),
        ("The bill came to 45. Split it between the three of us.",
         "The bill came to 45. Split it between the three of us, can or not?"),
        ("Please have a careful look.", "Please have a careful look, can or not?"),
        ("Send it to Dr. Lee at the U.S.", "Send it to Dr. Lee at the U.S, can or not?"),
    ],
    negatives=[
        "Don't touch the stove.",
        "Do not list the old ones.",
        "Let's go home.",
        "She lists every player.",
        "Watch out for the dog!",
        "Did she list the players?",
        "Tell me, do you like it?",
        "Go home, or I will call the police.",
        "Answer the question when you are ready, and we will wait.",
        "To find it, we looked everywhere.",
        "Can't you swim?",
        "Could I go home?",
        "Can you swim or run?",
        "You could swim, couldn't you?",
        "If you can, can you call me?",
        "You can't stay, can you?",
        "Enjoy the rest of your holiday.",
        "Have a great weekend.",
        # a premise set up for what follows, not a request
        "Suppose the train leaves at noon.",
        "Assume that the price doubles next year.",
        # a trailing ellipsis, a feeling without its subject, a wh-fragment, a numbered step
        "Chop the onions . . . and then fry them",
        "Love how the kids laugh at that show.",
        'Fill in the gap: "United" what?',
        "Mix the flour.2. Add the eggs.3. Bake it for an hour.",
    ],
)
def invariant_tag_can_or_not(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The invariant tag *can or not?* asking whether something is possible or allowed: *I
    can go home, can or not?* for *can't I?*. Tags with *can/can't* only (other auxiliaries
    ask something else); the tag's pronoun gives way to *or not*. A yes/no question with
    *can* is asked as the statement with the tag: *I can go home, can or not?* for *Can I go
    home?*. A command takes the tag as a request, as in the attested *Answer the question,
    can or not?*: *List the players, can or not?* (not negative commands, *let's*
    suggestions, wishes (*Enjoy your flight*, *Have a nice day*), orders and warnings closed
    by *!*, a step of a numbered list (*group.3. Water the plants.*), a sentence that
    trails off in an ellipsis, a feeling without its subject (*Love how ...*), or a command
    ending in a wh-question of its own (*Complete the name: "New" what?*))."""
    for q in yes_no_questions(index):
        if index.words[q.aux].lower() == "can":
            yield site(*q.statement_ops(index), Insert(q.mark, ", can or not"))
    for start in index.sentence_starts():
        last = _request_end(index, start)
        if last is not None:
            yield site(*_close_with_tag(index, last, ", can or not"))
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
    "invariant_tag_fronted_isnt",
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
        "Are we there yet?",
        "Does anyone know the way?",
        "Could you pass the salt, please?",
        "Is he goes to school, what time does he leave?",
    ],
)
def invariant_tag_fronted_isnt(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A fronted invariant tag: *Isn't, I can colour this red?* for *I can colour this red,
    can't I?*. Negative tags after a clause that opens the sentence with its subject; the
    tag (comma, auxiliary, *n't*, pronoun) goes and *Isn't,* opens the question. A yes/no
    question takes the fronted tag before the statement: *Isn't, I can colour this red?* for
    *Can I colour this red?*. Needs a tag question or a yes/no question; benchmark text has
    neither, and a command or a narrative statement has no tag to front."""
    for q in yes_no_questions(index):
        yield site(Insert(q.subject_start, "isn't,"), *q.statement_ops(index))
    for start, (aux, neg, pron) in _tag_questions(index):
        if neg is None:
            continue
        first = _first_non_space(index, start)
        if first is None or not _opens_with_subject(first, aux.i - 1):
            continue
        yield site(Insert(first.i, "isn't,"), Delete(aux.i - 1), Delete(aux.i), Delete(neg.i),
                   Delete(pron.i))


# Verbs whose bare form opens a suggestion, a fixed phrase or a wish, not a request (*Let's
# go*, *Enjoy your meal*): whether the hearer can do it is not in question.
# *Love how ...*, *Hate when ...*: a feeling is not done on request; without a subject
# these are the speaker's own (*(I) love this song*).
# *Suppose*, *assume*, *imagine* set up a premise for what follows (*Suppose the train
# leaves at noon.*), which nobody is asked to carry out.
NOT_REQUEST_VERBS = frozenset({"let", "please", "thank", "excuse", "enjoy", "suppose",
                               "assume", "imagine", "love", "hate"})


def _wish(root: Token) -> bool:
    """*Have a nice day*, *Have a good weekend*: *have* with a stretch of time as object
    wishes the hearer a good time; it asks for nothing (*Have a seat*, *have a look* do)."""
    return root.lemma_.lower() == "have" and any(
        c.dep_ == "dobj" and c.lemma_.lower() in TIME_NOUNS for c in root.children)


TIME_NOUNS = wordlist("time_nouns")


def _glued_list_number(tok: Token) -> bool:
    """*each group.3*: the next item's number of a numbered list glued to the last word; a
    tag after it would split the list."""
    word = tok.text
    return bool(re.search(r"[A-Za-z]\.\d+$", word))


def _request_end(index: DocIndex, start: int) -> int | None:
    """The last word of the sentence at ``start`` if it is a positive command (*Find the
    students who ...*, *For each shop, give ...*): its root is a bare verb with no subject,
    auxiliary or negation, only adverbials stand before it, and no clause with a subject of
    its own is coordinated with it (*Go home, or I will call ...* is a threat) or, before a
    question mark, put under it. Else None."""
    end = index.sentence_end(start)
    toks = [i for i in range(start, end) if not index.is_space[i]]
    if not toks or index.words[toks[-1]] == "!" or _trails_off(index, toks):
        return None
    if _numbered_item(index, toks[0]):
        return None
    root = index.sentence(start).root
    if root.tag_ != "VB" or root.dep_ != "ROOT" or root.lemma_.lower() in NOT_REQUEST_VERBS:
        return None
    if _wish(root) or any(_glued_list_number(index.tokens[i]) for i in toks[-2:]):
        return None
    kids = index.children(root.i)
    if any(c.dep_ in ("nsubj", "nsubjpass", "expl", "aux", "auxpass", "neg", "mark") for c in kids):
        return None
    if any(c.i < root.i and c.dep_ not in LEADING_ADVERBIALS for c in kids):
        return None
    clauses = ("conj", "advcl", "parataxis", "ccomp") if index.words[toks[-1]] == "?" else (
        "conj", "advcl", "parataxis")  # *Tell me, do you like it?* asks its own question
    if index.words[toks[-1]] == "?" and any(_asking_wh_word(index.tokens[i]) for i in toks):
        return None  # *Fill in the blank: "New" what?*: the question is the wh-word's
    if any(c.dep_ in clauses and c.i > root.i and direct_subject(c) is not None for c in kids):
        return None
    return toks[-1]


def _trails_off(index: DocIndex, toks: list[int]) -> bool:
    """A sentence that ends in an ellipsis (*. . .*, *...*, *…*): the words trail off or go
    on in the next sentence (*score a few more . . . and stop ...*); no tag closes them."""
    words = index.words
    last = words[toks[-1]]
    if last in ("...", "…") or last.endswith("..") or last.endswith("…"):
        return True
    return len(toks) > 1 and last == "." and words[toks[-2]] in (".", "...", "…")


def _numbered_item(index: DocIndex, first: int) -> bool:
    """A sentence that is an item of a numbered list (*steps.1. Plant ... .4. Measure the
    heights.*): a step read out of a list, set out for what follows, not said to the
    hearer. Its number stands before it, glued to the previous sentence's last word, or
    opens it (*4. Measure ...*, *4) Measure ...*)."""
    words = index.words
    before = [i for i in range(max(0, first - 4), first) if not index.is_space[i]]
    if len(before) < 2 or words[before[-1]] not in (".", ")"):
        return False
    if _glued_list_number(index.tokens[before[-2]]):
        return True
    # *... each day. 4. Measure ...*: a number standing alone between two full stops (not
    # the number ending a sentence, *... became 30. Calculate ...*)
    return words[before[-2]].isdigit() and (len(before) < 3 or words[before[-3]] in (".", ":"))


WH_WORD_TAGS = frozenset({"WP", "WRB", "WDT", "WP$"})


def _asking_wh_word(tok: Token) -> bool:
    """A wh-word that asks (*"New" what?*), not one that opens a clause of its own under
    the command (*the players who scored*, *what they bought*, *how much it costs*)."""
    if tok.tag_ not in WH_WORD_TAGS:
        return False
    return not any(a.dep_ in EMBEDDED_CLAUSES for a in [tok, *tok.ancestors]
                   if a.dep_ != "ROOT")


EMBEDDED_CLAUSES = frozenset({"relcl", "acl", "ccomp", "csubj", "advcl", "pcomp", "xcomp",
                              "conj"})


# What may stand before the verb of a command: *For each shop, give ...*, *Please list ...*.
LEADING_ADVERBIALS = frozenset({"prep", "advmod", "advcl", "npadvmod", "intj", "punct"})


def _close_with_tag(index: DocIndex, last: int, tag: str) -> tuple[Op, ...]:
    """A tag and a question mark at the end of a sentence whose last word is ``last``: the
    tag goes before a final question mark, or a full stop, which becomes '?', or after the
    last word."""
    if index.words[last] == "?":
        return (Insert(last, tag),)
    if index.words[last] == ".":
        return (Insert(last, tag), Replace(last, "?"))
    if re.fullmatch(r".*[^.\s]\.", index.words[last]):
        # *over Q.*, *the U.S.*: the full stop is glued to the last word and gives way to '?'
        return (Replace(last, index.words[last][:-1] + tag + "?"),)
    return (Insert(last, tag + "?", after=True),)


def _negated_anchor(index: DocIndex, start: int, comma: int) -> bool:
    return "neg" in index.dep_of[start:comma]


def _first_non_space(index: DocIndex, start: int) -> Token | None:
    """The first token of the sentence at ``start`` that is not a space."""
    return next((index.tokens[i] for i in range(start, index.sentence_end(start))
                 if not index.is_space[i]), None)


def _opens_with_subject(first: Token, comma: int) -> bool:
    """Whether the anchor clause (``first`` up to the tag's comma) starts with its subject."""
    for tok in first.doc[first.i:comma]:
        if tok.dep_ in ("nsubj", "nsubjpass", "expl") and tok.left_edge.i == first.i:
            return True
    return False
