"""What several noun phrase rules use: word classes, the inflection lexicon's regular forms,
and tests on a noun's number, determiner and context."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from multivalue_cli.engine.animacy import is_animate
from multivalue_cli.engine.edits import Site, touched_tokens
from multivalue_cli.engine.morphology import dictionary_word
from multivalue_cli.engine.syntax import lexically_capitalised
from multivalue_cli.engine.wordlists import wordlist


# Words in a noun phrase that require a singular or mass noun: "much advices", "this
# informations", "an equipments" would be ungrammatical in the dialect too.
SINGULAR_MARKERS = frozenset(
    "a an this that much little less every each another either neither one".split()
)

# Nouns that a/an turns into a measure or quantity expression ("a lot", "a few",
# "twice a day") or fixed phrase ("for a while", "in a way"), where another article is not
# the feature.
QUANTITY_NOUNS = wordlist("quantity_nouns")
ARTICLE_IDIOM_NOUNS = wordlist("article_idiom_nouns")
FIXED_ARTICLE_NOUNS = QUANTITY_NOUNS | ARTICLE_IDIOM_NOUNS
# Ordinals that name a fraction after a/an (*a third of it*, *a fifth of the cake*).
FRACTION_WORDS = frozenset(
    "third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth twentieth hundredth "
    "thousandth".split())
# Words before a/an that make it part of another construction ("such a", "what a", "half an").
ARTICLE_FRAMES = frozenset("such what quite rather many half once twice per upon".split())

# Nouns after which "the" is part of a fixed expression ("by the way", "the rest").
DEFINITE_IDIOM_NOUNS = wordlist("definite_idiom_nouns")

# Heads of partitive "of"-phrases, before which "the" stays: "one/some/most of the books".
PARTITIVE_POS = frozenset({"NUM", "PRON", "ADJ", "DET"})

# Nouns whose possessive is no real possession (body parts, *lose one's way*, *my turn*):
# a demonstrative or a for-phrase would read as a contrast or a change of meaning.
INALIENABLE_NOUNS = wordlist("possessive_idiom_nouns")
# Nouns of time, which with a demonstrative form time adverbials (*this morning, those days*).
TIME_NOUNS = wordlist("time_nouns")

PERSON_NOUNS = wordlist("person_nouns")

# Quantifier-like words that are no adjectives to compare.
NON_GRADABLE = frozenset("much many little few more most less least far late".split())


# --------------------------------------------------------------------------- adjectives

# Adjectives that do not follow the noun: determiner-like, quantity and order words.
PRENOMINAL_ONLY = frozenset(
    "own other same such only first last next previous main whole entire certain many few "
    "much little several various own former latter mere sheer very real total distinct "
    "different separate particular specific individual respective".split()
)


@lru_cache(maxsize=4096)
def dictionary_comparative(adjective: str) -> bool:
    """Whether the inflection dictionary lists a comparative for ``adjective`` (gradable
    adjectives: *big, old, simple*; not *final, public, northern*)."""
    from lemminflect import getAllInflections

    return bool(getAllInflections(adjective, "ADJ").get("JJR"))


ADJECTIVE_NOUN_COMPOUNDS = wordlist("adjective_noun_compounds")
FLAT_ADVERBS = wordlist("flat_adverbs")  # also colloquial adverbs (*drive slow*, *did good*)
# Verbs of naming, whose object complement is a name or title (*name it the new house*).
NAMING_VERBS = frozenset("name call title dub entitle rename christen".split())
# Adjectives of likelihood, whose *much* reads as "very" even beside a comparison.
NON_GRADABLE_PREDICATES = frozenset({"likely", "unlikely", "probable"})
# Words that make *more* part of another phrase: *much more*, *any more*, *the more*.
MORE_MODIFIERS = frozenset("much far any no the even still way lot lots once many".split())
# Adjectives with which *the most* + plural counts (*the most different versions*, the
# greatest number of them) rather than grades.
COUNTING_ADJECTIVES = frozenset("different distinct unique separate various individual".split())


def compound_noun(adjective: str, noun: str) -> bool:
    """*high school*, or an agent noun of one (*high schooler*, *old timer*)."""
    stems = (noun, noun[:-2]) if noun.endswith("er") else (noun,)
    return any(f"{adjective} {stem}" in ADJECTIVE_NOUN_COMPOUNDS for stem in stems)


# --------------------------------------------------------------------------- morphology


@lru_cache(maxsize=4096)
def regular_form(lemma: str, upos: str, tag: str) -> str | None:
    """The regular (suffixed) ``tag`` form of ``lemma``, even where the lexicon has an
    irregular or no form: wife -> wifes, furniture -> furnitures, regular -> regularest."""
    from lemminflect import getAllInflectionsOOV

    forms = getAllInflectionsOOV(lemma, upos).get(tag)
    return forms[0] if forms else None


@lru_cache(maxsize=4096)
def lexicon_forms(lemma: str, tag: str) -> tuple[str, ...]:
    """The forms the lexicon lists for ``lemma`` and ``tag`` (empty for unknown words)."""
    from lemminflect import getInflection

    return tuple(getInflection(lemma, tag=tag))


def lower(index, i: int) -> str:
    """Token ``i``'s lower-cased text (``Token.lower_``)."""
    return index.words[i].lower()


