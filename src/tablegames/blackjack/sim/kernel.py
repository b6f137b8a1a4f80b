"""The simulator's numba kernel: complete rounds of Blackjack from a shuffled shoe, on arrays only.

What a round does here is what `blackjack.round.Round` does (the reference engine; a test plays
both on the same stacked shoes and compares every settlement to the cent), in the same order, so
the same cards go to the same hands:

- the deal of 633a.7(f): a card to each box, the dealer's up card, a second card to each box, the
  hole card;
- insurance and even money are offered against an ace (633a.8) and declined (the policy of a
  total-dependent chart, as `policy.ChartPolicy` declines them);
- the check for Blackjack with an ace or ten-value up card (633a.7(h)): a dealer Blackjack takes
  every initial wager but a player's Blackjack, which ties; at a non-PA table without the check
  (`P_NO_PEEK`) every hand is played first and a dealer Blackjack settled when the hole card
  shows, taking doubles and splits only without original bets only (633a.10(b), 633a.11(d));
- the boxes in order, each hand in the order it was formed (633a.11(b)): the first choice of the
  chart's cell that is legal now (the pairs row, then the total row, then stand), with the
  legality of `blackjack.refusals`; a split hand gets its second card when its turn comes;
- the dealer draws only when a hand stood or doubled (633a.7(n)), to 17 (633a.7(l)-(m)), and every
  hand is settled (633a.7(o)-(q), 633a.13(a));
- at Blackjack Switch (633a.12(a), `run_rounds`' `switch_values`), two hands a box, the switch
  decision when the box's turn comes, and the payouts of 633a.12(a)(5);
- at Switch Hands (633c.4, `run_rounds`' `switch_hands`), the ante, two switch cards to each box,
  the choice between them and the cards dealt before the check, and the premium payouts.

Cards are codes 0-51, `(rank - 1) * 4 + suit` with the suits in the order S H D C, so a code
names the card itself (what the side wagers will need), and `POINTS[code]` is its point value
with an ace counting 1 (633a.3(e)).

The shoe is shuffled as it is needed: Fisher-Yates from the front fixes the first positions of a
uniform shuffle one at a time, so a shuffle fixes the positions up to the cover card and a few
more, and the rest only if a round reaches them (the round is then played again from the same
cards, which did not change, after more positions are fixed): the order dealt is exactly a
uniform shuffle. The round itself reads the shoe and never writes it, which keeps the kernel
fast. The burn card (633a.7(c)) is the first card of each shuffle. The cut (633a.5(d)) rotates a
uniformly shuffled stack, which leaves it uniformly shuffled, so it takes no work. When the shoe
runs out mid-round (633a.14(f)) the discards of the earlier rounds are shuffled, a card is
burned, and the rest are laid behind the shoe's last card; the round is played again from its
first card and goes on into them. The cover card has come out by then, so the shoe is reshuffled
after the round, as the reference's is.

Random numbers and the shuffle itself are `shuffling.py`'s: xoshiro256** seeded from a
`numpy.random.SeedSequence`, Lemire's multiply-and-reject (no modulo bias).

Money: every result is an integer number of ticks, `TICKS` per unit of the initial wager (2 for a
3:2 game, so a surrender is -1 and a Blackjack +3; 10 for a 6:5 game), so the totals are exact
integers and settlement never touches a float.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from tablegames.blackjack.sim.shuffling import (
    CHUNK,
    S_COVER_OUT,
    S_SHUFFLED,
    S_SHUFFLES,
    S_SIZE,
    S_STACK_END,
    draw_below,
    refill,
    shuffle_into,
)

IntArray = npt.NDArray[np.int64]
UIntArray = npt.NDArray[np.uint64]
CardArray = npt.NDArray[np.int8]
ChartArray = npt.NDArray[np.int8]
SideArray = npt.NDArray[np.int16]
SwitchArray = npt.NDArray[np.float64]  # [kept or switched, rank, rank, up]: `switch_rule`
# [up, rank, rank, up red, first red, second red]: 1 to switch (`switch_hands_rule`).
SwitchHandsArray = npt.NDArray[np.int8]
DoubleShoeArray = npt.NDArray[np.int8]  # [2, cards]: the red side, then the black side

# Actions, as the compiled chart writes them (chart.py).
STAND, HIT, DOUBLE, SPLIT, SURRENDER = 1, 2, 3, 4, 5
# The legal choices besides stand, as the bits of the chart's last index.
LEGAL_HIT, LEGAL_DOUBLE, LEGAL_SPLIT, LEGAL_SURRENDER = 1, 2, 4, 8
LEGAL_SETS = 16

# The compiled rules (compile.py writes them in this order).
P_DECKS = 0
P_HITS_SOFT_17 = 1
P_DOUBLE_AFTER_SPLIT = 2
P_LATE_SURRENDER = 3
P_MAX_HANDS = 4
P_RESPLIT_ACES = 5
P_HIT_SPLIT_ACES = 6
P_TICKS = 7  # ticks per unit of the initial wager
P_BLACKJACK_TICKS = 8  # what a winning Blackjack pays, in ticks
P_COVER = 9  # cards in front of the cover card (633a.5(d)); 0: a continuous shuffler
P_BURN = 10  # cards burned after each shuffle (633a.7(c))
P_RESHUFFLE_EVERY_ROUND = 11
P_BOXES = 12  # boxes at the table in play: the player's first, then the others'
P_PLAYER_BOXES = 13
P_STACKED = 14  # 1: deal the shoe's order as given (the parity test's stacked shoes)
P_COUNT = 15  # 1: keep the Hi-Lo count and total the rounds by their true count (`by_count`)
P_SESSION_ROUNDS = 16  # rounds per session written to `sessions` (0: none)
P_BURN_EACH_ROUND = 17  # 1: a card burned before every round but the first (633a.12(b)(5))
# Switch Hands (633c.4), read when `switch_hands` is given: the switch cards dealt before the
# Blackjack hands (633c.4(d)) or after them (633c.4(j)); a premium table (633c.4(k), (o)); a
# switched player's Blackjack tied by a dealer Blackjack paid 1 to 2 (633c.4(i)(2)(ii)).
P_SWITCH_CARDS_BEFORE = 18
P_PREMIUM = 19
P_TIE_SWITCHED = 20
# A counted double shoe (633a.3(c)): what the bettor's true count reads, the wager being placed
# before the determinant card is drawn (633a.6(c), 633a.7(d)(1)): COUNT_BOTH_SIDES, the mean of
# the two sides' true counts (the kernel's and the simulator's), or COUNT_DRAWN_SIDE, the true
# count of the side the determinant card will be drawn from (kept to compare the two).
P_DOUBLE_SHOE_COUNT = 21
# The non-PA what-if of a dealer who does not check for Blackjack (Rules.dealer_peeks false,
# 633a.7(h)): 1, the round is played out and a dealer Blackjack settled at the end, as
# `round.Round` and `dealer.Dealer` do it; and, then, 1 when a dealer Blackjack takes doubles
# and splits too (Rules.original_bets_only false; 633a.10(b), 633a.11(d) otherwise). Zero, the
# default of a params array, is the regulation's game.
P_NO_PEEK = 22
P_ALL_WAGERS_LOST = 23
P_SIZE = 24
COUNT_BOTH_SIDES, COUNT_DRAWN_SIDE = 0, 1
# Passed as `burn_each_round` when params[P_BURN_EACH_ROUND] is 1 (None otherwise: the kernel
# of the other games is then compiled without it).
BURN_EACH_ROUND_ON = np.ones(1, dtype=np.int64)

# True counts kept apart in `by_count`, from TC_LOW up; the ends hold everything beyond them.
TC_LOW = -20
TC_BUCKETS = 41

# The Hit and Run Progressive Wager (633a.6(e)(10), 633a.7(o)(2), 633a.13(l)) on each of the
# player's boxes: its settings and meter (`hit_and_run`), and its totals (`hit_and_run_totals`).
HR_ON = 0  # 1: offered, and wagered on every one of the player's boxes
HR_STAKE = 1  # cents per box
HR_RATE_BP = 2  # 633a.13(l)(2): the share of each wager added to the meter, in 1/100 %
HR_RESET = 3  # 633a.13(l)(2): the initial and reset amount, cents
HR_METER = 4  # the meter now, cents
HR_RETURNED = 5  # then what each outcome returns for one stake, cents, by outcome (meter: 0)
HR_SIZE = HR_RETURNED + 6
# Outcomes: lost, the dealer's Blackjack, five, six, seven, eight or more cards (the meter).
HR_LOST, HR_BLACKJACK, HR_FIVE, HR_METER_LINE = 0, 1, 2, 5
# Totals: wagers, sum and sum of squares of the net per wager (cents), then wagers by outcome.
HR_TOTALS = 3 + 6

# The Bad Beat Progressive Wager (633a.6(e)(8), 633a.7(o)(1), 633a.13(j)) on each of the player's
# boxes: the same layout of settings (BB_ON is HR_ON, ...), eight outcomes, and totals.
BB_RETURNED = HR_RETURNED  # what each outcome returns for one stake, cents (meter: 0)
BB_SIZE = BB_RETURNED + 8
# Outcomes: lost, the optional player's 20, the dealer's Blackjack, 21 with three, four, five,
# six cards, 21 with seven or more (the meter).
BB_LOST, BB_PLAYER_20, BB_BLACKJACK, BB_THREE, BB_METER_LINE = 0, 1, 2, 3, 7
BB_PLAYER_20_OFFERED = BB_SIZE  # 1: the optional line is filed (633a.7(o)(1)(i))
# 633a.13(j)(1): the Magic Card and Lucky Player Bonuses, each offered or not, what each
# returns for one stake (both "for" lines, added to the wager's own), and the system's picks:
# a card (code 0-51) and a box (1 to the table's boxes), drawn each round, or given when the
# shoe is stacked (the parity test's).
BB_MAGIC_OFFERED = BB_SIZE + 1
BB_LUCKY_OFFERED = BB_SIZE + 2
BB_TABLE_BOXES = BB_SIZE + 3
BB_MAGIC_RETURNED = BB_SIZE + 4
BB_LUCKY_RETURNED = BB_SIZE + 5
BB_MAGIC_PICK = BB_SIZE + 6
BB_LUCKY_PICK = BB_SIZE + 7
BB_SETTINGS = BB_SIZE + 8
# Totals: wagers, sum and squares of the net (cents), then wagers by outcome: the wager's own
# outcome + 8 * (magic card bonus + 2 * lucky player bonus).
BB_OUTCOMES = 8 * 4
BB_TOTALS = 3 + BB_OUTCOMES

# 633a.13(m): the aggregate payout limit of a round's queen of hearts and king of spades pairs
# with a dealer Blackjack (`payout_cap[w]`, one row per side wager w of `side_outcomes`): the
# player's stake on the wager in cents, the outcome the limit applies to (-1: none), what it wins
# in cents (the stake returned besides), and the limit in cents (the same in every row).
CAP_STAKE, CAP_OUTCOME, CAP_WON, CAP_LIMIT = 0, 1, 2, 3
CAP_SIZE = 4
# `payout_cap_totals[w]`: the wagers whose winnings were capped, and what the cap changed in the
# sum and in the sum of squares of their nets, in cents.
CAP_TOTALS = 3

# What a side wager's table is indexed by (`side_reads_up`): the box's two cards and the
# dealer's Blackjack, the up card as well, or (Super Match) the box's first four cards.
READS_TWO_CARDS, READS_UP_CARD, READS_FOUR_CARDS = 0, 1, 2

# Hand status.
OPEN, STOOD, DOUBLED, BUSTED, SURRENDERED, NATURAL, PAID = 0, 1, 2, 3, 4, 5, 6


ERROR_EXHAUSTED = 1

# Per-round results written by `play_round`, by box.
MAX_HANDS_LIMIT = 16  # Rules.max_hands is at most 16

# Point value of each card code, an ace counting 1 (633a.3(e)).
POINTS = np.array([min(code // 4 + 1, 10) for code in range(52)], dtype=np.int64)
# CDZ- play (composition.py) knows a hand by its composition: a base-22 digit per point value.
RANK_WEIGHT = np.array([22 ** (min(code // 4 + 1, 10) - 1) for code in range(52)], dtype=np.int64)

# Hi-Lo tags (Braun; Wong, "Professional Blackjack"): 2-6 count +1, 7-9 nothing, tens and aces -1.
HI_LO = np.array(
    [1 if 2 <= value <= 6 else -1 if value in (1, 10) else 0 for value in POINTS], dtype=np.int64
)


@numba.njit(cache=True)
def shuffle(shoe: CardArray, deal: IntArray, rng: UIntArray, params: IntArray) -> int:
    """A full shuffle (633a.5(a), (d)): every card back, a new cover card, the burn (633a.7(c)).

    Returns the position of the next round's first card (after the burn)."""
    cards = params[P_DECKS] * 52
    deal[S_STACK_END], deal[S_SHUFFLED], deal[S_COVER_OUT] = cards, 0, 0
    deal[S_SHUFFLES] += 1
    cover = params[P_COVER]
    every_round = cover == 0 or params[P_RESHUFFLE_EVERY_ROUND] == 1
    shuffle_into(shoe, deal, rng, (0 if every_round else cover) + CHUNK)
    burn: int = params[P_BURN]
    return burn


