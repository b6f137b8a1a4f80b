"""Rules that give the player the edge, found fast: the rule list behind the `warning:` lines
of `tablegames rules check`.

`tablegames report` computes every house edge exactly and warns when one is negative; that takes
from a second (the standard game) to a minute and a half (six-deck Blackjack Switch). `rules
check` must answer at once, so it reads these tables instead: exact house edges computed once by
the same analysis (`tablegames edge blackjack`, `tablegames edge WAGER`) for every rule set the
regulation allows that gives the player the edge, with the command that reproduces each figure.
`tests/test_rules_warnings.py` recomputes the figures and checks them against these tables.

What the tables cover, and why it is enough:

- The standard and hand-dealt games (633a.12(b) changes the handling of the cards, not the
  odds), for every number of decks (633a.3(a)) and split rule (633a.11(c)): the player has the
  edge only from one or two decks with generous split rules. Three decks with everything
  allowed is the closest case above zero: +0.0016% (CDZ-).
- Blackjack Switch with Blackjack paid 3 to 2 (633a.12(a)(5)(i), 633a.13(a)): every rule set
  the regulation allows gives the player the edge. The least favourable to the player (split to
  two hands, split aces one card each, no surrender, eight decks) is at -1.34%; allowing more
  only helps the player. The tables give that bound and the figure as the paragraph is written.
- Switch Hands (633c.4): only from one deck with the Blackjack premium; from two decks, with the
  premium and every split rule allowed, the house edge is +0.0159% (+0.1398% from three decks,
  +0.1991% from four); from one deck without the premium it is at least +0.647%.
- Bad Beat (633a.13(j)): the Magic Card Bonus (20 for 1, about 1 in 26) and the Lucky Player
  Bonus (5 for 1, one position in `boxes`) each pay back more than the wager's whole house edge
  with an empty meter; and a filed reset amount so large, against the minimum wager, that the
  meter starts above the break-even meter gives the player the edge at once. The same holds
  for Hit and Run (633a.13(l)). Bad Beat reads the player's final hand, so its table follows
  the split rules; the bonuses do not depend on the play and are added to it.
- Every other side wager has a fixed paytable and a house edge of at least 1.96% for every
  number of decks it may be dealt from (Straight Jack from one deck is the smallest).

Outside the tables, no warning is given (the report computes what it can): rule sets with a
non-PA option in force (what-if analysis, each already a `violation:`), Bad Beat when splits go
beyond four hands (the tables stop there; the exact analysis and `tablegames report` take any
limit), and Bad Beat at a switch game, which its exact analysis does not cover (the switch
changes the hands the player finishes with). For the main game with more than four hands the
four-hand figure is an upper bound: a player may always stop at four (`tablegames edge
blackjack` gives the exact figure at any limit, 633a.11(c)).

The figures were computed with the analysis of this version (CDZ- play, the best switch); a
change to the analysis that moves them shows in the test, which recomputes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from tablegames.blackjack.rules.model import Rules
from tablegames.blackjack.variation import variation_of

# The tables go to four hands; beyond, the four-hand figure bounds the house edge (the exact
# analysis, `tablegames edge blackjack`, takes any limit of hands, 633a.11(c)).
MOST_HANDS_TABULATED: Final = 4
LUCKY_PLAYER_PAYS: Final = 5  # 633a.13(j)(1): 5 for 1 to the position the system selects

# Exact house edges (CDZ-, basic strategy) of the standard game with the player ahead, by
# (decks, most hands, aces split again, split aces draw), every other rule PA's; every rule set
# not listed has a positive house edge. Each figure is rounded up at the eighth decimal.
STANDARD_PLAYER_EDGES: Final[dict[tuple[int, int, bool, bool], tuple[float, float]]] = {
    (1, 2, False, False): (-0.00175168, -0.00146016),
    (1, 2, False, True): (-0.00316268, -0.0028702),
    (1, 3, False, False): (-0.00202481, -0.0017341),
    (1, 3, False, True): (-0.00343581, -0.00314414),
    (1, 3, True, False): (-0.0023241, -0.00203339),
    (1, 3, True, True): (-0.00368405, -0.00339241),
    (1, 4, False, False): (-0.00203982, -0.00174921),
    (1, 4, False, True): (-0.00345082, -0.00315925),
    (1, 4, True, False): (-0.00235519, -0.00206458),
    (1, 4, True, True): (-0.00371226, -0.00342072),
    (2, 3, False, True): (-0.0003562, -0.0002599),
    (2, 3, True, True): (-0.00075556, -0.00065929),
    (2, 4, False, True): (-0.00040545, -0.00030913),
    (2, 4, True, True): (-0.00085377, -0.00075748),
}
# Switch Hands with the player ahead, per unit staked, by (decks, most hands, aces split
# again, split aces draw, Blackjack premium, tie Blackjack paid 1 to 2 without it).
SWITCH_HANDS_PLAYER_EDGES: Final[dict[tuple[int, int, bool, bool, bool, bool], float]] = {
    (1, 2, False, False, True, False): -0.00140702,
    (1, 2, False, True, True, False): -0.00335782,
    (1, 3, False, False, True, False): -0.00162456,
    (1, 3, False, True, True, False): -0.00357411,
    (1, 3, True, False, True, False): -0.00204288,
    (1, 3, True, True, True, False): -0.00392044,
    (1, 4, False, False, True, False): -0.00163744,
    (1, 4, False, True, True, False): -0.00358671,
    (1, 4, True, False, True, False): -0.00207826,
    (1, 4, True, True, True, False): -0.00395161,
}
# Blackjack Switch with a kept Blackjack paid 3 to 2, per initial wager, by decks: (as written:
# split to four hands, split aces may draw and be split again; the least favourable to the
# player: split to two hands, split aces one card each). No surrender in either.
BLACKJACK_SWITCH_EDGES: Final[dict[int, tuple[float, float]]] = {
    1: (-0.02499147, -0.02384941),
    2: (-0.01915676, -0.01762827),
    3: (-0.01738196, -0.015713),
    4: (-0.01651602, -0.01477546),
    5: (-0.01600395, -0.01421964),
    6: (-0.01566583, -0.01385229),
    7: (-0.01542618, -0.01359168),
    8: (-0.01524757, -0.0133973),
}
# Bad Beat with no bonus, by (decks, 'Player has a 20' line, most hands, aces split again,
# split aces draw): the house edge with an empty meter and the meter line's chance, so that
# the house edge at a meter of M wagers is edge - M x chance less the bonuses.
BAD_BEAT_EMPTY_METER: Final[dict[tuple[int, bool, int, bool, bool], tuple[float, float]]] = {
    (1, False, 2, False, False): (0.522494663159, 2.14956640246e-06),
    (1, False, 2, False, True): (0.52188367409, 2.15031444693e-06),
    (1, False, 3, False, False): (0.522411563708, 2.15001423482e-06),
    (1, False, 3, False, True): (0.521800574638, 2.1507622793e-06),
    (1, False, 3, True, False): (0.52237248008, 2.15006130486e-06),
    (1, False, 3, True, True): (0.521802306331, 2.15075167836e-06),
    (1, False, 4, False, False): (0.52240984692, 2.1500243086e-06),
    (1, False, 4, False, True): (0.521798857851, 2.15077235308e-06),
    (1, False, 4, True, False): (0.5223699567, 2.15007182053e-06),
    (1, False, 4, True, True): (0.521800631609, 2.15076163074e-06),
    (1, True, 2, False, False): (0.384080104154, 2.14956640246e-06),
    (1, True, 2, False, True): (0.383220445582, 2.15031444693e-06),
    (1, True, 3, False, False): (0.383979681281, 2.15001423482e-06),
    (1, True, 3, False, True): (0.383120022709, 2.1507622793e-06),
    (1, True, 3, True, False): (0.383927154725, 2.15006130486e-06),
    (1, True, 3, True, True): (0.38312282885, 2.15075167836e-06),
    (1, True, 4, False, False): (0.383977609168, 2.1500243086e-06),
    (1, True, 4, False, True): (0.383117950595, 2.15077235308e-06),
    (1, True, 4, True, False): (0.383923991887, 2.15007182053e-06),
    (1, True, 4, True, True): (0.383120822697, 2.15076163074e-06),
    (2, False, 2, False, False): (0.518747863985, 3.02885183185e-06),
    (2, False, 2, False, True): (0.517977166032, 3.03188784316e-06),
    (2, False, 3, False, False): (0.518626778659, 3.02978593263e-06),
    (2, False, 3, False, True): (0.517856080706, 3.03282194395e-06),
    (2, False, 3, True, False): (0.518560480896, 3.0300585943e-06),
    (2, False, 3, True, True): (0.517858634317, 3.03278626704e-06),
    (2, False, 4, False, False): (0.518620754845, 3.02983413935e-06),
    (2, False, 4, False, True): (0.517850056892, 3.03287015066e-06),
    (2, False, 4, True, False): (0.518551171914, 3.03011778171e-06),
    (2, False, 4, True, True): (0.517852743715, 3.03283291837e-06),
    (2, True, 2, False, False): (0.378594661836, 3.02885183185e-06),
    (2, True, 2, False, True): (0.377533774461, 3.03188784316e-06),
    (2, True, 3, False, False): (0.378448602901, 3.02978593263e-06),
    (2, True, 3, False, True): (0.377387715526, 3.03282194395e-06),
    (2, True, 3, True, False): (0.37836054124, 3.0300585943e-06),
    (2, True, 3, True, True): (0.377392061266, 3.03278626704e-06),
    (2, True, 4, False, False): (0.378441346604, 3.02983413935e-06),
    (2, True, 4, False, True): (0.377380459229, 3.03287015066e-06),
    (2, True, 4, True, False): (0.37834890482, 3.03011778171e-06),
    (2, True, 4, True, True): (0.377385030461, 3.03283291837e-06),
    (3, False, 2, False, False): (0.51685917335, 3.3673827289e-06),
    (3, False, 2, False, True): (0.516028210175, 3.37184032981e-06),
    (3, False, 3, False, False): (0.516717776611, 3.36858767584e-06),
    (3, False, 3, False, True): (0.515886813436, 3.37304527675e-06),
    (3, False, 3, True, False): (0.516641161066, 3.36901659069e-06),
    (3, False, 3, True, True): (0.515892890959, 3.37298684367e-06),
    (3, False, 4, False, False): (0.516709425117, 3.368660318e-06),
    (3, False, 4, False, True): (0.515878461942, 3.37311791891e-06),
    (3, False, 4, True, False): (0.516628304535, 3.36911145553e-06),
    (3, False, 4, True, True): (0.515884900141, 3.37305637802e-06),
    (3, True, 2, False, False): (0.376137452508, 3.3673827289e-06),
    (3, True, 2, False, True): (0.375002601807, 3.37184032981e-06),
    (3, True, 3, False, False): (0.375966650451, 3.36858767584e-06),
    (3, True, 3, False, True): (0.374831799749, 3.37304527675e-06),
    (3, True, 3, True, False): (0.375865326436, 3.36901659069e-06),
    (3, True, 3, True, True): (0.37484068644, 3.37298684367e-06),
    (3, True, 4, False, False): (0.375956570498, 3.368660318e-06),
    (3, True, 4, False, True): (0.374821719797, 3.37311791891e-06),
    (3, True, 4, True, False): (0.375849272687, 3.36911145553e-06),
    (3, True, 4, True, True): (0.374831135621, 3.37305637802e-06),
    (4, False, 2, False, False): (0.516487816192, 3.54189583844e-06),
    (4, False, 2, False, True): (0.515626909224, 3.54723159588e-06),
    (4, False, 3, False, False): (0.516336328628, 3.54325507666e-06),
    (4, False, 3, False, True): (0.51547542166, 3.54859083411e-06),
    (4, False, 3, True, False): (0.516254308325, 3.54378500752e-06),
    (4, False, 3, True, True): (0.515482026606, 3.54852045098e-06),
    (4, False, 4, False, False): (0.516326692851, 3.54334276048e-06),
    (4, False, 4, False, True): (0.515465785883, 3.54867851792e-06),
    (4, False, 4, True, False): (0.516239474655, 3.54390334206e-06),
    (4, False, 4, True, True): (0.515472811309, 3.54860401326e-06),
    (4, True, 2, False, False): (0.375750103392, 3.54189583844e-06),
    (4, True, 2, False, True): (0.374578787499, 3.54723159588e-06),
    (4, True, 3, False, False): (0.375567127997, 3.54325507666e-06),
    (4, True, 3, False, True): (0.374395812104, 3.54859083411e-06),
    (4, True, 3, True, False): (0.375458899252, 3.54378500752e-06),
    (4, True, 3, True, True): (0.374405433444, 3.54852045098e-06),
    (4, True, 4, False, False): (0.375555496634, 3.54334276048e-06),
    (4, True, 4, False, True): (0.374384180742, 3.54867851792e-06),
    (4, True, 4, True, False): (0.375440395043, 3.54390334206e-06),
    (4, True, 4, True, True): (0.374394416476, 3.54860401326e-06),
    (5, False, 2, False, False): (0.515865615459, 3.65055589346e-06),
    (5, False, 2, False, True): (0.514983282332, 3.65652841554e-06),
    (5, False, 3, False, False): (0.515708121163, 3.65201111378e-06),
    (5, False, 3, False, True): (0.514825788036, 3.65798363586e-06),
    (5, False, 3, True, False): (0.515622778005, 3.65261017517e-06),
    (5, False, 3, True, True): (0.514832581309, 3.65790685268e-06),
    (5, False, 4, False, False): (0.515697677677, 3.65210864932e-06),
    (5, False, 4, False, True): (0.51481534455, 3.6580811714e-06),
    (5, False, 4, True, False): (0.515606693136, 3.65274457672e-06),
    (5, False, 4, True, True): (0.51482258886, 3.65799961725e-06),
    (5, True, 2, False, False): (0.374930180506, 3.65055589346e-06),
    (5, True, 2, False, True): (0.373732800871, 3.65652841554e-06),
    (5, True, 3, False, False): (0.374739947736, 3.65201111378e-06),
    (5, True, 3, False, True): (0.373542568101, 3.65798363586e-06),
    (5, True, 3, True, False): (0.374627487797, 3.65261017517e-06),
    (5, True, 3, True, True): (0.373552469202, 3.65790685268e-06),
    (5, True, 4, False, False): (0.374727339726, 3.65210864932e-06),
    (5, True, 4, False, True): (0.373529960091, 3.6580811714e-06),
    (5, True, 4, True, False): (0.374607433595, 3.65274457672e-06),
    (5, True, 4, True, True): (0.373540520174, 3.65799961725e-06),
    (6, False, 2, False, False): (0.51553091331, 3.72248590242e-06),
    (6, False, 2, False, True): (0.514639569695, 3.72885703309e-06),
    (6, False, 3, False, False): (0.51536937227, 3.72400748229e-06),
    (6, False, 3, False, True): (0.514478028654, 3.73037861296e-06),
    (6, False, 3, True, False): (0.515281780265, 3.72465647617e-06),
    (6, False, 3, True, True): (0.514481782394, 3.73032003976e-06),
    (6, False, 4, False, False): (0.515358371176, 3.72411200156e-06),
    (6, False, 4, False, True): (0.514467027561, 3.73048313223e-06),
    (6, False, 4, True, False): (0.515264830263, 3.72480255743e-06),
    (6, False, 4, True, True): (0.514471035894, 3.73042079831e-06),
    (6, True, 2, False, False): (0.374477154622, 3.72248590242e-06),
    (6, True, 2, False, True): (0.373268813155, 3.72885703309e-06),
    (6, True, 3, False, False): (0.374282031666, 3.72400748229e-06),
    (6, True, 3, False, True): (0.373073690199, 3.73037861296e-06),
    (6, True, 3, True, False): (0.374166713951, 3.72465647617e-06),
    (6, True, 3, True, True): (0.373079996952, 3.73032003976e-06),
    (6, True, 4, False, False): (0.374268749241, 3.72411200156e-06),
    (6, True, 4, False, True): (0.373060407773, 3.73048313223e-06),
    (6, True, 4, True, False): (0.374145588689, 3.72480255743e-06),
    (6, True, 4, True, True): (0.373067144127, 3.73042079831e-06),
    (7, False, 2, False, False): (0.515585619188, 3.77423364933e-06),
    (7, False, 2, False, True): (0.514685336645, 3.78092054283e-06),
    (7, False, 3, False, False): (0.515421167217, 3.77580380478e-06),
    (7, False, 3, False, True): (0.514520884673, 3.78249069828e-06),
    (7, False, 3, True, False): (0.515331952349, 3.77649044416e-06),
    (7, False, 3, True, True): (0.514524743128, 3.78242886136e-06),
    (7, False, 4, False, False): (0.515409758429, 3.77591352287e-06),
    (7, False, 4, False, True): (0.514509475885, 3.78260041637e-06),
    (7, False, 4, True, False): (0.51531436909, 3.7766453729e-06),
    (7, False, 4, True, True): (0.514513601011, 3.7825345036e-06),
    (7, True, 2, False, False): (0.374703890255, 3.77423364933e-06),
    (7, True, 2, False, True): (0.373484748222, 3.78092054283e-06),
    (7, True, 3, False, False): (0.374505249206, 3.77580380478e-06),
    (7, True, 3, False, True): (0.373286107173, 3.78249069828e-06),
    (7, True, 3, True, False): (0.374387872062, 3.77649044416e-06),
    (7, True, 3, True, True): (0.373292567864, 3.78242886136e-06),
    (7, True, 4, False, False): (0.374491473587, 3.77591352287e-06),
    (7, True, 4, False, True): (0.373272331555, 3.78260041637e-06),
    (7, True, 4, True, False): (0.374365963142, 3.7766453729e-06),
    (7, True, 4, True, True): (0.373279240462, 3.7825345036e-06),
    (8, False, 2, False, False): (0.516502187855, 3.80227396096e-06),
    (8, False, 2, False, True): (0.515595097391, 3.80920647695e-06),
    (8, False, 3, False, False): (0.516339088522, 3.80385411714e-06),
    (8, False, 3, False, True): (0.515431998058, 3.81078663313e-06),
    (8, False, 3, True, False): (0.516248647431, 3.80457011064e-06),
    (8, False, 3, True, True): (0.515435959911, 3.81072184367e-06),
    (8, False, 4, False, False): (0.516327618616, 3.8039660161e-06),
    (8, False, 4, False, True): (0.515420528151, 3.81089853209e-06),
    (8, False, 4, True, False): (0.516230830616, 3.80473012726e-06),
    (8, False, 4, True, True): (0.515424767561, 3.81082938968e-06),
    (8, True, 2, False, False): (0.375595788221, 3.80227396096e-06),
    (8, True, 2, False, True): (0.374368427793, 3.80920647695e-06),
    (8, True, 3, False, False): (0.375398734664, 3.80385411714e-06),
    (8, True, 3, False, True): (0.374171374236, 3.81078663313e-06),
    (8, True, 3, True, False): (0.375279803, 3.80457011064e-06),
    (8, True, 3, True, True): (0.37417798091, 3.81072184367e-06),
    (8, True, 4, False, False): (0.375384881662, 3.8039660161e-06),
    (8, True, 4, False, True): (0.374157521235, 3.81089853209e-06),
    (8, True, 4, True, False): (0.375257594906, 3.80473012726e-06),
    (8, True, 4, True, True): (0.37416459236, 3.81082938968e-06),
}
# What the Magic Card Bonus returns per unit wagered (20 for 1 when the system's card is one of
# the player's first two), by decks, rounded down: the same whatever the player's play.
MAGIC_CARD_VALUE: Final[dict[int, float]] = {
    1: 0.76923076,
    2: 0.76549663,
    3: 0.76426799,
    4: 0.76365663,
    5: 0.76329076,
    6: 0.76304724,
    7: 0.76287349,
    8: 0.76274328,
}
# Hit and Run by decks (the dealer stands on all 17s): the house edge with an empty meter and
# the meter line's chance; it does not depend on the player's play.
HIT_AND_RUN_EMPTY_METER: Final[dict[int, tuple[float, float]]] = {
    1: (0.49534271347477293, 3.9893563630532975e-06),
    2: (0.46609310755037947, 8.816666681196709e-06),
    3: (0.45592624750057836, 1.1094870024618968e-05),
    4: (0.45076750331499466, 1.2381516846396345e-05),
    5: (0.447648550270549, 1.3203644661812273e-05),
    6: (0.4455594637753677, 1.3773303913804838e-05),
    7: (0.44406249644182105, 1.4190985822314246e-05),
    8: (0.44293717779045944, 1.4510226550530873e-05),
}


@dataclass(frozen=True, slots=True)
class EdgeWarning:
    """A wager or option of a Rules Submission that gives the player the edge: the rule that
    makes it so, the house edge (house-positive, a fraction of the wager; negative here, or an
    upper bound when `at_most`), what it is a share of, and how it was derived."""

    field: str
    message: str
    house_edge: float
    at_most: bool
    basis: str
    source: str
    paragraph: str | None

    def __str__(self) -> str:
        bound = "at most " if self.at_most else ""
        where = f" (58 Pa. Code {self.paragraph})" if self.paragraph else ""
        return (
            f"{self.field}: {self.message}: house edge {bound}{_percent(self.house_edge)} "
            f"{self.basis} ({self.source}){where}"
        )


def _percent(fraction: float, places: int = 4) -> str:
    return f"{fraction * 100:.{places}f}%"


def _dollars(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def _decks(decks: int) -> str:
    return f"{decks} deck{'' if decks == 1 else 's'}"


def _split_key(rules: Rules) -> tuple[int, bool, bool]:
    """The split rules as tabulated (633a.11(c)): aces can be split again only with room for a
    third hand, and beyond four hands the four-hand figure stands in (an upper bound)."""
    hands = min(rules.max_hands, MOST_HANDS_TABULATED)
    return hands, rules.resplit_aces and hands > 2, rules.hit_split_aces


def _splits_phrase(hands: int, resplit: bool, draw: bool) -> str:
    aces = "split aces may draw" if draw else "split aces get one card each"
    return f"split to {hands} hands, {aces}" + (" and be split again" if resplit else "")


def _filed_splits(rules: Rules) -> str:
    return _splits_phrase(
        rules.max_hands, rules.resplit_aces and rules.max_hands > 2, rules.hit_split_aces
    )


def _four_hands_note(rules: Rules) -> str:
    if rules.max_hands <= MOST_HANDS_TABULATED:
        return ""
    return (
        "; the figure for splits to four hands bounds it: a player may always stop at four "
        "(tablegames edge blackjack gives the exact figure at any limit)"
    )


def _command(base: str, changes: Mapping[str, object], defaults: Mapping[str, object]) -> str:
    """`tablegames edge blackjack` from a preset with the changes that reproduce a figure."""
    sets = "".join(
        f" --set {name}={str(value).lower() if isinstance(value, bool) else value}"
        for name, value in changes.items()
        if defaults.get(name) != value
    )
    return f"exact analysis: tablegames edge blackjack --preset {base}{sets}"


_AS_WRITTEN: Final[dict[str, object]] = {
    "decks": 6,
    "max_hands": 4,
    "resplit_aces": True,
    "hit_split_aces": True,
}


def _standard_warning(rules: Rules) -> EdgeWarning | None:
    """The standard and the hand-dealt game (633a.12(b): the same odds)."""
    hands, resplit, draw = _split_key(rules)
    figures = STANDARD_PLAYER_EDGES.get((rules.decks, hands, resplit, draw))
    if figures is None:
        return None
    cdz, basic = figures
    changes = {"decks": rules.decks, "max_hands": hands, "resplit_aces": resplit}
    changes["hit_split_aces"] = draw
    if variation_of(rules).deals_face_down:
        game = "the hand-dealt game (633a.12(b))"
        source = _command("pa-hand-dealt-2deck", changes, {**_AS_WRITTEN, "decks": 2})
    else:
        game = "Blackjack"
        source = _command("pa-6deck", changes, _AS_WRITTEN)
    return EdgeWarning(
        field="decks",
        message=f"{game} from {_decks(rules.decks)}, {_filed_splits(rules)}, gives the player "
        "the edge",
        house_edge=cdz,
        at_most=rules.max_hands > hands,
        basis=f"per initial wager with CDZ- play ({_percent(basic)} with basic strategy)"
        + _four_hands_note(rules),
        source=source,
        paragraph="633a.3(a), 633a.11(c)",
    )


def _blackjack_switch_warning(rules: Rules) -> EdgeWarning | None:
    """Blackjack Switch as 633a.12(a) is written: a kept Blackjack paid 3 to 2 (633a.13(a))
    except against a dealer's 21 in more than two cards ((5)(i))."""
    if rules.blackjack_pays != "3:2" or rules.decks not in BLACKJACK_SWITCH_EDGES:
        return None
    as_written, least = BLACKJACK_SWITCH_EDGES[rules.decks]
    hands, resplit, draw = _split_key(rules)
    # Surrender and more hands only add choices the player may decline: the figure for fewer
    # choices bounds the house edge from above.
    if hands == MOST_HANDS_TABULATED and resplit and draw:
        edge, splits = as_written, (MOST_HANDS_TABULATED, True, True)
    else:
        edge, splits = least, (2, False, False)
    exact = (rules.max_hands, resplit, draw, rules.switch_surrender) == (*splits, False)
    changes: dict[str, object] = {"decks": rules.decks, "max_hands": splits[0]}
    changes.update(resplit_aces=splits[1], hit_split_aces=splits[2])
    if changes == _AS_WRITTEN:
        source = "exact analysis: tablegames edge blackjack --preset pa-blackjack-switch"
    else:  # the preset's Super Match Wager is for six or eight decks only (633a.13(i))
        source = _command("pa-6deck", {"variant": "blackjack_switch", **changes}, _AS_WRITTEN)
    return EdgeWarning(
        field="variant",
        message="Blackjack Switch with a kept Blackjack paid 3 to 2 gives the player the edge",
        house_edge=edge,
        at_most=not exact,
        basis=f"per initial wager with the best switch and CDZ- play, from "
        f"{_decks(rules.decks)}, {_splits_phrase(*splits)}",
        source=source,
        paragraph="633a.12(a)(5)(i), 633a.13(a)",
    )


