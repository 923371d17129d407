"""Inflection look-ups (lemminflect for verbs and nouns by Penn tag) and the a/an choice,
cached because the same few hundred words recur in every dataset; the person and number a
subject or auxiliary shows, and the forms of *be* that agree with it."""
from __future__ import annotations

from functools import lru_cache

from .lexicon import use_lazy_tables
from .syntax import children, morph_values

# Forms of "be" and "have" by person/number, which lemminflect cannot choose for us.
BE_PRESENT = {"1s": "am", "3s": "is", "other": "are"}
BE_PAST = {"1s": "was", "3s": "was", "other": "were"}


def warm_up() -> None:
    """Open the inflection tables now, so the first texts are not slow."""
    use_lazy_tables()
    inflect_verb("be", "VBZ")
    singular_noun("leaves")
    indefinite_article("car")  # not a word the pronunciation dictionary is read for: that waits for one


@lru_cache(maxsize=65536)
def inflect_verb(lemma: str, tag: str) -> str | None:
    """The form of verb ``lemma`` for Penn ``tag`` (VB, VBD, VBG, VBN, VBP, VBZ), or None."""
    from lemminflect import getInflection

    forms = getInflection(lemma, tag=tag)
    return forms[0] if forms else None


@lru_cache(maxsize=65536)
def verb_lemma(word: str, upos: str = "VERB") -> str:
    from lemminflect import getLemma

    lemmas = getLemma(word, upos=upos)
    return lemmas[0] if lemmas else word


INFLECTED_VERB_TAGS = frozenset({"VBD", "VBN", "VBZ", "VBG"})


def lemma_of(tok) -> str:
    """The lemma of verb ``tok``, lower case, for re-inflecting it: the parser's, unless
    inflecting that for the token's tag does not give the token back (the parser reads *hated*
    as *hat*, *stared* as *star*, *hoped* as *hop*); then the inflection table's lemma of the
    word, if that one does."""
    lemma = tok.lemma_.lower()
    tag = tok.tag_
    if tag not in INFLECTED_VERB_TAGS:
        return lemma
    word = tok.lower_
    form = inflect_verb(lemma, tag)
    if form is None or form.lower() == word:
        return lemma
    other = verb_lemma(word)
    again = inflect_verb(other, tag)
    return other if again is not None and again.lower() == word else lemma


@lru_cache(maxsize=65536)
def dictionary_verb(word: str) -> bool:
    """Whether the inflection dictionary knows ``word`` as a form of a verb (*town* and
    *leftover* are only nouns or adjectives, whatever the tagger says)."""
    from lemminflect import getAllLemmas

    return "VERB" in getAllLemmas(word)


@lru_cache(maxsize=65536)
def regular_past(lemma: str) -> str:
    """The regular (-ed) past of ``lemma``, even for irregular verbs: catch -> catched."""
    from lemminflect import getInflection

    forms = getInflection(lemma, tag="VBD", inflect_oov=True)
    irregular = forms[0] if forms else ""
    if irregular.endswith("ed"):
        return irregular
    if lemma.endswith("e"):
        return lemma + "d"
    if lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in "aeiou":
        return lemma[:-1] + "ied"
    return lemma + "ed"


@lru_cache(maxsize=65536)
def plural_noun(noun: str) -> str:
    from lemminflect import getInflection

    forms = getInflection(noun, tag="NNS", inflect_oov=True)
    return forms[0] if forms else noun


@lru_cache(maxsize=65536)
def singular_noun(noun: str) -> str:
    from lemminflect import getLemma

    lemmas = getLemma(noun, upos="NOUN")
    return lemmas[0] if lemmas else noun


