"""The OpenSpiel names of the games and the configurations the tests load (no OpenSpiel needed)."""

PREFIX = "spielkiste_"          # spielkiste_<game id>

# every game under each player count, teams where they may play, and the options that change
# the rules or the start: what the tests load and docs/OPENSPIEL.md lists
CONFIGURATIONS = (
    "spielkiste_surikata", "spielkiste_surikata(mounds=random,seed=7)",
    "spielkiste_snorkels", "spielkiste_snorkels(pie=false)", "spielkiste_snorkels(stones=3,setup=hand)",
    "spielkiste_snorkels(stones=2,seed=5)",
    "spielkiste_blockade",
    "spielkiste_weltreich", "spielkiste_weltreich(players=3)", "spielkiste_weltreich(players=4)",
    "spielkiste_weltreich(players=4,teams=true)",
    "spielkiste_sprung", "spielkiste_sprung(players=3)", "spielkiste_sprung(players=4)",
    "spielkiste_sprung(players=4,teams=true)", "spielkiste_sprung(expert=true)",
    "spielkiste_aufstellen",
    "spielkiste_solitaire", "spielkiste_solitaire(shuffle=true,seed=3)",
    "spielkiste_tor", "spielkiste_tor(players=3)", "spielkiste_tor(players=4)", "spielkiste_tor(players=4,teams=true)",
    "spielkiste_ziggurats", "spielkiste_ziggurats(foundations=1)", "spielkiste_ziggurats(players=3)",
    "spielkiste_ziggurats(players=4)", "spielkiste_ziggurats(players=5)", "spielkiste_ziggurats(players=6)",
    "spielkiste_drei", "spielkiste_drei(continuation=true)", "spielkiste_drei(troika=true)",
    "spielkiste_drei(board=random,seed=4)", "spielkiste_drei(board=custom,tl=2r0,tr=1m,bl=4r90,br=3mr180)",
)
