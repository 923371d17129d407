"""Adjectives (eWAVE 78-87): comparison (double, regularized, with *much*, *as*/*to*, only
*than*, *more ... and*, zero degree) and adjectives placed after their noun."""
from __future__ import annotations

import re
from typing import Iterator

from multivalue_cli.engine.animacy import could_be_person
from multivalue_cli.engine.docindex import is_blank
from multivalue_cli.engine.edits import Delete, Insert, Move, Replace, Site, site
from multivalue_cli.engine.morphology import dictionary_word, indefinite_article
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import lexically_capitalised, open_range_comparative

from .common import (
    COUNTING_ADJECTIVES, MORE_MODIFIERS, NON_GRADABLE, NON_GRADABLE_PREDICATES, PRENOMINAL_ONLY, capitalised_at,
    compound_noun, coordinated_adjectives, dictionary_comparative, is_noun, lexicon_forms, lower, noun_only,
    postposable_adjective, previous_word, regular_form,
)


def is_synthetic_degree(tok, tag: str) -> bool:
    """Whether ``tok`` is a true -er/-est (or suppletive) form of its lemma, not a mis-tag."""
    lemma = tok.lemma_.lower()
    if lemma == tok.lower_ or lemma in NON_GRADABLE:
        return False
    return tok.lower_ in lexicon_forms(lemma, tag)


def comparison_candidates(index, tag: str) -> Iterator:
    """Synthetic comparatives (``JJR``) or superlatives (``JJS``), including the ones the
    tagger took for a noun or plain adjective (*the prettiest sunsets* as a compound)."""
    suffix = "er" if tag == "JJR" else "est"
    words, tokens = index.words, index.tokens
    for i, tok_tag in enumerate(index.tag_of):
        if tok_tag == tag:
            if is_synthetic_degree(tokens[i], tag) and not capitalised_at(index, i):
                yield tokens[i]
        elif tok_tag in ("JJ", "NN"):
            low = words[i].lower()
            if low.endswith(suffix) and not is_noun(low):
                if adjective_lemma(tokens[i], tag) and not capitalised_at(index, i):
                    yield tokens[i]


def degree_lemma(tok, tag: str) -> str:
    """The adjective a comparative or superlative is a form of (*prettiest* -> *pretty*)."""
    return tok.lemma_.lower() if tok.tag_ == tag else adjective_lemma(tok, tag) or tok.lower_


def adjective_lemma(tok, tag: str) -> str | None:
    """For a word tagged as something else, the adjective it is the ``tag`` form of."""
    from lemminflect import getAllLemmas

    for lemma in getAllLemmas(tok.lower_, "ADJ").get("ADJ", ()):
        if lemma != tok.lower_ and lemma not in NON_GRADABLE:
            if tok.lower_ in lexicon_forms(lemma, tag):
                return lemma
    return None


def after_determiner(tok) -> bool:
    """Right after *the* or a possessive (*the easiest*, *my best*, *John's oldest*)."""
    if tok.i == 0:
        return False
    prev = tok.doc[tok.i - 1]
    return prev.lower_ == "the" or prev.tag_ in ("PRP$", "POS")


def in_at_phrase(tok) -> bool:
    """*at best*, *at the latest*: fixed superlative phrases."""
    return tok.dep_ in ("pobj", "advmod", "amod") and tok.head.lower_ == "at"


@rule(
    "double_comparative",
    tags={"JJR", "JJ", "NN"},
    examples=[
        ("That is so much easier to follow.", "That is so much more easier to follow."),
        ("Is your house bigger than mine?", "Is your house more bigger than mine?"),
        ("She felt better after she had eaten.", "She felt more better after she had eaten."),
    ],
    negatives=[
        "The more, the merrier.",
        "He has more books than me.",
        "The bigger, the better.",
        "See you later.",
        "Adults aged 21 years or older may enter.",
        "Is the score 90 or higher?",
    ],
)
def double_comparative(doc, index) -> Iterator[Site]:
    """Double comparatives: *more* added before a synthetic comparative adjective: *more
    easier, more bigger, more better*. Not in correlatives (*the bigger, the better*), on
    quantity words (*more, less, fewer*) or in an open range (*18 years or older*)."""
    for tok in comparison_candidates(index, "JJR"):
        if previous_word(index, tok.i) in ("the", "more", "less") or open_range_comparative(tok):
            continue
        yield site(Insert(tok.i, "more"))


