"""The backalley command: outputs for good input, one line and status 2 for bad input."""
import json

import pytest

from backalley.cli import main


def test_score_prints_both_sides(cli):
    status, out, _ = cli("score", "5", "N=2", "E=pass", "S=1", "W=pass", "--ns", "4")
    assert status == 0
    assert out.splitlines() == ["NS: target 3, 4 tricks -> +16", "EW: both passed, 1 trick -> +1"]


def test_score_boards_and_json(cli):
    status, out, _ = cli("score", "5", "W=board", "N=board", "E=pass", "S=board", "--ns", "5", "--json")
    assert status == 0 and json.loads(out) == {"score": {"NS": 150, "EW": -50}, "thrown_in": False, "warnings": []}


def test_score_reports_overbids_without_refusing(cli):
    status, out, _ = cli("score", "3", "N=2", "E=2", "S=2", "W=pass", "--ns", "2")
    assert status == 0 and "warning: NS bid 4 tricks with only 3 in the deal" in out


def test_score_with_a_house_rule(cli):
    status, out, _ = cli("score", "5", "N=2", "E=pass", "S=1", "W=pass", "--ns", "4",
                         "--variant", "standard,points_per_bid_trick=10", "--json")
    assert json.loads(out)["score"] == {"NS": 31, "EW": 1}


def test_schedule(cli):
    status, out, _ = cli("schedule", "--variant", "gamerules-25")
    assert status == 0 and out.splitlines()[1] == "25 deals"
    assert out.split()[:3] == ["13", "12", "11"]


def test_variants_list_show_and_diff(cli):
    _, out, _ = cli("variants")
    assert [line.split()[0] for line in out.splitlines()] == [
        "standard", "strict", "gamerules-25", "short-14", "tiebreak", "up-first", "bab-online"]
    _, out, _ = cli("variants", "show", "strict")
    assert "all_trump_lead           no" in out
    _, out, _ = cli("variants", "diff", "standard", "short-14", "--json")
    data = json.loads(out)
    assert [row["option"] for row in data["differences"]] == ["max_hand_size", "tie"]
    assert data["differences"][0]["short-14"] == 7


@pytest.mark.parametrize("card, verdict, rule", [
    ("KH", "K♥ may be played", None),
    ("9S", "9♠ may not be played: BIG was led, so every other player must play their highest trump, here K♥ (rule 3.12)",
     "rule 3.12: tricks/#rule-3.12"),
])
def test_explain(cli, card, verdict, rule):
    """In the site's words and card names, as the site's tools say it (English too)."""
    status, out, _ = cli("explain", card, "--hand", "5H KH 9S 2C", "--trick", "BIG", "--trump", "H")
    lines = out.splitlines()
    assert status == 0 and lines[0] == verdict and lines[1] == "playable: K♥"
    assert (lines[2] == rule if rule else len(lines) == 2)


def test_explain_names_the_rule_number_and_its_address_in_a_language(cli):
    """Refusing 9S on a BIG lead names rule 3.12, with its address on the Russian site."""
    status, out, _ = cli("explain", "9S", "--hand", "5H KH 9S 2C", "--trick", "BIG", "--trump", "H",
                         "--lang", "ru", "--json")
    data = json.loads(out)
    assert status == 0 and data["number"] == "3.12" and data["url"] == "ru/tricks/#rule-3.12"
    assert data["rule"] == "big-lead" and "(rule" not in data["message"]


def test_rules_lists_every_engine_rule_id_with_number_and_addresses(cli):
    from backalley import RULES
    status, out, _ = cli("rules", "--json")
    data = json.loads(out)
    assert status == 0 and sorted(r["id"] for r in data) == sorted(RULES)
    big = next(r for r in data if r["id"] == "big-lead")
    assert big["number"] == "3.12" and big["urls"] == {
        "en": "tricks/#rule-3.12", "fr": "fr/tricks/#rule-3.12",
        "pt": "pt/tricks/#rule-3.12", "ru": "ru/tricks/#rule-3.12"}
    _, out, _ = cli("rules", "--lang", "pt")
    lines = out.splitlines()
    assert len(lines) == len(RULES) and lines[0].split()[:2] == ["1.1", "seat"]
    assert any(line.startswith("3.12  big-lead ") and line.endswith("[pt/tricks/#rule-3.12]") for line in lines)


