"""Mood rules (eWAVE 121, 123, 126): double modals, present modals, new quasi-modals."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.animacy import is_animate
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.futures import (
    about_to, condition_split_off, deferred_future, distant_time, going_to, later_time, planned_will,
    planned_will_ops, predicted_future,
)
from multivalue_cli.engine.morphology import is_clitic
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import (
    children, clause_tokens, direct_subject, in_comparison, in_quotation, sentence,
)
from multivalue_cli.engine.wordlists import wordlist


# ---------------------------------------------------------------------------------- shared helpers


def clause_of(aux: Token) -> Token:
    """The verb a modal or auxiliary belongs to (a modal heading its own clause, *ought*, is itself)."""
    return aux.head if aux.dep_ in ("aux", "auxpass") else aux



def is_declarative_modal(modal: Token) -> bool:
    """The subject stands before the modal (not *could you ...?*, not *what could they ...*)."""
    subj = direct_subject(clause_of(modal))
    return subj is not None and subj.i < modal.i


def has_aux_after(modal: Token, lemma: str) -> bool:
    """Whether an auxiliary ``lemma`` of the same verb follows the modal (*would have gone*)."""
    verb = clause_of(modal)
    return any(c.dep_ in ("aux", "auxpass") and c.lemma_ == lemma and c.i > modal.i
               for c in children(verb))


# ------------------------------------------------------------------------------- 121 double_modals


@lru_cache(maxsize=1)
def _first_modals() -> dict[str, tuple[str, ...]]:
    """Second modal -> the first modals attested with it (*could* -> *might, may*); built once
    (callers only read it)."""
    table: dict[str, list[str]] = {}
    for pair in sorted(wordlist("double_modal_pairs")):
        first, second = pair.split()
        table.setdefault(second, []).append(first)
    # "might" first: the most frequent combination is offered as the main variant.
    return {k: tuple(sorted(v, key=lambda m: m != "might")) for k, v in table.items()}


def _in_if_clause(modal: Token) -> bool:
    """The modal stands in an *if/unless* clause, or a *when(ever)* clause of the same
    conditional sense (*lie when you can get away with it*), where double modals are hardly
    attested."""
    return any(c.dep_ in ("mark", "advmod") and c.lower_ in ("if", "unless", "whether", "when", "whenever")
               and c.i < clause_of(modal).i and clause_of(modal).dep_ == "advcl"
               or c.dep_ == "mark" and c.lower_ in ("if", "unless", "whether")
               for c in children(clause_of(modal)))


PAST_TIME_MARKERS = frozenset("when while as after before once whenever since until".split())


def _past_event(modal: Token) -> bool:
    """*could/would* in a past narrative: the verb is coordinated with a simple past (*could
    not find the file and called*), a past clause is misparsed as its head (*couldn't open
    it, so he broke*), or a past temporal clause sets its time (*when we lived there*); and
    *could* of past ability in a story told in the past (a simple past in its sentence or the
    one before, and no *if*)."""
    if modal.lower_ not in ("could", "would"):
        return False
    verb = clause_of(modal)
    if _in_past_story(modal):
        return True  # past ability (*could*), a future seen from the past or a habit (*would*)
    neighbours = [c for c in children(verb) if c.dep_ == "conj"]
    if verb.dep_ == "conj" or (verb.dep_ in ("ccomp", "parataxis") and verb.head.i > verb.i):
        neighbours.append(verb.head)
    neighbours += [c for c in children(verb) if c.dep_ == "advcl" and any(
        m.dep_ in ("mark", "advmod") and m.lower_ in PAST_TIME_MARKERS for m in children(c))]
    return any(n.tag_ == "VBD" for n in neighbours)


def _in_past_story(tok: Token) -> bool:
    """A simple past verb in ``tok``'s sentence or the sentence before (for *would*, which a
    story may open with, *their descendants would replace ... The language was forged ...*,
    or the one after), and no *if/unless* (which would make it hypothetical) in its own
    sentence."""
    doc = tok.doc
    sent = sentence(tok)
    if any(t.lower_ in ("if", "unless") for t in sent):
        return False
    start = sent.start
    previous = sentence(doc[start - 1]).start if start > 0 else start
    end = sentence(doc[sent.end]).end if tok.lower_ == "would" and sent.end < len(doc) else sent.end
    return any(t.tag_ == "VBD" and t.pos_ == "VERB" for t in doc[previous:end])


def _asked_of_others(modal: Token, index: DocIndex) -> bool:
    """A question about what a third party can or should do (*What is the first thing the
    student should do?*, *why farmers should not use ...*): it asks for the answer the
    modal's event is, which a hedging first modal blurs. Speakers hedge their own and their
    hearer's plans (*Is there anything I might should do?*, *do you think we might could
    go?*), which keep it."""
    if not index.in_question(modal.i):
        return False
    subj = direct_subject(clause_of(modal))
    return subj is None or subj.lower_ not in ("i", "we", "you")


def _preference_formula(modal: Token) -> bool:
    """*would rather* (*sooner*): a fixed formula of preference, whose *would* is no modal of
    possibility for a first modal to go with (*I might would rather*)."""
    nxt = modal.doc[modal.i + 1] if modal.i + 1 < len(modal.doc) else None
    return modal.lower_ in ("would", "'d", "’d") and nxt is not None and nxt.lower_ in ("rather", "sooner")


# Adverbs that already say how likely the modal's event is (*would probably*, *can surely*):
# a first modal of possibility before them is at odds with them (*maybe*, *perhaps* are
# hedges, which go with it: *maybe we might could*).
EPISTEMIC_ADVERBS = frozenset(
    "probably likely surely certainly definitely undoubtedly clearly obviously evidently "
    "normally usually typically generally".split())


# Adverbs that make the modal's statement a denial or a restriction (*can never go*, *can only
# drink if ...*, *could hardly move*): a categorical rule or limit, not a possibility that a
# first modal of hedging could soften without changing what is said.
RESTRICTING_ADVERBS = wordlist("negative_adverbs") | {"only"}


def _restricted(modal: Token) -> bool:
    """An adverb of :data:`RESTRICTING_ADVERBS` on the modal's verb or on the modal itself:
    *a friend can never go to her for advice*, *he can only drink it if it is warm*."""
    verb = clause_of(modal)
    return any(c.dep_ in ("advmod", "neg", "preconj") and c.lower_ in RESTRICTING_ADVERBS
               for tok in (modal, verb) for c in children(tok))


# Words that state a quantity as a multiple or a fraction of another (*half as many*, *twice
# as fast*), like a numeral.
MULTIPLIERS = frozenset("half twice thrice double triple quadruple quarter third".split())


def _clause_and_its_nouns(verb: Token) -> Iterator[Token]:
    """:func:`clause_tokens` of ``verb`` and of the relative and participle clauses of its
    nouns (*he can make giant cubes that use 4 ounces*): what the clause says of its things."""
    for tok in clause_tokens(verb):
        yield tok
        if tok.pos_ in ("NOUN", "PROPN", "PRON"):
            for c in children(tok):
                if c.dep_ in ("relcl", "acl"):
                    yield from clause_tokens(c)


def _counted_or_guessed(modal: Token) -> bool:
    """A subject counted by a number or a share (*only 25% of the riders can stay upright*,
    *10 minivans can hold ...*): a measured fact, which *might can* would make a guess; a
    clause whose likelihood or habit an adverb already gives (*would probably be*, *can
    normally add*); *can* of someone else's measured capacity (*Rosie can run 10 miles per
    hour*: the premise of a problem; *I can take two thousand off* is an offer); a passive
    (*can be represented*), which has no agent for *might can* 'might be able to' to be said
    of; or *can* of a thing named by a noun (*each tray can hold 24 eggs*), a capacity stated
    as a fact (*it might could rain* keeps its pronoun)."""
    verb = clause_of(modal)
    subj = direct_subject(verb)
    if subj is not None and any(t.tag_ == "CD" and t.lower_ != "one" or t.text == "%" for t in subj.subtree):
        return True
    if modal.lower_ in ("can", "could") and (subj is None or subj.lower_ not in ("i", "we", "you")) \
            and any(t.tag_ == "CD" or t.lower_ in MULTIPLIERS for t in _clause_and_its_nouns(verb)):
        return True  # "Rosie can run 10 miles per hour", "cubes that use 4 ounces": a premise
    if subj is None or subj.dep_ == "expl":
        return True
    if modal.lower_ in ("can", "could") and subj.pos_ == "NOUN" and is_animate(subj) is False:
        return True  # "each tray can hold 24 eggs": what a thing holds or does, a fact
    return any(c.dep_ in ("advmod", "auxpass") and (c.dep_ == "auxpass" or c.lower_ in EPISTEMIC_ADVERBS)
               for c in children(verb))


def _measured_comparison(modal: Token) -> bool:
    """The modal's clause states a measure set against another (:func:`in_comparison`): it
    holds the standard (*runs half as many laps as Trey*), it is the standard itself (*than
    Nelson can make*, *as fast as she can run*), or one of its nouns is described by such a
    comparison (*skip at a speed that is half as fast as ...*). What it says is a given
    quantity, which a hedging first modal would make a guess, and inside the *than/as*
    clause a hedge has nothing to soften."""
    verb = clause_of(modal)
    words = [t.lower_ for t in sentence(modal)]
    if "than" not in words and words.count("as") < 2:
        return False  # "you can do better": a degree with no standard set against it
    if in_comparison(verb):
        return True
    return any(c.dep_ in ("relcl", "acl") and c.pos_ in ("VERB", "AUX") and in_comparison(c)
               for t in clause_tokens(verb) if t.pos_ in ("NOUN", "PROPN", "PRON") for c in children(t))


def _specificational_clause(modal: Token) -> bool:
    """The modal stands in a *what*-clause that is the subject or the complement of *be* (*the
    issue is not what America can do for women, but ...*, *what we can do is wait*): the
    clause names a notion that the sentence identifies or contrasts, no plan or possibility
    of a speaker that a first modal could hedge."""
    verb = clause_of(modal)
    if not any(t.lower_ in ("what", "whatever") and t.tag_ in ("WP", "WDT") for t in verb.subtree if t.i < modal.i):
        return False
    top = verb
    while top.dep_ == "conj" and top.head.lemma_ != "be":
        top = top.head
    # the second of two contrasted clauses may hang on *be* itself (*is not what ..., but what ...*)
    return top.dep_ in ("attr", "ccomp", "csubj", "nsubj", "acomp", "conj") and top.head.lemma_ == "be"


@rule(
    "double_modals",
    tags={"MD"},
    examples=[
        ("I tell you what we should do.",
         ["I tell you what we might should do."]),
        ("I could go with you tomorrow.", "I might could go with you tomorrow."),
        ("We can't finish it today, but he said that we can try.",
         ["We might can't finish it today, but he said that we can try.",
          "We may can't finish it today, but he said that we can try.",
          "We can't finish it today, but he said that we might can try.",
          "We can't finish it today, but he said that we may can try.",
          "We might can't finish it today, but he said that we might can try.",
          "We might can't finish it today, but he said that we may can try.",
          "We may can't finish it today, but he said that we might can try.",
          "We may can't finish it today, but he said that we may can try."]),
        ("You ought to call your mother.", "You might ought to call your mother."),
        ("They would help us if we asked.", "They might would help us if we asked."),
        ("The children could swim in the lake tomorrow.",
         "The children might could swim in the lake tomorrow."),
        ("I think the manager would agree with you.", "I think the manager might would agree with you."),
        ("When you're done, we could watch a movie.", "When you're done, we might could watch a movie."),
        ("My cousin can fix your truck next week.",
         ["My cousin might can fix your truck next week.", "My cousin may can fix your truck next week."]),
        ("It could rain later.", ["It might could rain later.", "It may could rain later."]),
        ("I can take ten dollars off.",
         ["I might can take ten dollars off.", "I may can take ten dollars off."]),
        ("Is there anything I should bring?",
         ["Is there anything I might should bring?", "Is there anything I may should bring?"]),
        ("You should ask your uncle about it.",
         ["You might should ask your uncle about it.", "You may should ask your uncle about it."]),
    ],
    negatives=[
        "Could you help me with this?",
        "What would they say?",
        "I'll call you later.",
        "We might go to the beach.",
        "You must be tired.",
        "He will arrive at noon.",
        "Let me know if you can come.",
        "What would happen if the bridge collapsed?",
        "The nurse could not find the file and called the doctor.",
        "When we lived there, we could see the sea.",
        "He couldn't open the door, so he broke the window.",
        "She asked for help, hoping that he would.",
        "He tried hard but could not lift the box.",
        "Two friends met for lunch. One needs help, but the other couldn't relate.",
        "Which candidate would make a better mayor?",
        "Whose idea could work?",
        "I honestly would rather stay in tonight.",
        "She would sooner walk than take the bus.",
        "Only 40% of the players can finish the course.",
        "The storm would probably reach the coast by noon.",
        "The results can be checked online.",
        "Which tool should the mechanic use first?",
        "The old mill could grind 300 sacks a day.",
        "The Romans would build roads across the province. Many of them survived.",
        "Why could the farmers not sell their corn?",
        "This box could hold all the books.",
        "My aunt can usually fix anything.",
        "Nobody knows how many guests can fit in the hall.",
        "The settlers arrived in 1820. Their children would build the first school.",
        "A careful driver in heavy rain should:",
        "She will help if she can.",
        "Call me whenever you can spare a minute.",
        "Take a break when you can find the time.",
        "Visitors can only park here if they have a permit.",
        "My grandfather could never remember her name.",
        "We can hardly hear you over the music.",
        # a comparison of measures, and a clause of a comparison; a clause identified by *be*
        "My sister earns far more than I could earn in that job.",
        "Our puppy can jump twice as high as the old dog.",
        "He can swim at a pace that is twice as fast as his brother.",
        "The question is what our town can offer to young families.",
        "What you should do is call the bank.",
        "Our neighbour can bake loaves that weigh 2 kilos.",
        "Grandma could knit a scarf in half the time.",
        # quoted words; a clause an evidential adverb already vouches for
        'The sign said, "Guests can park behind the hotel."',
        "The driver clearly could not see the cyclist in the fog.",
    ],
)
def double_modals(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A second modal before a single SAE modal, from the attested pairs: *we might should do*,
    *I might could go*, *you might ought to*. Only declarative clauses with the subject before
    the modal (double modals are rare in inverted questions), never on contracted *'ll/'d* or
    a modal already doubled; *will* and *must* have no widely attested first modal and are left.
    Not on the *could/would* of a past event (*the nurse could not find it and called the
    doctor*, *when we lived there we could see the sea*), which *might* would make uncertain,
    nor on an elided verb (*hoping that he would*); nor on a *would* of the past in a story
    told in the past (*their children would build the first school*), nor in the formulas
    *would rather*, nor after a wh-subject (*how many men can ...*) or a counted one (*only
    25% of the riders can*), nor with an adverb of likelihood (*would probably*); a question
    takes it only of the speaker's or hearer's doing (:func:`_asked_of_others`); not in
    quoted words (:func:`in_quotation`)."""
    firsts = _first_modals()
    for modal in index.by_tag.get("MD", ()):
        options = firsts.get(modal.lower_)
        if not options or is_clitic(modal) or not is_declarative_modal(modal):
            continue
        if (modal.dep_ != "aux" and modal.lower_ != "ought") or _past_event(modal):
            continue
        if modal.i > 0 and index.tag_of[modal.i - 1] == "MD":
            continue
        if clause_of(modal).pos_ not in ("VERB", "AUX"):
            continue  # "would most likely:": the verb is elided, the adverb left heads the clause
        if _in_if_clause(modal) or any(t.tag_ in ("WP", "WDT", "WP$", "WRB")
                                        for t in direct_subject(clause_of(modal)).subtree):
            continue  # a wh-subject asks a question (*which candidate / how many men would ...?*)
        if _preference_formula(modal) or _counted_or_guessed(modal) or _asked_of_others(modal, index):
            continue
        if _restricted(modal):
            continue  # "can never go", "can only drink if": a categorical limit, not a possibility
        if _measured_comparison(modal) or _specificational_clause(modal):
            continue  # "than he can make", "what women can do for America": no hedge there
        if in_quotation(modal):
            continue  # quoted words are someone's own: "'You cannot ...'" is what was said
        ops = [(Insert(modal.i, first),) for first in options]
        yield site(*ops[0], alternatives=tuple(ops[1:]))