@rule(
    "double_superlative",
    tags={"JJS", "JJ", "NN"},
    examples=[
        ("This is the easiest way.", "This is the most easiest way."),
        ("Who is your best friend?", "Who is your most best friend?"),
        ("It was one of the hottest days, wasn't it?",
         "It was one of the most hottest days, wasn't it?"),
    ],
    negatives=[
        "At least he tried.",
        "Most people agree.",
        "She is the most famous singer.",
        "It is at best a guess.",
    ],
)
def double_superlative(doc, index) -> Iterator[Site]:
    """Double superlatives: *most* added before a synthetic superlative after *the* or a
    possessive: *the most easiest, my most best friend*. Not in *at least/at best*, or on
    quantity words (*most, least*)."""
    for tok in comparison_candidates(index, "JJS"):
        if after_determiner(tok) and not in_at_phrase(tok):
            yield site(Insert(tok.i, "most"))


@rule(
    "synthetic_superlative",
    lemmas={"most"},
    examples=[
        ("He is the most regular kind of guy I know.", "He is the regularest kind of guy I know."),
        ("It was her most famous song.", "It was her famousest song."),
        ("Which is the most common name?", "Which is the commonest name?"),
        ("It is the most basic model.", "It is the basicest model."),
    ],
    negatives=[
        "Most people like it.",
        "It was the most interesting film.",
        "She is a most generous host.",
        "He helped the most.",
        "It is the most well-known song.",
        "Which school has the most high schoolers?",
        "What model has the most different versions?",
        "Who walked the most total miles?",
    ],
)
def synthetic_superlative(doc, index) -> Iterator[Site]:
    """Extension of synthetic comparison: *the most regular* -> *the regularest*, with the
    regular -est form of the adjective. Only superlatives (after *the* or a possessive), not
    *a most generous host* ("very"); not participles (*most interesting*) or compounds
    (*most well-known*)."""
    for most in index.by_lemma.get("most", ()):
        if most.tag_ != "RBS" or most.dep_ != "advmod" or not after_determiner(most):
            continue
        adj = most.head
        if adj.i != most.i + 1 or adj.tag_ != "JJ" or lexically_capitalised(adj):
            continue
        low = adj.lower_
        if not low.isalpha() or low.endswith(("ed", "ing")) or low in NON_GRADABLE:
            continue
        if adj.i + 1 < len(doc) and doc[adj.i + 1].tag_ == "HYPH":
            continue
        if compound_noun(low, adj.head.lemma_.lower()):
            continue  # *the most high schoolers* counts high schoolers
        if low in COUNTING_ADJECTIVES and adj.head.tag_ == "NNS" or low in PRENOMINAL_ONLY:
            continue  # *the most different versions*, *the most total distance*: *most* counts
        form = (lexicon_forms(low, "JJS") or (regular_form(low, "ADJ", "JJS"),))[0]
        if form == f"{low}{low[-1]}est" and len(re.findall("[aeiouy]+", low)) > 1:
            form = f"{low}est"  # a final consonant doubles only in one syllable (*big*, not *basic*)
        if form and form != low:
            yield site(Delete(most.i), Replace(adj.i, form))


@rule(
    "analytic_superlative",
    tags={"JJS", "JJ", "NN"},
    examples=[
        ("It is one of the prettiest sunsets.", "It is one of the most pretty sunsets."),
        ("Who is the tallest student in the class?", "Who is the most tall student in the class?"),
        ("Easiest questions come first in the test.", "Most easy questions come first in the test."),
    ],
    negatives=[
        "She is my best friend.",
        "At least he came.",
        "It was the worst day.",
        "The most beautiful city is Paris.",
    ],
)
def analytic_superlative(doc, index) -> Iterator[Site]:
    """Extension of analytic comparison: *the prettiest* -> *the most pretty*. Only regular
    -est superlatives (not suppletive *best, worst*) and not *at least / at best*."""
    for tok in comparison_candidates(index, "JJS"):
        lemma = degree_lemma(tok, "JJS")
        if not tok.lower_.endswith("est") or in_at_phrase(tok):
            continue
        if not tok.lower_.startswith(lemma[:-1]):
            continue  # suppletive: best, worst
        yield site(Replace(tok.i, f"most {lemma}"))


