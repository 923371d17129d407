"""Past marking (eWAVE 103, 111, 112): unstressed *do* as tense marker, *been* as past or
anterior marker, and anterior *had* + bare root."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Insert, Op, Replace, Site, site
from multivalue_cli.engine.morphology import (
    after_auxiliary, agreement_subject, inflect_verb, is_clitic,
    lemma_of, not_a_past_form, verb_read_as_noun,
)
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    SUBJECT_DEPS, absolute_participle, bare_adjective, object_of_imperative_as_subject,
    participle_of_bare_question_be, participle_premodifier,
    children, direct_subject, morph_values, recent_time, stranded_do, subject_of, wh_subject_question,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    NOT_COMPLETABLE, STATIVE_VERBS, condition_or_time_clause, do_form, find_perfects,
    in_temporal_clause, is_duration_for, is_irrealis, participle_ops, present_in_past_form, preverbal_start,
    under_hypothesis,
)


# The tags of the simple present and past, the ones finite_lexical is asked about.
SIMPLE_TENSE_TAGS = ("VBD", "VBZ", "VBP")
# Where finite_lexical keeps its result for a document, as positions (see _PERFECTS_KEY).
_FINITE_LEXICAL_KEY = "multivalue.tense_aspect.finite_lexical"


def finite_lexical(index: DocIndex, tags: tuple[str, ...]) -> list[tuple[Token, Token]]:
    """``(verb, subject)`` for lexical verbs in a simple tense (no auxiliary) with the
    subject before them: *I went*, *she owns*. Not *used to*, not copular *be*. ``tags`` are
    some of SIMPLE_TENSE_TAGS; the verbs of all three are found once per document."""
    if not set(tags).issubset(SIMPLE_TENSE_TAGS):
        return list(_finite_lexical(index, tags))  # not what the cache holds
    user_data = index.doc.user_data
    found = user_data.get(_FINITE_LEXICAL_KEY)
    if found is None:
        found = user_data[_FINITE_LEXICAL_KEY] = [
            (verb.i, subj.i) for verb, subj in _finite_lexical(index, SIMPLE_TENSE_TAGS)]
    tokens, tag_of = index.tokens, index.tag_of
    return [(tokens[verb], tokens[subj]) for verb, subj in found if tag_of[verb] in tags]


def _finite_lexical(index: DocIndex, tags: tuple[str, ...]) -> Iterator[tuple[Token, Token]]:
    """The pairs of finite_lexical, worked out."""
    pos_of = index.pos_of
    for verb in index.tag(*tags):
        i = verb.i
        if pos_of[i] != "VERB" or "Fin" not in index.morph_values(i, "VerbForm"):
            continue
        verb_children = index.children(i)
        if any(c.dep_ in ("aux", "auxpass") for c in verb_children):
            continue
        if verb.lemma_ == "use" and any(c.dep_ == "xcomp" for c in verb_children):
            continue
        if is_clitic(verb):
            continue  # *'s*, *'d*, *'ve* are *be*/*have*, whatever lemma the parser gives
        if _run_on_subjects(index, [c for c in verb_children if c.dep_ in SUBJECT_DEPS]):
            continue  # nouns strung around a noun taken for a verb (*superheroes kids videos*)
        if verb.lemma_ == "do" and index.in_question(i):
            continue  # *how many dollars did each pack cost?*: do-support taken for the verb
        if index.in_question(i) and _stranded_inverted_be(verb.sent.root):
            continue  # *when was the word first recorded?*: the participle of an inverted *was*
        if absolute_participle(verb) or object_of_imperative_as_subject(verb) \
                or participle_premodifier(verb):
            continue  # participles: *with his eyes closed*, *find the trains departed from X*,
            # *get company provided training*
        if not _shares_finite_verb_group(verb):
            continue  # *is digested, absorbed and then carried*: a participle like its first conjunct
        subj = subject_of(verb)
        if subj is None or subj.i > i:
            continue
        if bare_adjective(subj):
            continue  # no noun phrase: a misparse
        yield verb, subj


def _stranded_inverted_be(root: Token) -> bool:
    """An inverted *was/is* with its subject and nothing to predicate of it (*when was the
    version first recorded?*): the parser has taken its participle for a past tense in a
    clause of its own."""
    if root.lemma_ != "be" or root.pos_ != "AUX":
        return False
    subj = direct_subject(root)
    return subj is not None and subj.i > root.i and all(
        c.dep_ in ("nsubj", "nsubjpass", "advmod", "punct", "neg") for c in children(root))


def _run_on_subjects(index: DocIndex, subjects: list[Token]) -> bool:
    """Two subjects of one verb with no conjunction or comma between them: not a clause (*and
    his mother received* coordinates a second subject, *two friends, a person ...* sets one in
    apposition; *thanks for colors superheroes kids videos* is a noun taken for a verb)."""
    return len(subjects) > 1 and not any(
        index.tag_of[k] in ("CC", ",") for k in range(subjects[0].i + 1, subjects[-1].i))


def _shares_finite_verb_group(verb: Token) -> bool:
    """A verb coordinated without a subject of its own shares its first conjunct's verb group:
    under a perfect *have* always (*he has eaten and drank*); under a passive, when its form is
    also the participle and it has no object (*food is digested and then carried to the
    cells*, not *was ignored and so rejected her proposal*, *was robbed and then gave up*)."""
    conjunct = verb
    while verb.dep_ == "conj" and direct_subject(verb) is None:
        verb = verb.head
        if any(c.dep_ == "aux" and c.lemma_ == "have" for c in children(verb)):
            return False
        if verb.tag_ == "VBN" and inflect_verb(lemma_of(conjunct), "VBN") == conjunct.lower_ \
                and not any(c.dep_ in ("dobj", "dative") for c in children(conjunct)):
            return False
    return True


def _do_variants(subj: Token, past: bool, invariant: bool) -> tuple[str, ...]:
    """*did* in the past; *does/do* agreeing in the present, with invariant *do* for the third
    singular as the South-Western English dialects have it (*this man what do own this*) when
    ``invariant``."""
    form = do_form(subj, past)
    return (form, "do") if form == "does" and invariant else (form,)


def _auxiliary_stranded_before(verb: Token, subj: Token | None) -> bool:
    """*Where were the families originate from?*: a finite *be, have, do* right before the
    verb's subject, inverted as in a question; the clause already carries its tense there
    (whatever the parser made of that auxiliary) and another *do* would double it."""
    if subj is None or subj.i > verb.i or subj.left_edge.i == 0:
        return False
    aux = verb.doc[subj.left_edge.i - 1]
    return aux.lemma_ in ("be", "have", "do") and aux.tag_ in ("VBD", "VBZ", "VBP")


def _subject_ends_in_modifier(verb: Token, subj: Token | None) -> bool:
    """*Which of the following best describes*: the subject the parser found ends, right
    before the verb, in a comparative or superlative (*best, most, better*) that is the
    verb's own adverb; *do* put after it would split the adverb from its verb."""
    if subj is None or subj.i > verb.i or subj.right_edge.i != verb.i - 1:
        return False
    return verb.doc[verb.i - 1].tag_ in ("JJS", "JJR", "RBS", "RBR")