# 'an' goes with a vowel sound, which a pronunciation dictionary gives for the words it has
# (:mod:`.pronunciation`); spelling decides for the others, with these exceptions. (The
# `inflect` package knows this too, but takes one to four seconds to import: longer than a
# worker's whole start-up budget.)
_SILENT_H = ("hour", "honest", "honor", "honour", "heir", "herb")
_VOWEL_LETTER_CONSONANT_SOUND = (
    "uni", "use", "usu", "usa", "uti", "ute", "uto", "uku", "ufo", "ura", "uri", "uro", "eu", "ewe",
    "one", "once",
)
_LETTERS_SAID_WITH_A_VOWEL = set("aefhilmnorsx")
# First letters whose sound the spelling may not show; a word starting with another letter
# starts with a consonant sound unless it is read letter by letter (all capitals).
_SPELLING_MAY_MISLEAD = set("aeiouhy")


@lru_cache(maxsize=65536)
def indefinite_article(word: str) -> str:
    """'a' or 'an' for the word that follows (an hour, a university, an MBA, an 8, an 11,000)."""
    if not word:
        return "a"
    if word[0].isdigit():
        return _article_of_number(word)
    letters = word.replace(".", "")
    if 1 < len(letters) <= 3 and letters.isupper() and letters.isalpha():  # an FBI, a UN team, a URL
        return "an" if letters[0].lower() in _LETTERS_SAID_WITH_A_VOWEL else "a"
    low = word.lower()
    if low[0] in _SPELLING_MAY_MISLEAD or letters.isupper():
        from .pronunciation import starts_with_vowel_sound

        vowel = starts_with_vowel_sound(word)  # a NASA, an MRI, a unanimous vote, an uninformed one
        if vowel is not None:
            return "an" if vowel else "a"
    if len(letters) > 1 and letters.isupper() and letters.isalpha() and len(letters) <= 5:
        return "an" if letters[0].lower() in _LETTERS_SAID_WITH_A_VOWEL else "a"  # an NGO, a UNHCR
    if len(low) > 2 and low[1] == "-" and low[0].isalpha():  # an x-ray, an f-stop, a t-shirt
        return "an" if low[0] in _LETTERS_SAID_WITH_A_VOWEL else "a"
    if low.startswith(_SILENT_H):
        return "an"
    if low.startswith(_VOWEL_LETTER_CONSONANT_SOUND):
        return "a"
    return "an" if low[0] in "aeiou" else "a"


def _article_of_number(word: str) -> str:
    """'an' for a number read as *eight...*, *eleven...* or *eighteen...* (8, 80, 800, 11,
    11,000, 18 million), else 'a' (1,100 is *one thousand one hundred*; 110, *a hundred and ten*)."""
    digits = ""
    for ch in word:
        if ch.isdigit():
            digits += ch
        elif ch != "," or not digits:
            break
    if digits.startswith("8"):
        return "an"
    return "an" if len(digits) % 3 == 2 and digits.startswith(("11", "18")) else "a"


def person_number(subject) -> str:
    """'1s', '3s' or 'other' for a subject token (used to pick be/have/do forms)."""
    if any(child.dep_ == "conj" or child.dep_ == "cc" and child.lower_ in ("and", "&")
           for child in children(subject)):
        return "other"  # he and I, my brother and I; also when the parser left the second
        # conjunct unattached (my neighbor, who ..., and their brother)
    low = subject.lower_
    if low in ("i",):
        return "1s"
    if low in ("you", "we", "they"):
        return "other"
    if low in ("he", "she", "it", "this", "that", "everyone", "someone", "nobody", "everybody"):
        return "3s"
    if subject.tag_ in ("NNS", "NNPS") or morph_values(subject, "Number") == ["Plur"]:
        return "3s" if _name_read_as_plural(subject) else "other"
    return "3s"


def _name_read_as_plural(tok) -> bool:
    """A capitalised word inside the sentence that the tagger read as a plural only for its
    final -s (*Eratosthenes*, *Archimedes*): no dictionary noun is its singular, so it is a
    name, one person."""
    if tok.tag_ != "NNS" or not tok.text[:1].isupper() or tok.is_sent_start:
        return False  # (NNPS is the tagger's plural name: *the Americans*, *the Beatles*)
    singular = singular_noun(tok.lower_)
    return not dictionary_word(singular, "NOUN") and not dictionary_word(tok.lower_, "NOUN")


