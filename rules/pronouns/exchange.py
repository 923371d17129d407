"""Pronoun exchange (eWAVE 5-9, 29-31): one pronoun's form in another's place: *'em* for
*he*/*him*, *me* or *myself* in coordinate subjects, the benefactive dative, *us* for *me*,
subject and object forms swapped."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.antecedents import (
    PRONOUN_GENDER, is_animate, is_concrete_thing, same_referent_groups, semantic_head,
)
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Insert, Move, Replace, Site, site
from multivalue_cli.engine.it_classifier import (
    NON_REFERENTIAL, classify_it, has_visible_antecedent, referential_antecedent,
)
from multivalue_cli.engine.morphology import singular_agreement_word
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS, children, finite_clause
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    OBJECT_DEPS, absolute_object, after_listed_noun, conjuncts_of, is_coordinated, next_lower,
    subtree_span,
)


# Clitics a pronoun may host; only "'ll" reads naturally after an object form (*us'll do it*).
_CLITICS = frozenset({"'m", "'re", "'s", "'ve", "'d", "'ll", "’m", "’re", "’s", "’ve", "’d", "’ll"})


@rule(
    "me_coordinate_subjects",
    lemmas={"i"},
    deps={"conj"},
    examples=[
        ("My brother and I were late.",
         ["Me and my brother were late.", "My brother and me were late."]),
        ("Yesterday John and I went to the market.",
         ["Yesterday me and John went to the market.",
          "Yesterday John and me went to the market."]),
        ("Can you and I talk later?", ["Can me and you talk later?", "Can you and me talk later?"]),
        ("I and my wife don't eat meat.", "Me and my wife don't eat meat."),
        ("Both my wife and I love it.", "Both my wife and me love it."),
        ("Tom, Mary and I will come.", "Tom, Mary and me will come."),
    ],
    negatives=[
        "I was late.",
        "She invited my brother and me.",
        "This is between you and me.",
        "My brother and my sister were late.",
        "I came home and I slept.",
        "Neither she nor I knew the answer.",
        # a clause the parser hangs on the subject *I* is no coordinated subject
        "I ' m a big soccer fan , but I hate the referees so much I ca n ' t even watch games .",
    ],
)
def me_coordinate_subjects(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Me* for *I* in a coordinated subject: *me and my brother* / *my brother and me were late*.
    Only the nominative *I* inside a coordination that is the subject of a clause; when *I* is the
    last of exactly two conjuncts joined by *and*, the variant with *me* moved to the front is
    offered too (not after *both*, where it would break the correlative)."""
    for tok in index.by_lemma.get("i", ()):
        if tok.text != "I" or not is_coordinated(tok):
            continue  # a clause the parser hung on *I* (*I'm a fan, but I hate ...*) is no
            # coordinated subject
        if tok.dep_ in NOMINAL_SUBJECT_DEPS:
            yield site(Replace(tok.i, "me"))  # "I and my wife" -> "me and my wife"
            continue
        if tok.dep_ != "conj":
            continue
        head = tok.head
        while head.dep_ == "conj":
            head = head.head
        if head.dep_ not in NOMINAL_SUBJECT_DEPS:
            continue
        replace = (Replace(tok.i, "me"),)
        conjuncts = conjuncts_of(head)
        cc = [c for c in children(head) if c.dep_ == "cc"]
        fronting: list[tuple] = []
        span = subtree_span(head)
        if not cc or any(c.lower_ != "and" for c in cc):
            continue  # "neither she nor I"
        if (
            len(conjuncts) == 2 and conjuncts[1] == tok and len(cc) == 1
            and cc[0].i == tok.i - 1 and span is not None and span[1] == cc[0].i
            and not any(c.dep_ == "preconj" for c in children(head))
            and not after_listed_noun(doc, span[0])
        ):
            start = span[0]
            fronting.append((Replace(tok.i, "me"), Move(tok.i, tok.i + 1, start),
                             Move(cc[0].i, cc[0].i + 1, start)))
        yield site(*fronting[0], alternatives=(replace,)) if fronting else site(*replace)


# ---------------------------------------------------------------------------- 9 benefactive_dative

# Verbs of obtaining and creating, which take a benefactive "for oneself" object (not *find*
# or *catch*, whose discovery sense reads oddly: "she found her a wallet on the street").
BENEFACTIVE_VERBS = frozenset(
    "get buy build bake cook grab order rent pour knit sew make fix purchase earn win hire book "
    "fetch brew fry grill roast pick catch".split())
