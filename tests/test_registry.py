"""The registry holds what the page needs to know about a game without building a position."""
from spielkiste.registry import ENTRIES, GAMES


def test_seat_colours_come_from_the_registry_for_every_player_count():
    for gid, entry in ENTRIES.items():
        for n in entry.player_counts:
            start = GAMES[gid].new({"players": n} if len(entry.player_counts) > 1 else None)
            assert entry.seat_colours(n) == tuple(start.seat_colour(s) for s in range(n)), (gid, n)
        assert entry.seat_colours() == entry.seat_colours(entry.player_counts[0])


def test_the_default_seat_count_is_the_fewest_players():
    for gid, cls in GAMES.items():
        assert cls.new().num_players == cls.player_counts[0], gid
