"""Possessive pronouns (eWAVE 18-27, 33): subject and object forms as possessive determiners
(*I book*, *him book*), *y'all's*, and independent possessives with a nasal (*mines*)."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.animacy import names_people
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Replace, Site, site
from multivalue_cli.engine.morphology import reads_as_subject_and_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import lexically_capitalised, sentence
from multivalue_cli.engine.wordlists import wordlist

from .common import PLURAL_AFTER_YOU, all_of_you, floating_all, next_lower, plural_by_context


# Head nouns of exclamations (*my God*, *oh my goodness*) that are not possession.
EXCLAMATION_NOUNS = frozenset({"god", "goodness", "gosh", "lord", "word", "bad"})


def _possessive_determiner(tok: Token) -> bool:
    """A possessive determiner (*my*, *his*, ...) before its noun; not an independent *his*,
    not before *own* (*I own car* would read as the verb), not in exclamations."""
    head = tok.head
    if tok.tag_ != "PRP$" or tok.dep_ != "poss" or head.i <= tok.i:
        return False
    if head.pos_ not in ("NOUN", "PROPN") or next_lower(tok) == "own":
        return False
    if any(tok.doc[i].is_punct for i in range(tok.i + 1, head.i)):
        return False  # "the book is his, not mine": an independent *his* parsed as determiner
    return head.lower_ not in EXCLAMATION_NOUNS and head.dep_ != "intj"


def _determiner_rule(name: str, word: str, new: str, doc: str, examples: list,
                     negatives: list) -> None:
    """Register feature ``name``: the possessive determiner ``word`` becomes ``new``."""
    substitution_rule(name, {word: new}, where=_possessive_determiner, doc=doc, lemmas={word},
                      tags={"PRP$"}, examples=examples, negatives=negatives)


_determiner_rule(
    "my_i", "my", "I",
    "Subject form *I* as possessive determiner: *I book* for *my book*.",
    examples=[
        ("My brother's car is red.", "I brother's car is red."),
        ("Have you seen my keys?", "Have you seen I keys?"),
        ("I don't think my mother knows, but my dad does.",
         "I don't think I mother knows, but I dad does."),
    ],
    negatives=["That book is mine.", "I have my own room.", "Oh my God, it's late!"],
)
_determiner_rule(
    "our_we", "our", "we",
    "Subject form *we* as possessive determiner: *we farm* for *our farm*.",
    examples=[
        ("Our house is small.", "We house is small."),
        ("When we finished our work, we went home.", "When we finished we work, we went home."),
        ("Isn't our teacher coming?", "Isn't we teacher coming?"),
    ],
    negatives=["The house is ours.", "We have our own car.", "We left early."],
)
_determiner_rule(
    "his_he", "his", "he",
    "Subject form *he* as possessive determiner: *he book* for *his book*; independent *his* "
    "(*the book is his*) is left alone.",
    examples=[
        ("His book is on the table.", "He book is on the table."),
        ("Did you meet his sister?", "Did you meet he sister?"),
        ("He said his father's shop was closed.", "He said he father's shop was closed."),
    ],
    negatives=["The book is his.", "He lost his own keys.", "He left early."],
)
_determiner_rule(
    "their_they", "their", "they",
    "Subject form *they* as possessive determiner: *it's they book*.",
    examples=[
        ("It's their book.", "It's they book."),
        ("Their kids don't go to school here.", "They kids don't go to school here."),
        ("Do you know where their house is?", "Do you know where they house is?"),
    ],
    negatives=["The book is theirs.", "They have their own rules.", "They left early."],
)
def _possessive_your(tok: Token) -> bool:
    """A possessive determiner *your* whose *you* would not read as the subject of the
    possessed noun taken as a verb (*how do you experience benefit ...*)."""
    return _possessive_determiner(tok) and not reads_as_subject_and_verb(tok)


substitution_rule(
    "your_you",
    {"your": "you"},
    where=_possessive_your,
    doc="""*You* as possessive determiner: *you fare* for *your fare*. Not where *you* would
    read as the subject of the possessed noun taken as a verb: a subject phrase right after
    an inverted *do* or modal whose noun is also a verb (*how do your experiences benefit us*
    -> *how do you experience benefit us*). Needs a possessive *your*, which benchmark
    questions and third person narratives rarely have.""",
    lemmas={"your"},
    tags={"PRP$"},
    examples=[
        ("You can't come in unless you pay your fare.",
         "You can't come in unless you pay you fare."),
        ("Your sister's friend called.", "You sister's friend called."),
        ("Is this your car?", "Is this you car?"),
        ("Did your brother find a job?", "Did you brother find a job?"),
        ("Where do you keep your tools?", "Where do you keep you tools?"),
        ("Can your older sister drive us?", "Can you older sister drive us?"),
    ],
    negatives=[
        "Is this car yours?",
        "You have your own room.",
        "You did it yourself.",
        # after an inverted *do* or modal, *you* + a noun that is also a verb reads as
        # subject and verb
        "Why do your answers change every week?",
        "Will your plan work in winter?",
        "Could your request wait until Monday?",
    ],
)
_determiner_rule(
    "his_him", "his", "him",
    "Object form *him* as possessive determiner: *him dog* for *his dog*.",
    examples=[
        ("His dog barks all night.", "Him dog barks all night."),
        ("Tell him to get his gear on.", "Tell him to get him gear on."),
        ("Why didn't he call his mother?", "Why didn't he call him mother?"),
    ],
    negatives=["The dog is his.", "He has his own dog.", "I saw him."],
)
_determiner_rule(
    "their_them", "their", "them",
    "Object form *them* as possessive determiner: *them book* for *their book*.",
    examples=[
        ("Their book is new.", "Them book is new."),
        ("The kids lost their shoes.", "The kids lost them shoes."),
        ("Have they sold their house yet?", "Have they sold them house yet?"),
    ],
    negatives=["The house is theirs.", "They have their own house.", "I saw them."],
)
_determiner_rule(
    "my_me", "my", "me",
    "Object form *me* as possessive determiner: *me brother*, *I've lost me bike*.",
    examples=[
        ("He's my brother.", "He's me brother."),
        ("I've lost my bike.", "I've lost me bike."),
        ("My mum's friend didn't come.", "Me mum's friend didn't come."),
    ],
    negatives=["The bike is mine.", "I have my own bike.", "Oh my God!"],
)
# Verbs that take two objects (*give us the keys*, *save us a seat*, *buy us a house*): right
# after one, *us* before the possessed noun reads as the first object (*save us planet*).
# The transfer and creation verbs of the serial *give* list, and these.
DOUBLE_OBJECT_VERBS = frozenset(
    "give save tell leave keep offer teach owe reserve win earn grant promise wish".split())


def _after_double_object_verb(tok: Token) -> bool:
    """*our* opening the direct object of a verb that takes two objects, right after it:
    *save our planet* -> *save us planet* reads as *save us (the) planet*."""
    noun = tok.head
    verb = noun.head
    if noun.dep_ not in ("dobj", "dative") or verb.i >= tok.i:
        return False
    if not all(t.pos_ in ("ADV", "PART") for t in tok.doc[verb.i + 1:tok.i]):
        return False
    lemma = verb.lemma_.lower()
    return lemma in DOUBLE_OBJECT_VERBS or lemma in wordlist("serial_give_verbs")


@rule(
    "our_us",
    lemmas={"our"},
    tags={"PRP$"},
    examples=[
        ("We like our town.", "We like us town."),
        ("Our George was a nice one.", "Us George was a nice one."),
        ("Where did you park our car?", "Where did you park us car?"),
        ('She said, "Our house is on fire!"', 'She said, "Us house is on fire!"'),
        ("The kids painted our fence on Sunday.", "The kids painted us fence on Sunday."),
        ("Our old dogs sleep all day.", "Us old dogs sleep all day."),
        ("The rain flooded our streets again.", "The rain flooded us streets again."),
    ],
    negatives=[
        "The town is ours.",
        "We have our own rules.",
        "They helped us.",
        # *us* would read as the first of two objects
        "Please save our seats.",
        "Did you bring our tickets?",
        "They never gave our dog a bath.",
        # *us* before a plural noun for people reads as the pronoun in apposition (*us
        # teachers* = 'we teachers')
        "Our teachers work hard.",
        "If our neighbours complain, we will move.",
        # all capitals: *US* reads as the abbreviation of the United States
        "The future rests on OUR shoulders.",
    ],
)
def our_us(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Object form *us* as possessive determiner: *we like us town*. Not right after a verb
    that takes two objects, where *us* would read as its first object (*save us planet*); a
    capital that is not the sentence's (a quotation's first word, a title) is kept. Not
    before a plural noun for people, where *us* reads as the pronoun in apposition (*us
    leaders* = 'we leaders'), nor in all capitals (*US* is the United States)."""
    for tok in index.form("our"):
        if tok.text.isupper() or _appositive_reading(tok):
            continue
        if _possessive_determiner(tok) and not _after_double_object_verb(tok):
            yield site(Replace(tok.i, "Us" if lexically_capitalised(tok) else "us"))