def agreement_subject(subj):
    """The token a finite form agrees with: the antecedent of a relative pronoun
    (*books that have* agrees with *books*)."""
    if subj.tag_ in ("WDT", "WP") and subj.head.dep_ == "relcl" and subj.head.head.i < subj.i:
        return subj.head.head
    return subj


def person_shown(aux, subj) -> str:
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


def is_clitic(tok) -> bool:
    """A contracted form written with its apostrophe (*'ll*, *’s*, *'ve*)."""
    return tok.text[:1] in ("'", "’")


BE_CLITICS = {"1s": "'m", "3s": "'s", "other": "'re"}


def be_replacing(aux, subj, past: bool) -> str:
    """A form of *be* to stand where the auxiliary ``aux`` stood: a clitic for a clitic
    (*I've* -> *I'm*), a full form otherwise (*had* -> *was*), in the person and number the
    auxiliary shows (*politics has* -> *politics is*)."""
    person = person_shown(aux, subj)
    if is_clitic(aux) and not past:
        return BE_CLITICS[person]
    return (BE_PAST if past else BE_PRESENT)[person]


@lru_cache(maxsize=65536)
def dictionary_adjective(word: str) -> bool:
    """Whether the inflection dictionary knows ``word`` as an adjective too (*attached*,
    *broken*, *closed*; not *written* or *painted*, which it has only as verb forms)."""
    from lemminflect import getAllLemmas

    return "ADJ" in getAllLemmas(word)


@lru_cache(maxsize=65536)
def _past_forms(lemma: str) -> frozenset[str]:
    from lemminflect import getInflection

    return frozenset(form.lower() for form in getInflection(lemma, tag="VBD"))


def not_a_past_form(tok) -> bool:
    """Whether a word the tagger took for a simple past is none of its verb's past-tense forms
    (*shown* and *done* are participles only; *don* of a split *don ’ t* is no past at all), so
    that it is no finite past. *learnt* and *learned* both count as pasts."""
    forms = _past_forms(lemma_of(tok))
    return bool(forms) and tok.lower_ not in forms


# The contracted forms of *have* and *be* that a tokenizer may leave glued to the word before
# them (*I’Ve*, *we'd*): the verb after such a word is a participle, not a past tense.
AUXILIARY_CLITICS = ("'ve", "’ve", "'d", "’d", "'s", "’s", "'re", "’re", "'m", "’m")
# Full forms of the perfect and passive auxiliaries.
PERFECT_OR_PASSIVE_AUXILIARIES = frozenset(
    {"have", "has", "had", "am", "is", "are", "was", "were", "be", "been", "being"})


def after_auxiliary(verb) -> bool:
    """Whether a form of *have* or *be* that the parser did not attach to ``verb`` stands right
    before it (adverbs aside): a perfect or passive the parser has split, as when the clitic
    is glued to its subject (*I’Ve started*, one token) or left unattached. ``verb`` is then a
    participle, whatever its tag says."""
    doc = verb.doc
    k = verb.i - 1
    while k >= 0 and doc[k].pos_ in ("ADV", "PART") and doc[k].lower_ not in ("to",):
        k -= 1
    if k < 0:
        return False
    before = doc[k]
    if before.head.i == verb.i and before.dep_ in ("aux", "auxpass"):
        return False  # attached: the parse already shows the verb group
    low = before.lower_
    return low in PERFECT_OR_PASSIVE_AUXILIARIES or (len(low) > 3 and low.endswith(AUXILIARY_CLITICS))