@rule(
    "do_tense_marker",
    tags={"VBD", "VBZ", "VBP"},
    # invariant third-singular "do" is itself zero marking of the third singular (170)
    forms={"does_or_do": (170,), "does": ()},
    examples=[
        ("She selects a sample and collects the data.", "She does select a sample and collect the data."),
        ("I went to town on Saturday.", "I did go to town on Saturday."),
        ("That girl who smiled at me is my cousin.", "That girl who did smile at me is my cousin."),
        ("This man owns the farm.", ["This man does own the farm.", "This man do own the farm."]),
        ("We always walk to church, and they drive.",
         "We do always walk to church, and they do drive."),
        ("She sold the car and then bought a bike.",
         "She did sell the car and then buy a bike."),
        ("The neighbour who owns the shop opens it early.",
         ["The neighbour who does own the shop does open it early.",
          "The neighbour who do own the shop do open it early.",
          "The neighbour who does own the shop do open it early.",
          "The neighbour who do own the shop does open it early."]),
    ],
    negatives=[
        "I didn't go to town.",
        "Did you go to town?",
        "She is happy.",
        "I have finished.",
        "I used to live here.",
        "If I knew the answer, I would tell you.",
        "It’s a long way to the station.",
        "Shoutout to readers writers kids books!",
        "Which of these best explains the result?",
        "Where were the old families come from?",
        "Who owns the red bicycle?",
        "Which bus goes to the airport?",
        "It is not clear what causes the noise at night.",
        # a participle joined to a bare noun before a noun (*company-paid*): no past tense
        "Does anyone offer company paid training?",
        # a condition: *if you do water it* reads as stressed
        "If you water the fern twice a week, it will stay green.",
        "Unless she calls first, we can leave at noon.",
        # nor in a clause of time, which takes its event as given
        "Wait here until the rain stops.",
        # a denied event: *did never* reads as an emphatic denial
        "She never called me back.",
        "He hardly touched his food.",
        "Call me when the bus arrives.",
    ],
)
def do_tense_marker(doc: Doc, index: DocIndex, form: str = "does_or_do") -> Iterator[Site]:
    """Unstressed *do* marking tense before a bare verb: *I did go to town*, *that girl what
    did smile at me*. Simple present and past statements of lexical verbs (*be*, auxiliaries,
    *used to* excluded); not in conditional and irrealis clauses. ``form`` *does* keeps the
    third singular *does* only, for varieties without invariant present forms (170)."""
    for verb, subj in finite_lexical(index, ("VBD", "VBZ", "VBP")):
        if verb.lemma_ in ("be", "do") or (verb.lemma_ == "have" and verb.lower_ == "got"):
            continue
        own, subj = subj, agreement_subject(subj)
        if verb.tag_ == "VBD" and is_irrealis(verb) or condition_or_time_clause(verb):
            continue  # "if you do give ...", "after you do die": *do* reads as stressed
        if any(c.dep_ == "neg" or c.lower_ in NEGATIVE_ADVERBS for c in children(verb)):
            continue  # "I did never understand", "he did hardly eat": an emphatic denial
        base = inflect_verb(lemma_of(verb), "VB")
        if not base:
            continue
        if _auxiliary_stranded_before(verb, own) or _subject_ends_in_modifier(verb, own):
            continue
        if wh_subject_question(verb, own):
            continue  # "what happens?": no do-support when the subject is asked for
        if _shares_subject_with(verb):
            continue  # its do is the first verb's: "she does select ... and collect ..."
        at = preverbal_start(verb, subj, after_connectives=True)  # "and then did spend"
        invariant = form == "does_or_do"
        bare = [Replace(verb.i, base)] + [Replace(c.i, b) for c in children(verb)
                                          if _shares_subject_with(c) and c.tag_ == verb.tag_
                                          and (b := inflect_verb(lemma_of(c), "VB"))]
        variants = [(Insert(at, do), *bare) for do in _do_variants(subj, verb.tag_ == "VBD", invariant)]
        yield site(*variants[0], alternatives=tuple(variants[1:]))


