"""The parse predicates rules of several categories share (``multivalue_cli/engine/syntax.py``,
``futures.py``, and the agreement forms of ``morphology.py``), each on sentences parsed with the
project's pipeline: where it must answer yes and where it must not."""
import pytest

from multivalue_cli.engine.animacy import names_a_place
from multivalue_cli.engine.antecedents import is_human_noun
from multivalue_cli.engine.futures import (
    about_to, deferred_future, described_plan, distant_time, going_to, planned_will, planned_will_ops,
    predicted_future,
)
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Replace
from multivalue_cli.engine.morphology import (
    agreement_subject, be_replacing, is_clitic, past_of_another_verb, person_shown,
)
from multivalue_cli.engine.syntax import (
    absolute_participle, bare_adjective, clause_is_negated, clause_tokens, definite_noun_phrase, direct_subject,
    finite_clause, in_nonfinite_subject, in_subject_clause, negation_after, negative_noun_phrase,
    negative_polarity_item, nominal_subject, object_of_imperative_as_subject, participle_after_object,
    subject_gap_complement, subject_of,
)


def word(doc, text, nth=0):
    """The ``nth`` token of ``doc`` whose text is ``text``."""
    return [t for t in doc if t.text == text][nth]


@pytest.mark.parametrize("text,verb,subject", [
    ("The dog barked.", "barked", "dog"),
    ("There is a cat.", "is", "There"),
    ("Did the children eat?", "eat", "children"),
    ("Leave now.", "Leave", None),
])
def test_direct_subject(nlp, text, verb, subject):
    found = direct_subject(word(nlp(text), verb))
    assert (found.text if found is not None else None) == subject


@pytest.mark.parametrize("text,verb,finite", [
    ("The dog barked.", "barked", True),
    ("She said that they will come.", "come", True),
    ("Is he there?", "Is", True),
    ("We consider her and Tom to be friends.", "be", False),
    ("I watched him leave.", "leave", False),
    ("She kept running.", "running", False),
])
def test_finite_clause(nlp, text, verb, finite):
    assert finite_clause(word(nlp(text), verb)) is finite


@pytest.mark.parametrize("text,verb,subject", [
    ("The dog barked.", "barked", "dog"),
    ("There is a cat.", "is", None),  # the dummy there is no noun phrase
    ("It was stolen by thieves.", "stolen", "It"),
    ("Leave now.", "Leave", None),
])
def test_nominal_subject(nlp, text, verb, subject):
    found = nominal_subject(word(nlp(text), verb))
    assert (found.text if found is not None else None) == subject


def test_subject_of_takes_a_conjoined_verb_s_subject(nlp):
    doc = nlp("He opened the door and left.")
    assert subject_of(word(doc, "left")).text == "He"
    assert direct_subject(word(doc, "left")) is None


@pytest.mark.parametrize("text,after,negation", [
    ("He isn't here.", "is", "n't"),
    ("He was not here.", "was", "not"),
    ("It wasn’t me.", "was", "n’t"),  # the curly clitic, which the parser may misread
    ("I don’t.", "do", "n’t"),
    ("He is here.", "is", None),
    ("It is not only cheap but also good.", "is", None),  # not only ... but: no negation
])
def test_negation_after(nlp, text, after, negation):
    found = negation_after(word(nlp(text), after))
    assert (found.text if found is not None else None) == negation


@pytest.mark.parametrize("text,verb,negated", [
    ("She did not go.", "go", True),
    ("She never went there.", "went", True),
    ("He didn't say a word.", "say", True),
    ("She went there.", "went", False),
    ("She said he did not go.", "said", False),  # the negation is the other clause's
])
def test_clause_is_negated(nlp, text, verb, negated):
    assert clause_is_negated(word(nlp(text), verb)) is negated


def test_clause_tokens_leave_embedded_clauses_out(nlp):
    doc = nlp("She said yesterday that he left early.")
    own = {t.text for t in clause_tokens(word(doc, "said"))}
    assert {"She", "yesterday", "."} <= own
    assert not own & {"that", "he", "left", "early"}