def _appositive_reading(tok: Token) -> bool:
    """*our leaders*: the possessed noun is plural and names people, so an object pronoun
    before it reads as standing in apposition to it (*us leaders* 'we, the leaders')."""
    head = tok.head
    return head.tag_ in ("NNS", "NNPS") and names_people(head.lemma_.lower())


def _plural_addressee(sent) -> bool:
    """The sentence shows the addressee is plural: *you all/guys/two*, *all of you*, *you are
    all ...*, *yourselves*, or a *you* with a plural predicate noun, reciprocal or vocative."""
    for tok in sent:
        low = tok.lower_
        if low in ("yourselves", "y'all", "y’all"):
            return True
        if low == "you" and (next_lower(tok) in PLURAL_AFTER_YOU or plural_by_context(tok)
                             or all_of_you(tok) is not None or floating_all(tok) is not None):
            return True
    return False


def _plural_possessor(tok: Token) -> bool:
    """A possessive determiner *your* in a sentence that shows the addressee is plural."""
    return _possessive_determiner(tok) and _plural_addressee(sentence(tok))


substitution_rule(
    "your_yalls",
    {"your": "y'all's"},
    where=_plural_possessor,
    doc="""A second person plural form as possessive determiner, *y'all's* for a *your*
    whose possessor is visibly plural in the sentence; a *your* of unknown number stays. (The
    spelling without apostrophes, *yalls*, reads as a typo in written text.)
    Needs a *your* beside a plural cue (*you all ... your*); benchmark questions and third
    person narratives have no *your*.""",
    lemmas={"your"},
    tags={"PRP$"},
    examples=[
        ("You all should bring your books.",
         "You all should bring y'all's books."),
        ("Boys, you need to clean your room.",
         "Boys, you need to clean y'all's room."),
        ("Did you guys finish your homework?",
         "Did you guys finish y'all's homework?"),
        ('All of you should bring your books.',
         "All of you should bring y'all's books."),
        ('You are all welcome to bring your kids.',
         "You are all welcome to bring y'all's kids."),
        ('You should help each other with your homework.',
         "You should help each other with y'all's homework."),
    ],
    negatives=[
        "Did you finish your homework?",
        "You are a good student and your essay is great.",
        "Is this yours, guys?",
        'You should bring your books.',
        'All of them brought their books, and you forgot your pen.',
    ],
)


