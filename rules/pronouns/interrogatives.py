"""Interrogative pronouns (eWAVE 39, 40): plurals with an added element (*who all*) or by
reduplication (*who who*)."""
from __future__ import annotations

from spacy.tokens import Token

from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.antecedents import PLUR, SING, noun_number
from multivalue_cli.engine.syntax import (
    children, in_question, in_subject_clause, nominal_subject, sentence,
)

from .common import next_lower


# *what about X?*, *what if ...?*, *who else*: fixed phrases without a set of answers.
NO_PLURAL_AFTER = frozenset({"about", "if", "else", "ever"})  # *what ever* is *whatever*
# Words that single out one answer: *who scored the most goals?*, *who came first?*.
SINGLE_ANSWER_WORDS = frozenset({"first", "only", "last", "single"})
SINGULAR_PERSONAL = frozenset({"he", "she", "him", "her", "his", "hers", "himself", "herself"})
SINGULAR_BE = frozenset({"is", "was", "'s", "’s"})
APOSTROPHES = frozenset({"'", "’", "`"})
# Copulas that ask for what the subject turns into or stays (*what do tadpoles become?*):
# one identity, whatever the subject's number; and verbs of change with *into*.
BECOMING_VERBS = frozenset({"become", "remain"})
CHANGE_INTO_VERBS = frozenset({"turn", "change", "grow", "develop", "evolve", "transform"})
# Verbs whose object *what* is one proposition or opinion (*what do you mean?*, *what do
# you think of it?*), not a set of things.
PROPOSITION_VERBS = frozenset({"mean", "think"})


def _open_question_word(tok: Token) -> bool:
    """*who/what* opening a direct question that may have several answers: not a relative or
    determiner, not *what about/if*, and not a question that expects one answer (see
    :func:`_expects_one_answer`)."""
    if tok.tag_ != "WP" or tok.dep_ in ("det", "dep") or next_lower(tok) in NO_PLURAL_AFTER:
        return False
    tokens = list(sentence(tok))
    first = next((t for t in tokens if not (t.is_punct or t.is_space)), None)
    if first is None or first.i != tok.i or not in_question(tok):
        return False
    if in_subject_clause(tok):
        return False  # *what I never understood is why ...?*: a free relative, no question
    return not _expects_one_answer(tok, tokens)


def _singular_be(verb: Token) -> bool:
    """*is*, *was*, *'s*, also the *s* of an *'s* the tokenizer split from its apostrophe
    (*what ' s with ...*)."""
    if verb.lemma_.lower() == "be" and verb.lower_ in SINGULAR_BE:
        return True
    return (verb.lower_ == "s" and verb.i > 0  # tagged VBZ, or NNS
            and verb.doc[verb.i - 1].text in APOSTROPHES)


def _purpose_question(wh: Token, sentence: list[Token]) -> bool:
    """*what did they use it for?*, *what does X stand for?*: *what* with a stranded *for*
    asks for a purpose, a reason (*why*) or a meaning, one answer. The parser often leaves
    *for* without its object and hangs *what* elsewhere (*what did they buy the wood for?*)."""
    prep = wh.head
    if wh.dep_ == "pobj":
        return prep.lower_ == "for" and prep.i > wh.i
    return any(t.lower_ == "for" and t.dep_ == "prep" and t.i > wh.i
               and not any(g.dep_ == "pobj" for g in children(t)) for t in sentence)


def _becoming(wh: Token) -> bool:
    """*what do tadpoles become?*, *what do caterpillars turn into?*: what the subject turns
    into or stays, one identity."""
    verb = wh.head
    if verb.lemma_.lower() in BECOMING_VERBS:
        return wh.dep_ in ("attr", "oprd", "dobj", "acomp")
    return (wh.dep_ == "pobj" and verb.lower_ == "into"
            and verb.head.lemma_.lower() in CHANGE_INTO_VERBS)


def _expects_one_answer(wh: Token, sentence: list[Token]) -> bool:
    """A question about one identity, one person or one event: a singular copula (*who is
    the president?*, *what was the total?*, *what's with ...?*), a purpose (*what ... for?*),
    what something becomes (*what do tadpoles become?*), one meaning or view (*what do you
    mean?*), a singular personal pronoun for the answer
    (*who forgot her keys?*), a superlative or ordinal (*who scored the most?*, *who came
    first?*), or a subject *who/what* of a verb that is not one of gathering (*who broke
    the window?*, *who reacted violently?*: one culprit, one event)."""
    verb = wh.head
    if _singular_be(verb) or _purpose_question(wh, sentence):
        return True
    if _becoming(wh):
        return True
    if wh.dep_ in ("dobj", "ccomp") and verb.lemma_.lower() in PROPOSITION_VERBS:
        return True  # *what do you mean?*, *what do you think of it?*: one meaning, one view
    if _course_of_action(wh):
        return True  # *what should we do?*, *what do you want me to do?*: one course of action
    clause_verb = verb.head if wh.dep_ == "pobj" and verb.dep_ in ("prep", "dative") else verb
    if wh.dep_ not in ("nsubj", "nsubjpass") and _one_referent_subject(clause_verb):
        return True  # *who did Edgar marry?*, *what will the court decide?*, *what do you
        # think the price would be?*: what one person or thing did or is
    for t in sentence:
        if t.i == wh.i:
            continue
        if t.tag_ in ("PRP", "PRP$") and t.lower_ in SINGULAR_PERSONAL:
            return True
        if t.tag_ in ("JJS", "RBS") or t.lower_ in SINGLE_ANSWER_WORDS:
            return True
    if wh.dep_ in ("nsubj", "nsubjpass"):
        return not _gathering(verb)
    return False