# --------------------------------------------------------------------------- more comparison


def than_standard(tok):
    """The *than* that introduces the standard of comparison of ``tok`` (*bigger than mine*),
    if it is a child of it; not the *than* of a quantity (*more than five*)."""
    for child in tok.children:
        if child.lower_ == "than" and child.dep_ in ("prep", "mark") and child.i > tok.i:
            return child
    return None


def clausal_standard(than) -> bool:
    """*than we thought*: *than* as the marker of a clause that modifies the comparative
    before it."""
    clause = than.head
    return (than.dep_ == "mark" and clause.dep_ in ("advcl", "ccomp") and clause.i > than.i
            and clause.head.i < than.i)


def analytic_more(adj):
    """The *more* of an analytic comparative (*more severe*), right before the adjective."""
    for child in adj.children:
        if child.lower_ == "more" and child.dep_ == "advmod" and child.i == adj.i - 1:
            return child
    return None


def synthetic_comparative(tok) -> bool:
    """An -er (or suppletive) comparative adjective or adverb, not *more/less/fewer*."""
    return tok.tag_ in ("JJR", "RBR") and is_synthetic_degree(tok, tok.tag_) and (
        tok.lemma_.lower() not in NON_GRADABLE
    )


def comparative_base(tok) -> str:
    """The base form of a comparative: *bigger* -> *big*, adjective *better* -> *good*,
    adverb *better* -> *well* (from the inflection lexicon)."""
    if tok.tag_ == "JJR":
        return adjective_lemma(tok, "JJR") or tok.lemma_.lower()
    return tok.lemma_.lower()


def comparatives_with_than(index) -> Iterator[tuple]:
    """``(kind, word, than)`` for each comparison with a *than*-standard: kind ``"synthetic"``
    (*bigger than*), ``"analytic"`` (*more severe than*, word = the adjective) or ``"verbal"``
    (*loves his car more than*, word = *more* modifying a verb)."""
    for than in index.by_lemma.get("than", ()):
        head = than.head
        if clausal_standard(than):
            head = head.head  # *more difficult than we thought*: *than* marks the clause
        elif getattr(than_standard(head), "i", None) != than.i:
            continue
        if lexically_capitalised(head):
            continue
        if previous_word(index, head.i) in ("any", "no") or previous_word(index, than.i) in ("any", "no"):
            continue  # *any more than*, *no more than*, *no later than*: quantity idioms
        if synthetic_comparative(head):
            yield "synthetic", head, than
        elif head.pos_ in ("ADJ", "ADV") and head.tag_ in ("JJ", "RB") and analytic_more(head):
            yield "analytic", head, than
        elif head.lower_ == "more" and head.dep_ == "advmod" and head.head.pos_ == "VERB":
            yield "verbal", head, than