# ------------------------------------------------------------------------------ 123 present_modals

PRESENT_OF = {"could": "can", "would": "will", "might": "may"}
# Past-tense matrix verbs and irrealis verbs whose complement backshifts the modal.
REPORTING_VERBS = frozenset(
    "say tell think believe know hope wish expect promise feel guess suppose assume "
    "decide realize realise fear claim explain".split()
)
# "would like/rather/mind" are fixed politeness formulas, not past modals of reported speech.
FIXED_AFTER_WOULD = frozenset("like love prefer rather mind care".split())


def _inverted_request(modal: Token, verb: Token) -> bool:
    """*Could you/I ...?* and *Would you ...?*: an inverted yes/no question (no wh-word)."""
    subj = direct_subject(verb)
    if subj is None or subj.i != modal.i + 1 or subj.lower_ not in ("you", "i", "we"):
        return False
    if any(t.tag_ in ("WP", "WRB", "WDT", "WP$") for t in verb.subtree if t.i < modal.i):
        return False
    return modal.lower_ == "could" or subj.lower_ == "you"


def _is_backshifted(verb: Token) -> bool:
    """The complement of a past reporting verb or of *wish*: *he said he would come*."""
    if verb.dep_ != "ccomp" or verb.head.lemma_.lower() not in REPORTING_VERBS:
        return False
    head = verb.head
    return head.tag_ == "VBD" or head.lemma_.lower() == "wish"