def _course_of_action(wh: Token) -> bool:
    """*what should they have done?*, *what do you want me to do?*: *what* as the object of
    lexical *do* under a modal or inside a wanted/needed complement asks for advice, one
    course of action, not a list of things done."""
    verb = wh.head
    if wh.dep_ != "dobj" or verb.pos_ != "VERB" or verb.lemma_.lower() != "do":
        return False
    return verb.dep_ in ("ccomp", "xcomp") or any(
        c.dep_ == "aux" and c.tag_ == "MD" for c in children(verb))


def _one_referent_subject(verb: Token) -> bool:
    """The clause the question word belongs to has a third person singular subject (a
    singular noun or name, *he/she/it/this*): the question asks what that one referent did,
    chose or is, which has one answer (*what does your father do?*, *what does it mean?*)."""
    subject = nominal_subject(verb)
    return subject is not None and subject.lower_ not in ("i", "me", "you") and noun_number(subject) == SING


# Verbs of coming together and being somewhere, whose subject question asks for everyone
# (*who came?*, *who's going to be there?*); other subject questions (*who reacted
# violently?*, *who broke the window?*) ask for the one who did it.
GATHERING_VERBS = frozenset(
    "come go attend join arrive show turn stay live visit gather meet sign".split())


def _gathering(verb: Token) -> bool:
    """A verb of coming or being there (*who came?*, *who is coming?*, *who'll be there?*),
    or a plural copula (*who are the winners?*)."""
    lemma = verb.lemma_.lower()
    if lemma == "be":
        return verb.lower_ in ("are", "were", "'re", "’re") or any(
            c.lower_ == "there" for c in children(verb))
    return lemma in GATHERING_VERBS


PLURAL_BE = frozenset({"are", "were", "'re", "’re"})


def _plural_answer(wh: Token) -> bool:
    """The question itself says its answer is several people or things: *who/what* with a
    plural copula whose other nominal is plural (*What are the names of ...?*, *Who were
    the winners?*, *What are the region and population of ...?*), or a subject *who/what*
    of coming or being there (*Who came?*). An object or activity question (*What did the
    traditions merge with?*, *What are you doing?*) and a plural copula with an adjective
    (*Who are likely to win?*) leave the number of answers open."""
    verb = wh.head
    if wh.dep_ in ("nsubj", "nsubjpass") and verb.lemma_.lower() != "be":
        # not when the verb has a subject of its own (*Who did Rollo sign it with?*: the
        # parser's subject *who* is an object)
        return _gathering(verb) and not any(
            c.i != wh.i and c.dep_ in ("nsubj", "nsubjpass") for c in children(verb))
    if wh.dep_ == "nsubj" and any(c.lower_ == "there" for c in children(verb)):
        return True  # *Who'll be there?*
    if wh.dep_ not in ("attr", "nsubj") or verb.lemma_.lower() != "be" \
            or verb.lower_ not in PLURAL_BE:
        return False
    # the parser hangs a copula before a participle (*What are the titles ... sorted ...?*)
    # as the participle's auxiliary: the nominal is then the participle's
    clause = list(children(verb)) + (list(children(verb.head))
                                     if verb.dep_ in ("aux", "auxpass") else [])
    return any(c.i != wh.i and c.dep_ in ("nsubj", "nsubjpass", "attr") and (
        noun_number(c) == PLUR or c.lower_ in PLURAL_QUANTIFIERS) for c in clause)


# Pronouns that stand for several (*What are all of the episodes ...?*).
PLURAL_QUANTIFIERS = frozenset({"all", "both", "many", "several", "some", "few"})


def _several_answers_question(tok: Token) -> bool:
    """An open question word (:func:`_open_question_word`) whose question asks for several
    answers (:func:`_plural_answer`)."""
    return _open_question_word(tok) and _plural_answer(tok)


def _has_all(wh: Token) -> bool:
    """The questioned phrase already says *all*: *what are all the names ...?*, *who were
    all the guests?*, *what are all of the songs?*, *who all came?* (the other nominal of
    the question's verb is *all* or has it as predeterminer, or the question word has it):
    *what-all* there would say it twice. Only the copula's other nominal is the questioned
    phrase; another verb's subject is not."""
    verb = wh.head
    clause = list(children(verb)) + (list(children(verb.head))
                                     if verb.dep_ in ("aux", "auxpass") else [])
    nominals = [c for c in clause if c.i != wh.i and c.dep_ in ALL_NOMINAL_DEPS] \
        if verb.lemma_.lower() == "be" else []  # *what do all the students need?*: the
    # subject's *all*, not the questioned phrase's
    return any(c.lower_ == "all" for c in children(wh)) or any(
        c.lower_ == "all" or any(g.lower_ == "all" and g.dep_ in ("predet", "det")
                                 for g in children(c)) for c in nominals)