# Adverbs that deny or nearly deny the event (*never* the parser marks as a negation itself).
NEGATIVE_ADVERBS = wordlist("negative_adverbs")


def _shares_subject_with(verb: Token) -> bool:
    """A verb coordinated with the one before it and without a subject of its own (*selects
    a sample and collects data*): one *do* serves both, as one *does* would in SAE."""
    return verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX") and direct_subject(verb) is None


# Verbs that take a to-infinitive of what is found or tends to be (*turned out to be*, *tended
# to*, *happened to*): not actions that an anterior marker can place in the past.
RAISING_VERBS = frozenset({"seem", "appear", "happen", "tend", "prove", "turn"})


def _raising_verb(verb: Token) -> bool:
    """*seem*, *appear*, *turn (out)* ... with an infinitive complement (*seemed to know*)."""
    return verb.lemma_.lower() in RAISING_VERBS and any(c.dep_ == "xcomp" for c in children(verb))


# What only an active verb has after it: an object or a clause (*adopted the doctrines*,
# *thought that it was lit*); a passive participle has none of them.
ACTIVE_COMPLEMENT_DEPS = frozenset({"dobj", "dative", "ccomp", "xcomp", "oprd"})


def been_reads_as_passive(verb: Token, subj: Token | None) -> bool:
    """Whether *been* + ``verb``'s past form would read as the SAE passive or perfect
    (*who been adopted ...* 'who has been adopted', *she been left* 'she has been left'):
    the past form is also the participle (*adopted*, *left*, not *went*), and either the
    subject is a wh-word, which may as well be the one the passive is about (*who*,
    *which*, a relative *that*), or nothing follows the verb to show it active: no object or
    clause, no prepositional phrase but a *by* one (*she been moved* 'has been moved'), or
    the verb is in a relative clause whose object is the gap (*the cookies she been baked*)."""
    base = lemma_of(verb)
    if (inflect_verb(base, "VBN") or "").lower() != (inflect_verb(base, "VBD") or "-").lower():
        return False
    if subj is not None and (subj.tag_ in ("WP", "WDT") or wh_subject_question(verb, subj)):
        return True
    if any(c.dep_ in ACTIVE_COMPLEMENT_DEPS and c.i > verb.i for c in children(verb)):
        return False  # (a relative *that* before the verb is no object that shows it active)
    if verb.dep_ in ("relcl", "acl"):
        return True  # "the cookies she been baked": the object is the gap, *she* reads as baked
    # a phrase with its own object after an intransitive or prepositional verb (*talked with
    # the auditor*, *arrived at the meeting*) leaves no passive reading; a *by* phrase is the
    # agent of one
    return not any(c.dep_ == "prep" and c.i > verb.i and c.lower_ != "by"
                   and any(g.dep_ in ("pobj", "pcomp") for g in children(c)) for c in children(verb))