def _switch_hands_warning(rules: Rules) -> EdgeWarning | None:
    """Switch Hands (633c.4), with or without the Blackjack premium (633c.4(k)-(o))."""
    hands, resplit, draw = _split_key(rules)
    # A premium table always pays the switched Blackjack tie 1 to 2 (633c.4(o)).
    tie = rules.tie_blackjack_pays and not rules.blackjack_premium
    key = (rules.decks, hands, resplit, draw, rules.blackjack_premium, tie)
    edge = SWITCH_HANDS_PLAYER_EDGES.get(key)
    if edge is None:
        return None
    changes: dict[str, object] = {"decks": rules.decks, "max_hands": hands}
    changes.update(resplit_aces=resplit, hit_split_aces=draw)
    changes.update(blackjack_premium=rules.blackjack_premium, tie_blackjack_pays=tie)
    premium = "with" if rules.blackjack_premium else "without"
    return EdgeWarning(
        field="decks",
        message=f"Switch Hands {premium} the Blackjack premium from {_decks(rules.decks)}, "
        f"{_filed_splits(rules)}, gives the player the edge",
        house_edge=edge,
        at_most=rules.max_hands > hands,
        basis="per unit staked (the Blackjack Wager and its ante) with the best switch and "
        "CDZ- play" + _four_hands_note(rules),
        source=_command(
            "pa-switch-hands-premium",
            changes,
            {**_AS_WRITTEN, "blackjack_premium": True, "tie_blackjack_pays": False},
        ),
        paragraph="633c.4",
    )