@pytest.mark.parametrize("text,noun,definite", [
    ("There's the bus.", "bus", True),
    ("My car is red.", "car", True),
    ("I saw John.", "John", True),
    ("I saw her.", "her", True),
    ("There is a problem.", "problem", False),
    ("There is something wrong.", "something", False),
    ("I saw nobody.", "nobody", False),
])
def test_definite_noun_phrase(nlp, text, noun, definite):
    assert definite_noun_phrase(word(nlp(text), noun)) is definite


@pytest.mark.parametrize("text,noun,negative", [
    ("Nobody came.", "Nobody", True),
    ("No student was happy.", "student", True),
    ("None of them left.", "None", True),
    ("No one knows.", "one", True),
    ("Somebody came.", "Somebody", False),
    ("The student was happy.", "student", False),
])
def test_negative_noun_phrase(nlp, text, noun, negative):
    assert negative_noun_phrase(word(nlp(text), noun)) is negative


@pytest.mark.parametrize("text,item,npi", [
    ("Does anyone know the way?", "anyone", True),
    ("Have you ever seen it?", "ever", True),
    ("Are we there yet?", "yet", True),
    ("It is not bad at all.", "all", True),
    ("Do you have any milk?", "any", True),
    ("All the guests came.", "All", False),
    ("Someone knows the way.", "Someone", False),
])
def test_negative_polarity_item(nlp, text, item, npi):
    assert negative_polarity_item(word(nlp(text), item)) is npi


@pytest.mark.parametrize("text,end,run", [
    ("It was great! ! Love it.", 3, 3),
    ("Was it great?!", 3, 3),
    ("It was great ?!", 3, 3),
    ("Is it great ? ? ?", None, 3),
    ("It was great", None, None),
    ("Is it great?", None, 3),
])
def test_final_punctuation_run(nlp, text, end, run):
    doc = nlp(text)
    index = DocIndex(doc)
    assert index.statement_end(0) == end
    assert index.final_punct_run(0) == run


@pytest.mark.parametrize("text,aux,subject,past,form", [
    ("I've eaten.", "'ve", "I", False, "'m"),
    ("She had left.", "had", "She", True, "was"),
    ("Politics has changed.", "has", "Politics", False, "is"),
    ("The police have arrived.", "have", "police", False, "are"),
    ("The books that have arrived are here.", "have", "that", False, "are"),
])
def test_be_replacing_agrees_with_what_the_auxiliary_shows(nlp, text, aux, subject, past, form):
    doc = nlp(text)
    assert be_replacing(word(doc, aux), word(doc, subject), past) == form


def test_person_shown_and_the_agreement_subject(nlp):
    doc = nlp("The books that have arrived are here.")
    assert agreement_subject(word(doc, "that")).text == "books"
    assert person_shown(word(doc, "have"), word(doc, "that")) == "other"
    doc = nlp("Politics has changed.")
    assert person_shown(word(doc, "has"), word(doc, "Politics")) == "3s"
    assert is_clitic(nlp("I'll go.")[1]) and is_clitic(nlp("I’m here.")[1])
    assert not is_clitic(nlp("I will go.")[1])


@pytest.mark.parametrize("text,marker,to", [
    ("I'm about to go.", "about", "to"),
    ("The movie is about to start.", "about", "to"),
    ("We talked about the movie.", "about", None),
    ("It's about ten miles away.", "about", None),
])
def test_about_to(nlp, text, marker, to):
    found = about_to(word(nlp(text), marker))
    assert (found.text if found is not None else None) == to


@pytest.mark.parametrize("text,marker,to", [
    ("Are you going to eat that?", "going", "to"),
    ("They're gonna leave town.", "gon", "na"),
    ("I'm going to the store.", "going", None),
    ("She's going to work.", "going", None),  # a place, not a verb
    ("He is going home.", "going", None),
])
def test_going_to(nlp, text, marker, to):
    found = going_to(word(nlp(text), marker))
    assert (found.text if found is not None else None) == to


