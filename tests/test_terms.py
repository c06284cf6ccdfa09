"""The per-language term files: complete in every language, and clear when a key is missing."""
import pytest

from backalley_site.terms import LANGUAGES, TermError, Terms, terms


def test_every_language_has_the_same_keys():
    english = terms("en").keys()
    for lang in LANGUAGES:
        keys = terms(lang).keys()
        assert keys == english, f"{lang}: missing {sorted(english - keys)}, extra {sorted(keys - english)}"


def test_every_sentence_uses_the_same_fields_in_every_language():
    import string

    def fields(text):
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key in terms("en").keys():
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
