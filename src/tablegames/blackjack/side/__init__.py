"""Side wagers of 58 Pa. Code 633a.6(e): pure evaluators whose paytables are data.

One module per wager, named as in the regulation. Each `evaluate` reads cards and returns the
paytable line(s) that win (nothing when the wager loses); `paytable.SideResult` turns lines into
an amount in integer cents. Nothing here touches a table, a shoe or a meter.

`registry` is what the rest of the code asks: one `SideWager` per wager (names, paragraphs,
settlement timing, paytables and the deck counts they suit, its own rules checks) with one
`evaluate(SideContext) -> SideResult` for every wager, built on the modules below.

| module | wager | paragraphs |
| --- | --- | --- |
| lucky_ladies | Lucky Ladies Twenty Point Bonus | 633a.6(e)(1), 633a.7(g)(1), 633a.13(c) |
| match_the_dealer | Match-the-Dealer | 633a.6(e)(2), 633a.7(g)(2), 633a.13(d) |
| in_between | In Between | 633a.6(e)(3), 633a.7(g)(3), 633a.13(e) |
| royal_match_21 | Royal Match 21 and Crown Treasure | 633a.6(e)(4), 633a.7(g)(4), 633a.13(f) |
| bet_the_set_21 | Bet the Set 21 | 633a.6(e)(5), 633a.7(g)(5), 633a.13(g) |
| kings_bounty | King's Bounty | 633a.6(e)(6), 633a.7(g)(6), 633a.13(h) |
| super_match | Super Match (Blackjack Switch) | 633a.6(e)(7), 633a.7(g)(7), 633a.13(i) |
| bad_beat | Bad Beat Progressive | 633a.6(e)(8), 633a.7(o)(1), 633a.13(j) |
| three_card_poker | Three Card Poker | 633a.6(e)(9), 633a.7(g)(8), 633a.13(k) |
| hit_and_run | Hit and Run Progressive | 633a.6(e)(10), 633a.7(o)(2), 633a.13(l) |
| straight_jack | Straight Jack Progressive (no paytable printed) | 633a.6(e)(11) |
| house_money | House Money (no paytable printed) | 633a.6(e)(12) |
| ez_bust | EZ Bust Blackjack | 633b.16 |
| registry | every wager above as one record, one evaluate signature | 633a.6(e), 633b.16 |
| sharing | capped and progressive amounts shared among winners | 633a.13(m), 633a.7(o) |
"""