def capitalised_at(index, i: int) -> bool:
    """``lexically_capitalised`` for token ``i``."""
    return lexically_capitalised(index.tokens[i])


def first_conjunct_at(index, i: int) -> int:
    """``first_conjunct`` for token ``i``: the position of its coordination's first noun."""
    dep_of, head_of = index.dep_of, index.head_of
    while dep_of[i] == "conj" and head_of[i] != i:
        i = head_of[i]
    return i


def followed_by_possessive(index, i: int) -> bool:
    """Token ``i`` is followed by a possessive *'s* or *'*."""
    return i + 1 < len(index.tag_of) and index.tag_of[i + 1] == "POS"


@lru_cache(maxsize=4096)
def is_noun(word: str) -> bool:
    from lemminflect import getAllLemmas

    return bool(getAllLemmas(word, "NOUN"))


def previous_word(index, i: int) -> str:
    return lower(index, i - 1) if i > 0 else ""


def definite_article(index, noun: int) -> int | None:
    """The position of the *the* of a noun phrase, if it has one (*the boys*, not *the boys'*
    possessor)."""
    for child in index.child_positions(noun):
        if index.dep_of[child] == "det" and lower(index, child) == "the" and child < noun:
            return child
    return None


def has_of_complement(index, noun: int) -> bool:
    """*a glass of water*, *a basket of apples*: the noun measures or contains another, and
    *the glass* or *one basket* would single out the container."""
    return any(index.dep_of[c] == "prep" and lower(index, c) == "of" for c in index.child_positions(noun))


def clause_verb(index, i: int) -> int | None:
    """The position of the verb of the clause token ``i`` (a noun) belongs to."""
    head_of, pos_of = index.head_of, index.pos_of
    for _ in range(len(head_of)):  # walks up as Token.ancestors, with its guard against cycles
        if head_of[i] == i:
            break
        i = head_of[i]
        if pos_of[i] in ("VERB", "AUX"):
            return i
    return None


ARGUMENT_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "pobj"})

# Adjectives and determiners that make a noun phrase definite by themselves (*the same, the
# first, the only, the next*): another determiner before them is no longer the feature.
DEFINITE_MODIFIERS = frozenset(
    "same other only first last next previous following former latter very entire whole "
    "own such certain "
    # aggregates pick out one value, as superlatives do (the maximum share, the average age)
    "maximum minimum average total mean median overall".split()
)

# Nouns with one referent in the speaker's world (*the sun*), the attested context of 61.
UNIQUE_NOUNS = wordlist("unique_natural_nouns")


def has_conjunct(index, noun: int) -> bool:
    dep_of = index.dep_of
    return dep_of[noun] == "conj" or any(dep_of[c] == "conj" for c in index.child_positions(noun))