def possessive_participle_object(verb) -> bool:
    """*this student has attached earlobes*, *he has had decreased appetite*: a perfect in the
    parse that may as well be possessive *have* with a participial adjective before a bare
    noun. Either a second perfect *have* stands before the participle (*has had decreased*,
    which no verb group allows), or the participle is also an adjective and its object is a
    bare noun (no determiner, possessor, number or modifier) right after it."""
    haves = [c for c in children(verb) if c.dep_ == "aux" and c.lemma_ == "have" and c.i < verb.i]
    if len(haves) > 1:
        return True
    if verb.tag_ != "VBN" or not dictionary_adjective(verb.lower_):
        return False
    objs = [c for c in children(verb) if c.dep_ == "dobj"]
    return bool(objs) and objs[0].i == verb.i + 1 and objs[0].left_edge.i == objs[0].i \
        and objs[0].tag_ in ("NN", "NNS") and objs[0].pos_ == "NOUN" \
        and not any(c.dep_ == "prep" and c.lower_ == "of" for c in children(objs[0]))  # *hundreds of times*


# Verbs that form a light-verb construction with an event noun (*make a buy*, *take a walk*,
# *give a push*, *have a look*, *do a dance*): the noun names the event itself.
LIGHT_VERBS = frozenset({"make", "take", "give", "have", "do"})


def light_verb_event_object(verb) -> bool:
    """*made a good buy*, *taken a walk*, *given it a try*: a light verb whose object is an
    indefinite singular noun that is also a verb (zero-derived: the event the light verb
    stands for, not a thing that comes to exist or to be in a state); *made such
    arrangements*, *made a decision* have nouns of their own."""
    if verb.lemma_.lower() not in LIGHT_VERBS:
        return False
    for obj in children(verb):
        if obj.dep_ != "dobj" or obj.tag_ != "NN":
            continue
        if any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in children(obj)) \
                and dictionary_verb(obj.lower_):
            return True
    return False


@lru_cache(maxsize=65536)
def dictionary_word(word: str, upos: str | None = None) -> bool:
    """Whether the inflection dictionary knows ``word`` as a form of a word of the class
    ``upos`` (``"ADJ"``, ``"ADV"``, ``"NOUN"``), or of any class when ``upos`` is None: a
    misspelt *decluterring* is no word it knows, whatever the tagger says."""
    from lemminflect import getAllLemmas

    return upos in getAllLemmas(word, upos) if upos else bool(getAllLemmas(word))


@lru_cache(maxsize=65536)
def past_of_another_verb(word: str) -> bool:
    """Whether ``word`` is also the simple past of another verb (*found* of *find*, *wound* of
    *wind*, *lay* of *lie*, *saw* of *see*): a base form left for a past then reads as that
    other verb's past (*they found the kingdom* 'discovered', not 'established')."""
    from lemminflect import getAllLemmas

    low = word.lower()
    return any(other != low and (inflect_verb(other, "VBD") or "").lower() == low
               for other in getAllLemmas(low).get("VERB", ()))


def possessive_compound_adjective(verb) -> bool:
    """*the bag has built in pockets*, *she has grown up children*: a perfect in the parse that
    is possessive *have* with a hyphenated adjective written apart. The participle has no
    object of its own, it and the particle after it form an adjective the dictionary knows
    (*built-in*, *grown-up*), and a bare noun phrase (no determiner, possessor or number)
    follows the particle."""
    if verb.tag_ != "VBN" or any(c.dep_ == "dobj" for c in children(verb)):
        return False
    doc = verb.doc
    if verb.i + 2 >= len(doc):
        return False
    particle, after = doc[verb.i + 1], doc[verb.i + 2]
    if not particle.is_alpha or not dictionary_adjective(f"{verb.lower_}-{particle.lower_}"):
        return False
    return after.tag_ in ("NN", "NNS", "JJ", "VBG", "VBN") and after.pos_ in ("NOUN", "ADJ", "VERB")


THIRD_SINGULAR_FORMS = frozenset({"was", "wasn't", "wasn’t"})