@pytest.mark.parametrize("text,far", [
    ("He is going to retire in ten years.", True),
    ("One day they are going to buy a house.", True),
    ("I'm going to leave now.", False),
])
def test_distant_time(nlp, text, far):
    assert distant_time(word(nlp(text), "going")) is far


def _planned(nlp, text):
    doc = nlp(text)
    will = next(t for t in doc if t.tag_ == "MD")
    return doc, will, planned_will(will, DocIndex(doc))


@pytest.mark.parametrize("text", [
    "My sister will drive us to the airport.",
    "Hold on, I'll grab my coat.",
    "The new coach will be running practice this afternoon.",
])
def test_planned_will(nlp, text):
    assert _planned(nlp, text)[2] is not None


@pytest.mark.parametrize("text", [
    "The bridge will collapse.",  # no person
    "The winner will receive a medal.",  # undergone, not done
    "She will probably move to Texas.",  # a guess
    "If you ask nicely, she will help you.",  # a consequence
    "He won't sign the lease.",  # negated
    "Will you marry me?",  # a question
    "My aunt will pick us up tomorrow.",  # set later than about to
    "Don't worry, we'll manage.",  # an outcome hoped for, not an act
])
def test_a_will_that_is_no_plan(nlp, text):
    assert _planned(nlp, text)[2] is None


def test_planned_will_ops(nlp):
    doc, will, (verb, be) = _planned(nlp, "Hold on, I'll grab my coat.")
    assert planned_will_ops(will, verb, be, "finna") == [Replace(will.i, "'m"),
                                                         Insert(will.i, "finna", after=True)]
    doc, will, (verb, be) = _planned(nlp, "The boys will be washing the truck.")
    assert planned_will_ops(will, verb, be, "finna") == [
        Replace(will.i, "are"), Insert(will.i, "finna", after=True), Delete(be.i),
        Replace(verb.i, "wash")]
    doc, will, (verb, be) = _planned(nlp, "I will for sure watch this.")
    assert planned_will_ops(will, verb, be, "coming to") == [Replace(will.i, "am"),
                                                             Insert(verb.i, "coming to")]


@pytest.mark.parametrize("noun,human", [
    ("teacher", True), ("artist", True), ("player", True), ("candidate", True),
    ("policeman", True), ("table", False), ("payment", False), ("water", False),
])
def test_is_human_noun(noun, human):
    assert is_human_noun(noun) is human


# ----------------------------------------------------- tense and aspect: what a perfect sums up