@rule(
    "more_much",
    lemmas={"more"},
    examples=[
        ("The unemployment position is more severe than in Singapore.",
         "The unemployment position is much severe than in Singapore."),
        ("Is Paris more expensive than Rome?", "Is Paris much expensive than Rome?"),
        ("She said the test wasn't more difficult than the last one.",
         "She said the test wasn't much difficult than the last one."),
        ('This bag is more useful than that one, and she speaks more clearly than before.',
         'This bag is much useful than that one, and she speaks much clearly than before.'),
        ('The second test was more difficult than we thought.',
         'The second test was much difficult than we thought.'),
    ],
    negatives=[
        "It is more than five miles.",
        "He has more books than me.",
        "It is bigger than mine.", "It is much more expensive than mine.",
        "It gets more and more difficult.",
        "The more you practise, the better you play.",
        "I don't drive any more.", 'Who was more likely to win?',
        'They like more stereotypically masculine games.',
        'Who is interested in more stereotypically masculine games?', 'Can you speak a bit more slowly?',
        'Could you be a little more careful?', 'Rent is 10% more expensive now.', 'Add more cold milk.',
        'On Sunday the cook made 5 more dumpling than on Monday.',
        'Who is more intelligent?', 'The new plan makes both teams more similar.',
        'Prices have become more affordable since the war.',
    ],
)
def more_much(doc, index) -> Iterator[Site]:
    """*much* as comparative marker: *much severe than* 'more severe than'. The *more* of an
    analytic comparative of an adjective or adverb that has a *than*-standard: without one,
    *much* before a plain adjective reads as the intensifier (*much similar* 'very similar')
    and the comparison is lost. Not where *more* is already modified (*much more*, *far
    more*, *any more*: *much much severe* doubles the marker, and *any much* is no
    comparison), in *more and more* or in correlatives (*the more ...*)."""
    for kind, adj, _ in comparatives_with_than(index):
        more = analytic_more(adj) if kind == "analytic" else None
        if more is not None and plain_comparative_more(index, more, adj):
            yield site(Replace(more.i, "much"))


def plain_comparative_more(index, more, adj) -> bool:
    """*more* as the marker of an adjective's or adverb's comparative, on its own."""
    if adj.pos_ not in ("ADJ", "ADV") or adj.tag_ not in ("JJ", "RB") or lexically_capitalised(adj):
        return False
    if previous_word(index, more.i) in MORE_MODIFIERS or more.n_lefts or more.i and index.tokens[more.i - 1].like_num \
            or any(c.dep_ in ("npadvmod", "nummod") and c.i < more.i for c in adj.children):
        return False  # *much more*, *a little more*, *1 more*, *20% more*: a degree or quantity of *more*
    low, starts_phrase = adj.lower_, previous_word(index, more.i) not in ("a", "an", "the")
    if noun_only(low) or adj.dep_ == "amod" and not dictionary_word(low) or adj.dep_ == "amod" and (
            starts_phrase and adj.head.pos_ == "NOUN" and dictionary_comparative(low)):
        return False  # *1 more dumpling*, *more decluterring vlogs*, *more hot water* (not *hotter*)
    modifies_modifier = adj.dep_ == "advmod" and adj.head.dep_ in ("amod", "advmod", "acomp")
    if modifies_modifier or adj.head.pos_ in ("ADJ", "ADV") or adj.lower_ in NON_GRADABLE_PREDICATES:
        return False  # *more stereotypically masculine*, *more likely to*: no adjective compared
    return not (more.i + 2 < len(index.words) and lower(index, more.i + 1) == "and"
                and lower(index, more.i + 2) == "more")


@rule(
    "comparative_as_to",
    lemmas={"than"},
    examples=[
        ("It is worse than before.", ["It is worse as before.", "It is worse to before."]),
        ("Is your house bigger than mine?",
         ["Is your house bigger as mine?", "Is your house bigger to mine?"]),
        ("She is more careful than her brother.", "She is more careful as her brother."),
        # to + a person after an adjective of conduct reads as whom one treats so
        ("Of the two teachers, Mr Lee was kinder than Mrs Park.",
         "Of the two teachers, Mr Lee was kinder as Mrs Park."),
    ],
    negatives=[
        "It is more than five miles.",
        "I would rather walk than drive.",
        "Anyone other than John can go.",
    ],
)
def comparative_as_to(doc, index) -> Iterator[Site]:
    """*as* or *to* as comparative markers: *worse as* 'worse than'. Only the *than* of a
    comparative adjective or adverb (synthetic or with *more*); not *more than five* (a
    quantity), *rather than* or *other than*. Both attested markers are offered where the
    standard is a noun phrase (*bigger as / to mine*); before numbers, prepositional
    phrases and clauses only *as* (*darker as in the photo*; *to in the photo* is no form)."""
    for kind, word, than in comparatives_with_than(index):
        if kind == "verbal" or sum(t.lower_ == "than" for t in than.sent) > 1:
            continue  # (two *than*s: one as would leave a half-changed comparison)
        # the comparative is claimed as it stands: without its -er or *more* (feature 84),
        # *fast as light* reads as the equative *as fast as*
        keep = [Replace(t.i, t.text) for t in (word, *word.children) if t is word or t.lower_ == "more"]
        if nominal_standard(than) and not _person_standard(than):
            yield site(Replace(than.i, "as"), *keep, alternatives=((Replace(than.i, "to"), *keep),))
        else:
            yield site(Replace(than.i, "as"), *keep)


