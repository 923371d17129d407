"""Verb morphology rules (eWAVE 128-153): levelling of past and participle forms, double
past marking, a-prefixing, -ing and gotten, and the serial verbs of creole-influenced
varieties."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Move, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, lemma_of, regular_past
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.wordlists import wordlist
from multivalue_cli.engine.syntax import children, maybe_ing_adjective, morph_values, subject_of
from multivalue_cli.engine.syntax import SUBJECT_DEPS



def _has_aux(verb: Token, lemma: str, deps: tuple[str, ...] = ("aux", "auxpass")) -> bool:
    return any(c.dep_ in deps and c.lemma_ == lemma for c in children(verb))


def _verbal_form(tok: Token) -> str | None:
    """``VBD`` for a finite past, ``VBN`` for a participle in a perfect or passive verb group,
    else None (adjectival participles such as *a broken window* are left alone)."""
    if tok.pos_ != "VERB":
        return None
    if tok.tag_ == "VBD" and "Fin" in morph_values(tok, "VerbForm"):
        return "VBD"
    if tok.tag_ == "VBN" and (_has_aux(tok, "have", ("aux",)) or _has_aux(tok, "be", ("auxpass",))):
        return "VBN"
    return None


def _is_irregular_form(tok: Token, tag: str) -> str | None:
    """The lemma when ``tok`` is the irregular ``tag`` form of its lemma (checked against the
    inflection table, so a mis-lemmatised token does not fire)."""
    lemma = tok.lemma_.lower()
    if lemma not in wordlist("regularized_past_verbs"):
        return None
    form = inflect_verb(lemma, tag)
    if form is None or form.lower() != tok.lower_:
        return None
    if form.endswith("ed") or form.lower() == regular_past(lemma):
        return None
    return lemma


@rule(
    128, "regularized_past_tense", "Verb Morphology",
    tags={"VBD", "VBN"},
    examples=[
        ("He caught the ball.", "He catched the ball."),
        ("I knew the answer, so I threw my hand up.",
         ["I knowed the answer, so I throwed my hand up."]),
        ("Who taught you that?", "Who teached you that?"),
        ("The thief was caught yesterday.", "The thief was catched yesterday."),
        ("They have grown tomatoes.", "They have growed tomatoes."),
    ],
    negatives=[
        "He walked home.",
        "I went there and said hello.",
        "She got a broken window fixed.",
        "I will catch the ball.",
        "We had a good time.",
        "The plot made no sense.",
    ],
)
def regularized_past_tense(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Irregular past and participle regularized with *-ed*: *catched*, *knowed*, *growed*.
    Only finite pasts and participles of perfect/passive verb groups, and only verbs whose
    regularized forms are attested (not suppletive *went*, auxiliaries or *maked*)."""
    regularized = wordlist("regularized_past_verbs")
    for tok in index.tag("VBD", "VBN"):
        if index.lemma_of[tok.i] not in regularized:
            continue  # the cheap test of _is_irregular_form first
        tag = _verbal_form(tok)
        lemma = _is_irregular_form(tok, tag) if tag else None
        if lemma is None:
            continue
        yield site(Replace(tok.i, regular_past(lemma)))


# "been", "done" and "born" keep their participle (*has been*, *has done*, *was born* are not
# levelled to *was*, *did*, *was bore*), and a passive *was knew* is not the levelled *was known*.
NO_PAST_PARTICIPLE = frozenset({"be", "do", "bear"})
NO_PAST_PASSIVE = frozenset({"know"})