@rule(
    "past_been",
    tags={"VBD"},
    # "bare": the creoles' anterior *ben* + bare verb (*mi ben kot di bred*); "past": *been*
    # before the past form (*I been told you*), once per verb phrase, in the varieties that put
    # the past form where a participle stands (eWAVE 130: *I had went*), the African American
    # ones among them (the eWAVE example, *I been cut the bread*, fits either)
    forms={"bare": (), "past": (130,)},
    examples=[
        ("I cut the bread.", "I been cut the bread."),
        ("He went home after the game.", "He been go home after the game."),
        ("She smiled at him and then kissed him.", "She been smile at him and then been kiss him."),
        ("She had already left when we arrived.", "She been already leave when we arrived."),
        ("They told me yesterday.", "They been tell me yesterday."),
        ("He kind of ran away.", "He been kind of run away."),
        ("She sort of pushed the door open.", "She been sort of push the door open."),
        ("We quickly cleaned the room.", "We been quickly clean the room."),
        ("She stared at the door and taped the box.", "She been stare at the door and been tape the box."),
        ("The thief was caught by a guard and then gave back the money.",
         "The thief was caught by a guard and then been give back the money."),
        ("Two neighbours, a baker and a teacher, painted the fence.",
         "Two neighbours, a baker and a teacher, been paint the fence."),
        ("They sold the house and bought a boat.", "They been sell the house and been buy a boat."),
        ("He fixed the fence last year.", "He been fix the fence last year."),
        ("We came home. We put the bags on the table.",
         "We been come home. We been put the bags on the table."),
        ("If you recall, we set a budget in March.", "If you recall, we been set a budget in March."),
        ("If you think that he stole the bike, call the police.",
         "If you think that he been steal the bike, call the police."),
    ],
    negatives=[
        "The man turned out to be a doctor.",
        "She happened to see the accident.",
        "I didn't cut the bread.",
        "Did he go home?",
        "She was tired.",
        "I had a car.",
        "He has gone home.",
        "If I knew, I would tell you.",
        "The letters were sorted, stamped and then delivered to the office.",
        "When was the treaty finally signed?",
        "How many apples did each basket hold?",
        "Brave of the kid who tip toed past the dog at night.",
        "She has washed the dishes and dried them.",
        "He just finished the race.",
        "We painted the kitchen this morning.",
        "She washed the car today.",
        "We’Ve painted the door.",
        "No, we didn't.",
        "Yes, she did.",
        "My uncle never learned to swim.",
        "The cook tastes the soup and sets the spoon aside.",
        "She opens the box and cut the ribbon.",
        "We fill the pot with water. We set it on the stove. We wait for it to boil.",
        "You stir the paint and you cut the tape. Then you start on the wall.",
        "If the teacher should claim that the moon shone by its own light, correct her.",
        "If he said that the river flowed north, nobody would believe him.",
    ],
)
def past_been(doc: Doc, index: DocIndex, form: str = "bare") -> Iterator[Site]:
    """Anterior *been* + bare verb of the Caribbean creoles and Gullah (*mi ben kot di bred*,
    *I been cut the bread*) for the simple past and the past perfect of action verbs in
    statements: *He been go home*, *She been already leave*. Not for *be*, *have*, states,
    negation, questions or irrealis pasts; not for a word tagged past that is no past form
    (*shown*, *don* of *don ’ t*) or follows an auxiliary the parser left apart (*I’Ve
    started*), nor for an event of the present period (*this morning*, *just*, *today*:
    :func:`recent_time`), which a remote-past *been* contradicts; not a past in the
    complement of a hypothetical condition (:func:`under_hypothesis`), nor a form that is the
    present too in a passage told in the present (:func:`present_in_past_form`). Coordinated
    verbs that share a subject are marked together (one site): one verb phrase, one tense.
    ``form`` *past* keeps the past form after *been*, as the African American varieties have
    it (*she been bought a boat*); the conjuncts after the first keep their past and take no
    second *been*. Not there where *been* + the past form reads as the SAE passive or perfect
    (:func:`been_reads_as_passive`: *who been adopted the doctrines* 'who has been adopted',
    *she been left*): the past form is also the participle, and the subject is a wh-word or
    no object follows; the anterior is then not to be told from *has been* + participle."""
    past = form == "past"
    marked: dict[int, list[Op]] = {}  # verb position -> its ops, in document order
    passive_like: set[int] = set()  # with ``form`` past, *been* + the verb would read as a passive
    for verb, subj in finite_lexical(index, ("VBD",)):
        if stranded_do(verb):
            continue  # "the amount they did the day before": do standing for an elided verb
        if verb.lemma_ in NOT_COMPLETABLE or is_irrealis(verb) or verb.dep_ == "advcl" and \
                in_temporal_clause(verb):
            continue
        if _raising_verb(verb):
            continue  # "turned out to have donated" reports a finding, not an action
        if not_a_past_form(verb) or after_auxiliary(verb):
            continue  # "us shown", "don ’ t", "I’Ve started": no simple past in the text
        if recent_time(verb):
            continue  # "received your card this morning": no past to set apart from now
        if any(c.dep_ == "neg" for c in children(verb)):
            continue  # "never graduated": a denied past, as *didn't* (creole *neva*, not *been*)
        if present_in_past_form(verb, index):
            continue  # "He stops and put the tool down", "They take a cup. They put ...": a present
        if under_hypothesis(verb):
            continue  # "if one should admit that the earth revolved": a backshift, no past event
        base = inflect_verb(lemma_of(verb), "VB")
        if base:
            marked[verb.i] = [Insert(preverbal_start(verb, subj, after_connectives=True), "been"),
                              Replace(verb.i, verb.text if past else base)]
            if past and (been_reads_as_passive(verb, subj) or wh_subject_question(verb, subj)):
                passive_like.add(verb.i)  # or "What been fell to them?": garbled after who/what
    for group in shared_subject_groups(index, marked):
        if group[0] in passive_like:
            continue  # "who been adopted the doctrines" would read 'who has been adopted'
        # the past form carries the tense of the later conjuncts itself: one *been* for them all
        yield site(*(op for k, i in enumerate(group) for op in marked[i] if not (past and k and isinstance(op, Insert))))
    for p in find_perfects(index):
        if not p.past or not p.simple or not p.affirmative_declarative or is_clitic(p.have):
            continue
        if p.verb.lemma_ in NOT_COMPLETABLE:
            continue
        if past and p.verb.tag_ == "VBN" and been_reads_as_passive(p.verb, p.subj):
            continue  # "she had left" -> "she been left": 'she has been left'
        forms = participle_ops(p, "VBD" if past else "VB")
        if forms is not None:
            yield site(Replace(p.have.i, "been"), *forms)