def _person_standard(than) -> bool:
    """*than Jennifer*, *than her brother*: after an adjective of conduct *to* + a person
    reads as whom one treats so (*worse to Jennifer*), so only *as* marks the comparison."""
    return any(c.dep_ == "pobj" and could_be_person(c) for c in than.children)


def nominal_standard(than) -> bool:
    """*than mine*, *than the lake*: the standard is a noun phrase (not a number, a
    prepositional phrase or a clause), the only place where *to* is used."""
    objs = [c for c in than.children if c.dep_ == "pobj"]
    if len(objs) != 1 or objs[0].pos_ not in ("NOUN", "PROPN", "PRON") or objs[0].like_num:
        return False
    return not any(t.pos_ in ("VERB", "AUX") for t in objs[0].subtree)


@rule(
    "comparative_than",
    lemmas={"than"},
    examples=[
        ("He loves his car more than his children.", "He loves his car than his children."),
        ("Is your house bigger than mine?", "Is your house big than mine?"),
        ("It's more expensive than the old one, isn't it?",
         "It's expensive than the old one, isn't it?"),
        ("She sings better than me.", "She sings well than me."),
        ('This road is busier than the old one.',
         'This road is busy than the old one.'),
        ('He runs faster than his brother.',
         'He runs fast than his brother.'),
        ('The test was more difficult than we thought.',
         'The test was difficult than we thought.'),
    ],
    negatives=[
        "It is more than five miles.",
        "He has fewer books than me.",
        "It is less expensive than the car.",
        "The bigger, the better.",
        "I don't like it any more than you do.",
        'It costs no more than ten dollars.',
        'Come no later than noon.',
    ],
)
def comparative_than(doc, index) -> Iterator[Site]:
    """Comparison marked only by *than*: *he loves his car than his children*, *big than
    mine*. The -er form becomes the base form (from the inflection lexicon: *better* ->
    *good/well*), the *more* of analytic and verbal comparatives goes. *less* and *fewer*
    stay: without them the comparison would be read the other way round."""
    for kind, word, _ in comparatives_with_than(index):
        if kind == "synthetic":
            conjuncts = [word, *(c for c in word.children if c.dep_ == "conj" and synthetic_comparative(c))]
            yield site(*(Replace(t.i, comparative_base(t)) for t in sorted(conjuncts, key=lambda t: t.i)))
        elif kind == "analytic":
            yield site(Delete(analytic_more(word).i))
        else:
            yield site(Delete(word.i))


@rule(
    "comparative_more_and",
    lemmas={"than"},
    examples=[
        ("They would have more powder on their hands than in their faces.",
         "They would have more powder on their hands and in their faces."),
        ("The new law gives more power to local councils than to the government.",
         "The new law gives more power to local councils and to the government."),
        ("Why is there more snow in the north than in the south?",
         "Why is there more snow in the north and in the south?"),
    ],
    negatives=[
        "It is more than five miles.",
        "He is taller than me.",
        "It is more expensive than that.",
        "Why did you buy more apples than oranges?",
        "She scored three more goals than in the final.",
        "The flood was caused by more rain than by the broken dam.",
        "The soup had more salt in the bowl than in the pot because the _ was stirred less.",
    ],
)
def comparative_more_and(doc, index) -> Iterator[Site]:
    """Comparison with *more ... and*: *more powder on their hands and in their faces* 'than
    in their faces'. As attested, two prepositional phrases are compared: *more* + noun, the
    first phrase (*on their hands*), the *than* of the second, which becomes *and*. Without
    a first phrase (*20 more pushups than on day one*, *caused by more worry than by ...*)
    *and* joins the standard to the noun's phrase and the comparison is lost; nor after a
    number (*four more balls*: *and* makes the difference a sum). Not *more than five*,
    adjectives or noun phrase standards (*more goals and the captain* reads as coordination).
    Not in a fill-in item: its blank names one of the two things compared, and the answer
    hinges on which has more; *and* lets the comparison read as more in both."""
    if any(is_blank(t.text) for t in doc):
        return
    for than in index.by_lemma.get("than", ()):
        head = than.head
        if than.dep_ not in ("prep", "mark") or than.i < head.i:
            continue
        if than.i + 1 >= len(doc) or doc[than.i + 1].dep_ != "prep" or doc[than.i + 1].head.i != than.i:
            continue  # the attested standard is a place or circumstance: *than in their faces*
        nouns = [head] if head.pos_ == "NOUN" else [c for c in head.children if c.dep_ in ("dobj", "attr")]
        if any(quantity_more(noun) and first_compared_phrase(noun, than) for noun in nouns if noun.i < than.i):
            yield site(Replace(than.i, "and"))