@pytest.mark.parametrize("argv, tail", [
    (["score", "5", "N=5", "E=pass", "S=1", "W=pass", "--ns", "4", "--lang", "fr"],
     "(règle 2.3) [bid-range: fr/bidding/#rule-2.3]"),
    (["schedule", "--variant", "nope"], "(rule 6.1) [variant: variants/#rule-6.1]"),
    (["variants", "show", "nope", "--lang", "ru"], "(правило 6.1) [variant: ru/variants/#rule-6.1]"),
])
def test_a_refusal_names_its_rule_and_address(cli, argv, tail):
    status, out, err = cli(*argv)
    assert status == 2 and out == "" and err.strip().endswith(tail)


def test_explain_a_card_not_in_the_hand(cli):
    status, out, _ = cli("explain", "9S", "--hand", "5H", "--trump", "H")
    assert status == 0 and out.startswith("9♠ may not be played: 9♠ is not in the hand")


def test_explain_strict_all_trump_lead(cli):
    _, out, _ = cli("explain", "KH", "--hand", "KH LITTLE", "--trump", "H", "--variant", "strict", "--json")
    data = json.loads(out)
    assert data["rule"] == "no-legal-lead" and data["legal_plays"] == []


def test_simulate_reports_results_events_and_speed(cli):
    status, out, _ = cli("simulate", "-n", "5", "--variant", "short-14", "--json")
    data = json.loads(out)
    assert status == 0 and data["matches"] == 5 and sum(data["results"].values()) == 5
    assert data["events"]["follow-suit"] > 0 and data["matches_per_second"] > 0


@pytest.mark.parametrize("argv, message", [
    ([], "required"),
    (["dance"], "invalid choice"),
    (["score", "5", "N=2", "E=pass", "S=1", "--ns", "4"], "one bid from each of North, East, South and West, not 3"),
    (["score", "5", "N=5", "E=pass", "S=1", "W=pass", "--ns", "4"], "a number bid is from 1 to 4"),
    (["score", "5", "N2", "E=pass", "S=1", "W=pass", "--ns", "4"], "SEAT=BID"),
    (["score", "5", "N=2", "E=pass", "S=1", "W=pass", "--ns", "7"], "cannot take 7 tricks"),
    (["score", "5", "N=2", "E=pass", "S=1", "W=pass", "--ns", "4", "--ew", "3"], "4 + 3 = 7 tricks"),
    (["score", "x", "N=2"], "not a whole number"),
    (["explain", "ZZ", "--hand", "5H", "--trump", "H"], "'ZZ' is not a card"),
    (["explain", "5H", "--hand", "5H", "--trump", "Q"], "not a trump suit"),
    (["variants", "diff", "standard", "nonsense"], "the presets are standard, strict"),
    (["variants", "show"], "give 1 variant name"),
    (["schedule", "--variant", "standard,tie=coin"], "option tie cannot be"),
    (["simulate", "-n", "0"], "at least 1"),
    (["rules", "--lang", "de"], "invalid choice: 'de'"),
])
def test_bad_arguments_give_one_line_and_status_2(cli, argv, message):
    status, out, err = cli(*argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err.replace("\xa0", " ")  # the site's typography


def test_module_runs_as_the_command():
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "backalley", "schedule", "--variant", "up-first"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.split()[:2] == ["1", "2"]
    done = subprocess.run([sys.executable, "-m", "backalley", "schedule", "--variant", "nope"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_a_deal_all_four_passed_is_reported_as_thrown_in(cli):
    status, out, _ = cli("score", "1", "N=pass", "E=pass", "S=pass", "W=pass", "--json")
    assert status == 0 and json.loads(out) == {"score": {"NS": 0, "EW": 0}, "thrown_in": True, "warnings": []}


def test_version(capsys):
    from backalley import __version__
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"backalley {__version__}"


def test_a_closed_pipe_and_ctrl_c_give_one_line(monkeypatch, capsys):
    import backalley.cli as cli

    def closed(args):
        raise BrokenPipeError

    def interrupted(args):
        raise KeyboardInterrupt

    for action, status, says in ((interrupted, 130, "interrupted"), (closed, 141, "output was closed")):
        monkeypatch.setattr(cli, "_schedule", action)
        assert cli.main(["schedule"]) == status
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and says in err


def test_a_full_disk_gives_one_line(monkeypatch, capsys):
    import errno

    import backalley.cli as cli

    def full(args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(cli, "_schedule", full)
    assert cli.main(["schedule"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "backalley: cannot write: No space left on device"