def plain_noun_phrase(index, det: int, noun: int) -> bool:
    """Between determiner and noun (positions) only adjectives, adverbs and nouns, none of
    which makes the phrase definite by itself (*the same*, *the first*) or is a superlative."""
    tag_of, pos_of = index.tag_of, index.pos_of
    for i in range(det + 1, noun):
        if lower(index, i) in DEFINITE_MODIFIERS or tag_of[i] in ("JJS", "RBS", "CD", "POS", "PRP$"):
            return False
        if pos_of[i] not in ("ADJ", "ADV", "NOUN", "PUNCT", "CCONJ"):
            return False
        if pos_of[i] == "ADJ" and noun_only(lower(index, i)):
            return False  # *teaching the assistant new techniques* read as one phrase
    return True


@lru_cache(maxsize=4096)
def noun_only(word: str) -> bool:
    """A word the lexicon knows as a noun and never as an adjective (*assistant*): tagged as
    an adjective, it shows a misparse (two noun phrases taken for one)."""
    from lemminflect import getAllLemmas

    return word.isalpha() and bool(getAllLemmas(word, "NOUN")) and not getAllLemmas(word, "ADJ")


def common_noun_head(index, det: int) -> bool:
    """Token ``det`` determines a common noun to its right that is no name or title word."""
    noun = index.head_of[det]
    return (
        index.dep_of[det] == "det"
        and index.tag_of[noun] in ("NN", "NNS")
        and noun > det
        and not capitalised_at(index, noun)
        and not capitalised_at(index, det)
    )


def by_position(sites: Iterator[Site]) -> list[Site]:
    """Sites in document order (the two possessive kinds are found separately)."""
    return sorted(sites, key=lambda s: min(min(touched_tokens(v)) for v in s.variants()))


# --------------------------------------------------------------------------- adjective order


NOUN_MODIFIER_DEPS = frozenset({"amod", "compound", "nummod", "nmod"})


def postposable_adjective(index, adj: int) -> bool:
    """A lone attributive adjective (position ``adj``) right before its noun, with nothing of
    its own (*a big house*, not *a very big house* or *a big and old house*)."""
    tag_of, dep_of = index.tag_of, index.dep_of
    noun = index.head_of[adj]
    if dep_of[adj] != "amod" or tag_of[adj] != "JJ" or noun != adj + 1 or index.children(adj):
        return False
    low = lower(index, adj)
    if low in PRENOMINAL_ONLY or capitalised_at(index, adj) or not index.tokens[adj].is_alpha:
        return False
    if not dictionary_comparative(low):
        return False  # classifying adjectives (*public, final, northern*) stay before the noun
    if quoted_term(index, adj, noun):
        return False
    if tag_of[noun] not in ("NN", "NNS") or capitalised_at(index, noun) or dep_of[noun] == "compound":
        return False
    if dep_of[noun] == "oprd" and index.lemma_of[index.head_of[noun]] in NAMING_VERBS:
        return False  # *name it the new house*: a name, kept as it is
    if lower(index, noun) in ("one", "ones") or index.lemma_of[noun] in FIXED_ARTICLE_NOUNS:
        return False  # *my old ones*, *a long way*, *a good time*
    if adj > 1 and lower(index, adj - 2) in ARTICLE_FRAMES:
        return False  # *such a nice guy*, *what a good idea*
    if compound_noun(low, index.lemma_of[noun]):
        return False  # *high schoolers*, *a red head*: a compound, not a described noun
    if dictionary_word(low, "ADV") or not determined_noun(index, noun) or shared_by_conjuncts(index, noun):
        return False  # *works hard*, *a date early*; *people happy*, *rice golden*
    if contrasted_noun(index, adj, noun):
        return False
    modifiers = [c for c in index.child_positions(noun) if dep_of[c] in NOUN_MODIFIER_DEPS]
    return modifiers == [adj] and not followed_by_possessive(index, noun) and bounded_noun(index, noun)


QUOTES = frozenset('" “ ” \' ‘ ’ `` \'\''.split())


def quoted_term(index, adj: int, noun: int) -> bool:
    """*developing "green communities"*, *a "poor eater"*: adjective and noun in quotation
    marks, a term that is mentioned or named, kept as it is."""
    return (adj > 0 and index.words[adj - 1] in QUOTES) or (
        noun + 1 < len(index.words) and index.words[noun + 1] in QUOTES)