def first_compared_phrase(noun, than) -> bool:
    """A prepositional phrase of the noun or its verb between the noun and *than*
    (*more powder [on their hands] than ...*), and no number counting the difference."""
    if any(c.dep_ == "nummod" or c.like_num for c in noun.children):
        return False
    heads = (noun.i, noun.head.i)
    return any(t.dep_ in ("prep", "dative") and t.head.i in heads for t in noun.doc[noun.i + 1:than.i])


def quantity_more(noun) -> bool:
    """*more powder*: a noun with *more* right before it as its quantifier."""
    return any(
        c.lower_ == "more" and c.dep_ in ("amod", "det") and c.i == noun.i - 1
        for c in noun.children
    )


def attributive_superlative(tok) -> bool:
    """A superlative that modifies a noun after it (*the tallest student*), after *the* or a
    possessive; used alone (*she is the tallest*) it would leave *the tall*."""
    return tok.dep_ == "amod" and tok.head.pos_ == "NOUN" and tok.head.i > tok.i


def one_of_many(noun) -> bool:
    """*one of the most radical students*: the plural is a set one member is picked from, so
    *most* grades the adjective (it cannot count)."""
    head = noun.head
    return noun.dep_ == "pobj" and head.lower_ == "of" and head.head.lower_ == "one"


SUPERLATIVE_POSTMODIFIERS = frozenset({"possible", "imaginable", "conceivable"})  # the ... N possible


def degree_understood(noun) -> bool:
    """The phrase of ``noun`` says by itself that its adjective is of the highest degree, as
    in eWAVE's example (*one of the radical students that you can ever find*): a member of a
    set (*one of the ...*), a modifier over every case (*ever recorded*, *of all time*), or
    an adjective only a superlative takes (*possible*). Without one, *the high mountain*
    reads as a plain description, and a superlative that picks the answer is lost."""
    if one_of_many(noun):
        return True
    after = [t for t in noun.subtree if t.i > noun.i]
    if any(t.lower_ == "ever" for t in after):
        return True
    for of in (t for t in after if t.lower_ == "of" and t.dep_ == "prep" and t.head.i == noun.i):
        objects = [c for c in of.children if c.dep_ == "pobj"]
        if any(o.lower_ == "all" or any(d.lower_ == "all" for d in o.children) for o in objects):
            return True  # *of all*, *of all time*
    return any(c.dep_ == "amod" and c.i > noun.i and c.lower_ in SUPERLATIVE_POSTMODIFIERS for c in noun.children)


def coordinated_adjective(adj) -> bool:
    """*the fastest and easiest way*: the other adjective would keep its degree."""
    return adj.dep_ == "conj" or any(c.dep_ == "conj" for c in adj.children)