NASAL_POSSESSIVE = {"yours": "yourn", "his": "hisn", "hers": "hern", "ours": "ourn",
                    "theirs": "theirn"}
# Letter closings are fixed formulas (*Yours truly*), not possessive pronouns.
CLOSING_ADVERBS = frozenset({"truly", "sincerely", "faithfully", "ever"})


def _determiner_his(tok: Token) -> bool:
    """*his* as determiner (*his car*, *his regular-sized friend*), as opposed to independent
    *his* (*it's his*, *hers, not his*), which the tagger may also tag PRP$. A determiner is
    the possessor of a noun after it, with nothing but words and hyphens in between."""
    head = tok.head
    if (tok.dep_ == "poss" and head.i > tok.i and head.pos_ in ("NOUN", "PROPN", "NUM")
            and not any(t.is_punct and t.tag_ != "HYPH" for t in tok.doc[tok.i + 1:head.i])):
        return True
    # The parse may miss the noun (*his superior*, *in his prime* taken for adjectives, *his
    # or their consciences*): a word that begins a noun phrase right after *his* is its noun
    # or the noun's modifier; an independent *his* ends its phrase (*it's his*, *his or
    # yours*, *his better than ours*).
    doc = tok.doc
    after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    if after is None:
        return False
    if after.tag_ in NOUN_PHRASE_START_TAGS:
        return True
    return (after.tag_ == "CC" or after.text == "/") and tok.i + 2 < len(doc) and doc[tok.i + 2].tag_ == "PRP$"


# Tags of a word that starts the rest of a noun phrase after a determiner (not the
# comparative of *his better than ours*).
NOUN_PHRASE_START_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "JJ", "JJS", "CD", "VBG", "VBN"})


def _independent_possessive(tok: Token) -> bool:
    """Not the determiner *his*, nor the *yours* of a letter's closing (*Yours truly*)."""
    if tok.lower_ == "his" and _determiner_his(tok):
        return False
    return not (tok.lower_ == "yours" and next_lower(tok) in CLOSING_ADVERBS)


substitution_rule(
    "nasal_possessive_pron",
    NASAL_POSSESSIVE,
    where=_independent_possessive,
    doc="""Independent possessives with the nasal of *mine*: *yourn*, *hisn*, *hern*, *ourn*,
    *theirn*. Independent uses only (the determiner *his* stays); *mine* already has it.""",
    # the tagger often takes *hers*, *ours*, *theirs* for plural nouns of lemma her, our, their
    lemmas={"your", "yours", "his", "hers", "ours", "theirs", "her", "our", "their"},
    examples=[
        ("That book is hers, not his.", "That book is hern, not hisn."),
        ("The nurse told us about a friend of hers.", "The nurse told us about a friend of hern."),
        ("The car is theirs now.", "The car is theirn now."),
        ("Is the red one yours?", "Is the red one yourn?"),
        ("Ours is bigger than theirs.", "Ourn is bigger than theirn."),
        ("That's not yours, it's hers.", "That's not yourn, it's hern."),
        ('The red one is his.',
         'The red one is hisn.'),
        ('Is that car his or yours?',
         'Is that car hisn or yourn?'),
        ('I like his better than ours.',
         'I like hisn better than ourn.'),
    ],
    negatives=[
        "His car is red.",
        "Yours truly, Bob.",
        "That one is mine.",
        'He gave his regular-sized friend a ride.',
        'She fixed his old-fashioned clock.',
        'They sold his car.',
        # the parser takes the noun for an adjective, or coordinates the determiners
        'She obeyed him because he was her superior.',
        'He retired while still in his prime.',
        'Each keeps his or their own opinion.',
        'Ask the client about his/her past.',
    ],
)
