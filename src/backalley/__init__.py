"""Back Alley (Back Alley Bridge): the rules engine behind the site.

>>> from backalley import score_deal
>>> score_deal(5, [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 2, "EW": 3})
{'NS': -15, 'EW': 3}
"""
__version__ = "0.2.0"

from .bidding import Contract, board_multipliers, legal_bids, opening_leader, overbid_warnings, overbids, side_contracts
from .cards import BIG, LITTLE, PACK, Card, parse_card, parse_cards
from .deal import Deal, Trick
from .dealing import Dealt, deal_pack
from .errors import BackAlleyError, IllegalBid, IllegalPlay, InvalidArgument, InvalidDeal, InvalidVariant, Reason
from .match import DealRecord, Match, SeatView
from .play import check_play, legal_plays, trick_winner
from .practice import PracticeView, practice
from .reach import reachable_splits, trick_splits
from .rulebook import RULES
from .rulebook import address as rule_address
from .scorecard import Scorecard, scorecard_entry
from .scoring import SideScore, score_deal, score_reasons
from .table import SEATS, SIDES
from .variants import VARIANTS, Variant, deal_sizes, options, resolve_variant

__all__ = [
    "BIG", "LITTLE", "PACK", "RULES", "SEATS", "SIDES", "VARIANTS",
    "BackAlleyError", "Card", "Contract", "Deal", "DealRecord", "IllegalBid", "IllegalPlay", "InvalidDeal",
    "Dealt", "InvalidArgument", "InvalidVariant", "Match", "PracticeView", "Reason", "Scorecard", "SeatView", "SideScore", "Trick", "Variant", "__version__",
    "board_multipliers", "check_play", "deal_pack", "deal_sizes", "legal_bids", "legal_plays", "opening_leader",
    "options", "overbid_warnings", "overbids", "practice", "parse_card", "parse_cards", "reachable_splits", "resolve_variant", "rule_address",
    "score_deal", "score_reasons", "scorecard_entry", "side_contracts", "trick_splits", "trick_winner",
]