@rule(
    "zero_degree",
    tags={"JJS", "RBS"},
    examples=[
        ("He is one of the most radical students that you can ever find.",
         "He is one of the radical students that you can ever find."),
        ("Is he one of the tallest students in the class?",
         "Is he one of the tall students in the class?"),
        ("It was the hardest exam that we ever took, wasn't it?",
         "It was the hard exam that we ever took, wasn't it?"),
        ('It is one of the most famous songs.',
         'It is one of the famous songs.'),
        ('That was the coldest winter ever recorded here.',
         'That was the cold winter ever recorded here.'),
        ('She is the kindest teacher of all.',
         'She is the kind teacher of all.'),
        ('We need the tallest ladder possible.',
         'We need the tall ladder possible.'),
    ],
    negatives=[
        "She is the tallest.",
        "Most people agree.",
        "At least he tried.",
        "He is my best friend.",
        "It is the most well-known song.",
        'She is the tallest.',
        'It is at best a guess.',
        'He sang the best song.',
        'Which grade has the most high schoolers?',
        'What model has the most different versions?',
        'Which continent has the most diverse languages?',
        'Who is the oldest singer?',
        'What is the highest mountain in Wales?',
        'Round the answer to the nearest whole number.',
        'The fastest runner won the race.',
        'Which box holds the largest number of pens?',
        'It was the quickest and easiest route ever taken.',
    ],
)
def zero_degree(doc, index) -> Iterator[Site]:
    """Zero marking of degree: *one of the radical students that you can ever find*. *most*
    of an analytic superlative goes, a regular -est superlative becomes its base form. Only
    attributive superlatives after *the* or a possessive, where the phrase still says the
    degree is the highest (:func:`degree_understood`), as in the attested example: a bare
    *the high mountain* reads as a plain description, and a superlative that picks the
    answer (*what is the brightest star*, *to the nearest integer*) changes the question.
    Not coordinated superlatives (*the fastest and easiest way*), *most* before a plural
    (*the most different versions* may count), suppletive *best/worst*, superlatives used
    alone (*she is the tallest*), *most* as a quantifier or *at least*."""
    for most in index.by_lemma.get("most", ()):
        adj = most.head
        if most.tag_ != "RBS" or most.dep_ != "advmod" or adj.i != most.i + 1:
            continue
        if not after_determiner(most) or not attributive_superlative(adj) or adj.tag_ != "JJ":
            continue
        if adj.i + 1 < len(doc) and doc[adj.i + 1].tag_ == "HYPH":
            continue
        if compound_noun(adj.lower_, adj.head.lemma_.lower()) or (
                adj.head.tag_ == "NNS" and not one_of_many(adj.head)):
            continue  # *the most high schoolers*, *has the most different versions*: before a
            # plural, *most* may count (the greatest number of), not grade
        if adj.lower_ in PRENOMINAL_ONLY or not degree_understood(adj.head) or coordinated_adjective(adj):
            continue
        yield site(Delete(most.i))
    for tok in comparison_candidates(index, "JJS"):
        lemma = degree_lemma(tok, "JJS")
        if not tok.lower_.endswith("est") or not tok.lower_.startswith(lemma[:-1]):
            continue  # suppletive: best, worst
        if not after_determiner(tok) or not attributive_superlative(tok) or in_at_phrase(tok):
            continue
        if degree_understood(tok.head) and not coordinated_adjective(tok):
            yield site(Replace(tok.i, lemma))


# The vague nouns of general extenders (*or something*, *and stuff*, *or some crap*): they
# name no thing, but the category of what was just said.
GENERAL_EXTENDER_NOUNS = frozenset("thing things stuff shit crap junk nonsense bullshit".split())


def general_extender(index, noun: int) -> bool:
    """``noun`` closes a general extender: the last conjunct after *or/and* (*it's fake or
    some dumb shit*, *cartoons and silly stuff*), a vague noun
    (:data:`GENERAL_EXTENDER_NOUNS`) with at most *some* before its adjectives, at the end of
    its clause. The tag is a fixed formula; the adjective in it is part of the formula."""
    if index.dep_of[noun] != "conj" or index.lemma_of[noun] not in GENERAL_EXTENDER_NOUNS:
        return False
    before = index.tokens[noun].left_edge.i - 1  # the coordinator may hang on any conjunct
    if before < 0 or lower(index, before) not in ("or", "and"):
        return False
    if any(index.dep_of[c] == "det" and lower(index, c) != "some" for c in index.child_positions(noun)):
        return False
    nxt = noun + 1
    return nxt >= len(index.words) or not index.words[nxt][:1].isalnum()