@rule(
    130, "past_for_past_participle", "Verb Morphology",
    tags={"VBN"},
    examples=[
        ("He had gone home.", "He had went home."),
        ("I have never seen such a thing.", "I have never saw such a thing."),
        ("Has she written the letter?", "Has she wrote the letter?"),
        ("The window was broken by the kids.", "The window was broke by the kids."),
        ("They've taken the bus, haven't they?", "They've took the bus, haven't they?"),
    ],
    negatives=[
        "He had finished the work.",
        "I have been there.",
        "He went home.",
        "The broken window was fixed.",
        "We have put it away.",
        "What needs to be done?",
        "The answer is already known.",
        "She was born in May.",
    ],
)
def past_for_past_participle(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple past form for the past participle in perfects and passives: *he had went*, *it
    was broke*. Only where the two forms differ; *been* and adjectival participles excluded."""
    for tok in index.by_tag.get("VBN", ()):
        lemma = tok.lemma_.lower()
        if _verbal_form(tok) != "VBN" or lemma in NO_PAST_PARTICIPLE:
            continue
        if lemma in NO_PAST_PASSIVE and _has_aux(tok, "be", ("auxpass",)):
            continue
        participle = inflect_verb(lemma, "VBN")
        past = inflect_verb(lemma, "VBD")
        if not participle or not past or participle.lower() != tok.lower_:
            continue
        if past.lower() != participle.lower():
            yield site(Replace(tok.i, past))


# ------------------------------------------------------------------------ 147 conditional_were_was

SINGULAR_PRONOUNS = frozenset("i he she it this that one".split())
IRREALIS_MARKERS = frozenset({"if", "though", "unless"})
IRREALIS_VERBS = frozenset({"wish", "suppose", "imagine"})


def _singular_subject(subj: Token) -> bool:
    if any(c.dep_ == "conj" for c in children(subj)):
        return False
    if subj.lower_ in SINGULAR_PRONOUNS:
        return True
    return (subj.tag_ in ("NN", "NNP") and morph_values(subj, "Number") != ["Plur"]
            and subj.lower_ not in wordlist("plural_construed_nouns"))


def _is_irrealis(clause: Token) -> bool:
    """An *if/as though* clause, or the complement of *wish/suppose/imagine*."""
    if any(c.dep_ == "mark" and c.lower_ in IRREALIS_MARKERS for c in children(clause)):
        return True
    return clause.dep_ in ("ccomp", "advcl") and clause.head.lemma_ in IRREALIS_VERBS


@rule(
    147, "conditional_were_was", "Verb Morphology",
    lemmas={"be"},
    tags={"VBD"},
    examples=[
        ("If I were you, I would go.", "If I was you, I would go."),
        ("I wish she were here.", "I wish she was here."),
        ("He talks as though he were the boss.", "He talks as though he was the boss."),
        ("If the car were cheaper, would you buy it?", "If the car was cheaper, would you buy it?"),
        ("What would you do if it were raining?", "What would you do if it was raining?"),
    ],
    negatives=[
        "If you were here, we would win.",
        "If they were late, I didn't notice.",
        "We were happy.",
        "Were I rich, I would travel.",
        "If the police were here, they would help.",
    ],
)
def conditional_were_was(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Was* for the irrealis *were* with a singular subject: *if I was you*, *I wish she was
    here*. Only in *if/as though* clauses and after *wish*, with the subject before the verb
    (not the literary inversion *were I rich*); plural and *you* subjects keep *were*."""
    for tok in index.by_lemma.get("be", ()):
        if tok.lower_ != "were":
            continue
        clause = tok.head if tok.dep_ in ("aux", "auxpass") else tok
        subj = next((c for c in children(clause) if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is None or subj.i > tok.i or not _singular_subject(subj):
            continue
        if _is_irrealis(clause):
            yield site(Replace(tok.i, "was"))


# ---------------------------------------------------------------------------------- shared helpers

# Verbs whose forms belong to other features (was/were, ain't, don't) or to do-support.
FUNCTION_VERBS = frozenset({"be", "have", "do"})



def is_finite_past(tok: Token) -> bool:
    """A finite simple past of a lexical verb with an overt subject (*he walked*, *who came*)."""
    return (tok.tag_ == "VBD" and tok.pos_ == "VERB" and "Fin" in morph_values(tok, "VerbForm")
            and subject_of(tok) is not None)


def is_irrealis_clause(verb: Token) -> bool:
    """*if I walked*, *as if he knew*, *I wish I knew*: past forms without past meaning."""
    while verb.dep_ == "conj":
        verb = verb.head
    if any(c.dep_ == "mark" and c.lower_ in ("if", "unless", "though") for c in children(verb)):
        return True
    return verb.dep_ == "ccomp" and verb.head.lemma_ in ("wish", "rather")


def is_used_to(tok: Token) -> bool:
    """The habitual *used to*: its -ed is part of a fixed form, not a past marking."""
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return tok.lemma_ == "use" and nxt is not None and nxt.lower_ == "to"


def has_aux(verb: Token) -> bool:
    return any(c.dep_ in ("aux", "auxpass") for c in children(verb))


def base_form(lemma: str) -> str | None:
    return inflect_verb(lemma, "VB")


def is_regular_past(tok: Token, lemma: str) -> bool:
    """The token is the -ed past of its lemma in the inflection table (walked, tried)."""
    past = inflect_verb(lemma, "VBD")
    return past is not None and past.lower() == tok.lower_ and past.endswith("ed")


def object_of(verb: Token) -> Token | None:
    return next((c for c in children(verb) if c.dep_ == "dobj"), None)


# ----------------------------------------------------------------------------- 129 bare_past_tense


@rule(
    129, "bare_past_tense", "Verb Morphology",
    tags={"VBD"},
    # two eWAVE features share this rule: 129 levels irregular pasts to the base form (he come,
    # she give), 132 drops -ed (I walk); a variety gets only the kinds it attests
    forms={"irregular_and_regular": (129, 132), "irregular": (129,), "regular": (132,)},
    examples=[
        ("I walked to school yesterday.", "I walk to school yesterday."),
        ("She gave me the keys and ran out.", "She give me the keys and run out."),
        ("When they arrived, we played cards.", "When they arrive, we play cards."),
        ("Who cooked dinner last night?", "Who cook dinner last night?"),
        ("We walked home. It rained all night.", "We walk home. It rain all night."),
        ("He came home late, but he didn't call.", "He come home late, but he didn't call."),
    ],
    negatives=[
        "I was tired and had no money.",
        "She bought a new car.",
        "If I walked faster, I would catch the bus.",
        "He used to live here.",
        "The door was closed.",
        "Did you finish it?",
    ],
)
def bare_past_tense(doc: Doc, index: DocIndex, form: str = "irregular_and_regular") -> Iterator[Site]:
    """Unmarked past tense (eWAVE 129, levelling to the base form, and 132, zero past of
    regular verbs): *I walk* 'I walked', *she give* 'she gave', *he come* 'he came'. Finite
    pasts of lexical verbs with a subject: every regular -ed past (132), and the irregular
    verbs whose bare past is attested (129: give, run, come, eat); the ``form`` says which of
    the two the variety has. Auxiliaries, *be/have/do*, *used to*, passives and the unreal
    past of *if/wish* clauses keep their form."""
    irregular = wordlist("unmarked_past_irregular_verbs") if form != "regular" else frozenset()
    regular = form != "irregular"
    for tok in index.by_tag.get("VBD", ()):
        lemma = index.lemma_of[tok.i]
        if lemma in FUNCTION_VERBS or not ((regular and is_regular_past(tok, lemma)) or (
                lemma in irregular and inflect_verb(lemma, "VBD") == tok.lower_)):
            continue  # the form tests (cached) before the parse tests
        if not is_finite_past(tok) or is_used_to(tok):
            continue
        if is_irrealis_clause(tok) or has_aux(tok):
            continue  # "hasn't the package arrived" is sometimes tagged VBD
        base = base_form(lemma)
        if base and base.lower() != tok.lower_:
            yield site(Replace(tok.i, base))


# ------------------------------------------------------------------------ 131 participle_past_tense


def _is_lexical_do(tok: Token) -> bool:
    """*did* as a main verb with its object after it (*he did his homework*), not the *did* of
    tags (*didn't they?*), ellipsis (*so did I*, *more than I did*) or a misparsed auxiliary."""
    subj = subject_of(tok)
    obj = object_of(tok)
    return (subj is not None and subj.i < tok.i and obj is not None and obj.i > tok.i
            and not any(c.dep_ == "neg" for c in children(tok)))


@rule(
    131, "participle_past_tense", "Verb Morphology",
    tags={"VBD"},
    examples=[
        ("He saw it.", "He seen it."),
        ("I did my homework before I went to bed.", "I done my homework before I gone to bed."),
        ("Who drank my coffee?", "Who drunk my coffee?"),
        ("They began the meeting late, and nobody saw why.",
         "They begun the meeting late, and nobody seen why."),
    ],
    negatives=[
        "Did you see it?",
        "He walked home.",
        "She has seen it.",
        "I didn't go.",
        "If I did that, she would be angry.",
        "They liked it, didn't they?",
        "My kids loved it, and so did I.",
    ],
)
def participle_past_tense(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Past participle for the simple past: *I seen it*, *he done it*, *he gone to Mary*.
    Finite pasts of the irregular verbs for which this is attested (see, do, go, begin,
    drink, sing, swim ...), where the two forms differ; *did* of do-support is an auxiliary
    (dep *aux*) and is never touched, nor are unreal pasts of *if* clauses."""
    verbs = wordlist("participle_past_verbs")
    for tok in index.by_tag.get("VBD", ()):
        lemma = tok.lemma_.lower()
        if lemma not in verbs or not is_finite_past(tok) or is_irrealis_clause(tok):
            continue
        if lemma == "do" and not _is_lexical_do(tok):
            continue
        past, participle = inflect_verb(lemma, "VBD"), inflect_verb(lemma, "VBN")
        if past and participle and past.lower() == tok.lower_ and participle != past:
            yield site(Replace(tok.i, participle))


# ----------------------------------------------------------------------------------- 133 double_past


def _did_support(verb: Token) -> Token | None:
    """The past *did* of do-support on ``verb`` (*didn't go*, *did you see*)."""
    return next((c for c in children(verb)
                 if c.dep_ == "aux" and c.lemma_ == "do" and c.tag_ == "VBD"), None)


@rule(
    133, "double_past", "Verb Morphology",
    lemmas={"do"},
    tags={"VBD"},
    examples=[
        ("He didn't go.", "He didn't went."),
        ("I did not stay there long.", "I did not stayed there long."),
        ("Did you see the game?", "Did you saw the game?"),
        ("I didn't see him. Did you?", "I didn't saw him. Did you?"),
        ("She said she didn't know, but I did tell her.",
         "She said she didn't knew, but I did told her."),
    ],
    negatives=[
        "Don't go.",
        "He doesn't know.",
        "I did my homework.",
        "Why didn't you do it?",
        "We didn't put it there.",
    ],
)
def double_past(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Past marked twice under do-support: *didn't went*, *didn't stayed*, *did you saw*. The
    lexical verb after past *did* takes its past form (from the inflection table); *be* and
    *do* themselves, and verbs whose past equals the base (*put*), are left alone."""
    for tok in index.by_tag.get("VB", ()):
        lemma = tok.lemma_.lower()
        if tok.pos_ not in ("VERB", "AUX") or lemma in ("be", "do") or _did_support(tok) is None:
            continue
        past = inflect_verb(lemma, "VBD")
        if past and past.lower() != tok.lower_:
            yield site(Replace(tok.i, past))


# ------------------------------------------------------------------------------------ 134 a_ing

# Unstressed verb prefixes: a-prefixing needs a stressed first syllable (*a-hunting* but not
# *a-believing*, *a-discovering*), so lemmas beginning with these are skipped.
UNSTRESSED_PREFIXES = ("be", "de", "di", "re", "pre", "pro", "con", "com", "col", "cor", "ex",
                       "sur", "sup", "sub", "suc", "per", "pur", "for", "mis", "em", "en")
# Verbs after which an -ing complement is a-prefixed (went a-fishing, kept a-talking).
A_PREFIX_GOVERNORS = frozenset({"go", "come", "keep", "start", "begin", "set", "get"})
VOWELS = "aeiou"


def _syllables(word: str) -> int:
    groups, previous = 0, False
    for ch in word.lower():
        vowel = ch in VOWELS or ch == "y"
        groups += vowel and not previous
        previous = vowel
    if word.endswith("e") and not word.endswith(("le", "ee")) and groups > 1:
        groups -= 1
    return groups


def takes_a_prefix(lemma: str) -> bool:
    """Consonant-initial and stressed on the first syllable (approximated: one or two
    syllables and no unstressed prefix)."""
    if not lemma.isalpha() or lemma[0] in VOWELS:
        return False
    if _syllables(lemma) > 2:
        return False
    return _syllables(lemma) == 1 or not lemma.startswith(UNSTRESSED_PREFIXES)


def _is_verbal_ing(tok: Token) -> bool:
    """A progressive (*was hunting*) or the -ing complement of *go/keep/start* (*went fishing*),
    not a gerund noun, an adjective or the object of a preposition."""
    if tok.tag_ != "VBG" or tok.pos_ not in ("VERB", "AUX"):
        return False
    if any(c.dep_ == "aux" and (c.lemma_ == "be" or c.lower_ == "going") for c in children(tok)):
        return True  # progressive; the parser takes "going" of "going fishing" as an auxiliary
    return tok.dep_ in ("xcomp", "dobj") and tok.head.lemma_.lower() in A_PREFIX_GOVERNORS


@rule(
    134, "a_ing", "Verb Morphology",
    tags={"VBG"},
    examples=[
        ("He was hunting.", "He was a-hunting."),
        ("They weren't doing anything wrong.", "They weren't a-doing anything wrong."),
        ("Are you going fishing tomorrow?", "Are you a-going a-fishing tomorrow?"),
        ("She kept talking while we were working outside.",
         "She kept a-talking while we were a-working outside."),
    ],
    negatives=[
        "Swimming is fun.",
        "He is interested in hunting.",
        "They were eating dinner.",
        "She was discovering new places.",
        "The running water was cold.",
        "The story is moving.",
        "The ending was very moving.",
    ],
)
def a_ing(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Appalachian a-prefixing on verbal -ing forms: *he was a-hunting*, *went a-fishing*.
    Only progressives and -ing complements of motion/aspect verbs, never gerunds, nouns or
    objects of prepositions (**for a-hunting*); and only verbs beginning with a consonant and a
    stressed syllable, the phonological condition of the prefix (*a-eating*, *a-discovering* are
    not said)."""
    for tok in index.by_tag.get("VBG", ()):
        if _is_verbal_ing(tok) and takes_a_prefix(tok.lemma_.lower()) and not maybe_ing_adjective(tok):
            yield site(Replace(tok.i, "a-" + tok.lower_))


# ------------------------------------------------------------------------------ 135 a_participle

# Participles that do not take the prefix: copular *been*, possessive *got* and *had* are not
# the verbs of action the prefix goes with.
NO_A_PARTICIPLE = frozenset({"be", "get", "have"})


@rule(
    135, "a_participle", "Verb Morphology",
    tags={"VBN"},
    examples=[
        ("He has come home.", "He has a-come home."),
        ("I have known him for years.", "I have a-known him for years."),
        ("She had told me the truth, but nobody had heard it.",
         "She had a-told me the truth, but nobody had a-heard it."),
        ("We've found the key.", "We've a-found the key."),
    ],
    negatives=[
        "The letter was written by hand.",
        "I have eaten.",
        "They have returned.",
        "One of the speakers had crossed eyes.",
        "I have been there.",
        "We've got a car.",
        "She has discovered the truth.",
        "They have had the same car for years.",
    ],
)
def a_participle(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A-prefixing beyond -ing forms (eWAVE 135, *acome*, *a-back*): on the past participle of
    an active perfect, as in Appalachian and older Southern English *he's a-come home*, *I've
    a-knowed him*. The participle must take the prefix by the same sound condition as
    *a-hunting* (a consonant and a stressed first syllable: not *a-eaten*, *a-returned*);
    passives, copular *been* and *have got* are left. Adverbs (*a-back*) have no SAE source
    a parse can rebuild and are not produced."""
    for tok in index.by_tag.get("VBN", ()):
        lemma = index.lemma_of[tok.i]
        if lemma in NO_A_PARTICIPLE or not _has_aux(tok, "have", ("aux",)):
            continue
        if _has_aux(tok, "be", ("auxpass",)) or not takes_a_prefix(tok.lower_):
            continue
        if _bare_object_follows(index, tok.i):
            continue  # *had crossed eyes* may be possession: crossed describes the eyes
        yield site(Replace(tok.i, "a-" + tok.lower_))


def _bare_object_follows(index: DocIndex, verb: int) -> bool:
    """A plural or mass object right after the participle, with no determiner (*had crossed
    eyes*, *has dyed hair*): *have* + adjective + noun reads as possession as well."""
    after = verb + 1
    return (after < len(index.tokens) and index.head_of[after] == verb
            and index.dep_of[after] == "dobj" and index.tag_of[after] in ("NNS", "NN"))


# ------------------------------------------------------------------------- 143 transitive_suffix


@rule(
    143, "transitive_suffix", "Verb Morphology",
    deps={"dobj"},
    examples=[
        ("Fix the car.", "Fix-im the car."),
        ("You have to grab the bag.", "You have to grab-im the bag."),
        ("I will cook some fish, and you can wash the plates.",
         "I will cook-im some fish, and you can wash-im the plates."),
    ],
    negatives=[
        "I fixed the car.",
        "She sleeps all day.",
        "Go home.",
        "I want to remember the name.",
        "You have to be a doctor.",
        "Can you give me the book?",
        "Please tell me about it.",
        "They did not enjoy themselves.",
    ],
)
def transitive_suffix(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The transitive suffix *-im* of Aboriginal English and the Pacific contact varieties
    (*Mi bin bai-im kaikai* 'I bought some food'): *fix-im the car*. On the bare form of a
    verb of one or two syllables with a direct object after it (imperatives, infinitives,
    verbs after a modal or do-support). Finite forms are left: the varieties mark tense with
    separate particles (*bin*, feature 111) rather than on the suffixed verb, so *fixed-im*
    would be no one's form, and a bare past would add another feature. *be/have/do* and
    double-object verbs (*give me the book*) are left, and so are pronoun objects, where
    *tell-im me* would read as a second pronoun."""
    for tok in index.by_tag.get("VB", ()):
        lemma = index.lemma_of[tok.i]
        if tok.pos_ != "VERB" or lemma in FUNCTION_VERBS or not tok.lower_.isalpha():
            continue
        obj = object_of(tok)
        if obj is None or obj.i < tok.i or obj.pos_ == "PRON" or any(
                c.dep_ in ("dative", "prt", "ccomp", "xcomp") for c in children(tok)):
            continue
        if _syllables(tok.lower_) > 2:
            continue
        yield site(Replace(tok.i, tok.lower_ + "-im"))


# ---------------------------------------------------------------------------------- 145 got_gotten


def _is_have_aux(aux: Token) -> bool:
    """*have/has/'ve*, and the *'s* of *he's got*, which the parser takes for a passive *is*."""
    return aux.dep_ in ("aux", "auxpass") and (
        aux.lemma_ == "have" or aux.lower_ in ("'s", "’s"))


def _possessive_have_got(tok: Token) -> bool:
    """*have got* + object meaning 'possess' (*I've got a car*, *has she got a pen?*), not
    *have got to* (obligation) nor *got* in a passive or without an object."""
    if tok.lower_ != "got" or tok.tag_ not in ("VBN", "VBD"):  # "'ve got" is often tagged VBD
        return False
    if not any(_is_have_aux(c) for c in children(tok)):
        return False
    if any(c.dep_ in ("xcomp", "ccomp") or c.dep_ == "auxpass" and not _is_have_aux(c)
           for c in children(tok)):
        return False
    return object_of(tok) is not None


@rule(
    145, "got_gotten", "Verb Morphology",
    lemmas={"get"},
    examples=[
        ("The bank has got a new website.", "The bank has gotten a new website."),
        ("I've got two brothers.", "I've gotten two brothers."),
        ("He's got a car.", "He's gotten a car."),
        ("Have you got a pen I could borrow?", "Have you gotten a pen I could borrow?"),
        ("We haven't got any money, so we stayed home.",
         "We haven't gotten any money, so we stayed home."),
    ],
    negatives=[
        "I've got to go.",
        "She's got to leave.",
        "He got a new job.",
        "She has got married.",
        "They have gotten better.",
        "I got it.",
    ],
)
def got_gotten(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Gotten* for *got* in possessive *have got*: *Finbank has gotten a new website*
    'has'. Only *have got* with a direct object; obligation *have got to*, the simple past
    *got*, and *got* in other constructions are left alone."""
    for tok in index.by_lemma.get("get", ()):
        if _possessive_have_got(tok):
            yield site(Replace(tok.i, "gotten"))


# --------------------------------------------------------------------------- 146 verbal_ing_suffix

# The modal before which a bare infinitive is reported with -ing (I can driving now): the
# ability modal; other modals (*would remaining*, *will coming*) are not reported.
ING_MODALS = frozenset({"can"})
# Perception and other non-activity verbs: *I can seeing it* is not the reported pattern.
NON_ACTIVITY_VERBS = frozenset({"see", "hear", "feel", "smell", "taste", "get", "go", "come",
                                "say", "tell", "be", "wait", "help", "stand", "afford"})
# Verbs with an object + past participle complement (want my hair cut -> cutting).
CAUSATIVE_NEED_VERBS = frozenset({"want", "need"})


def _bare_after_modal(tok: Token) -> bool:
    """A lexical infinitive after a modal in a declarative clause (*I can drive*)."""
    lemma = tok.lemma_.lower()
    if tok.tag_ != "VB" or tok.pos_ != "VERB" or lemma in FUNCTION_VERBS:
        return False
    if lemma in NON_ACTIVITY_VERBS or lemma in wordlist("progressive_stative_verbs"):
        return False
    modal = next((c for c in children(tok) if c.dep_ == "aux" and c.tag_ == "MD"), None)
    if modal is None or modal.lemma_.lower() not in ING_MODALS:
        return False
    if any(c.dep_ in ("aux", "auxpass") and c.i > modal.i or c.dep_ == "neg"
           for c in children(tok)):
        return False  # can be seen, can't wait
    subj = subject_of(tok)
    return subj is not None and subj.i < modal.i


def _participle_after_need(tok: Token) -> bool:
    """*want/need* + object + past participle: *I need my hair cut*."""
    if tok.tag_ != "VBN" or tok.dep_ != "ccomp" or tok.head.lemma_ not in CAUSATIVE_NEED_VERBS:
        return False
    if any(c.dep_ in ("aux", "auxpass") for c in children(tok)):
        return False
    subj = next((c for c in children(tok) if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subj is not None and subj.i < tok.i and subj.pos_ in ("NOUN", "PROPN")


@rule(
    146, "verbal_ing_suffix", "Verb Morphology",
    tags={"VB", "VBN"},
    examples=[
        ("I can drive now.", "I can driving now."),
        ("She said that she can swim well.", "She said that she can swimming well."),
        ("He wants his hair cut.", "He wants his hair cutting."),
        ("My brother can cook, and I can bake.", "My brother can cooking, and I can baking."),
    ],
    negatives=[
        "Can you drive?",
        "It can be done.",
        "I want to drive.",
        "He could have won.",
        "You should be careful.",
        "We will call you tomorrow.",
        "I can't wait to see it.",
        "I can see the lake from here.",
    ],
)
def verbal_ing_suffix(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """-ing on verb forms other than the participle/gerund: *I can driving now* (activity verb
    after ability *can*), *he wants his hair cutting* (past participle after *want/need* +
    object). Affirmative declaratives only; other modals, statives and perception verbs,
    *be/have/do*, passives and perfects are left, as the reported pattern does not cover them."""
    for tok in index.tag("VB", "VBN"):
        if _bare_after_modal(tok) or _participle_after_need(tok):
            form = inflect_verb(lemma_of(tok), "VBG")
            if form and form.lower() != tok.lower_:
                yield site(Replace(tok.i, form))


# ------------------------------------------------------------------- 148, 149, 150 serial verbs

OBJECT_PRONOUNS = frozenset({"me", "us", "you", "him", "her", "them"})


def _prep_after_object(verb: Token, preps: tuple[str, ...]) -> Token | None:
    """The preposition right after the direct object of ``verb`` (attached to the verb or
    to the object): *buy [a book] for me*, *take [the bus] to Kingston*."""
    obj = object_of(verb)
    if obj is None or obj.i < verb.i:
        return None
    nxt_i = obj.right_edge.i + 1
    if nxt_i >= len(verb.doc):
        return None
    prep = verb.doc[nxt_i]
    if prep.lower_ not in preps or prep.head.i not in (verb.i, obj.i):
        return None
    if prep.dep_ not in ("prep", "dative"):
        return None
    return prep


def _prep_object(prep: Token) -> Token | None:
    pobj = next((c for c in children(prep) if c.dep_ == "pobj"), None)
    if pobj is None or pobj.right_edge.i + 1 < len(prep.doc) and any(
            c.dep_ in ("relcl", "acl") for c in children(pobj)):
        return None
    return pobj


def is_person(noun: Token) -> bool:
    """A personal pronoun, or a noun/name whose main sense is a person (WordNet)."""
    if noun.lower_ in OBJECT_PRONOUNS:
        return True
    if noun.tag_ == "PRP":
        return False
    return noun.lemma_.lower() in wordlist("person_nouns_wordnet")


def is_place(noun: Token) -> bool:
    """A common noun that is not a person, with a determiner (*the airport*, *my office*) or a
    bare destination noun (*school*, *work*); a bare noun after *to* is often a misparsed verb."""
    if noun.pos_ != "NOUN" or is_person(noun):
        return False
    if any(c.dep_ in ("det", "poss") for c in children(noun)):
        return True
    return noun.lemma_.lower() in wordlist("bare_destination_nouns")


@rule(
    148, "serial_verb_give", "Verb Morphology",
    deps={"dobj"},
    examples=[
        ("Buy a book for me.", "Buy a book give me."),
        ("Can you send the file to me?", "Can you send the file give me?"),
        ("She cooked dinner for her mother, and he brought flowers to her.",
         "She cooked dinner give her mother, and he brought flowers give her."),
        ("I wrote a letter to my teacher.", "I wrote a letter give my teacher."),
    ],
    negatives=[
        "Give the book to me.",
        "He took the bus to Kingston.",
        "I bought a present for the party.",
        "She sold her car for ten dollars.",
        "They waited for me.",
    ],
)
def serial_verb_give(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Serial *give* for the recipient/beneficiary *to/for*: *carry book give me* 'give the
    book to me', *buy a book give me*. Verbs of transfer or making (buy, bring, send, cook
    ...) with a direct object followed by *to/for* + a person (pronoun or person noun);
    *for* + thing (*for the party*, *for ten dollars*) is purpose or price, not a recipient."""
    verbs = wordlist("serial_give_verbs")
    for verb in index.by_pos.get("VERB", ()):
        if verb.lemma_.lower() not in verbs:
            continue
        prep = _prep_after_object(verb, ("to", "for"))
        pobj = _prep_object(prep) if prep is not None else None
        if pobj is not None and is_person(pobj):
            yield site(Replace(prep.i, "give"))


@rule(
    149, "serial_verb_go", "Verb Morphology",
    deps={"dobj", "conj"},
    examples=[
        ("Are you taking the bus to the city?", "Are you taking the bus go the city?"),
        ("He took the kids to school.", "He took the kids go school."),
        ("We sent the car to the garage because it broke down.",
         "We sent the car go the garage because it broke down."),
        ("Go and buy some bread.", "Go buy some bread."),
        ("I will go and see my grandmother.", "I will go see my grandmother."),
        ("Can you go and get the car?", "Can you go get the car?"),
    ],
    negatives=[
        "Take the book to your mother.",
        "He took the bus to Kingston.",
        "She sent a letter to me.",
        "I went to school.",
        "It took two hours to finish.",
        "He went and bought some bread.",
        "They go to school and study hard.",
        "Go and come back soon.",
    ],
)
def serial_verb_go(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Serial *go* for movement away to a destination: *take di bos go Kingstan* 'take the
    bus to Kingston'. Verbs of carrying/conveying (take, carry, send, drive ...) with a direct
    object and *to* + a common-noun place. Names are skipped: without entity recognition a
    place (*Kingston*) cannot be told from a person (*John*), for whom *go* would be wrong.
    Also the motion-and-purpose *go and V* of a bare *go* (*go and buy some bread* -> *go buy
    some bread*); a past *went and bought* would need both verbs bare, and *go and come*
    is two movements, not one, so these stay."""
    yield from _go_and_sites(index)
    verbs = wordlist("serial_go_verbs")
    for verb in index.by_pos.get("VERB", ()):
        if verb.lemma_.lower() not in verbs:
            continue
        obj = object_of(verb)
        if obj is None or obj.lemma_.lower() in wordlist("duration_nouns"):
            continue  # it took two hours to ...
        prep = _prep_after_object(verb, ("to",))
        pobj = _prep_object(prep) if prep is not None else None
        if pobj is not None and is_place(pobj):
            yield site(Replace(prep.i, "go"))


def _go_and_sites(index: DocIndex) -> Iterator[Site]:
    """*go and V* with a bare *go* and the second verb bare too: the *and* goes."""
    words = index.words
    for go in index.by_lemma.get("go", ()):
        i = go.i
        if go.tag_ not in ("VB", "VBP") or i + 2 >= len(words) or words[i + 1].lower() != "and":
            continue
        verb = index.tokens[i + 2]
        if verb.head.i != i or verb.dep_ != "conj" or verb.tag_ != go.tag_ or verb.lemma_ in ("go", "come"):
            continue
        yield site(Delete(i + 1))


TOWARDS_ADVERBS = frozenset({"back", "here", "over"})


def _towards_adverb(verb: Token) -> Token | None:
    """The first *back/here/over* after the object of ``verb`` (particle or adverb)."""
    obj = object_of(verb)
    if obj is None or obj.i < verb.i:
        return None
    for tok in verb.doc[obj.right_edge.i + 1: obj.right_edge.i + 2]:
        if tok.lower_ in TOWARDS_ADVERBS and tok.dep_ in ("prt", "advmod") and (
                tok.head.i == verb.i or tok.head.head.i == verb.i):
            return tok
    return None


@rule(
    150, "here_come", "Verb Morphology",
    deps={"dobj"},
    examples=[
        ("Bring them back.", "Bring them come."),
        ("Can you bring the chairs back here?", "Can you bring the chairs come here?"),
        ("They brought the package over, and she handed it back.",
         "They brought the package come, and she handed it come."),
    ],
    negatives=[
        "Take it back.",
        "Bring your book to class.",
        "He came back.",
        "She brought it back to the store.",
        "I had to send it back.",
    ],
)
def here_come(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Serial *come* for movement towards the speaker: *den bring den kam* 'they brought them
    back'. The *back/here/over* right after the object of a verb of conveying (bring, carry,
    send ...) becomes *come*; *take back* (away from the speaker) and *back to* + a place
    (a destination elsewhere) are left alone."""
    verbs = wordlist("serial_come_verbs")
    for verb in index.by_pos.get("VERB", ()):
        if verb.lemma_.lower() not in verbs:
            continue
        adverb = _towards_adverb(verb)
        if adverb is None:
            continue
        nxt = doc[adverb.i + 1] if adverb.i + 1 < len(doc) else None
        if nxt is not None and nxt.lower_ in ("to", "into", "from"):
            continue
        yield site(Replace(adverb.i, "come"))


# -------------------------------------------------------------------------------- 153 give_passive


def _agent_phrase(verb: Token) -> tuple[Token, Token] | None:
    """The *by* and its object when the agent phrase follows the verb directly."""
    agent = next((c for c in children(verb) if c.dep_ == "agent" and c.lower_ == "by"), None)
    if agent is None or agent.i != verb.i + 1:
        return None
    pobj = next((c for c in children(agent) if c.dep_ == "pobj"), None)
    if pobj is None or any(c.dep_ in ("prep", "relcl", "acl") for c in children(pobj)):
        return None  # "by a dog in the park": the modifier would end up inside the new clause
    return agent, pobj


def _simple_passive_aux(verb: Token) -> Token | None:
    """The single finite *was/were/is/are* of a plain passive with its subject before it: no
    modal, perfect, negation or inversion (*wasn't*, *was he ...?*)."""
    auxes = [c for c in children(verb) if c.dep_ in ("aux", "auxpass", "neg")]
    if len(auxes) != 1 or auxes[0].dep_ != "auxpass" or auxes[0].lemma_ != "be":
        return None
    aux = auxes[0]
    if aux.tag_ not in ("VBD", "VBZ", "VBP") or aux.i + 1 != verb.i:
        return None
    subj = next((c for c in children(verb) if c.dep_ == "nsubjpass"), None)
    if subj is None or subj.i > aux.i or subj.tag_ in ("WP", "WDT"):
        return None
    return aux


@rule(
    153, "give_passive", "Verb Morphology",
    deps={"agent"},
    examples=[
        ("John was scolded by his boss.", "John give his boss scold."),
        ("My brother was bitten by a dog yesterday.", "My brother give a dog bite yesterday."),
        ("I think she was cheated by the shopkeeper, and he was punished by the teacher.",
         "I think she give the shopkeeper cheat, and he give the teacher punish."),
    ],
    negatives=[
        "The book was written by Tolstoy.",
        "John wasn't scolded by his boss.",
        "Was John scolded by his boss?",
        "John was scolded.",
        "He might be punished by the school.",
        "The man was attacked by a dog in the park.",
    ],
)
def give_passive(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The *give* passive of colloquial Singapore/Malaysian English, NP1 (patient) + *give* +
    NP2 (agent) + V: *John give his boss scold* 'John was scolded by his boss'. The construction
    reports events adverse to the patient, so only passives of adverse-action verbs (scold,
    bite, cheat ...) with a *by* agent right after the verb; *give* and the verb stay bare, as in
    the variety. Negated, modal, perfect and inverted passives are left alone."""
    verbs = wordlist("adversative_passive_verbs")
    for verb in index.by_tag.get("VBN", ()):
        lemma = verb.lemma_.lower()
        if lemma not in verbs:
            continue
        aux = _simple_passive_aux(verb)
        agent = _agent_phrase(verb) if aux is not None else None
        base = base_form(lemma)
        if agent is None or not base:
            continue
        by, pobj = agent
        yield site(Replace(aux.i, "give"), Move(pobj.left_edge.i, pobj.right_edge.i + 1, verb.i),
                   Delete(by.i), Replace(verb.i, base))