def _bad_beat_warning(rules: Rules) -> EdgeWarning | None:
    """Bad Beat (633a.13(j)): its bonuses and its meter at the filed reset amount. The wager
    reads the player's final hand, so its figures follow the split rules (633a.11(c))."""
    offer = rules.side_wagers.bad_beat
    # The tables follow the standard game's play; a switch changes the hands finished with.
    if offer is None or rules.max_hands > MOST_HANDS_TABULATED:
        return None
    if not variation_of(rules).analysed_as_main_game:
        return None
    key = (rules.decks, offer.player_has_20, *_split_key(rules))
    empty_meter, meter_chance = BAD_BEAT_EMPTY_METER[key]
    bonuses: list[tuple[str, float]] = []
    if offer.magic_card:
        bonuses.append(("the Magic Card Bonus", MAGIC_CARD_VALUE[rules.decks]))
    if offer.lucky_player:
        # 633a.1 "Lucky Player Bonus": the system selects one player position at random.
        bonuses.append(("the Lucky Player Bonus", LUCKY_PLAYER_PAYS / rules.boxes))
    meter = offer.reset / offer.min_wager  # the meter in units of the smallest wager
    edge = empty_meter - sum(value for _, value in bonuses) - meter * meter_chance
    if edge >= 0:
        return None
    if bonuses:
        field = "side_wagers.bad_beat." + ("magic_card" if offer.magic_card else "lucky_player")
        worth = " and ".join(f"{name}, worth {_percent(value, 2)}" for name, value in bonuses)
        message = f"Bad Beat with {worth} of each wager, gives the player the edge"
    else:
        field = "side_wagers.bad_beat.reset"
        message = (
            "Bad Beat's meter starts above its break-even meter of "
            f"{empty_meter / meter_chance:,.0f} wagers: the wager gives the player the edge"
        )
    return EdgeWarning(
        field=field,
        message=message,
        house_edge=edge,
        at_most=False,
        basis=f"per wager at the filed reset, {_dollars(offer.reset)} over the "
        f"{_dollars(offer.min_wager)} minimum ({meter:,.0f} wagers), from {_decks(rules.decks)}",
        source=f"exact analysis: {_percent(empty_meter, 2)} with an empty meter, less the "
        f"bonuses, less the meter times the meter line's chance (1 in {1 / meter_chance:,.0f}); "
        "tablegames edge bad_beat --rules FILE",
        paragraph="633a.13(j)",
    )