@numba.njit(inline="always", cache=True)
def _best(hard: int, aces: int) -> tuple[int, bool]:
    """The best total of a hand with `hard` points (aces as 1) and whether it is soft."""
    if aces > 0 and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@numba.njit(inline="always", cache=True)
def up_column(card: int) -> int:
    """The chart's up-card column: 0-7 for 2-9, 8 for any ten-value card, 9 for an ace."""
    value = POINTS[card]
    return 9 if value == 1 else value - 2


@numba.njit(cache=True, error_model="numpy")
def run_rounds(
    rounds: int,
    shoe: CardArray,
    rng: UIntArray,
    params: IntArray,
    pair_cells: ChartArray,
    total_cells: ChartArray,
    histogram: IntArray,
    totals: IntArray,
    net: IntArray,
    by_count: IntArray | None,
    sessions: IntArray | None,
    side_outcomes: SideArray | None,
    side_reads_up: CardArray | None,
    side_hole: SideArray | None,
    side_counts: IntArray | None,
    hit_and_run: IntArray | None,
    hit_and_run_totals: IntArray | None,
    bad_beat: IntArray | None,
    bad_beat_totals: IntArray | None,
    double_shoe: DoubleShoeArray | None = None,
    cdz_codes: IntArray | None = None,
    cdz_cells: ChartArray | None = None,
    burn_each_round: IntArray | None = None,
    switch_values: SwitchArray | None = None,
    switch_hands: SwitchHandsArray | None = None,
    payout_cap: IntArray | None = None,
    payout_cap_totals: IntArray | None = None,
) -> int:
    """Play `rounds` rounds from a freshly shuffled shoe, reshuffling as the rules say; with
    `params[P_STACKED]`, the rounds are dealt from `shoe` in its order, with no burn card.

    `shoe` holds every card once per deck, then as many again of room for a 633a.14(f) refill (a
    stacked shoe: its cards only). `totals`: rounds, sum and sum of squares of the player's result
    per round (ticks, over the player's boxes), shuffles, cards dealt. `histogram[offset + x]`: the
    player's boxes whose result was x ticks, offset = half its length. `net[b]`: box b's result in
    the last round. With `params[P_COUNT]`, `by_count[0, t]`, `[1, t]` and `[2, t]` are the rounds,
    sum and sum of squares of the player's result (ticks) of the rounds that began at true count
    `TC_LOW + t` (at a double shoe, the true count read as `params[P_DOUBLE_SHOE_COUNT]` says, each
    side's running count kept apart). With `params[P_SESSION_ROUNDS]` = S, `sessions[k]` is the
    player's result (ticks) over rounds kS+1 to (k+1)S, in order, for every whole session that fits
    in `sessions`. Side wagers (sim.side_tables): for each of the player's boxes and each wager w,
    `side_counts[w, side_outcomes[w, deal]] += 1`, the deal being the box's first two cards, the up
    card (when `side_reads_up[w]` is READS_UP_CARD) and the dealer's Blackjack (a negative entry
    -(k + 1): the outcome is `side_hole[k, hole card]`); or, READS_FOUR_CARDS at Blackjack Switch,
    the number of the six pairs of the box's first four cards that share a rank (Super Match).
    With `payout_cap` (633a.13(m), CAP_* above), when the winnings of the round's limited outcomes
    exceed the limit, they share it in proportion to the wagers, each share rounded down, as the
    engine's `core.sharing.capped_winnings`; `payout_cap_totals` adds what that changed. With
    `hit_and_run[HR_ON]`, each of the player's boxes wagers Hit and Run every round: its meter
    grows, the dealer's hand is completed (633a.7(n)) and counted (633a.7(o)(2)), and
    `hit_and_run_totals` adds the round's wagers. With `bad_beat[HR_ON]`, likewise Bad Beat on the
    box's first hand as completed against the dealer's hand (`bad_beat_totals`). Returns 0, or
    ERROR_EXHAUSTED. With `double_shoe` (633a.3(c)), its two sides (`shoe` is then its first row,
    and `params[P_DECKS]` the decks of one side) are dealt as 633a.7(d) says: see below.

    The round is played here, in the loop, not in a function of its own: a call (even one numba
    inlines) takes a reference to every array it is given, and those atomic counts cost more
    than the round's own work.

    The chart: `pair_cells[pair_column, up_column, legal]` and `total_cells[section, total,
    up_column, legal]` (chart.py) are the action it takes when the choices besides stand that
    are legal are the bits of `legal`; section 0 hard and 1 soft two-card hands, 2 hard and 3
    soft hands of more. With `cdz_codes`, CDZ- play instead (composition.py): the action is
    `cdz_cells[row, up_column, legal]` for the hand whose composition code is `cdz_codes[row]`,
    and a hand formed by a split that is a pair again is split again whenever it may be.
    With `burn_each_round` (any array: the hand-dealt game, 633a.12(b)(5)), a card is burned
    before every round after the first.

    With `switch_values`, Blackjack Switch (633a.12(a)): each box plays two hands, dealt as
    633a.7(f) deals two boxes (hands 0 and 1 of the box's row; a hand split from either is laid
    at the end of the row, 633a.11(b), and each of the two may split up to `max_hands`); when
    the box's turn comes it switches the second cards if the switched hands' summed value in
    `switch_values[1]` beats the dealt hands' in `switch_values[0]` (the sums of
    `switch_rule.SwitchValues.switches`); a Blackjack kept is paid against the dealer's final
    hand (1 to 1 against a 21, returned against 22) and every hand of 21 or less is returned
    against a dealer 22 (633a.12(a)(5)). `net[b]` is then the box's two hands together.

    With `switch_hands`, Switch Hands (633c.4): every box places the ante, a fifth of its wager
    (633c.4(c)), collected whatever happens, and is dealt two switch cards, one at a time to each
    box (633c.4(d)) before the Blackjack hands or after them (633c.4(j), `P_SWITCH_CARDS_BEFORE`);
    then each box plays the switch cards instead of its dealt cards when `switch_hands[up, first,
    second, up red, first red, second red]` (ranks as `switch_rule.rank_of`) is 1 (633c.4(f)).
    A same-colour Blackjack pays 2 to 1 to a switched box (633c.4(i)(2)(i)) and, at a premium
    table, to every box (633c.4(o)); against a dealer Blackjack a Blackjack pays 1 to 2 at a
    premium table (633c.4(o)) and, with `P_TIE_SWITCHED`, to a switched box (633c.4(i)(2)(ii)).
    `ticks` is then a multiple of 10 (the ante's fifth and the tie's half are whole). The side
    wagers read the cards the box plays (633c.4(g)), and the count leaves out the switch cards of
    a box that kept its dealt cards, discarded unexposed (633c.4(f)(1)).
    """
    deal = np.zeros(S_SIZE, dtype=np.int64)
    boxes = params[P_BOXES]
    players = params[P_PLAYER_BOXES]
    max_hands = params[P_MAX_HANDS]
    ticks = params[P_TICKS]
    stacked = params[P_STACKED] == 1
    no_peek = params[P_NO_PEEK] == 1  # non-PA: no check for Blackjack (633a.7(h))
    # 633a.12(a)(1), (3): two hands dealt to each box at Blackjack Switch.
    dealt_hands = 1
    if switch_values is not None:
        dealt_hands = 2
    row = dealt_hands * max_hands  # the most hands a box can hold
    # Per hand (box b's hand h at b * row + h): hard points, aces, cards, first card, second
    # card, stake (1 or 2 units), status, formed by splitting, split aces, and the dealt hand it
    # comes from. Per box: `formed[b]` hands, `decided[b]`: a play decision was made
    # (633a.9(a)); per dealt hand k of box b, at b * dealt_hands + k: `dealt_second` its second
    # card as dealt (a split gives its hand another), `family` the hands split from it.
    hands = np.zeros((14, boxes * row), dtype=np.int64)
    hard, aces, count, first, second = hands[0], hands[1], hands[2], hands[3], hands[4]
    stake, status, from_split, split_aces = hands[5], hands[6], hands[7], hands[8]
    formed, decided, dealt_second = hands[9], hands[10], hands[11]
    code = np.zeros(boxes * row, dtype=np.int64)  # CDZ- play only: RANK_WEIGHT sums
    origin, family = hands[12], hands[13]
    bb_outcome = np.zeros(boxes, dtype=np.int64)  # each box's Bad Beat outcome this round
    # 633a.13(m): per side wager, the player's boxes that won its limited outcome this round.
    if payout_cap is not None:
        cap_wins = np.zeros(payout_cap.shape[0], dtype=np.int64)
    else:
        cap_wins = np.zeros(0, dtype=np.int64)
    # Switch Hands (633c.4(d)): each box's two switch cards, and whether it switched to them.
    switch_cards = np.zeros(2 * boxes, dtype=np.int64)
    switched = np.zeros(boxes, dtype=np.int64)
    offset = histogram.shape[0] // 2
    cover = params[P_COVER]
    every_round = params[P_RESHUFFLE_EVERY_ROUND] == 1 or cover == 0
    shoe_size = shoe.shape[0]
    if stacked:
        deal[S_STACK_END] = deal[S_SHUFFLED] = shoe_size
        position = 0
    else:
        position = shuffle(shoe, deal, rng, params)
    # A double shoe (633a.3(c)): each side its own stack, shuffle, cover card and dealing state.
    deals = np.zeros((2, S_SIZE), dtype=np.int64)
    side_position = np.zeros(2, dtype=np.int64)
    next_determinant, selected, fresh = 0, 0, True
    # A counted double shoe: each side's running count, of the cards seen since its shuffle.
    side_running = np.zeros(2, dtype=np.int64)
    if double_shoe is not None:
        for side in range(2):
            if stacked:
                deals[side, S_STACK_END] = deals[side, S_SHUFFLED] = double_shoe.shape[1]
            else:
                side_position[side] = shuffle(double_shoe[side], deals[side], rng, params)
    sum_ticks, sum_sq, dealt, played = 0, 0, 0, 0
    shoe_cards = params[P_DECKS] * 52
    running, bucket = 0, 0
    session_rounds = params[P_SESSION_ROUNDS]
    session_left, session_sum, session = session_rounds, 0, 0
    # Each feature's arrays are None when it is off: numba then compiles a kernel without its
    # code (it prunes a branch on `is None` of an argument), so the plain game pays nothing.
    while played < rounds:
        if double_shoe is not None and fresh:
            # 633a.7(d)(1): a determinant card, from the red side and the black side in turn;
            # hearts and diamonds select the red side, spades and clubs the black side.
            drawn = next_determinant
            next_determinant = 1 - drawn
            if by_count is not None:
                # 633a.6(c): the wager is placed before the first card drawn for the round,
                # the determinant (633a.1), so the bettor does not know the side yet: its suit,
                # not the side it is drawn from, chooses, so either side deals about half the
                # rounds. Each side's true count is its running count per deck left on it.
                left_red = max(shoe_cards - side_position[0], 1)
                left_black = max(shoe_cards - side_position[1], 1)
                if params[P_DOUBLE_SHOE_COUNT] == COUNT_DRAWN_SIDE:
                    left = left_red if drawn == 0 else left_black
                    true_count = (side_running[drawn] * 52) // left
                else:
                    # The mean of the two true counts, floored, in integers.
                    true_count = (
                        side_running[0] * 52 * left_black + side_running[1] * 52 * left_red
                    ) // (2 * left_red * left_black)
                bucket = min(max(true_count - TC_LOW, 0), TC_BUCKETS - 1)
            determinant = double_shoe[drawn, side_position[drawn]]
            suit = determinant % 4  # suits S H D C
            selected = 0 if suit == 1 or suit == 2 else 1
            if selected != drawn:
                side_position[drawn] += 1  # 633a.7(d)(2): set aside in the segregated area
                dealt += 1
                if by_count is not None:
                    # Set aside face up (its suit chose the side): seen, on its own side.
                    side_running[drawn] += HI_LO[determinant]
            # 633a.7(d)(2): drawn from the side it selects, it is that round's first card.
            shoe = double_shoe[selected]
            deal = deals[selected]
            position = side_position[selected]
            fresh = False
        start = position
        if by_count is not None and double_shoe is None:
            # The true count: the running count of every card seen since the shuffle (not the
            # burn card) per deck left to deal, floored (true count +1 is 1 <= tc < 2).
            remaining = max(shoe_cards - start, 1)
            true_count = (running * 52) // remaining
            bucket = min(max(true_count - TC_LOW, 0), TC_BUCKETS - 1)
        for box in range(boxes):
            net[box] = 0
            formed[box] = dealt_hands
            decided[box] = 0
            for dealt_hand in range(dealt_hands):
                slot = box * row + dealt_hand
                hard[slot], aces[slot], count[slot] = 0, 0, 0
                stake[slot], status[slot], from_split[slot], split_aces[slot] = 1, OPEN, 0, 0
                origin[slot] = dealt_hand
                family[box * dealt_hands + dealt_hand] = 1
        if switch_hands is not None and params[P_SWITCH_CARDS_BEFORE] == 1:
            # 633c.4(d)(1)-(2): a switch card face down to each box, then a second.
            for k in range(2 * boxes):
                switch_cards[k] = shoe[position] if position < shoe_size else 0
                position += 1
        # 633a.7(f)(1)-(4): first cards, the up card, second cards, the hole card (to each of a
        # box's two hands at Blackjack Switch, 633a.12(a)(3)).
        for box in range(boxes):
            for dealt_hand in range(dealt_hands):
                card = shoe[position] if position < shoe_size else 0
                position += 1
                slot = box * row + dealt_hand
                first[slot] = card
                hard[slot] += POINTS[card]
                aces[slot] += POINTS[card] == 1
                count[slot] = 1
                if cdz_codes is not None:
                    code[slot] = RANK_WEIGHT[card]
        up = shoe[position] if position < shoe_size else 0
        position += 1
        for box in range(boxes):
            for dealt_hand in range(dealt_hands):
                card = shoe[position] if position < shoe_size else 0
                position += 1
                slot = box * row + dealt_hand
                second[slot] = card
                dealt_second[box * dealt_hands + dealt_hand] = card
                hard[slot] += POINTS[card]
                aces[slot] += POINTS[card] == 1
                count[slot] = 2
                if cdz_codes is not None:
                    code[slot] += RANK_WEIGHT[card]
                if hard[slot] == 11 and aces[slot] == 1:
                    status[slot] = NATURAL  # an ace and a ten-value card (633a.1)
        hole = shoe[position] if position < shoe_size else 0
        position += 1
        up_value, hole_value = POINTS[up], POINTS[hole]
        if switch_hands is not None:
            if params[P_SWITCH_CARDS_BEFORE] == 0:
                # 633c.4(j): the switch cards dealt after the Blackjack hands.
                for k in range(2 * boxes):
                    switch_cards[k] = shoe[position] if position < shoe_size else 0
                    position += 1
            up_red = 1 if (up & 3) == 1 or (up & 3) == 2 else 0  # hearts, diamonds (S H D C)
            for box in range(boxes):
                slot = box * row
                a, b = first[slot], second[slot]
                # 633c.4(f): play the dealt cards, or the switch cards, by what the box sees.
                switched[box] = switch_hands[
                    up_value - 1,
                    POINTS[a] - 1,
                    POINTS[b] - 1,
                    up_red,
                    1 if (a & 3) == 1 or (a & 3) == 2 else 0,
                    1 if (b & 3) == 1 or (b & 3) == 2 else 0,
                ]
                if switched[box] == 1:
                    # 633c.4(f)(2): the switch cards turned up are the box's hand.
                    a, b = switch_cards[box], switch_cards[boxes + box]  # one at a time
                    first[slot], second[slot] = a, b
                    dealt_second[box] = b
                    hard[slot] = POINTS[a] + POINTS[b]
                    aces[slot] = (POINTS[a] == 1) + (POINTS[b] == 1)
                    status[slot] = NATURAL if hard[slot] == 11 and aces[slot] == 1 else OPEN
                    if cdz_codes is not None:
                        code[slot] = RANK_WEIGHT[a] + RANK_WEIGHT[b]
                net[box] -= ticks // 5  # 633c.4(c): the ante, $1 for every $5, collected
        up_col = up_column(up)
        dealer_blackjack = (up_value == 1 and hole_value == 10) or (
            up_value == 10 and hole_value == 1
        )
        dealer_count = 2
        dealer_final = 0  # the dealer's total when the hand was completed (0: it was not)
        # 633a.8: insurance and even money are offered against an ace and declined.
        if dealer_blackjack and not no_peek:
            # 633a.7(h): the check finds a Blackjack; every initial wager is settled now.
            for box in range(boxes):
                for dealt_hand in range(dealt_hands):
                    if status[box * row + dealt_hand] != NATURAL:
                        # 633a.7(h); a player's Blackjack ties (633a.7(p), 633a.12(a)(5)(ii)).
                        net[box] -= ticks
                    elif switch_hands is not None and (
                        params[P_PREMIUM] == 1
                        or (params[P_TIE_SWITCHED] == 1 and switched[box] == 1)
                    ):
                        net[box] += ticks // 2  # 633c.4(o), 633c.4(i)(2)(ii): 1 to 2
        else:
            das = params[P_DOUBLE_AFTER_SPLIT] == 1
            surrender_offered = params[P_LATE_SURRENDER] == 1
            resplit_aces = params[P_RESPLIT_ACES] == 1
            hit_split_aces = params[P_HIT_SPLIT_ACES] == 1
            live = False
            for box in range(boxes):
                base = box * row
                if switch_values is not None:
                    # 633a.12(a)(4): the box's turn; its switch decision comes first.
                    other = base + 1
                    a1, a2 = POINTS[first[base]] - 1, POINTS[second[base]] - 1
                    b1, b2 = POINTS[first[other]] - 1, POINTS[second[other]] - 1
                    u = up_value - 1
                    keep = switch_values[0, a1, a2, u] + switch_values[0, b1, b2, u]
                    switch = switch_values[1, a1, b2, u] + switch_values[1, b1, a2, u]
                    if switch > keep:
                        card = second[base]
                        second[base] = second[other]
                        second[other] = card
                        for slot in (base, other):
                            # A switched ace and ten-value card is a 21 (633a.12(a)(5)(iii)).
                            hard[slot] = POINTS[first[slot]] + POINTS[second[slot]]
                            aces[slot] = (POINTS[first[slot]] == 1) + (POINTS[second[slot]] == 1)
                            status[slot] = OPEN
                            if cdz_codes is not None:
                                code[slot] = RANK_WEIGHT[first[slot]] + RANK_WEIGHT[second[slot]]
                hand = 0
                while hand < formed[box]:
                    slot = base + hand
                    if switch_values is not None and status[slot] == NATURAL:
                        # 633a.12(a)(5)(i), (v): a kept Blackjack is paid against the dealer's
                        # final hand, which the dealer completes for it.
                        live = True
                        hand += 1
                        continue
                    if status[slot] == NATURAL:
                        # 633a.7(i)(1): a Blackjack is paid (at once against 2-9, once the hole card
                        # shows no Blackjack against an ace or ten: the same 3 to 2, 633a.13(a)).
                        paid = params[P_BLACKJACK_TICKS]
                        if switch_hands is not None and (
                            params[P_PREMIUM] == 1 or switched[box] == 1
                        ):
                            a, b = first[slot] & 3, second[slot] & 3
                            if (a == 1 or a == 2) == (b == 1 or b == 2):
                                paid = 2 * ticks  # 633c.4(i)(2)(i), 633c.4(o): same colour
                        if dealer_blackjack:
                            # Only without the check (non-PA): a Blackjack ties a dealer
                            # Blackjack (633a.7(q)), or is paid 1 to 2 (633c.4(o), (i)(2)(ii)).
                            paid = 0
                            if switch_hands is not None and (
                                params[P_PREMIUM] == 1
                                or (params[P_TIE_SWITCHED] == 1 and switched[box] == 1)
                            ):
                                paid = ticks // 2
                        net[box] += paid
                        status[slot] = PAID
                        hand += 1
                        continue
                    if count[slot] == 1:
                        # 633a.11(b)-(c): a split hand receives its second card when its turn comes.
                        card = shoe[position] if position < shoe_size else 0
                        position += 1
                        second[slot] = card
                        hard[slot] += POINTS[card]
                        aces[slot] += POINTS[card] == 1
                        count[slot] = 2
                        if cdz_codes is not None:
                            code[slot] = RANK_WEIGHT[first[slot]] + RANK_WEIGHT[card]
                    while status[slot] == OPEN:
                        total, soft = _best(hard[slot], aces[slot])
                        dead = split_aces[slot] == 1 and not hit_split_aces  # 633a.11(c)
                        two = count[slot] == 2
                        can_hit = total < 21 and not dead  # 633a.7(k)(1)
                        can_double = (
                            two and can_hit and (from_split[slot] == 0 or das)
                        )  # 633a.10(a)
                        is_pair = two and POINTS[first[slot]] == POINTS[second[slot]]  # 633a.11(a)
                        # 633a.11(c): up to the house's limit of hands (at Blackjack Switch, for
                        # each of the two hands dealt).
                        room = formed[box] < max_hands
                        if switch_values is not None:
                            room = family[box * dealt_hands + origin[slot]] < max_hands
                        can_split = (
                            is_pair and room and not (split_aces[slot] == 1 and not resplit_aces)
                        )
                        can_surrender = (
                            surrender_offered
                            and decided[box] == 0
                            and from_split[slot] == 0
                            and two
                        )  # 633a.9(a)
                        legal = (
                            (LEGAL_HIT if can_hit else 0)
                            | (LEGAL_DOUBLE if can_double else 0)
                            | (LEGAL_SPLIT if can_split else 0)
                            | (LEGAL_SURRENDER if can_surrender else 0)
                        )
                        action = STAND
                        if legal != 0 and cdz_codes is not None and cdz_cells is not None:
                            if from_split[slot] == 1 and can_split:
                                action = SPLIT  # resplit whenever allowed (composition.py)
                            else:
                                found = np.searchsorted(cdz_codes, code[slot])
                                action = cdz_cells[found, up_col, legal]
                            decided[box] = 1
                        elif legal != 0:
                            # More than one legal choice: the chart's first legal one.
                            if is_pair:
                                action = pair_cells[up_column(first[slot]), up_col, legal]
                            else:
                                section = (2 if count[slot] > 2 else 0) + (1 if soft else 0)
                                action = total_cells[section, total, up_col, legal]
                            decided[box] = 1
                        if action == STAND:
                            status[slot] = (
                                STOOD  # 633a.7(i)(2); 633a.7(k)(1) a 21; 633a.11(c) split aces
                            )
                        elif action == HIT:
                            card = shoe[position] if position < shoe_size else 0  # 633a.7(j)
                            position += 1
                            hard[slot] += POINTS[card]
                            aces[slot] += POINTS[card] == 1
                            count[slot] += 1
                            if cdz_codes is not None:
                                code[slot] += RANK_WEIGHT[card]
                            if hard[slot] > 21:
                                status[slot] = BUSTED
                        elif action == DOUBLE:
                            stake[slot] = 2  # 633a.10(a): up to the original wager, taken in full
                            card = (
                                shoe[position] if position < shoe_size else 0
                            )  # 633a.10(c): one card only
                            position += 1
                            hard[slot] += POINTS[card]
                            aces[slot] += POINTS[card] == 1
                            count[slot] += 1
                            if cdz_codes is not None:
                                code[slot] += RANK_WEIGHT[card]
                            status[slot] = BUSTED if hard[slot] > 21 else DOUBLED
                        elif action == SURRENDER:
                            status[slot] = SURRENDERED  # 633a.9(a): half the wager
                            net[box] -= ticks // 2
                        else:
                            # 633a.11(a)-(b): the second card forms a new hand at the end of
                            # the row; this hand is dealt its second card and completed first.
                            new = base + formed[box]
                            formed[box] += 1
                            origin[new] = origin[slot]
                            family[box * dealt_hands + origin[slot]] += 1
                            card = second[slot]
                            aces_split = POINTS[card] == 1
                            first[new] = card
                            hard[new], aces[new], count[new] = (
                                POINTS[card],
                                1 if aces_split else 0,
                                1,
                            )
                            stake[new], status[new], from_split[new] = 1, OPEN, 1
                            split_aces[new] = 1 if aces_split else 0
                            hard[slot], aces[slot], count[slot] = (
                                POINTS[card],
                                1 if aces_split else 0,
                                1,
                            )
                            from_split[slot], split_aces[slot] = 1, 1 if aces_split else 0
                            card = shoe[position] if position < shoe_size else 0
                            position += 1
                            second[slot] = card
                            hard[slot] += POINTS[card]
                            aces[slot] += POINTS[card] == 1
                            count[slot] = 2
                            if cdz_codes is not None:
                                code[slot] = RANK_WEIGHT[first[slot]] + RANK_WEIGHT[card]
                    if status[slot] == STOOD or status[slot] == DOUBLED:
                        live = True
                    elif status[slot] == BUSTED:
                        net[box] -= stake[slot] * ticks  # 633a.7(j), 633a.7(k)(2)
                    hand += 1
            if dealer_blackjack:
                # Without the check (non-PA, dealer.Dealer.play): the hole card shows a
                # Blackjack once every hand is played; the dealer draws nothing (633a.7(m)).
                # Every wager but a Blackjack's is lost: a surrender all of it (633a.9(a)(2)),
                # the box's other hands, busted ones too, only the original wagers with
                # original bets only (633a.10(b), 633a.11(d): settlement.against_dealer_blackjack,
                # the limit the box's initial wagers, two at Blackjack Switch, 633a.12(a)(1)).
                for box in range(boxes):
                    base = box * row
                    lost = 0
                    surrendered = 0
                    for hand in range(formed[box]):
                        slot = base + hand
                        if status[slot] == SURRENDERED:
                            net[box] -= ticks - ticks // 2  # the half not yet collected
                            surrendered += 1
                        elif status[slot] == BUSTED:
                            lost += stake[slot]
                            net[box] += stake[slot] * ticks  # collected below, with the limit
                        elif status[slot] == STOOD or status[slot] == DOUBLED:
                            lost += stake[slot]
                        # A kept Blackjack at Blackjack Switch ties (633a.12(a)(5)(ii)).
                    # A surrendered hand lost its original wager: the others lose at most what
                    # is left of the box's original wagers (settlement.against_dealer_blackjack).
                    if params[P_ALL_WAGERS_LOST] == 0 and lost > dealt_hands - surrendered:
                        lost = dealt_hands - surrendered
                    net[box] -= lost * ticks
            # 633a.7(n): the dealer draws only if an outcome could change (a hand still standing,
            # or an open Hit and Run wager, which counts the dealer's cards).
            elif live or hit_and_run is not None:
                dealer_hard = up_value + hole_value
                dealer_aces = (up_value == 1) + (hole_value == 1)
                dealer_total, dealer_soft = _best(dealer_hard, dealer_aces)
                hits_soft_17 = params[P_HITS_SOFT_17] == 1
                while dealer_total < 17 or (hits_soft_17 and dealer_soft and dealer_total == 17):
                    card = shoe[position] if position < shoe_size else 0  # 633a.7(l)-(m)
                    position += 1
                    dealer_hard += POINTS[card]
                    dealer_aces += POINTS[card] == 1
                    dealer_count += 1
                    dealer_total, dealer_soft = _best(dealer_hard, dealer_aces)
                dealer_final = dealer_total
                for box in range(boxes):
                    base = box * row
                    for hand in range(formed[box]):
                        slot = base + hand
                        if switch_values is not None and status[slot] == NATURAL:
                            if dealer_total == 21:
                                net[box] += ticks  # 633a.12(a)(5)(i): 1 to 1 against a 21
                            elif dealer_total != 22:  # 633a.12(a)(5)(v): 22 returns it
                                net[box] += params[P_BLACKJACK_TICKS]  # 633a.13(a)
                            continue
                        if status[slot] != STOOD and status[slot] != DOUBLED:
                            continue
                        if switch_values is not None and dealer_total == 22:
                            continue  # 633a.12(a)(5)(iv)-(v): a dealer 22 returns 21 or less
                        total, _ = _best(hard[slot], aces[slot])
                        amount = stake[slot] * ticks
                        # 633a.7(o)-(q): a dealer bust or a higher total wins, a lower
                        # loses, equal ties.
                        if dealer_total > 21 or total > dealer_total:
                            net[box] += amount
                        elif total < dealer_total:
                            net[box] -= amount

        if position > deal[S_SHUFFLED]:
            if stacked:
                return ERROR_EXHAUSTED
            # The round read past the positions fixed so far: fix more (or refill the shoe,
            # 633a.14(f)) and play it again from its first card; the cards it read did not change.
            if deal[S_SHUFFLED] < deal[S_STACK_END]:
                shuffle_into(shoe, deal, rng, position + CHUNK)
            elif not refill(shoe, deal, rng, start):
                return ERROR_EXHAUSTED
            position = start
            continue
        played += 1
        dealt += position - start
        result = 0
        for box in range(players):
            result += net[box]
            histogram[offset + net[box]] += 1
        sum_ticks += result
        sum_sq += result * result
        if (
            side_outcomes is not None
            and side_reads_up is not None
            and side_hole is not None
            and side_counts is not None
        ):
            # 633a.7(g): each side wager on the initial deal, by the engine's own table.
            blackjack_bit = 1 if dealer_blackjack else 0
            for box in range(players):
                pair_code = first[box * row] * 52 + dealt_second[box * dealt_hands]
                # A wager that does not read the up card has its entries at (pair, Blackjack):
                # a small table that stays in the cache.
                two_card_code = pair_code * 2 + blackjack_bit
                up_card_code = (pair_code * 52 + up) * 2 + blackjack_bit
                four_card_code = 0
                if switch_values is not None:
                    # 633a.6(e)(7): the box's first four cards as dealt, by how many of their
                    # six pairs share a rank (1 a pair, 2 two pair, 3 three, 6 four of a kind).
                    r0, r1 = first[box * row] // 4, first[box * row + 1] // 4
                    r2, r3 = dealt_second[2 * box] // 4, dealt_second[2 * box + 1] // 4
                    four_card_code = (
                        (r0 == r1) + (r0 == r2) + (r0 == r3) + (r1 == r2) + (r1 == r3) + (r2 == r3)
                    )
                for wager in range(side_outcomes.shape[0]):
                    reads = side_reads_up[wager]
                    if reads == READS_UP_CARD:
                        deal_code = up_card_code
                    elif reads == READS_FOUR_CARDS:
                        deal_code = four_card_code
                    else:
                        deal_code = two_card_code
                    outcome = side_outcomes[wager, deal_code]
                    if outcome < 0:
                        outcome = side_hole[-outcome - 1, hole]  # 633a.7(g)(4): on the hole card
                    side_counts[wager, outcome] += 1
                    if payout_cap is not None and outcome == payout_cap[wager, CAP_OUTCOME]:
                        cap_wins[wager] += 1
            if payout_cap is not None and payout_cap_totals is not None:
                # 633a.13(m): the limited lines of every box in the round, in the aggregate.
                won, staked = 0, 0
                for wager in range(payout_cap.shape[0]):
                    won += cap_wins[wager] * payout_cap[wager, CAP_WON]
                    staked += cap_wins[wager] * payout_cap[wager, CAP_STAKE]
                limit = payout_cap[0, CAP_LIMIT]
                for wager in range(payout_cap.shape[0]):
                    winners = cap_wins[wager]
                    if won > limit and winners > 0:
                        # Over the limit, the winners share it in proportion to their wagers,
                        # each share rounded down (core.sharing.proportional_shares).
                        share = limit * payout_cap[wager, CAP_STAKE] // staked
                        full = payout_cap[wager, CAP_WON]
                        payout_cap_totals[wager, 0] += winners
                        payout_cap_totals[wager, 1] += winners * (share - full)
                        payout_cap_totals[wager, 2] += winners * (share * share - full * full)
                    cap_wins[wager] = 0
        if hit_and_run is not None and hit_and_run_totals is not None:
            # 633a.13(l)(2): each box's wager adds its share to the meter as it is placed.
            # Each wager's share is rounded down on its own, as the sidebook adds it.
            share = hit_and_run[HR_STAKE] * hit_and_run[HR_RATE_BP] // 10_000
            hit_and_run[HR_METER] += players * share
            # 633a.6(e)(10), 633a.7(o)(2)(i): Blackjack, or five or more cards, the bust card too.
            if dealer_blackjack:
                outcome = HR_BLACKJACK
            elif dealer_count >= 8:
                outcome = HR_METER_LINE
            elif dealer_count >= 5:
                outcome = HR_FIVE + dealer_count - 5
            else:
                outcome = HR_LOST
            returned = hit_and_run[HR_RETURNED + outcome]
            if outcome == HR_METER_LINE:
                # 633a.7(o)(2)(ii)(C): the winners share the meter equally, each share rounded
                # down; 633a.13(l)(2): the meter goes back to its reset amount.
                returned = hit_and_run[HR_METER] // players
                hit_and_run[HR_METER] = hit_and_run[HR_RESET]
            won = returned - hit_and_run[HR_STAKE]
            hit_and_run_totals[0] += players
            hit_and_run_totals[1] += players * won
            hit_and_run_totals[2] += players * won * won
            hit_and_run_totals[3 + outcome] += players
        if bad_beat is not None and bad_beat_totals is not None:
            # 633a.13(j)(2): each box's wager adds its share to the meter as it is placed.
            bb_share = bad_beat[HR_STAKE] * bad_beat[HR_RATE_BP] // 10_000
            bad_beat[HR_METER] += players * bb_share
            # 633a.7(o)(1)(i): the box's first hand as completed totals 20 (a surrendered hand
            # is out of play) and the dealer has Blackjack or 21; the best line applies.
            jackpots = 0
            for box in range(players):
                slot = box * row
                bb_outcome[box] = BB_LOST
                if status[slot] == SURRENDERED or _best(hard[slot], aces[slot])[0] != 20:
                    continue
                if dealer_blackjack:
                    bb_outcome[box] = BB_BLACKJACK
                elif dealer_final == 21:
                    bb_outcome[box] = min(BB_THREE + dealer_count - 3, BB_METER_LINE)
                elif bad_beat[BB_PLAYER_20_OFFERED] == 1:
                    bb_outcome[box] = BB_PLAYER_20
                if bb_outcome[box] == BB_METER_LINE:
                    jackpots += 1
            # 633a.7(o)(1)(ii)(C): the winners share the meter in proportion to their wagers
            # (equal here), each share rounded down; 633a.13(j)(2): then back to the reset.
            jackpot_share = bad_beat[HR_METER] // jackpots if jackpots else 0
            # 633a.13(j)(1), 633a.1: the system's picks, paid whether or not the wager wins.
            magic, lucky = -1, 0
            if bad_beat[BB_MAGIC_OFFERED] == 1:
                magic = bad_beat[BB_MAGIC_PICK] if stacked else draw_below(rng, 52)
            if bad_beat[BB_LUCKY_OFFERED] == 1:
                lucky = (
                    bad_beat[BB_LUCKY_PICK]
                    if stacked
                    else 1 + draw_below(rng, bad_beat[BB_TABLE_BOXES])
                )
            for box in range(players):
                outcome = bb_outcome[box]
                returned = (
                    jackpot_share if outcome == BB_METER_LINE else bad_beat[BB_RETURNED + outcome]
                )
                # 633a.1 "Magic Card Bonus": the box's first two cards as dealt (its first
                # hand's at Blackjack Switch, before the switch, 633a.12(a)(4); at Switch Hands
                # the cards it plays, 633c.4(f)-(g), as the engine's `box.initial_cards`).
                second_dealt = dealt_second[box * dealt_hands]
                if first[box * row] == magic or second_dealt == magic:
                    returned += bad_beat[BB_MAGIC_RETURNED]
                    outcome += 8
                if box + 1 == lucky:
                    returned += bad_beat[BB_LUCKY_RETURNED]
                    outcome += 16
                won = returned - bad_beat[HR_STAKE]
                bad_beat_totals[0] += 1
                bad_beat_totals[1] += won
                bad_beat_totals[2] += won * won
                bad_beat_totals[3 + outcome] += 1
            if jackpots:
                bad_beat[HR_METER] = bad_beat[HR_RESET]
        if by_count is not None:
            by_count[0, bucket] += 1
            by_count[1, bucket] += result
            by_count[2, bucket] += result * result
            if double_shoe is not None:
                for seen in range(start, position):
                    side_running[selected] += HI_LO[shoe[seen]]  # its own side's count
            else:
                for seen in range(start, position):
                    running += HI_LO[shoe[seen]]
            if switch_hands is not None:
                # 633c.4(f)(1): a box that plays its face-up cards has its two switch cards
                # collected and put in the discard rack unexposed: no one at the table sees
                # them, so they are taken back out of the count. A box that switches turns its
                # switch cards up (633c.4(f)(2)) and discards the face-up cards, both seen.
                unseen = 0
                for box in range(boxes):
                    if switched[box] == 0:
                        unseen += HI_LO[switch_cards[box]] + HI_LO[switch_cards[boxes + box]]
                if double_shoe is not None:
                    side_running[selected] -= unseen
                else:
                    running -= unseen
        if sessions is not None:
            session_sum += result
            session_left -= 1
            if session_left == 0:
                if session < sessions.shape[0]:
                    sessions[session] = session_sum
                session += 1
                session_left, session_sum = session_rounds, 0
        # 633a.7(e): the round in which the cover card came out is completed, then the shuffle.
        if double_shoe is not None:
            # 633a.7(e)(2)-(3): only a side whose cover card came out (the determinant may bring
            # it out) is reshuffled, with no burn card (633a.7(d)).
            side_position[selected] = position
            fresh = True
            for side in range(2):
                if not stacked and (
                    every_round or side_position[side] > cover or deals[side, S_COVER_OUT] == 1
                ):
                    side_position[side] = shuffle(double_shoe[side], deals[side], rng, params)
                    side_running[side] = 0  # 633a.7(e)(3): only that side is reshuffled
        elif not stacked and (every_round or position > cover or deal[S_COVER_OUT] == 1):
            position = shuffle(shoe, deal, rng, params)
            dealt += params[P_BURN]
            running = 0
        if burn_each_round is not None:
            # 633a.12(b)(5): dealt from the hand, before each round the dealer removes the first
            # card to the discard rack, unseen; burned here, when the round before it ends
            # (after its reshuffle, which burns too: the first round's burn is the shuffle's,
            # 633a.7(c), as the reference table reads it, blackjack/table.py).
            position += 1
            dealt += 1
    totals[0] += rounds
    totals[1] += sum_ticks
    totals[2] += sum_sq
    totals[3] += (
        deal[S_SHUFFLES] if double_shoe is None else deals[0, S_SHUFFLES] + deals[1, S_SHUFFLES]
    )
    if burn_each_round is not None and rounds > 0:
        dealt -= 1  # the burn after the last round is for a round not played
    totals[4] += dealt
    return 0