def contrasted_noun(index, adj: int, noun: int) -> bool:
    """The noun stands elsewhere in the text with another modifier before it (*the black
    shirt ... the gold shirt*, *brown sugar ... white sugar*, *a green tea or a jasmine
    tea*): the adjective tells one kind or referent from the other, and moved in one phrase
    only, the parallel is broken. A contrast of two adjectives that both move (*the
    candidate tall ... the candidate short*) keeps it."""
    lemma, lemma_of, dep_of = index.lemma_of[noun], index.lemma_of, index.dep_of
    return any(
        lemma_of[j] == lemma and j != noun and any(
            dep_of[c] in ("amod", "compound", "nmod") and c < j and lower(index, c) != lower(index, adj)
            and not movable_like(index, c, j) for c in index.child_positions(j))
        for j in range(len(lemma_of)))


def movable_like(index, adj: int, noun: int) -> bool:
    """A modifier the rule moves as it moves ``adj`` (checked in part: a plain gradable
    adjective, no adverb, right before a determined noun)."""
    low = lower(index, adj)
    return (index.dep_of[adj] == "amod" and index.tag_of[adj] == "JJ" and adj == noun - 1
            and dictionary_comparative(low) and not dictionary_word(low, "ADV")
            and low not in PRENOMINAL_ONLY and determined_noun(index, noun))


def shared_by_conjuncts(index, noun: int) -> bool:
    """The noun is joined to another without a determiner of its own (*a new chemical and
    container*, *every white man, woman or child*): the adjective before the first may
    describe them all, and moved after the first it describes that one only."""
    dep_of = index.dep_of
    return any(dep_of[c] == "conj" and not determined_noun(index, c) for c in index.child_positions(noun))


def determined_noun(index, noun: int) -> bool:
    """The noun has a determiner or possessive of its own (*a nice demeanor*, *your hard
    work*). After a bare noun an adjective reads as a predicate of it (*comfort people
    happy*: made happy) or an adverb (*practice science good*), and a bare adjective + noun is
    mostly the name of a kind (*white light, brown sugar, full name*), not a described
    thing."""
    return any(index.dep_of[c] in ("det", "poss") for c in index.child_positions(noun))


def bounded_noun(index, noun: int) -> bool:
    """No postmodifier starts right after the noun (*the province of Rouen*, *a fit with*,
    *the name General Motors*), nor one of the first conjunct shared by this one (*the id and
    name of each*): the adjective moved there would be wedged between them and read as
    taking the phrase as its own complement (*a suit new for the CEO*, *name full of each*)."""
    heads = (noun, index.head_of[noun]) if index.dep_of[noun] == "conj" else (noun,)
    return not any(index.tokens[k].left_edge.i == noun + 1 and index.dep_of[k] not in ("punct", "cc")
                   for h in heads for k in index.child_positions(h))


def coordinated_adjectives(index, adj: int) -> int | None:
    """*a big and old house*: the end (exclusive) of two plain gradable adjectives joined by
    *and*/*or*/*but* right before their noun, starting at ``adj``; None otherwise."""
    dep_of, tag_of = index.dep_of, index.tag_of
    noun = index.head_of[adj]
    if dep_of[adj] != "amod" or tag_of[adj] != "JJ" or noun != adj + 3:
        return None
    kids = index.child_positions(adj)
    if [dep_of[k] for k in kids] != ["cc", "conj"] or kids != [adj + 1, adj + 2]:
        return None
    if lower(index, adj + 1) not in ("and", "or", "but") or tag_of[adj + 2] != "JJ" or index.child_positions(adj + 2):
        return None
    for a in (adj, adj + 2):
        low = lower(index, a)
        if low in PRENOMINAL_ONLY or not dictionary_comparative(low) or capitalised_at(index, a):
            return None
        if dictionary_word(low, "ADV"):
            return None
    if not determined_noun(index, noun) or shared_by_conjuncts(index, noun) or contrasted_noun(index, adj, noun):
        return None
    if tag_of[noun] not in ("NN", "NNS") or capitalised_at(index, noun) or dep_of[noun] == "compound":
        return None
    if lower(index, noun) in ("one", "ones") or index.lemma_of[noun] in FIXED_ARTICLE_NOUNS:
        return None
    modifiers = [c for c in index.child_positions(noun) if dep_of[c] in NOUN_MODIFIER_DEPS]
    if modifiers != [adj] or followed_by_possessive(index, noun):
        return None
    return adj + 3