def _hit_and_run_warning(rules: Rules) -> EdgeWarning | None:
    """Hit and Run (633a.13(l)): the meter at the filed reset amount."""
    offer = rules.side_wagers.hit_and_run
    if offer is None:
        return None
    empty_meter, meter_chance = HIT_AND_RUN_EMPTY_METER[rules.decks]
    meter = offer.reset / offer.min_wager
    edge = empty_meter - meter * meter_chance
    if edge >= 0:
        return None
    return EdgeWarning(
        field="side_wagers.hit_and_run.reset",
        message="Hit and Run's meter starts above its break-even meter of "
        f"{empty_meter / meter_chance:,.0f} wagers: the wager gives the player the edge",
        house_edge=edge,
        at_most=False,
        basis=f"per wager at the filed reset, {_dollars(offer.reset)} over the "
        f"{_dollars(offer.min_wager)} minimum ({meter:,.0f} wagers), from "
        f"{_decks(rules.decks)}",
        source="exact analysis: tablegames edge hit_and_run --rules FILE",
        paragraph="633a.13(l)",
    )


def player_edge_warnings(rules: Rules) -> list[EdgeWarning]:
    """Every wager or option of `rules` that the tables show gives the player the edge.

    >>> [str(w) for w in player_edge_warnings(Rules())]
    []
    >>> warning, = player_edge_warnings(Rules(decks=2))
    >>> warning.field, f"{warning.house_edge:.6f}", warning.at_most
    ('decks', '-0.000854', False)
    """
    if rules.non_pa():
        return []  # what-if rule sets: the tables are for the rules the regulation allows
    found: list[EdgeWarning | None] = []
    analysis = variation_of(rules).analysis
    if analysis == "main_game":
        found.append(_standard_warning(rules))
    elif analysis == "blackjack_switch":
        found.append(_blackjack_switch_warning(rules))
    elif analysis == "switch_hands":
        found.append(_switch_hands_warning(rules))
    found.append(_bad_beat_warning(rules))
    found.append(_hit_and_run_warning(rules))
    return [warning for warning in found if warning is not None]