def _is_conditional_main(verb: Token) -> bool:
    """The main clause of an *if* conditional: *if I had money, I would buy it*."""
    return any(
        c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "if" for m in children(c))
        for c in children(verb)
    )


def _present_modal_context(modal: Token) -> bool:
    """A past modal with no past meaning: backshifted after a past reporting verb or *wish*,
    in the main clause of an *if* conditional, an inverted request, or epistemic *might*."""
    if modal.tag_ != "MD":
        return False
    verb = clause_of(modal)
    if verb.i == modal.i or has_aux_after(modal, "have"):
        return False  # "would have gone" is a counterfactual past, not a backshifted modal
    if modal.lower_ == "would" and verb.lemma_.lower() in FIXED_AFTER_WOULD:
        return False
    if modal.lower_ == "might":
        return is_declarative_modal(modal)
    if _inverted_request(modal, verb):
        return True
    return is_declarative_modal(modal) and (_is_backshifted(verb) or _is_conditional_main(verb))


substitution_rule(
    "present_modals",
    PRESENT_OF,
    where=_present_modal_context,
    doc="""Present modals where SAE has past modals: *I wish people will get educated*, *can you
    pass the salt?*, *they may be wild*. Only where the past form carries no past meaning:
    backshifted complements of past reporting verbs and *wish*, the main clause of an *if*
    conditional, inverted polite requests (*could/would you*), and epistemic *might*. Past
    ability (*I could run fast*), habitual *would*, *would have* counterfactuals and the
    formulas *would like/rather* keep the past form.""",
    tags={"MD"},
    examples=[
        ("I wish that people would get educated.", "I wish that people will get educated."),
        ("Could you pass the salt?", "Can you pass the salt?"),
        ("She said she couldn't come, but they might be wrong.",
         "She said she can't come, but they may be wrong."),
        ("If I had more time, I would travel.", "If I had more time, I will travel."),
        ("He told me that he wouldn't sell the house.", "He told me that he won't sell the house."),
        ("Would you close the door, please?", "Will you close the door, please?"),
    ],
    negatives=[
        "When I was young, I could run fast.",
        "Every summer we would go to the lake.",
        "He would have helped us.",
        "Would you like some tea?",
        "What could they do?",
        "I would rather stay home.",
    ],
)