def shared_subject_groups(index: DocIndex, verbs: dict[int, list], considered: set[int] = frozenset()
                          ) -> list[list[int]]:
    """The positions of ``verbs`` grouped by coordination: a conjunct with no subject of its
    own goes with the verb it is coordinated with, when that one is in ``verbs`` too (*she
    smiled at him and then kissed him*): one verb phrase, one tense, so its verbs are marked
    together or not at all. A conjunct whose verb was ``considered`` (a verb of the same kind)
    but left unmarked is left unmarked too (*she liked him and kissed him*)."""
    root_of: dict[int, int] = {}
    for i in sorted(verbs):
        verb = index.tokens[i]
        head = verb.head
        shares = verb.dep_ == "conj" and direct_subject(verb) is None
        if shares and head.i in verbs and head.i in root_of:
            root_of[i] = root_of[head.i]
        elif shares and head.i in considered:
            continue  # its first verb keeps its tense: so does it
        else:
            root_of[i] = i
    groups: dict[int, list[int]] = {}
    for i in sorted(root_of):
        groups.setdefault(root_of[i], []).append(i)
    return list(groups.values())


# ----------------------------------------------------- what the simple past of a clause means

def past_lexical(verb: Token) -> bool:
    """A finite simple past of a lexical verb, or copular *was/were* (not a participle the
    tagger took for a past, nor *used to*)."""
    if verb.tag_ != "VBD" or "Fin" not in morph_values(verb, "VerbForm"):
        return False
    if absolute_participle(verb) or object_of_imperative_as_subject(verb) \
            or participle_premodifier(verb):
        return False  # participles: *with his eyes closed*, *find the trains departed from X*,
        # *get company provided training*
    if verb.lemma_ == "use" and any(c.dep_ == "xcomp" for c in children(verb)):
        return False  # "used to"
    if verb.lemma_ == "do" and any(c.dep_ == "dobj" and verb_read_as_noun(c) for c in children(verb)):
        return False  # "did the Norse originate?": the do of a question, its verb read as a noun
    if participle_of_bare_question_be(verb):
        return False  # "When was the name of the town first recorded?": a passive's participle
    if verb.pos_ == "VERB":
        return True
    # copular be as the main verb ("I was in Delhi"), not an auxiliary
    return verb.lemma_ == "be" and verb.dep_ not in ("aux", "auxpass")