@pytest.mark.parametrize("text,verb,expected", [
    ("Prices have gone up over the last ten years.", "gone", True),
    ("She has worked hard lately.", "worked", True),
    ("The custom has survived to this day.", "survived", True),
    ("We have sold forty cars so far.", "sold", True),
    ("Shops have attracted more customers these days.", "attracted", True),
    ("He has fixed the roof at the right time.", "fixed", False),
    ("They have built a house in the village.", "built", False),
])
def test_span_up_to_now(nlp, text, verb, expected):
    from multivalue_cli.rules.tense_aspect.common import span_up_to_now

    assert span_up_to_now(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("The boy has grown a lot.", "grown", True),
    ("The town has changed considerably.", "changed", True),
    ("Her voice has matured a little.", "matured", True),
    ("She has eaten a little cake.", "eaten", False),
    ("You have saved us a lot of money.", "saved", False),
    ("He has painted the fence.", "painted", False),
])
def test_measures_degree(nlp, text, verb, expected):
    from multivalue_cli.rules.tense_aspect.common import measures_degree

    assert measures_degree(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("This is the road that we are going to repair.", "going", True),
    ("Our plan is that we will build a school.", "build", True),
    ("I won't say we will win.", "win", True),
    ("I think we are going to repair the road.", "going", False),
    ("Sit down, I'll cook dinner.", "cook", False),
])
def test_described_plan(nlp, text, verb, expected):
    assert described_plan(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("Find the number of trains departed from the station.", "departed", True),
    ("Count the pupils enrolled in the course.", "enrolled", True),
    ("Remember you promised to call.", "promised", False),
    ("The number of trains departed from the station.", "departed", False),
    ("Remember that the trains departed late.", "departed", False),
    ("Tell me you visited the museum.", "visited", False),
])
def test_object_of_imperative_as_subject(nlp, text, verb, expected):
    assert object_of_imperative_as_subject(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("She sat on the bench with her legs crossed and waited.", "crossed", True),
    ("A girl is seen waiting at the door with her arms folded.", "folded", True),
    ("We talked about what happened.", "happened", False),
])
def test_absolute_participle(nlp, text, verb, expected):
    assert absolute_participle(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("Sweet of her mum called us.", "called", True),
    ("The rich got richer.", "got", False),
    ("My sister smiled.", "smiled", False),
])
def test_bare_adjective(nlp, text, verb, expected):
    assert bare_adjective(subject_of(word(nlp(text), verb))) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("The puppy has spotted fur.", "spotted", True),
    ("She also has had reduced appetite.", "reduced", True),
    ("She has attached the files to the email.", "attached", False),
    ("We have developed new products.", "developed", False),
    ("I've tried hundreds of times.", "tried", False),
    ("He has never dated anyone.", "dated", False),
])
def test_possessive_participle_object(nlp, text, verb, expected):
    from multivalue_cli.engine.morphology import possessive_participle_object

    assert possessive_participle_object(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("The new desk has built in drawers for pens.", "built", True),
    ("The workers have built in the old quarter for years.", "built", False),
    ("They have built a shed in the garden.", "built", False),
    ("She has run down the stairs.", "run", False),
])
def test_possessive_compound_adjective(nlp, text, verb, expected):
    from multivalue_cli.engine.morphology import possessive_compound_adjective

    assert possessive_compound_adjective(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,nth,expected", [
    ("Tom has scored ten points more than his brother.", "scored", 0, True),
    ("Ann has picked twice as many as Ben has picked.", "picked", 1, True),
    ("The cut has healed much quicker than expected.", "healed", 0, True),
    ("As she has left, we can talk.", "left", 0, False),
    ("She has bought more apples.", "bought", 0, False),
    ("We have painted the house.", "painted", 0, False),
])
def test_in_comparison(nlp, text, verb, nth, expected):
    from multivalue_cli.engine.syntax import in_comparison

    assert in_comparison(word(nlp(text), verb, nth)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("I think we've made a good buy.", "made", True),
    ("He has taken a walk.", "taken", True),
    ("I haven't made such arrangements.", "made", False),
    ("She has made a decision.", "made", False),
    ("He has painted a picture.", "painted", False),
])
def test_light_verb_event_object(nlp, text, verb, expected):
    from multivalue_cli.engine.morphology import light_verb_event_object

    assert light_verb_event_object(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("You said you got your card this morning.", "got", True),
    ("He just left.", "left", True),
    ("She called today.", "called", True),
    ("He left last year.", "left", False),
    ("The paper interviewed two recently divorced people.", "interviewed", False),
])
def test_recent_time(nlp, text, verb, expected):
    from multivalue_cli.engine.syntax import recent_time

    assert recent_time(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("If he eats cake every day, he'll gain 2 pounds/week.", "gain", True),
    ("She will earn $5 per hour.", "earn", True),
    ("She will visit twice a week.", "visit", True),
    ("She will lose 5 pounds.", "lose", False),
    ("We will meet in a week.", "meet", False),
])
def test_rate_or_frequency(nlp, text, verb, expected):
    from multivalue_cli.engine.syntax import rate_or_frequency

    assert rate_or_frequency(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,nth,expected", [
    ("If you take the bus, it will take about 50 minutes.", "take", 1, True),
    ("It will take a long time.", "take", 0, True),
    ("The book will cost $10.", "cost", 0, True),
    ("I'll take it if you give me a discount.", "take", 0, False),
    ("She will take 3 apples.", "take", 0, False),
])
def test_measure_predicate(nlp, text, verb, nth, expected):
    from multivalue_cli.engine.syntax import measure_predicate

    assert measure_predicate(word(nlp(text), verb, nth)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("How many apples has the farmer picked?", "picked", True),
    ("You mean the machine has eaten it?", "eaten", True),
    ("If the sisters have gathered 500 apples, how many did Joanne gather?", "gathered", False),
    ("I have broken my glass, and would you send me another?", "broken", False),
    ("The farmer has picked the apples.", "picked", False),
])
def test_questioned_clause(nlp, text, verb, expected):
    from multivalue_cli.engine.docindex import DocIndex  # noqa: F401  (the index answers in_question)
    from multivalue_cli.engine.syntax import questioned_clause

    assert questioned_clause(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("A man is shown running.", "shown", False),
    ("A man us shown running.", "shown", True),
    ("They don ’ t care .", "don", True),
    ("She learnt it.", "learnt", False),
    ("She showed it.", "showed", False),
])
def test_not_a_past_form(nlp, text, verb, expected):
    from multivalue_cli.engine.morphology import not_a_past_form

    tok = word(nlp(text), verb)
    if tok.tag_ != "VBD":
        pytest.skip("the tagger read it as no past: nothing to ask")
    assert not_a_past_form(tok) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("I’Ve started a firm.", "started", True),
    ("I started a firm.", "started", False),
    ("I have started a firm.", "started", False),
])
def test_after_auxiliary(nlp, text, verb, expected):
    from multivalue_cli.engine.morphology import after_auxiliary

    assert after_auxiliary(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("Mary liked the song, but Tom didn't.", "did", True),
    ("They sold half the amount that they did the day before.", "did", True),
    ("She did the dishes.", "did", False),
    ("He did as he was told.", "did", False),
])
def test_stranded_do(nlp, text, verb, expected):
    from multivalue_cli.engine.syntax import stranded_do

    assert stranded_do(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,noun,expected", [
    ("Buying a car that runs well costs money.", "car", True),
    ("Finding people who speak French was easy.", "people", True),
    ("The man who lives there is nice.", "man", False),
    ("She enjoys buying cars that run well.", "cars", False),
    ("Buying what the shop sells costs money.", "shop", False),
])
def test_in_nonfinite_subject(nlp, text, noun, expected):
    assert in_nonfinite_subject(word(nlp(text), noun)) is expected