# --------------------------------------------------------------------------- genericity


def present_when_clause(index, verb: int) -> bool:
    """``verb``'s sentence has a *when*-clause in the simple present (*when you throw a ball
    it falls*): like *whenever*, a rule over occasions, where an indefinite is any one (in
    the *when*-clause or in the clause it conditions)."""
    start, end = index.sentence_of[verb], index.sentence_end(verb)
    for i in range(start, end):
        if lower(index, i) == "when" and index.dep_of[i] == "advmod" and index.tag_of[i] == "WRB":
            clause = index.head_of[i]
            # the parser may make a leading *when*-clause the root (*When you drop a glass on
            # tiles it breaks*); a question (*when do you ...?*) is no statement anyway
            if clause > i and index.dep_of[clause] in ("advcl", "ROOT") and index.tag_of[clause] in ("VBZ", "VBP"):
                return True
    return False


def generic_object(index, role: int, verb: int) -> bool:
    """A simple present with an indefinite thing as subject and an indefinite object (*a good
    diet builds a strong body*, *a strong wind bends a young tree*): a statement about any
    things of the kinds, subject and object alike. A person as subject (*a man plays a
    saxophone*, a scene described) keeps them."""
    if index.dep_of[role] not in ("dobj", "nsubj") or index.head_of[role] != verb:
        return False
    if index.tag_of[verb] not in ("VBZ", "VBP") or any(index.dep_of[c] == "aux" for c in index.child_positions(verb)):
        return False
    kids = index.child_positions(verb)
    subj = next((c for c in kids if index.dep_of[c] == "nsubj"), None)
    obj = next((c for c in kids if index.dep_of[c] == "dobj"), None)
    if subj is None or obj is None or index.tag_of[subj] != "NN" or is_animate(index.tokens[subj]) is not False:
        return False
    return all(any(index.dep_of[c] == "det" and lower(index, c) in ("a", "an") for c in index.child_positions(n))
               for n in (subj, obj))


# Words that distribute a quantity over units (*30 eggs each*, *$2 per tray*, *every box*).
DISTRIBUTIVES = frozenset({"each", "per", "every"})


def counted_unit(index, noun: int) -> bool:
    """``noun`` is a unit that the text counts: a relative clause on it distributes a quantity
    (*a tray, which holds 30 eggs each*), or the same noun stands elsewhere with a numeral or
    after *each/per/every* (*$2.5 per tray*, *3 trays*). *one tray* would then state a count
    (all of them on a single tray), not introduce a tray."""
    for c in index.child_positions(noun):
        if index.dep_of[c] in ("relcl", "acl") and any(  # not *in each row*: a determiner
                t.lower_ in ("each", "per") and t.dep_ != "det" for t in index.tokens[c].subtree):
            return True
    lemma = index.lemma_of[noun]
    for tok in index.by_lemma.get(lemma, ()):
        i = tok.i
        if i == noun or index.pos_of[i] != "NOUN":
            continue
        if i > 0 and lower(index, i - 1) in DISTRIBUTIVES:
            return True
        if any(index.dep_of[c] == "nummod" and lower(index, c) != "one" for c in index.child_positions(i)):
            return True
    return False


# Verbs of change whose *into*-phrase names what the thing becomes (*turned the barn into a
# studio*): the phrase is a predicate of the result, as *a teacher* is in *she became a teacher*.
CHANGE_OF_STATE_VERBS = frozenset(
    "turn change convert transform make work form shape mold mould develop grow organise organize "
    "divide split break cut fold translate evolve combine merge".split())