def singular_agreement_word(subject):
    """The finite word of ``subject``'s clause that shows third person singular agreement
    (*she charges*, *he doesn't*, *it was*, *she's*), or None (a past, a modal, a bare form).
    A rule that gives the subject a form of unclear number (*em*, which may read as *'em*
    'them') needs that word as it stands."""
    verb = subject.head
    if subject.dep_ not in ("nsubj", "nsubjpass") or verb.i == subject.i:
        return None
    auxes = sorted((c for c in children(verb) if c.dep_ in ("aux", "auxpass")), key=lambda t: t.i)
    finite = auxes[0] if auxes else verb
    if finite.tag_ == "VBZ" or (finite.tag_ == "VBD" and finite.lower_ in THIRD_SINGULAR_FORMS):
        return finite
    return None


def have_agreeing_with_past_be(be, subj) -> str | None:
    """The *have/has* that agrees as the past ``be`` shows: *was* is first or third singular
    (*I was* -> *have*; *using a needle to sew it was* -> *has*, whatever noun inside the
    clausal subject the parser took for it), *were* is plural or *you* (-> *have*); ``None``
    for another form (*'s*, *wuz*), which shows no number of its own."""
    low = be.lower_
    if low == "was":
        return "have" if subj.lower_ == "i" else "has"
    if low == "were":
        return "have"
    return None


def reads_as_infinitive_without(det) -> bool:
    """Whether dropping the article ``det`` after the preposition *to* leaves a singular noun
    that is also a verb right after *to* (*do to the flag* -> *do to flag*): *to* + a verb's
    base form reads as an infinitive. Not a place one goes to (*went to market*, *to
    store*), which reads as the destination it is."""
    from .wordlists import wordlist

    doc = det.doc
    if det.i == 0 or det.i + 1 >= len(doc):
        return False
    before, noun = doc[det.i - 1], doc[det.i + 1]
    return before.lower_ == "to" and before.tag_ == "IN" and noun.tag_ == "NN" \
        and det.head.i == noun.i and dictionary_verb(noun.lower_) \
        and noun.lemma_.lower() not in wordlist("destination_nouns")


def reads_as_subject_and_verb(det) -> bool:
    """Whether a subject pronoun put for the possessive determiner ``det`` (*you*, *we*, *he*
    for *your*, *our*, *his*) would read as the subject and the possessed noun as its verb:
    the possessed phrase is the subject of an inverted *do* or modal right before ``det``,
    and the noun after ``det`` is also a verb (*how do your experiences benefit us* -> *how do
    you experience(s) benefit us*, *can your mother cook* -> *can you mother ...*): after
    *do/can* + a subject pronoun, a verb's base form is read as that pronoun's verb."""
    doc = det.doc
    if det.i == 0 or det.i + 1 >= len(doc):
        return False
    aux, word, noun = doc[det.i - 1], doc[det.i + 1], det.head
    if noun.dep_ not in ("nsubj", "nsubjpass") or word.pos_ != "NOUN" or word.head.i != noun.i \
            and word.i != noun.i:
        return False
    if aux.tag_ != "MD" and aux.lemma_.lower() != "do":
        return False
    if noun.head.i not in (aux.i, aux.head.i) or aux.dep_ not in ("aux", "ROOT"):
        return False  # the auxiliary is not the one of the clause the phrase is subject of
    return dictionary_verb(word.lower_) or dictionary_verb(word.lemma_.lower())


def verb_read_as_noun(tok) -> bool:
    """A word tagged as a noun that the dictionary knows only as a verb (*originate*), or a
    noun-and-verb word right before a verb particle (*did the Normans team up with*)."""
    if tok.pos_ != "NOUN" or tok.lower_ != tok.lemma_.lower() or not dictionary_verb(tok.lower_):
        return False
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return not dictionary_word(tok.lower_, "NOUN") or (nxt is not None and nxt.tag_ == "RP")