@pytest.mark.parametrize("text,noun,expected", [
    ("She is at school.", "school", True),
    ("The keys are in the drawer.", "drawer", True),
    ("He is in the kitchen.", "kitchen", True),
    ("The twins are at risk.", "risk", False),
    ("The team is in good form.", "form", False),
    ("They are in love.", "love", False),
])
def test_names_a_place(nlp, text, noun, expected):
    assert names_a_place(word(nlp(text), noun)) is expected


@pytest.mark.parametrize("text,token,expected", [
    ("What I never understood is why they left.", "What", True),
    ("Whoever finishes first gets a prize.", "Whoever", True),
    ("What did you buy?", "What", False),
    ("I know what you did.", "what", False),
])
def test_in_subject_clause(nlp, text, token, expected):
    assert in_subject_clause(word(nlp(text), token)) is expected


@pytest.mark.parametrize("text,comparative,expected", [
    ("Adults aged 18 years or older were asked.", "older", True),
    ("Is the score 90 or higher?", "higher", True),
    ("Tickets cost $5 or less.", "less", True),
    ("Is your car newer or older?", "older", False),
    ("He is older than his sister.", "older", False),
])
def test_open_range_comparative(nlp, text, comparative, expected):
    from multivalue_cli.engine.syntax import open_range_comparative

    assert open_range_comparative(word(nlp(text), comparative)) is expected