def result_predicate(index, role: int) -> bool:
    """``role`` is the object of the *into* of a verb of change (*worked the rules into a
    system*, *cut the cake into a heart*): it says what the thing becomes, a description,
    not a referent that exists beside it."""
    if index.dep_of[role] != "pobj":
        return False
    prep = index.head_of[role]
    return lower(index, prep) == "into" and index.lemma_of[index.head_of[prep]] in CHANGE_OF_STATE_VERBS


# ---------------------------------------------------- what an indefinite article introduces


def characterising_phrase(index, role: int) -> bool:
    """``role`` is the object of a *with/without* phrase of a noun (*the man with a beard*:
    a property that tells which one, not a thing introduced), or of a phrase that is the
    predicate of *be* (*she was on a diet*, *he is in a hurry*: a state)."""
    if index.dep_of[role] != "pobj":
        return False
    prep = index.head_of[role]
    owner = index.head_of[prep]
    if lower(index, prep) in ("with", "without") and index.pos_of[owner] in ("NOUN", "PROPN", "PRON"):
        return True
    return index.dep_of[prep] == "prep" and index.lemma_of[owner] == "be" and index.pos_of[owner] == "AUX" \
        and not any(index.dep_of[c] in ("attr", "acomp", "expl") for c in index.child_positions(owner))


def generic_passive_subject(index, role: int, verb: int) -> bool:
    """*A plateau is formed by ...*: the subject of a present simple passive, which says how
    things of a kind come about (any plateau), not what happened to one."""
    return index.dep_of[role] == "nsubjpass" and index.head_of[role] == verb and any(
        index.dep_of[c] == "auxpass" and index.tag_of[c] in ("VBZ", "VBP") for c in index.child_positions(verb))


# Verbs of wanting, needing and seeking: their object is what is wished for, not a thing
# that exists (*they want a better future*: any one; *one better future* would count).
INTENSIONAL_VERBS = frozenset("want need wish desire seek require lack deserve".split())
INTENSIONAL_PREPOSITIONAL_VERBS = frozenset("look search hope wish ask long wait".split())  # ... for


def intensional_object(index, role: int, verb: int) -> bool:
    """``role`` is the direct object of a verb of wanting or seeking (*want a car*, *need a
    pen*) or the object of its *for* (*look for a job*, *hope for a miracle*)."""
    if index.dep_of[role] == "dobj":
        return index.lemma_of[verb] in INTENSIONAL_VERBS and index.head_of[role] == verb
    prep = index.head_of[role]
    return (index.dep_of[role] == "pobj" and lower(index, prep) == "for" and index.head_of[prep] == verb
            and index.lemma_of[verb] in INTENSIONAL_PREPOSITIONAL_VERBS)


def fronted_description(index, noun: int, verb: int) -> bool:
    """*A keen golfer, my uncle plays ...*: a noun phrase set off by a comma before the
    subject, which the parser takes for a second subject of the verb; it describes the
    subject (a predicate), it does not introduce a referent."""
    if index.dep_of[noun] not in ("nsubj", "nsubjpass"):
        return False
    return any(index.dep_of[c] in ("nsubj", "nsubjpass") and c > noun and any(
        index.words[j] == "," for j in range(index.tokens[noun].right_edge.i + 1, c)) for c in index.child_positions(verb))


def of_possessive(index, noun: int) -> bool:
    """*a friend of mine*, *a cousin of hers*: an *of*-phrase with an independent possessive."""
    return any(index.dep_of[c] == "prep" and lower(index, c) == "of" and any(
        lower(index, g) in ("mine", "yours", "his", "hers", "ours", "theirs")
        for g in index.child_positions(c)) for c in index.child_positions(noun))


def in_hyphenated_word(tok) -> bool:
    """A word written into a hyphenated compound (*action-at-a-distance*, *state-of-the-art*):
    dropping it leaves *action-at--distance*."""
    doc = tok.doc
    before = tok.i > 0 and doc[tok.i - 1].text in HYPHENS and not doc[tok.i - 1].whitespace_
    after = tok.i + 1 < len(doc) and doc[tok.i + 1].text in HYPHENS and not tok.whitespace_
    return before or after


HYPHENS = frozenset({"-", "\u2010", "\u2011"})
