"""The per-language term files: complete in every language, and clear when a key is missing."""
import pytest

from backalley_site.formatting import plural_categories
from backalley_site.terms import LANGUAGES, OWN_GRAMMAR, TermError, Terms, terms


def shared_keys(lang):
    return {key for key in terms(lang).keys() if not key.startswith(OWN_GRAMMAR)}


def test_every_language_has_the_same_keys():
    english = shared_keys("en")
    for lang in LANGUAGES:
        keys = shared_keys(lang)
        assert keys == english, f"{lang}: missing {sorted(english - keys)}, extra {sorted(keys - english)}"


def test_every_noun_has_a_form_for_each_plural_category_of_its_language():
    for lang in LANGUAGES:
        nouns = {key.split(".")[1] for key in terms(lang).keys() if key.startswith("plural.")}
        assert nouns, lang
        for noun in nouns:
            forms = set(terms(lang).table(f"plural.{noun}"))
            assert forms == plural_categories(lang), f"{lang}.toml, plural.{noun}: {sorted(forms)}"


def test_every_noun_the_generated_text_counts_exists_in_every_language():
    for key in shared_keys("en"):
        if key.endswith(".noun"):
            for lang in LANGUAGES:
                assert terms(lang).table(f"plural.{terms(lang)(key)}"), f"{lang}.toml, {key}"


def test_every_sentence_uses_the_same_fields_in_every_language():
    import string

    def fields(text):
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key in shared_keys("en"):
        expected = fields(terms("en")(key))
        for lang in LANGUAGES:
            assert fields(terms(lang)(key)) == expected, f"{lang}.toml, {key}"


def test_a_missing_key_names_the_language_and_the_key():
    with pytest.raises(TermError, match=r"terms/xx\.toml has no key 'seats\.N'"):
        Terms("xx", {"seats": {"E": "East"}})("seats.N")


def test_a_missing_field_names_the_language_and_the_key():
    with pytest.raises(TermError, match=r"terms/xx\.toml, key 'alt\.won': unknown field 'seat'"):
        Terms("xx", {"alt": {"won": "{seat} wins."}})("alt.won", player="N")


def test_an_unknown_language_is_refused():
    with pytest.raises(TermError, match="no terms for language 'de'"):
        terms("de")