@pytest.mark.parametrize("text,upos,expected", [
    ("explicit", "ADJ", True), ("quickly", "ADV", True), ("dumpling", "ADJ", False),
    ("dumpling", "NOUN", True), ("dumpling", None, True), ("decluterring", None, False),
])
def test_dictionary_word(text, upos, expected):
    from multivalue_cli.engine.morphology import dictionary_word

    assert dictionary_word(text, upos) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("She hated getting her bike stolen.", "stolen", True),
    ("I want the parcel delivered.", "delivered", True),
    ("We need it fixed before Friday.", "fixed", True),
    ("I had a party and my cousins danced all night.", "danced", False),
    ("He walked home.", "walked", False),
])
def test_participle_after_object(nlp, text, verb, expected):
    assert participle_after_object(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("form,expected", [
    ("found", True), ("wound", True), ("lay", True), ("walk", False), ("adopt", False),
])
def test_past_of_another_verb(form, expected):
    assert past_of_another_verb(form) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("It is a fact that every driver knows is true.", "knows", "is"),
    ("Which team do you believe won the final?", "believe", "won"),
    ("Everyone knows that the road is closed.", "knows", None),
    ("I think she left.", "think", None),
])
def test_subject_gap_complement(nlp, text, verb, expected):
    found = subject_gap_complement(word(nlp(text), verb))
    assert (found.text if found is not None else None) == expected


@pytest.mark.parametrize("text,marker,verb,expected", [
    ("Which team is most likely going to win?", "going", "win", True),
    ("A careless driver will end up paying a fine.", "will", "end", True),
    ("Nobody knows what the stadium is going to be.", "going", "be", True),
    ("I'm going to call her now.", "going", "call", False),
    ("This is going to be great.", "going", "be", False),
    ("My sister will drive us.", "will", "drive", False),
])
def test_predicted_future(nlp, text, marker, verb, expected):
    doc = nlp(text)
    assert predicted_future(word(doc, marker), word(doc, verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("We'll call you when the car is ready.", "call", True),
    ("I'm going to text you once the train leaves.", "text", True),
    ("I'm going to call her now.", "call", False),
])
def test_deferred_future(nlp, text, verb, expected):
    assert deferred_future(word(nlp(text), verb)) is expected


def test_subject_gap_complement_with_the_moved_subject_hung_on_the_clause(nlp):
    found = subject_gap_complement(word(nlp("They arrested a man who they believed was armed."), "believed"))
    assert found is not None and found.text == "armed"


@pytest.mark.parametrize("text,subject,agreeing", [
    ("She teaches on Mondays.", "She", "teaches"),
    ("He doesn't know.", "He", "does"),
    ("It was broken.", "It", "was"),
    ("She walked home.", "She", None),
    ("He will call.", "He", None),
])
def test_singular_agreement_word(nlp, text, subject, agreeing):
    from multivalue_cli.engine.morphology import singular_agreement_word

    found = singular_agreement_word(word(nlp(text), subject))
    assert (found.text if found is not None else None) == agreeing


@pytest.mark.parametrize("text,noun,expected", [
    ("The patient is in a coma.", "coma", True),
    ("The shirts are on sale.", "sale", True),
    ("The keys are in the kitchen.", "kitchen", False),
    ("The cat is on the table.", "table", False),
])
def test_names_no_place(nlp, text, noun, expected):
    from multivalue_cli.engine.animacy import names_no_place

    assert names_no_place(word(nlp(text), noun)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("I'm going to wash the car later.", "wash", True),
    ("We are going to visit my aunt next week.", "visit", True),
    ("I'm going to wash the car.", "wash", False),
    ("She is going to call you in a minute.", "call", False),
])
def test_later_time(nlp, text, verb, expected):
    from multivalue_cli.engine.futures import later_time

    assert later_time(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("If you pay me... I'll fix the roof.", "fix", True),
    ("The bus is late. I'll fix the roof.", "fix", False),
    ("I'll fix the roof.", "fix", False),
])
def test_condition_split_off(nlp, text, verb, expected):
    from multivalue_cli.engine.futures import condition_split_off

    doc = nlp(text)
    assert condition_split_off(word(doc, verb), DocIndex(doc)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("Wow, that was close.", "was", True),
    ("This was a great trip.", "was", True),
    ("That house was empty.", "was", False),
    ("The storm that was close passed.", "was", False),
])
def test_demonstrative_pronoun_subject(nlp, text, verb, expected):
    from multivalue_cli.engine.syntax import demonstrative_pronoun_subject

    assert demonstrative_pronoun_subject(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,verb,expected", [
    ("Reading the letters and the notes was painful.", "was", "has"),
    ("I was tired.", "was", "have"),
    ("The boys were tired.", "were", "have"),
])
def test_have_agreeing_with_past_be(nlp, text, verb, expected):
    from multivalue_cli.engine.morphology import have_agreeing_with_past_be

    be = word(nlp(text), verb)
    assert have_agreeing_with_past_be(be, subject_of(be)) == expected


