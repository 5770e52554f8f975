"""Text keys of the page itself (English, German), added to the one table in spielkiste.texts.
Pure Python, so the text tests see them without a browser."""
from spielkiste.texts import add

add({
    # the computer's worker
    "ui.ai_lost": ("The computer's engine stopped; it is restarting, and the computer plays on meanwhile.",
                   "Die Engine des Computers ist ausgefallen; sie startet neu, der Computer spielt solange weiter."),
    "ui.ai_failed": ("The computer's engine failed; it is restarting, and the computer plays on meanwhile.",
                     "Die Engine des Computers hatte einen Fehler; sie startet neu, der Computer spielt solange weiter."),
    "ui.ai_page_only": ("The computer's engine could not be restarted; the computer now thinks in this page.",
                        "Die Engine des Computers ließ sich nicht neu starten; der Computer denkt jetzt in dieser Seite."),
    # storage
    "ui.no_storage": ("This browser does not let the page store anything here: games are not saved.",
                      "Dieser Browser lässt die Seite hier nichts speichern: Partien werden nicht gesichert."),
    "ui.storage_full": ("The browser's storage is full: this move was not saved (the last saved position is kept).",
                        "Der Speicher des Browsers ist voll: dieser Zug wurde nicht gesichert "
                        "(die zuletzt gesicherte Stellung bleibt erhalten)."),
    "ui.saved_aside": ("The saved game could not be read; it was set aside and a new game started.",
                       "Die gespeicherte Partie war nicht lesbar; sie wurde beiseitegelegt und eine neue begonnen."),
    "ui.link_select": ("The browser did not allow copying: the link is selected above, copy it by hand.",
                       "Der Browser erlaubt das Kopieren nicht: der Link ist oben markiert, bitte von Hand kopieren."),
    # analysis
    "ui.hint": ("Hint", "Tipp"),
    "ui.hint_is": ("Hint: {move}", "Tipp: {move}"),
    "ui.evaluation": ("Show evaluation", "Bewertung zeigen"),
    "ui.eval_for": ("{player}'s winning chance: {percent}%", "Gewinnchance {player}: {percent} %"),
    # end of game
    "ui.play_again": ("Play again", "Nochmal spielen"),
    "ui.switch_sides": ("Switch sides", "Seiten tauschen"),
    "ui.game_over": ("Game over", "Partie beendet"),
    # screen readers and keyboard
    "ui.announce_move": ("{player} plays {move}.", "{player} spielt {move}."),
    "ui.skip_to_board": ("Skip to the board", "Zum Spielbrett springen"),
    "ui.keys": ("Keyboard", "Tastatur"),
    "ui.keys_title": ("Keyboard shortcuts", "Tastenkürzel"),
    "ui.keys.board": ("Arrow keys on the board: move from square to square; Enter or Space: select, place or move; "
                      "Escape: cancel the selection.",
                      "Pfeiltasten auf dem Brett: von Feld zu Feld; Eingabe oder Leertaste: auswählen, setzen oder "
                      "ziehen; Escape: Auswahl aufheben."),
    "ui.keys.moves": ("Arrow left / right (outside the board): step through the moves.",
                      "Pfeil links / rechts (außerhalb des Bretts): durch die Züge blättern."),
    "ui.keys.undo": ("U: undo · R: redo · N: new game · H: hint · ?: this help",
                     "U: zurücknehmen · R: wiederholen · N: neue Partie · H: Tipp · ?: diese Hilfe"),
    "ui.close": ("Close", "Schließen"),
    # sharing and pictures (share.py)
    "ui.share": ("Share", "Teilen"),
    "ui.share_title": ("{game} — {player} to move", "{game} — {player} ist am Zug"),
    "ui.share_over": ("{game} — {result}", "{game} — {result}"),
    "ui.send_move": ("Send your move", "Zug senden"),
    "ui.picture_svg": ("Picture (SVG)", "Bild (SVG)"),
    "ui.picture_png": ("Picture (PNG)", "Bild (PNG)"),
    "ui.picture_failed": ("This browser could not draw the picture.",
                          "Dieser Browser konnte das Bild nicht zeichnen."),
})
