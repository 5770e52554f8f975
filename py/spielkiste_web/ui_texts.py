"""Text keys of the page itself (English, German), added to the one table in spielkiste.texts.
Pure Python, so the text tests see them without a browser."""
from spielkiste.texts import add

add({
    # the board editor
    "ui.edit.open": ("Set up position", "Stellung aufbauen"),
    "ui.edit.title": ("Set up a position", "Stellung aufbauen"),
    "ui.edit.palette": ("Pieces", "Steine und Figuren"),
    "ui.edit.help": ("Pick a piece, then click squares (keys 1-9, 0 for the eraser). The same piece again, "
                     "the eraser or Delete takes it off; drag a piece to move it.",
                     "Figur wählen, dann Felder anklicken (Tasten 1-9, 0 für den Radierer). Dieselbe Figur noch "
                     "einmal, der Radierer oder Entf nimmt sie weg; zum Versetzen ziehen."),
    "ui.edit.eraser": ("Eraser (take a piece off)", "Radierer (Figur wegnehmen)"),
    "ui.edit.clear": ("Clear board", "Brett leeren"),
    "ui.edit.start": ("Start position", "Ausgangsstellung"),
    "ui.edit.to_move": ("To move", "Am Zug"),
    "ui.edit.options": ("Game options", "Spieloptionen"),
    "ui.edit.play": ("Play from here", "Von hier spielen"),
    "ui.edit.cancel": ("Back to the game", "Zurück zur Partie"),
    "ui.edit.code": ("Position code", "Stellungscode"),
    "ui.edit.load": ("Load code or link", "Code oder Link laden"),
    "ui.edit.board": ("{game}: setting up a position", "{game}: Stellung wird aufgebaut"),
    "ui.edit.ok": ("A legal position; {player} to move.", "Eine erlaubte Stellung; {player} ist am Zug."),
    "ui.edit.decided": ("A legal position, already decided: {result}", "Eine erlaubte Stellung, schon entschieden: {result}"),
    "ui.edit.not_yet": ("Not a legal position yet: {why}.", "Noch keine erlaubte Stellung: {why}."),
    "ui.edit.bad_code": ("That code was not loaded: {why}", "Dieser Code wurde nicht geladen: {why}"),
    "ui.edit.studies": ("Saved positions", "Gespeicherte Stellungen"),
    "ui.edit.no_studies": ("None saved for this game yet.", "Für dieses Spiel noch keine gespeichert."),
    "ui.edit.name": ("Name", "Name der Stellung"),
    "ui.edit.save": ("Save position", "Stellung speichern"),
    "ui.edit.saved": ("Saved as “{name}”.", "Als „{name}“ gespeichert."),
    "ui.edit.untitled": ("Untitled", "Ohne Namen"),
    "ui.edit.delete": ("Delete “{name}”", "„{name}“ löschen"),
    "ui.edit.export": ("Export all…", "Alle exportieren…"),
    "ui.edit.import": ("Import…", "Importieren…"),
    "ui.edit.import_bad": ("That file is not a Spielkiste studies file; nothing was changed.",
                           "Diese Datei ist keine Spielkiste-Stellungsdatei; nichts wurde geändert."),
    "ui.edit.imported": ("{added} {added:position|positions} imported, {skipped} skipped.",
                         "{added} {added:Stellung|Stellungen} importiert, {skipped} übersprungen."),
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
    "ui.keys.editor": ("Setting up a position: 1-9 pick a piece, 0 the eraser (arrow keys in the palette), "
                       "Enter or Space puts it on the focused square, Delete takes the top piece off.",
                       "Stellung aufbauen: 1-9 wählt eine Figur, 0 den Radierer (Pfeiltasten in der Auswahl), "
                       "Enter oder Leertaste setzt sie auf das gewählte Feld, Entf nimmt die oberste weg."),
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