@pytest.mark.parametrize("text,verb,expected", [
    ("What happens if it rains?", "happens", True),
    ("How many cars have six wheels?", "have", True),
    ("The neighbour who owns the shop opens it early.", "opens", False),
    ("The neighbour who owns the shop opens it early.", "owns", False),
    ("Where do you live?", "live", False),
])
def test_wh_subject_question(nlp, text, verb, expected):
    from multivalue_cli.engine.syntax import wh_subject_question

    assert wh_subject_question(word(nlp(text), verb)) is expected


def test_condition_split_off_under_a_word_that_is_no_verb(nlp):
    from multivalue_cli.engine.futures import condition_split_off

    doc = nlp("cuz If you keep the old cast . . . I will keep watching !")
    assert condition_split_off(word(doc, "keep", 1), DocIndex(doc)) is True


@pytest.mark.parametrize("text,verb,subject", [
    ("I finished the race but did n ' t get a medal .", "get", "I"),
    ("They came but did n ' t stay long .", "stay", "They"),
    ("I finished the race but didn't get a medal.", "get", "I"),
])
def test_subject_of_skips_the_t_of_a_negation_written_apart(nlp, text, verb, subject):
    from multivalue_cli.engine.syntax import subject_of

    found = subject_of(word(nlp(text), verb))
    assert found is not None and found.text == subject


@pytest.mark.parametrize("text,verb,expected", [
    ("Can students get school provided lunches?", "provided", True),
    ("Does anyone offer company paid training?", "paid", True),
    ("I heard company stopped hiring.", "stopped", False),  # a verb that takes a clause
    ("They said the company provided laptops.", "provided", False),
    ("She cooked dinner.", "cooked", False),
])
def test_participle_premodifier(nlp, text, verb, expected):
    from multivalue_cli.engine.syntax import participle_premodifier

    assert participle_premodifier(word(nlp(text), verb)) is expected


@pytest.mark.parametrize("text,expected", [
    ("What did they do to the fence?", True),  # *to fence*
    ("She rode her bike to the park.", False),  # a destination: *to park* reads as one
    ("He gave the book to the teacher.", False),  # *teacher* is no verb
    ("We talked to the new manager.", False),  # an adjective between
    ("They drove to the hills.", False),  # a plural
])
def test_reads_as_infinitive_without(nlp, text, expected):
    from multivalue_cli.engine.morphology import reads_as_infinitive_without

    doc = nlp(text)
    the = [t for t in doc if t.lower_ == "the"][-1]
    assert reads_as_infinitive_without(the) is expected


def test_a_split_negation_leaves_the_perfect_agreeing_with_its_subject(nlp):
    from multivalue_cli.engine.apply import Engine
    from multivalue_cli.engine.registry import registry

    out = Engine([(registry()["present_perfect_for_past"], 1.0)]).apply(
        nlp("I tried hard but did n ' t win the cup .")).text
    assert out == "I have tried hard but have n ' t won the cup ."


@pytest.mark.parametrize("text,target,expected", [
    ('She said, "You can stay here."', "can", True),
    ("He wrote 'we will win' on the board.", "will", True),
    ('She said, "You can stay." Then we can leave.', "leave", False),
    ("The boys' bikes can go fast.", "can", False),  # a possessive apostrophe is no quote
])
def test_in_quotation(nlp, text, target, expected):
    from multivalue_cli.engine.syntax import in_quotation

    assert in_quotation(word(nlp(text), target)) is expected