# What *for* may take to give a length of time besides a noun of time (*for long*, *for ever*).
DURATION_FOR_WORDS = frozenset({"long", "ever", "good", "now", "awhile"})


def has_duration_phrase(index: DocIndex, verb: Token) -> bool:
    """*since 2010*, *for ten years*, *for a while*, *for long*: the perfect there means 'up to
    now', the past would not. Any *since*, or *for* with a length of time, in ``verb``'s
    subtree counts (conservatively); not *for* of a person or a purpose (*bought a book for
    the teacher*)."""
    words, deps = index.words, index.dep_of
    for i in index.subtree_positions(verb.i):
        low = words[i].lower()
        if low == "since" and deps[i] in ("prep", "advmod", "mark"):
            return True
        if low == "for" and deps[i] in ("prep", "advmod", "mark"):
            tok = index.tokens[i]
            if is_duration_for(tok) or any(c.lower_ in DURATION_FOR_WORDS for c in children(tok)):
                return True
    return False


# Verbs of belief: their past with a complement clause reports what someone took to be so at
# that time (*I thought that was him*), which the perfect would make a belief held up to now.
BELIEF_VERBS = frozenset({"think", "believe", "suppose", "assume", "guess", "imagine", "expect",
                          "figure", "reckon"})


def past_belief(verb: Token) -> bool:
    """*I thought that was a throwback*: a past verb of belief with a clause complement."""
    return verb.lemma_.lower() in BELIEF_VERBS and any(c.dep_ == "ccomp" for c in children(verb))