# Verbs of obtaining or creating that are also light verbs (*make a decision*, *get a cold*):
# a personal dative only with an object that is a concrete thing.
LIGHT_BENEFACTIVE_VERBS = frozenset({"make", "get"})
# The personal dative for each subject pronoun.
DATIVE_FOR_SUBJECT = {
    "i": "me", "we": "us", "you": "you", "he": "him", "she": "her", "they": "them",
}
INDEFINITE_DETS = frozenset({"a", "an", "some", "another"})


def _controlling_subject(verb: Token) -> Token | None:
    """The subject of ``verb``, or of the verb whose infinitive complement it is."""
    for _ in range(3):
        subj = next((c for c in children(verb) if c.dep_ == "nsubj"), None)
        if subj is not None:
            return subj
        if verb.dep_ in ("xcomp", "conj"):
            verb = verb.head
        else:
            return None
    return None


def _has_for_beneficiary(verb: Token, obj: Token) -> bool:
    """A *for*-phrase on the verb or object, which may name another beneficiary."""
    return any(c.dep_ == "prep" and c.lower_ == "for" for t in (verb, obj) for c in children(t))


def _indefinite_object(verb: Token) -> Token | None:
    """A direct object that names a new thing: introduced by an indefinite determiner or a
    number (*a new car*, *two tickets*), or a bare plural (*new shoes*). Not people (*I got
    two new neighbours* is no obtaining for oneself) nor a *catch* that is no thing caught
    (*catch a cold*)."""
    objs = [c for c in children(verb) if c.dep_ == "dobj"]
    if len(objs) != 1 or objs[0].pos_ != "NOUN":
        return None
    obj = objs[0]
    animal = obj.lemma_.lower() in wordlist("animal_nouns")
    if is_animate(obj) is True or (is_animate(obj) is None and not animal):
        return None
    if verb.lemma_.lower() in LIGHT_BENEFACTIVE_VERBS and not animal and not (
            is_concrete_thing(semantic_head(obj)) or is_concrete_thing(obj)):
        return None  # *make a discovery/plans/an appointment*, *get a discount/headaches*:
        # no thing made or got for oneself, the verb is light or the object happens to one
    if not all(t.pos_ in ("ADV", "PART") for t in obj.doc[verb.i + 1:obj.left_edge.i]) or obj.left_edge.i <= verb.i:
        return None  # the object's phrase does not start after the verb (a misparse)
    if verb.lemma_.lower() == "catch" and not animal:
        return None  # "catch a cold", "catch a bus"; "I caught me a fish"
    first = obj.left_edge
    if first.lower_ in INDEFINITE_DETS or first.like_num:
        return obj
    if obj.tag_ == "NNS" and not any(c.dep_ in ("det", "poss", "nummod") for c in children(obj)):
        return obj
    return None


@rule(
    "benefactive_dative",
    lemmas=BENEFACTIVE_VERBS,
    deps={"dobj"},
    examples=[
        ("I got a new car.", "I got me a new car."),
        ("She bought a red dress.", "She bought her a red dress."),
        ("We want to rent a nice house.", "We want to rent us a nice house."),
        ("Did they build a new garage?", "Did they build them a new garage?"),
        ("He didn't cook a proper meal.", "He didn't cook him a proper meal."),
        ("I'm going to make a cake.",
         "I'm going to make me a cake."),
        ("We should get a new shelf.",
         "We should get us a new shelf."),
        ('She wants to buy new shoes.',
         'She wants to buy her new shoes.'),
        ('We caught a big fish.',
         'We caught us a big fish.'),
        ('He won two tickets to the game.',
         'He won him two tickets to the game.'),
    ],
    negatives=[
        "I got the message.",
        "She bought a gift for her mother.",
        "I've got a question.",
        "My brother bought a new car.",
        "I bought my son a bike.",
        "He got it.",
        "She found a wallet on the street.",
        'I got two new neighbours last month.',
        'She caught a cold.',
        'We made the bed.',
        'They hired a new teacher.',
        # light verbs and things that happen to the subject: no thing got for oneself
        'She made a discovery in the lab.',
        'We made plans to travel in May.',
        'I got a headache after lunch.',
        'He gets a discount on shoes.',
    ],
)
def benefactive_dative(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Personal dative: a pronoun coreferent with the subject before the object of a verb of
    obtaining or creating (*I got me a new car*). Only pronoun subjects (a noun subject leaves
    *him/her* ambiguous), indefinite objects, no existing dative or *for*-beneficiary, and not
    possessive *have got*."""
    for verb in index.lemma(*BENEFACTIVE_VERBS):
        if verb.pos_ != "VERB" or any(
            c.dep_ in ("dative", "iobj", "prt", "ccomp", "xcomp", "auxpass", "nsubjpass")
            for c in children(verb)
        ):
            continue
        if verb.tag_ == "VBN" and any(c.lemma_ == "have" for c in children(verb) if c.dep_ == "aux"):
            continue
        obj = _indefinite_object(verb)
        subj = _controlling_subject(verb)
        if obj is None or subj is None or _has_for_beneficiary(verb, obj):
            continue
        dative = DATIVE_FOR_SUBJECT.get(subj.lower_)
        if dative is None:
            continue
        yield site(Insert(obj.left_edge.i, dative))


def _em_subject(tok: Token) -> bool:
    """A subject *he*/*she*, or a subject *it* with a thing to refer to in the text before
    it."""
    if tok.dep_ not in NOMINAL_SUBJECT_DEPS:
        return False
    if tok.lower_ != "it":
        return not any(c.dep_ == "aux" and c.tag_ == "TO" for c in children(tok.head)) \
            and not _beside_gendered_pronoun(tok)
    # *waiting for it to be brought down*, *get it fixed*: the subject of an infinitive or a
    # participle stands where object forms go (*he*/*she* show their case; *it* does not)
    return finite_clause(tok.head) and has_visible_antecedent(tok)