@pytest.mark.parametrize("text,expected", [
    ("How do your experiences benefit the team?", True),  # do + you + a verb's form
    ("Will your plan work in winter?", True),  # a modal
    ("Do your test results show anything?", True),  # the first noun of a compound
    ("Did your brother find a job?", False),  # *brother* is no verb
    ("Can your older sister drive us?", False),  # an adjective after *your*
    ("Your plans work well.", False),  # no inverted auxiliary before *your*
    ("Did you read your answers again?", False),  # the phrase is no subject
])
def test_reads_as_subject_and_verb(nlp, text, expected):
    from multivalue_cli.engine.morphology import reads_as_subject_and_verb

    doc = nlp(text)
    your = [t for t in doc if t.lower_ == "your"][0]
    assert reads_as_subject_and_verb(your) is expected


@pytest.mark.parametrize("text,expected", [
    ("The bike is old, but it still works.", True),  # a clear antecedent
    ("My laptop fell off the desk. Is it broken?", True),  # a thing in the sentence before
    ("Is it broken?", False),  # nothing before it
    ("How much does it cost to park downtown for a day?", False),  # a price question
    ("How did it go at the dentist yesterday?", False),  # how things went
    ("It is raining again.", False),  # weather
    ("What kind of shop is it?", False),  # a noun of its own clause
])
def test_has_visible_antecedent(nlp, text, expected):
    from multivalue_cli.engine.it_classifier import has_visible_antecedent

    doc = nlp(text)
    it = [t for t in doc if t.lower_ == "it"][0]
    assert has_visible_antecedent(it) is expected


def test_same_referent_groups(nlp):
    from multivalue_cli.engine.antecedents import PRONOUN_GENDER, same_referent_groups

    def groups(text):
        doc = nlp(text)
        found = same_referent_groups([t for t in doc if t.lower_ in PRONOUN_GENDER])
        return [[t.lower_ for t in group] for group in found]

    # one person: the subject and the possessive go together
    assert groups("Maria lent her bike to a friend, so she walked to work.") == [["her", "she"]]
    # two genders, two people
    assert sorted(groups("He told Anna that she could borrow his car.")) == [["he", "his"], ["she"]]


@pytest.mark.parametrize("text,word,expected", [
    ("When was the Greek version of the name Helen first recorded?", "recorded", True),
    ("When was the Spanish spelling of the name Lopez first recorded?", "recorded", True),
    ("Where was the car that crashed?", "crashed", False),
    ("The name Helen first recorded in Greek was short.", "recorded", False),
])
def test_participle_of_bare_question_be(nlp, text, word, expected):
    from multivalue_cli.engine.syntax import participle_of_bare_question_be

    doc = nlp(text)
    tok = next(t for t in doc if t.text == word)
    assert participle_of_bare_question_be(tok) is expected


@pytest.mark.parametrize("text,expected", [
    ("Are you aware of the risks and do you feel ready?", True),
    ("Is it me or does the bus look late?", True),
    ("Is it me or does number 7 look tired?", True),
    ("Can you see the sign and read it?", False),
    ("Are you coming to the party tonight?", False),
])
def test_inverted_conjunct(nlp, text, expected):
    from multivalue_cli.engine.syntax import inverted_conjunct

    doc = nlp(text)
    assert inverted_conjunct(doc[0].sent.root) is expected


@pytest.mark.parametrize("text,subject,expected", [
    ("How did Eratosthenes estimate the size of the Earth?", "Eratosthenes", "3s"),
    ("Then the Americans won the race.", "Americans", "other"),
    ("The dogs barked all night.", "dogs", "other"),
])
def test_a_name_read_as_a_plural_is_one_person(nlp, text, subject, expected):
    from multivalue_cli.engine.morphology import person_number

    doc = nlp(text)
    assert person_number(next(t for t in doc if t.text == subject)) == expected


@pytest.mark.parametrize("text,word,expected", [
    ("From which countries did the Norse originate?", "originate", True),
    ("Who did the Normans team up with?", "team", True),
    ("She did the dishes after dinner.", "dishes", False),
])
def test_verb_read_as_noun(nlp, text, word, expected):
    from multivalue_cli.engine.morphology import verb_read_as_noun

    doc = nlp(text)
    assert verb_read_as_noun(next(t for t in doc if t.text == word)) is expected