@rule(
    "adj_postfix",
    tags={"JJ"},
    examples=[
        ("They bought a big saucepan.", "They bought a saucepan big."),
        ("Did you see an old car outside?", "Did you see a car old outside?"),
        ("Her red shoes were new, but I didn't like them.", "Her shoes red were new, but I didn't like them."),
        ("The young teacher smiled at us.", "The teacher young smiled at us."),
        ('They live in a big and old house.',
         'They live in a house big and old.'),
        ('She bought a cheap but new car.',
         'She bought a car cheap but new.'),
        ('We saw a tall tree.',
         'We saw a tree tall.'),
        ('The tall candidate spoke first, and the short candidate spoke last.',
         'The candidate tall spoke first, and the candidate short spoke last.'),
        ('We ate at a quiet restaurant.',
         'We ate at a restaurant quiet.'),
        ('He sold the old stuff at a yard sale.',
         'He sold the stuff old at a yard sale.'),
    ],
    negatives=[
        "It is a very big house.",
        "The house is big.",
        "He is my own brother.",
        "It was the first day.",
        "She has a big old house.",
        "He passed the final exam.",
        "I like my old ones.",
        "He is such a nice guy.",
        'What are the names of high schoolers?',
        'One of them was a red head.',
        'She has a very big and old house.',
        'What are the distinct states?',
        'We tested different models.',
        # after a bare noun the adjective would read as an adverb
        'Good evening, I have a booking.',
        'They always write clean code.',
        'We should drink fresh water daily.',
        # a postmodifier right after the noun
        'They sold the large pieces of furniture.', 'She is a huge fan of jazz.',
        'List the title and short summary of every chapter.', # a verb of naming: a name
        'They decided to call the song the long goodbye.',
        # a bare noun: the name of a kind, or an adjective that would read as its predicate
        'Fresh bread smells wonderful.', 'We should make tired children happy.',
        # an adjective that is an adverb too would read as one after the noun
        'Thanks for all your hard work.', 'She left at an early hour.',
        # nouns sharing the adjective; a kind named by adjective and noun
        'She cleaned the dirty cups and plates.', 'He caught a common cold last week.',
        'He spoke about the "new economy" in his talk.',
        # the same noun with another modifier: the adjective contrasts the two
        'She wore the red dress, and her sister wore the silk dress.',
        # a general extender closing a list: a fixed tag
        'They said the photo was edited or some weird stuff.',
        'He kept talking about taxes and some boring stuff, you know.',
    ],
)
def adj_postfix(doc, index) -> Iterator[Site]:
    """Attributive adjectives after the head noun: *sospen ain* 'iron saucepan', *a house
    big*. A single plain, gradable adjective (one with a comparative: *big, old, new*), or
    two joined by *and*/*or*/*but* (*a house big and old*), directly before a common noun with no
    other modifier, so that the order of several modifiers need not be decided; not
    classifying adjectives (*public school, final exam*) or compounds (*high schoolers*, a
    documented list) that form a unit with the noun, nor determiner-like or ordering ones
    (*own, other, first*). The noun has a determiner or possessive, as in the attested
    phrase (*a big iron saucepan*): a bare adjective + noun is mostly the name of a kind
    (*white light, brown sugar*), and after a bare noun the adjective reads as its predicate
    (*comfort people happy*). Not adjectives that are adverbs too (*hard, early, high*),
    which after the noun read as adverbs (*your works hard*, *from a date early*), nor one
    that the noun's conjuncts share (*a new chemical and container*). *a/an* is chosen again for the noun that now follows it (*an old car* -> *a car
    old*)."""
    for tok in index.by_tag.get("JJ", ()):
        adj = tok.i
        end = adj + 1 if postposable_adjective(index, adj) else coordinated_adjectives(index, adj)
        if end is None:
            continue
        noun = index.head_of[adj]
        if general_extender(index, noun):
            continue  # "... or some dumb stuff": a fixed tag that closes a list, no described noun
        ops = [Move(adj, end, noun, after=True)]
        prev = adj - 1
        if prev >= 0 and lower(index, prev) in ("a", "an") and index.dep_of[prev] == "det":
            article = indefinite_article(index.words[noun])
            if article != lower(index, prev):
                ops.append(Replace(prev, article))
        yield site(*ops)