def play_stacked(
    shoe: CardArray,
    params: IntArray,
    pair_cells: ChartArray,
    total_cells: ChartArray,
    net: IntArray,
    side_outcomes: SideArray | None = None,
    side_reads_up: CardArray | None = None,
    side_hole: SideArray | None = None,
    side_counts: IntArray | None = None,
    hit_and_run: IntArray | None = None,
    hit_and_run_totals: IntArray | None = None,
    bad_beat: IntArray | None = None,
    bad_beat_totals: IntArray | None = None,
    cdz_codes: IntArray | None = None,
    cdz_cells: ChartArray | None = None,
    switch_values: SwitchArray | None = None,
    switch_hands: SwitchHandsArray | None = None,
    payout_cap: IntArray | None = None,
    payout_cap_totals: IntArray | None = None,
) -> int:
    """One round dealt from `shoe` in its order, no burn (a stacked shoe): box results in `net`,
    and with side wager tables, the player's boxes' side outcomes counted in `side_counts`.

    Returns the number of cards dealt, or -1 when the shoe ran out.
    """
    stacked = params.copy()
    stacked[P_STACKED] = 1
    totals = np.zeros(5, dtype=np.int64)
    histogram = np.zeros(2 * 80 * int(params[P_TICKS]) + 1, dtype=np.int64)
    rng = np.ones(4, dtype=np.uint64)  # never drawn from: a stacked shoe is not shuffled
    error = run_rounds(
        1,
        shoe,
        rng,
        stacked,
        pair_cells,
        total_cells,
        histogram,
        totals,
        net,
        None,
        None,
        side_outcomes,
        side_reads_up,
        side_hole,
        side_counts,
        hit_and_run,
        hit_and_run_totals,
        bad_beat,
        bad_beat_totals,
        None,
        cdz_codes,
        cdz_cells,
        None,
        switch_values,
        switch_hands,
        payout_cap,
        payout_cap_totals,
    )
    return -1 if error else int(totals[4])