ALL_NOMINAL_DEPS = frozenset({"nsubj", "nsubjpass", "attr"})


def _plural_question_word(tok: Token) -> bool:
    """:func:`_open_question_word`, where the questioned phrase has no *all* of its own."""
    return _open_question_word(tok) and not _has_all(tok)


substitution_rule(
    "plural_interrogative",
    {"who": "who-all", "what": "what-all"},
    where=_plural_question_word,
    doc="""*Who-all*, *what-all* asking for the whole set of answers, in direct questions where a
    plural reading is possible: object questions (*what did you buy?*), plural copulas
    (*what are the names ...?*) and subject questions about coming or being there (*who
    came?*, *who's coming?*). Questions that expect one answer are left alone: a singular
    copula (*who is the president?*), a singular pronoun for the answer, a superlative or
    ordinal, or a subject question about one deed (*who broke the window?*).""",
    lemmas={"who", "what"},
    tags={"WP"},
    examples=[
        ("Who came to the party?", "Who-all came to the party?"),
        ("What did you buy at the market?", "What-all did you buy at the market?"),
        ("What are the names of the students?", "What-all are the names of the students?"),
        ("I'm back. Who did you see there?", "I'm back. Who-all did you see there?"),
        ("Who's coming tonight?",
         "Who-all's coming tonight?"),
        ('What did they say about the plan?',
         'What-all did they say about the plan?'),
        ('Who lives in that house?',
         'Who-all lives in that house?'),
    ],
    negatives=[
        "Who is the president?",
        "What is your name?",
        "The man who came was tall.",
        "What about you?",
        "What kind of car is it?",
        'Who broke the window?',
        'Who scored the most goals?',
        'Who forgot her keys?',
        'What was the total cost?',
        'Who has a mental illness?',
        "Who's your teacher?",
        # a purpose (why), an identity turned into, a free relative, a split *'s*
        'What do people keep these old boxes for?',
        'What do caterpillars turn into?',
        'What we never learned in school is how taxes work, right?',
        "What ' s with the long faces ?",
        'What do you think of the new mayor?',
        'What does "NASA" stand for?',
        # the questioned phrase says *all* already
        'What are all the colors of the flag?',
        'Who were all the guests at the party?',
        'What are all of the rivers that flow through Paris?',
    ],
)


substitution_rule(
    "reduplicate_interrogative",
    {"who": "who-who", "what": "what-what"},
    where=_several_answers_question,
    doc="""Reduplicated *who-who*, *what-what* asking about several people or things (*Who-who
    came?* 'who (of several people) came?'): direct questions whose own words say the answer
    is plural, a plural copula with a plural noun (*What-what are the names of ...?*) or a
    subject question about coming or being there (*Who-who came?*, *Who-who'll be
    there?*); not questions that
    leave the number open or expect one answer (*What are you doing?*, *What did they buy
    it for?*).""",
    lemmas={"who", "what"},
    tags={"WP"},
    examples=[
        ("Who came?", "Who-who came?"),
        ("What are the main exports of Chile?", "What-what are the main exports of Chile?"),
        ("Who didn't sign up?", "Who-who didn't sign up?"),
        ("Who's coming to dinner?",
         "Who-who's coming to dinner?"),
        ('Who were the guests at the wedding?',
         'Who-who were the guests at the wedding?'),
        ('What are the names and ages of the players?',
         'What-what are the names and ages of the players?'),
        ('Who lives in that house?',
         'Who-who lives in that house?'),
        ("Who'll be there tomorrow?",
         "Who-who'll be there tomorrow?"),
        ('What are all of the songs on the album?',
         'What-what are all of the songs on the album?'),
    ],
    negatives=[
        "Who is your teacher?",
        "I know what you did.",
        "What if it rains?",
        'Who broke the window?',
        'Who came first?',
        'Who was the victim?',
        # what one person or thing did or is: one answer
        'Who did Maria marry?',
        'What will the committee decide about the budget?',
        'Who did the mayor meet with?',
        'What do you think the final price will be?',
        'What does this word mean?',
        'What ever you say?',
        'What did the workers buy all that wood for?',
        'What do tadpoles become in the spring?',
        'What they sell at that market is cheap, isn\'t it?',
        "What ' s with all the noise outside ?",
        'What did she mean by that remark?',
        'What are these little hooks used for?',
        # what to do: one course of action
        'What should we do about the leak?',
        'What do you need us to do next?',
        # no plural in the question: an activity, an object, a plural copula with an adjective
        'Who are you?',
        'Who did the players sign the deal with?',
        'What are you cooking tonight?',
        'What did the two rivers flow into?',
        'Who are most likely to complain?',
        'What do bees do in winter?',
    ],
)