def _beside_gendered_pronoun(tok: Token) -> bool:
    """*he or she*, *she and he*: a conjunct of another gendered pronoun, which would stay
    beside *em* (*em or she is healthy*)."""
    conjuncts = [tok.head] if tok.dep_ == "conj" else []
    conjuncts += [c for c in children(tok) if c.dep_ == "conj"]
    return any(c.lower_ in PRONOUN_GENDER and c.tag_ == "PRP" for c in conjuncts)


def _em_edits(tok: Token) -> tuple:
    """*em* for the subject ``tok``, and its agreeing verb claimed as it stands (a site that
    rewords it excludes this one): *keep* would still let another feature make *em charges*
    *em charge*, which reads as *'em* 'them'."""
    agreeing = singular_agreement_word(tok)
    return (Replace(tok.i, "em"), *(() if agreeing is None else (Replace(agreeing.i, agreeing.text),)))


@rule(
    "em_subj_pronoun",
    lemmas={"he", "she", "it"},
    deps=NOMINAL_SUBJECT_DEPS,
    examples=[
        ("He works at the bank.", "Em works at the bank."),
        ("I think she's right: the radio is old, but it still works.",
         "I think em's right: the radio is old, but em still works."),
        ("Does he know where the keys are?", "Does em know where the keys are?"),
        ("When the car stopped, it was making a noise.",
         "When the car stopped, em was making a noise."),
        ('The bike is old, but it still works.',
         'The bike is old, but em still works.'),
        ('She sings well.',
         'Em sings well.'),
        ('My laptop fell off the desk. Is it broken?',
         'My laptop fell off the desk. Is em broken?'),
        # the subject pronouns of one person change together
        ("She said that she would call after she landed.",
         "Em said that em would call after em landed."),
        ("My phone makes a noise when it needs charging.",
         "My phone makes a noise when em needs charging."),
        ("Where is the parcel? Did it arrive on time?",
         "Where is the parcel? Did em arrive on time?"),
        ("Our van is old, but it starts, and it rarely breaks.",
         "Our van is old, but em starts, and em rarely breaks."),
    ],
    negatives=[
        "It is raining again.",
        "It is important to read the manual.",
        "It seems that the shop closed.",
        "They saw him and her.",
        "It was John who called.",
        "We waited for it to stop.",
        "It snowed ten inches last night.",
        'It turns out the shop was closed.',
        'It was her birthday.',
        'It happened last week.',
        # a situational *it* with no thing before it to refer to: *em* would read as 'them'
        "How much does it cost to park downtown for a day?",
        "How did it go at the dentist yesterday?",
        "Is it broken?",
        "What type of engine is it?",  # a noun of its own clause is no antecedent
        # the generic *he or she*: *em or she* would mix the two
        "Check whether he or she has a valid ticket.",
        # the same person keeps a gendered object or possessive form: *em* beside *her*
        # would read as someone else
        "Maria lent her bike to a friend, so she walked to work.",
        "If he calls, tell him the meeting moved.",
    ],
)
def em_subj_pronoun(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """One third person singular subject pronoun *em* for *he*, *she* and *it*. Subjects only
    (objects are feature 6). *It* only when it has a thing to refer to in the text before it
    (not weather, raising, extraposition or cleft *it*, which creoles with *em* express
    differently, nor the situational *it* of *how much does it cost?*); the subject *it*s of
    one antecedent change together. The subject pronouns of one person change together, and
    only when none of that person's object or possessive forms (*him*, *his*, *her*) is in the
    text: *em* beside them reads as another referent. *Em* reads as *'em* 'them' unless its
    verb shows the singular: each site holds the agreeing verb as it stands (*em charges*, not
    *em charge* with another feature's bare verb)."""
    things: dict[int, list[Token]] = {}  # the subject *it*s of one antecedent change together
    for tok in index.form("it"):
        if _em_subject(tok):
            ante = referential_antecedent(tok)
            things.setdefault(tok.i if ante is None else -1 - ante.i, []).append(tok)
    for its in things.values():
        yield site(*(op for tok in its for op in _em_edits(tok)))
    pronouns = index.form(*PRONOUN_GENDER)  # he, him, his, himself, she, her, hers, herself
    for group in same_referent_groups(pronouns):
        if all(tok.lower_ in ("he", "she") and _em_subject(tok) for tok in group):
            yield site(*(op for tok in group for op in _em_edits(tok)))


def _object_pronoun(tok: Token) -> bool:
    """*him/her/it* as the object of a verb or preposition (not possessive *her*)."""
    if tok.tag_ != "PRP" or tok.dep_ not in OBJECT_DEPS:
        return False
    if tok.lower_ == "it":
        verb = tok.head
        if any(c.dep_ in ("ccomp", "xcomp", "oprd") and c.i > tok.i for c in children(verb)):
            return False
        return classify_it(tok).kind not in NON_REFERENTIAL
    return True


substitution_rule(
    "em_obj_pronoun",
    {"him": "om", "her": "om", "it": "om"},
    where=_object_pronoun,
    doc="""One third person singular object pronoun *om* for *him*, *her* and *it* (the eWAVE form):
    objects of verbs and prepositions; possessive *her* and the dummy *it* of *find it hard to*
    are left alone.""",
    lemmas={"he", "she", "it"},
    deps=OBJECT_DEPS,
    examples=[
        ("I saw her at the market.", "I saw om at the market."),
        ("Give him the book and tell him it's late.",
         "Give om the book and tell om it's late."),
        ("Did you fix it before you left?", "Did you fix om before you left?"),
        ("We waited for him, but he didn't come.", "We waited for om, but he didn't come."),
        ('I found the key and used it.',
         'I found the key and used om.'),
        ('Tell her the truth.',
         'Tell om the truth.'),
        ('We bought a lamp and fixed it.',
         'We bought a lamp and fixed om.'),
    ],
    negatives=[
        "Her car is red.",
        "He left early.",
        "I find it hard to believe.",
        "They helped us.",
        'Stop overdoing it.',
        'They hit it off at once.',
    ],
)


# ===================================================================== coordinated first person


def _first_person_in_coordinated_subject(tok: Token) -> bool:
    """*I* as a conjunct of a subject, or as the subject heading a coordination of noun
    phrases (not a clause the parser hung on *I*: *I'm a fan, but I hate ...*)."""
    if tok.text != "I" or not is_coordinated(tok):
        return False
    if tok.dep_ in NOMINAL_SUBJECT_DEPS:
        return True
    if tok.dep_ != "conj":
        return False
    head = tok.head
    while head.dep_ == "conj":
        head = head.head
    return head.dep_ in NOMINAL_SUBJECT_DEPS


substitution_rule(
    "myself_coordinate_subjects",
    {"i": ("myself", "meself")},
    where=_first_person_in_coordinated_subject,
    doc="""*Myself/meself* for *I* in a coordinated subject (*my husband and myself were late*);
    the position of *I* in the coordination is kept.""",
    lemmas={"i"},
    deps={"conj"},
    examples=[
        ("My brother and I were late.",
         ["My brother and myself were late.", "My brother and meself were late."]),
        ("I and my wife don't eat meat.",
         ["Myself and my wife don't eat meat.", "Meself and my wife don't eat meat."]),
        ("Did you know that Sarah and I met in Paris?",
         ["Did you know that Sarah and myself met in Paris?",
          "Did you know that Sarah and meself met in Paris?"]),
        ("After dinner, my cousin and I washed the dishes.",
         ["After dinner, my cousin and myself washed the dishes.",
          "After dinner, my cousin and meself washed the dishes."]),
    ],
    negatives=[
        "I was late.",
        "She invited my brother and me.",
        "I came home and I slept.",
        # a clause the parser hangs on the subject *I* is no coordinated subject
        "I ' m a big soccer fan , but I hate the referees so much I ca n ' t even watch games .",
    ],
)


substitution_rule(
    "me_us",
    {"me": "us"},
    where=absolute_object,
    doc="""*Us* for a singular *me* as object: *show us them boots*. Requests only (imperatives and
    *can/could/will/would you ...?*), where the form is established; not *let me* (which would
    read as *let's*) and not in coordinations.""",
    lemmas={"i"},
    deps=OBJECT_DEPS,
    examples=[
        ("Give me that.", "Give us that."),
        ("Show me those boots, please.", "Show us those boots, please."),
        ("Can you tell me where the station is?", "Can you tell us where the station is?"),
        ("Pass the salt to me and pour the tea.", "Pass the salt to us and pour the tea."),
    ],
    negatives=[
        "Let me go.",
        "He gave me a book.",
        "Give my brother and me a minute.",
        "Did you see me?",
    ],
)


OBJECT_TO_SUBJECT = {"me": "I", "him": "he", "her": "she", "us": "we", "them": "they"}
SUBJECT_TO_OBJECT = {"i": "me", "he": "him", "she": "her", "we": "us", "they": "them"}
# After these the subject form is standard in formal English (*taller than I*), not dialectal.
COMPARATIVE_PREPS = frozenset({"than", "as", "but", "except"})


def _uncoordinated_object(tok: Token) -> bool:
    """A personal pronoun as the object of a verb or preposition, not in a coordination, and
    not after comparative *than/as* (nor possessive *her*, which is no PRP)."""
    if tok.tag_ != "PRP" or tok.dep_ not in OBJECT_DEPS or is_coordinated(tok):
        return False
    return tok.dep_ != "pobj" or tok.head.lower_ not in COMPARATIVE_PREPS


substitution_rule(
    "non_coordinated_subj_obj",
    OBJECT_TO_SUBJECT,
    where=_uncoordinated_object,
    doc="""Subject forms in object function, outside coordinations: *they knowed I*, *get he out of
    bed*. Objects of verbs and prepositions; not possessive *her*, *let's*, the subject of a
    small clause (*let me see*) or after comparative *than/as*.""",
    lemmas={"i", "he", "she", "we", "they"},
    deps=OBJECT_DEPS,
    examples=[
        ("You got him out of bed in the middle of the night.",
         "You got he out of bed in the middle of the night."),
        ("If I didn't know them, they knew me.", "If I didn't know they, they knew I."),
        ("Did you give it to her?", "Did you give it to she?"),
        ("We told us a story.", "We told we a story."),
    ],
    negatives=[
        "Let's go.",
        "I saw John and her.",
        "Her car is red.",
        "She is taller than me.",
        "Let me see.",
    ],
)


def _uncoordinated_subject(tok: Token) -> bool:
    """A personal pronoun subject, not in a coordination, not before a clitic other than
    *'ll* and not the *I* of *I am*, *aren't I?* (forms that agree with *I* only)."""
    if tok.tag_ != "PRP" or tok.dep_ not in NOMINAL_SUBJECT_DEPS or is_coordinated(tok):
        return False
    if tok.lower_ == "i" and tok.text != "I":
        return False
    nxt = next_lower(tok)
    if nxt in _CLITICS and nxt not in ("'ll", "’ll"):
        return False
    return not (tok.lower_ == "i" and tok.head.lower_ in ("am", "are", "'m", "’m"))


substitution_rule(
    "non_coordinated_obj_subj",
    SUBJECT_TO_OBJECT,
    where=_uncoordinated_subject,
    doc="""Object forms in subject function, outside coordinations: *us'll do it*, *what did 'em call
    it?*. Not before the clitics *'m/'re/'s/'ve/'d*, which fuse with the subject form only.""",
    lemmas=set(SUBJECT_TO_OBJECT),
    deps=NOMINAL_SUBJECT_DEPS,
    examples=[
        ("We'll do it.", "Us'll do it."),
        ("They say she is dry.", "Them say her is dry."),
        ("What did they call it?", "What did them call it?"),
        ("I went home because he was tired.", "Me went home because him was tired."),
    ],
    negatives=[
        "I'm tired.",
        "I am late, aren't I?",
        "They're here.",
        "John and I left.",
        "Give it to them.",
    ],
)
