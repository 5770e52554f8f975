"""Text keys of the tree room (English, German), added to the one table in spielkiste.texts; the
`ui.tree.*` keys also reach the page (page_data.py)."""
from spielkiste.texts import add

add({
    # the worker's (analysis_session.py)
    "tree.none": ("No analysis is open.", "Keine Analyse ist geöffnet."),
    "tree.no_game": ("No game is open to analyse.", "Keine Partie ist zum Analysieren geöffnet."),
    "tree.on_main": ("This move is on the main line already.", "Dieser Zug steht schon in der Hauptvariante."),
    "tree.board_title": ("{game} analysis board", "{game}-Analysebrett"),
    "tree.at_start": ("The start position.", "Die Ausgangsstellung."),
    "tree.at_main": ("Main line, move {ply}.", "Hauptvariante, Zug {ply}."),
    "tree.at_variation": ("Variation, move {ply}.", "Variante, Zug {ply}."),
    "tree.link_short": ("The analysis is too big for a link ({max} characters): the link holds only the line "
                        "shown.",
                        "Die Analyse ist zu groß für einen Link ({max} Zeichen): der Link enthält nur die "
                        "gezeigte Zugfolge."),
    "tree.best_for": ("Best moves for {player} (win chance after the move):",
                      "Beste Züge für {player} (Gewinnchance nach dem Zug):"),
    "tree.line_label": ("{move}: {percent} %", "{move}: {percent} %"),
    "tree.searched": ("Searched: {count} {n:position|positions}.", "Durchsucht: {count} {n:Stellung|Stellungen}."),
    "tree.solvable_yes": ("Solvable: one piece can be left. The solver's next move: {move}.",
                          "Lösbar: ein Stein kann übrig bleiben. Der nächste Zug des Lösers: {move}."),
    "tree.solvable_no": ("Not solvable: more than one piece will be left. Best next move: {move}.",
                         "Nicht lösbar: mehr als ein Stein bleibt übrig. Bester nächster Zug: {move}."),
    "tree.solvable_unknown": ("Solvable? Not known yet. The search's move: {move}.",
                              "Lösbar? Noch nicht bekannt. Der Zug der Suche: {move}."),
    # the page's (spielkiste_page/analysis.py, index.html)
    "ui.tree.analyse": ("Analyse", "Analysieren"),
    "ui.tree.title": ("Analysis board", "Analysebrett"),
    "ui.tree.help": ("Both sides are yours: a move that leaves the main line starts a variation.",
                     "Du spielst alle Seiten: ein Zug, der die Hauptvariante verlässt, beginnt eine Variante."),
    "ui.tree.moves": ("Moves and variations", "Züge und Varianten"),
    "ui.tree.start": ("Start", "Anfang"),
    "ui.tree.no_moves": ("No moves yet: play one on the board.", "Noch keine Züge: spiel einen auf dem Brett."),
    "ui.tree.promote": ("Promote variation", "Variante hochstufen"),
    "ui.tree.main": ("Make main line", "Zur Hauptvariante machen"),
    "ui.tree.delete": ("Delete from here", "Ab hier löschen"),
    "ui.tree.back": ("Back to the game", "Zurück zur Partie"),
    "ui.tree.copy": ("Copy link", "Link kopieren"),
    "ui.tree.lines": ("Engine lines", "Engine-Varianten"),
    "ui.tree.searching": ("searching…", "sucht…"),
    "ui.tree.paused": ("paused", "pausiert"),
    "ui.tree.done": ("done", "fertig"),
    "ui.tree.chances": ("Win chances", "Gewinnchancen"),
    "ui.tree.chance": ("{player} {percent} %", "{player} {percent} %"),
    "ui.tree.move_label": ("Move {ply}: {move}", "Zug {ply}: {move}"),
    "ui.tree.line_play": ("Play {move}", "{move} spielen"),
})