def backshifted_state(verb: Token) -> bool:
    """*I thought that was a throwback*, *asked her where the books were*, *noticed that one was
    pregnant*: *be* or a verb of state in the clause complement of a past verb, whose past is
    that of the verb above (a state at that time), not an event of its own."""
    if verb.dep_ != "ccomp" or verb.head.tag_ != "VBD":
        return False
    return verb.lemma_ == "be" or verb.lemma_.lower() in STATIVE_VERBS


def identity_question(be: Token) -> bool:
    """*Who was the ruling class?*, *What was the name of the king?*: an inverted copula whose
    predicate is the question word, asking who or what something was; also with the word
    inside its phrase (*Which law was Galileo responsible for?*, whose subject follows *was*)."""
    return any(c.dep_ in ("attr", "nsubj") and c.i < be.i
               and any(t.tag_ in ("WP", "WDT") for t in c.subtree) for c in children(be))


def nearest_subject(verb: Token, subj: Token) -> Token:
    """The subject ``verb`` agrees with: where the parser has given it two (*... a mental
    illness, and their brother received*, the first clause's verb lost), the one next to it."""
    subjects = [c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass") and c.i < verb.i]
    return subjects[-1] if len(subjects) > 1 else subj


# ------------------------------------------------------------------------------- 112 bare_perfect


@rule(
    "bare_perfect",
    tags={"VBN", "VBD"},
    examples=[
        ("He had gone home.", "He had go home."),
        ("Had you eaten before you left?", "Had you eat before you left?"),
        ("She hadn't seen the film.", "She hadn't see the film."),
        ("He ate the bread before he went to school.", "He had eat the bread before he went to school."),
    ],
    negatives=[
        "He has gone home.",
        "He had been fired.",
        "I had a car.",
        "She had been ill.",
        "He ate the bread.",
        "If I had known, I would have come.",
    ],
)
def bare_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Anterior *had* + bare root: *He had go home*; also for a simple past that precedes the
    event of a *before*-clause (*he had eat the bread before he went to school*). Not passive
    or copular *had been*, nor possessive *had*."""
    for p in find_perfects(index):
        if not p.past or not p.simple or is_clitic(p.have) or is_irrealis(p.verb):
            continue  # "if I had known" is counterfactual, not anterior
        forms = participle_ops(p, "VB")
        if forms:
            yield site(*forms)
    for verb, subj in finite_lexical(index, ("VBD",)):
        if verb.lemma_ in ("be", "have") or is_irrealis(verb):
            continue
        before = any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "before"
                                               for m in children(c)) for c in children(verb))
        base = inflect_verb(lemma_of(verb), "VB")
        if before and base:
            yield site(Insert(preverbal_start(verb, subj), "had"), Replace(verb.i, base))