# -------------------------------------------------------------------- 126 finna_future, fixin_future


@rule(
    "finna_future",
    lemmas={"about", "go", "will"},
    examples=[
        ("I'm about to go.", "I'm finna go."),
        ("Are you going to eat that?", "Are you finna eat that?"),
        ("They're gonna leave town, and I'm about to cry.",
         "They're finna leave town, and I'm finna cry."),
        ("She said she was going to call you.", "She said she was finna call you."),
        ("The movie is about to start.", "The movie is finna start."),
        ("Hurry up. The bus is about to leave!", "Hurry up. The bus is finna leave!"),
        ("My sister will drive us to the airport.", "My sister is finna drive us to the airport."),
        ("Hold on, I'll grab my coat.", "Hold on, I'm finna grab my coat."),
        ("The new coach will be running practice this afternoon.",
         "The new coach is finna run practice this afternoon."),
        ("She told me the plumbers will fix the sink.", "She told me the plumbers are finna fix the sink."),
        ("We're going to be late, so hurry.", "We're finna be late, so hurry."),
    ],
    negatives=[
        "The bridge will collapse.",
        "He won't sign the lease.",
        "Will you marry me?",
        "She will probably move to Texas.",
        "The winner will receive a medal.",
        "He will be a doctor.",
        "If you ask nicely, she will help you.",
        "Who will sing first?",
        "We will buy a farm in ten years.",
        "I'm away next week, so my brother will feed the cat.",
        "My aunt will pick us up tomorrow.",
        "Our neighbours will paint the fence in two weeks.",
        "He will often sing in the shower.",
        "The man who will replace her starts on Monday.",
        "You will regret this.",
        "Well, we'll see.",
        "Each player will roll the dice.",
        "Students will write their names on the form.",
        "The person who wins will pay.",
        "I'm going to the store.",
        "This book is about to-do lists.",
        "We talked about the movie.",
        "He is going home.",
        "I'm going to a party to meet her.",
        "I am going to town.",
        "She's going to work.",
        "He is going to retire in ten years.",
        "Experts predict that the farmers will plant less wheat.",
        "For every bag sold, the shop will donate a dollar.",
        "Which team is most likely going to win?",
        "A careless driver will end up paying a fine.",
        "Nobody knows what the new stadium is going to be.",
        "I'm going to text you once the train leaves.",
        "We're going to wash the van later.",
        "My brother is going to phone the bank tomorrow.",
        "If you pay me... I'll fix the roof.",
        "Unless the rain stops -- we will stay inside.",
        "cuz if you bring the kids . . . I will cook dinner !",
    ],
)
def finna_future(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Finna* (< *fixing to*) for the immediate future *be about to* and *be going to/gonna*:
    *I'm finna go*. The copula stays (its deletion is a separate feature); motion *going to
    the store*, *about* as a preposition and a *going to* future set far off (*in ten
    years*), which is not imminent, are left alone. A person's planned *will* future (*my
    sister will drive us* -> *my sister is finna drive us*) takes it too; see
    :func:`planned_will` for the predictions that keep *will*, and :func:`predicted_future`
    for those that keep either (*is most likely going to result*, *a son will end up*, *what
    the park is going to be*), and :func:`deferred_future` (*we'll call when it's ready*)."""
    for tok in index.lemma("about", "go"):
        to = about_to(tok) or going_to(tok)
        if to is None or predicted_future(tok, to.head) or tok.lower_ != "about" and deferred_future(to.head):
            continue
        if tok.lower_ != "about" and later_time(to.head):
            continue  # "going to clean it up later": a plan put off, not 'about to'
        if not (to.head.i != tok.i and distant_time(tok)):
            yield site(Replace(tok.i, "finna"), Delete(to.i))
    for will in index.by_tag.get("MD", ()):
        planned = planned_will(will, index)
        if planned is None or predicted_future(will, planned[0]) or deferred_future(planned[0]):
            continue
        if condition_split_off(planned[0], index):
            continue  # "if you stay ... I will wait": a promise on a condition, cut off by dots
        if ops := planned_will_ops(will, *planned, "finna"):
            yield site(*ops)


@rule(
    "fixin_future",
    lemmas={"about", "go", "will"},
    examples=[
        ("They're about to leave town.",
         ["They're fixin' to leave town.", "They're fixing to leave town."]),
        ("Is it about to rain?", ["Is it fixin' to rain?", "Is it fixing to rain?"]),
        ("I was about to call you when you knocked.",
         ["I was fixin' to call you when you knocked.",
          "I was fixing to call you when you knocked."]),
        ("I'm going to leave now.", ["I'm fixin' to leave now.", "I'm fixing to leave now."]),
        ("We are gonna eat dinner.", ["We are fixin' to eat dinner.", "We are fixing to eat dinner."]),
        ("Is she going to sing?", ["Is she fixin' to sing?", "Is she fixing to sing?"]),
        ("My uncle will cook supper.",
         ["My uncle is fixin' to cook supper.", "My uncle is fixing to cook supper."]),
        ("We'll head out, so lock the door.",
         ["We're fixin' to head out, so lock the door.", "We're fixing to head out, so lock the door."]),
        ("The kids are going to paint the shed.",
         ["The kids are fixin' to paint the shed.", "The kids are fixing to paint the shed."]),
        ("The boys will be washing the truck.",
         ["The boys are fixin' to wash the truck.", "The boys are fixing to wash the truck."]),
    ],
    negatives=[
        "While we're away next month, my cousin will water the plants.",
        "Tomorrow the plumber will come back.",
        "It will snow tonight.",
        "I will not lie to you.",
        "When will they leave?",
        "The students will surely pass.",
        "She will always love him.",
        "They will be sold at auction.",
        "She will have left by noon.",
        "We talked about the game.",
        "I'm going to the store.",
        "It's about ten miles away.",
        "She is going to study medicine in five years.",
        "One day they are going to buy a house.",
        "The plan is probably going to fail.",
        "My nephew will end up running the shop.",
        "How is the party going to be?",
        "We'll call you when the car is ready.",
    ],
)
def fixin_future(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Southern *fixin' to* 'about to, getting ready to' for the near future *be about to* and
    *be going to/gonna*: *they're fixin' to leave town*, *I'm fixin' to leave now*. Spelt
    *fixin'* or *fixing*. A *going to* future set at a distant time (*in five years*, *one
    day*) is not imminent and stays, as does motion (*going to the store*). A person's planned
    *will* future (*my uncle will cook supper*) takes it too; see :func:`planned_will`. A
    prediction (:func:`predicted_future`: *is most likely going to*, *will end up*, *what it
    is going to be*) keeps its form, as does a future set after another event
    (:func:`deferred_future`: *we'll call when it's ready*)."""
    for tok in index.lemma("about", "go"):
        to = about_to(tok) or going_to(tok)
        if to is None or predicted_future(tok, to.head) or tok.lower_ != "about" and deferred_future(to.head):
            continue
        if about_to(tok) is not None:
            yield site(Replace(tok.i, "fixin'"), alternatives=((Replace(tok.i, "fixing"),),))
        elif not distant_time(tok):
            if to.lower_ == "to":
                yield site(Replace(tok.i, "fixin'"), alternatives=((Replace(tok.i, "fixing"),),))
            else:  # gon|na: the clitic goes and the marker brings its own "to"
                yield site(Replace(tok.i, "fixin' to"), Delete(to.i),
                           alternatives=((Replace(tok.i, "fixing to"), Delete(to.i)),))
    for will in index.by_tag.get("MD", ()):
        planned = planned_will(will, index)
        if planned is None or predicted_future(will, planned[0]) or deferred_future(planned[0]):
            continue
        if ops := planned_will_ops(will, *planned, "fixin' to"):
            yield site(*ops, alternatives=(tuple(planned_will_ops(will, *planned, "fixing to")),))
