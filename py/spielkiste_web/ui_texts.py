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
    "ui.edit.cancel": ("Back to your game", "Zurück zu deiner Partie"),
    "ui.edit.code": ("Position code", "Stellungscode"),
    "ui.edit.load": ("Load code or link", "Code oder Link laden"),
    "ui.edit.board": ("{game}: setting up a position", "{game}: Stellung wird aufgebaut"),
    "ui.edit.ok": ("A legal position; {player} to move.", "Eine erlaubte Stellung; {player} ist am Zug."),
    "ui.edit.decided": ("A legal position, already decided: {result}",
                        "Eine erlaubte Stellung, schon entschieden: {result}"),
    "ui.edit.not_yet": ("Not a legal position yet: {why}.", "Noch keine erlaubte Stellung: {why}."),
    "ui.edit.bad_code": ("That code was not loaded: {why}.", "Dieser Code wurde nicht geladen: {why}."),
    "ui.edit.studies": ("Saved positions", "Gespeicherte Stellungen"),
    "ui.edit.no_studies": ("None saved for this game yet.", "Für dieses Spiel noch keine gespeichert."),
    "ui.edit.name": ("Name", "Name der Stellung"),
    "ui.edit.save": ("Save position", "Stellung speichern"),
    "ui.edit.options_reset": ("The board was set up afresh for these options.",
                              "Das Brett wurde für diese Optionen neu aufgestellt."),
    "ui.edit.deleted": ("“{name}” was deleted.", "„{name}“ wurde gelöscht."),
    "ui.edit.saved": ("Saved as “{name}”.", "Als „{name}“ gespeichert."),
    "ui.edit.untitled": ("Untitled", "Ohne Namen"),
    "ui.edit.delete": ("Delete “{name}”", "„{name}“ löschen"),
    "ui.edit.export": ("Export all…", "Alle exportieren …"),
    "ui.edit.import": ("Import…", "Importieren …"),
    "ui.edit.import_bad": ("That file is not a Spielkiste studies file; nothing was changed.",
                           "Diese Datei ist keine Spielkiste-Stellungsdatei; nichts wurde geändert."),
    "ui.edit.imported": ("{added} {added:position|positions} imported, {skipped} skipped.",
                         "{added} {added:Stellung|Stellungen} importiert, {skipped} übersprungen."),
    # the computer's worker
    "ui.ai_lost": ("The game engine stopped; it is restarting with your game, nothing is lost.",
                   "Die Spiel-Engine ist ausgefallen; sie startet mit deiner Partie neu, nichts geht verloren."),
    "ui.ai_failed": ("The game engine failed, so the computer cannot move. Your game is kept: "
                     "reload the page to go on.",
                     "Die Spiel-Engine hatte einen Fehler, der Computer kann nicht ziehen. Deine Partie bleibt "
                     "erhalten: Lade die Seite neu, um weiterzuspielen."),
    "ui.ai_failed_embed": ("The game engine failed, so the computer cannot move. Nothing is stored in this "
                           "frame: reload it to go on from this position.",
                           "Die Spiel-Engine hatte einen Fehler, der Computer kann nicht ziehen. In diesem Rahmen "
                           "wird nichts gespeichert: Lade ihn neu, um von dieser Stellung aus weiterzuspielen."),
    "ui.ai_slow": ("The game engine is taking long to start. Your game is kept: if nothing happens, reload the "
                   "page.",
                   "Die Spiel-Engine braucht lange zum Starten. Deine Partie bleibt erhalten: Wenn nichts passiert, "
                   "lade die Seite neu."),
    "ui.ai_slow_embed": ("The game engine is taking long to start. If nothing happens, reload this frame.",
                         "Die Spiel-Engine braucht lange zum Starten. Wenn nichts passiert, lade diesen Rahmen neu."),
    "ui.reload": ("Reload", "Neu laden"),
    # boot.js, in a frame sandboxed without allow-same-origin (an opaque origin)
    "ui.sandboxed": ("This board cannot start here: the page shows it in a sandboxed frame without "
                     "\"allow-same-origin\", where the browser refuses the board its scripts and its game engine.",
                     "Das Brett kann hier nicht starten: Die Seite zeigt es in einem abgeschotteten Rahmen ohne "
                     "„allow-same-origin“, in dem der Browser dem Brett seine Skripte und seine Spiel-Engine "
                     "verweigert."),
    "ui.ai_set_aside": ("That request stopped the game engine twice, so it was set aside; the engine restarted "
                        "and your game goes on.",
                        "Diese Anfrage hat die Spiel-Engine zweimal angehalten und wurde deshalb beiseitegelegt; "
                        "die Engine ist neu gestartet, deine Partie geht weiter."),
    "ui.turn_stuck": ("The computer cannot move here: its search stopped the game engine. Your game is kept.",
                      "Der Computer kann hier nicht ziehen: seine Suche hat die Spiel-Engine angehalten. Deine "
                      "Partie bleibt erhalten."),
    "ui.stuck_human": ("Play this seat yourself", "Diesen Platz selbst spielen"),
    # storage
    "ui.no_storage": ("This browser does not let the page store anything here: games are not saved.",
                      "Dieser Browser lässt die Seite hier nichts speichern: Partien werden nicht gesichert."),
    "ui.storage_full": ("The browser's storage is full: this move was not saved (the last saved position is kept).",
                        "Der Speicher des Browsers ist voll: dieser Zug wurde nicht gesichert "
                        "(die zuletzt gesicherte Stellung bleibt erhalten)."),
    # a game not kept yet (a link's, a new one) that finds no room: no kept game is deleted for it
    "ui.storage_full_new": ("The browser's storage is full: this game is not kept in My games (no other game was "
                            "deleted for it). Its moves are in the address: bookmark or copy the link to keep it.",
                            "Der Speicher des Browsers ist voll: diese Partie steht nicht in „Meine Partien“ (keine "
                            "andere wurde dafür gelöscht). Ihre Züge stehen in der Adresse: setze ein Lesezeichen "
                            "oder kopiere den Link, um sie zu behalten."),
    "ui.saved_aside": ("The saved game could not be read; it was set aside and a new game started.",
                       "Die gespeicherte Partie war nicht lesbar; sie wurde beiseitegelegt und eine neue begonnen."),
    "ui.saved_aside_link": ("The saved game could not be read; it was set aside. The game in the address is shown "
                            "and kept instead.",
                            "Die gespeicherte Partie war nicht lesbar; sie wurde beiseitegelegt. Die Partie aus der "
                            "Adresse wird gezeigt und stattdessen gespeichert."),
    "ui.saved_aside_only": ("The saved game could not be read; it was set aside.",
                            "Die gespeicherte Partie war nicht lesbar; sie wurde beiseitegelegt."),
    # a tab reloaded (or back from another site) on moves another tab has taken back since (app.keep_other_line)
    "ui.other_tab_line": ("This game was changed in another tab: it shows the latest position. The moves this tab "
                          "showed are kept in My games as a game of their own.",
                          "Diese Partie wurde in einem anderen Tab geändert: hier steht die neueste Stellung. Die "
                          "Züge, die dieser Tab zeigte, stehen als eigene Partie in „Meine Partien“."),
    "ui.other_tab_line_lost": ("This game was changed in another tab: it shows the latest position. The moves this "
                               "tab showed could not be kept (the browser's storage is full).",
                               "Diese Partie wurde in einem anderen Tab geändert: hier steht die neueste Stellung. "
                               "Die Züge, die dieser Tab zeigte, konnten nicht gesichert werden (der Speicher des "
                               "Browsers ist voll)."),
    "ui.link_select": ("The browser did not allow copying: the link is selected above, copy it by hand.",
                       "Der Browser erlaubt das Kopieren nicht: der Link ist oben markiert, bitte von Hand kopieren."),
    # analysis
    "ui.hint": ("Hint", "Tipp"),
    "ui.takeback": ("Take back", "Zug zurücknehmen"),
    "ui.threat_show": ("Show threat", "Drohung zeigen"),
    "aid.threat": ("Warn me of threats", "Vor Drohungen warnen"),
    "ui.takeback_title": ("Take your last move back (and the computer's reply): the moves are removed",
                          "Deinen letzten Zug zurücknehmen (mit der Antwort des Computers): die Züge werden gelöscht"),
    "ui.takeback_none": ("There is no move of yours to take back.", "Es gibt keinen Zug von dir zum Zurücknehmen."),
    "ui.computer_here": ("Play against the computer from here", "Von hier gegen den Computer spielen"),
    "ui.computer_here_none": ("The computer can take a seat only at the game's latest position, with every seat "
                              "played by people and the game not over.",
                              "Der Computer kann nur in der neuesten Stellung einer laufenden Partie einen Platz "
                              "übernehmen, wenn alle Plätze von Menschen gespielt werden."),
    "ui.hint_is": ("Hint: {move}", "Tipp: {move}"),
    "ui.evaluation": ("Show evaluation", "Bewertung zeigen"),
    "ui.eval_for": ("{player}'s winning chance", "Gewinnchance für {player}"),
    "ui.eval_percent": ("{percent}%", "{percent} %"),
    # teams: partners named, in the seat list and the new-game dialog
    "ui.team_with": ("with {partner}", "mit {partner}"),
    "ui.partners": ("Partners: {first} against {second}.", "Partner: {first} gegen {second}."),
    # a newcomer's first minute: each game's goal under its name (from its rules page)
    "goal.surikata": ("Place only where the meerkat cannot see: whoever must put three of their own pieces in a row "
                      "loses.",
                      "Setze nur, wo das Erdmännchen nicht hinschaut: wer drei eigene Steine in eine Reihe setzen "
                      "muss, verliert."),
    "goal.snorkels": ("Capture an enemy group, without being captured first.",
                      "Schlage eine gegnerische Gruppe, bevor eine deiner Gruppen geschlagen wird."),
    "goal.blockade": ("Lead your king out over the far edge: your guards deflect kings.",
                      "Führe deinen König über den gegenüberliegenden Rand hinaus: deine Wächter lenken Könige ab."),
    "goal.weltreich": ("Seize the thrones, crown your commander where nobody can reach it, or capture the enemy "
                       "commander.",
                       "Besetze die Throne, kröne deinen Kommandeur unangreifbar oder schlage den gegnerischen "
                       "Kommandeur."),
    "goal.sprung": ("Be the first to bring your nine pieces from the left edge to the right edge.",
                    "Bringe als Erster deine neun Figuren vom linken zum rechten Rand."),
    "goal.aufstellen": ("Bring four of your five pieces into a straight line on the 16 centres.",
                        "Bringe vier deiner fünf Figuren auf den 16 Zentren in eine gerade Linie."),
    "goal.solitaire": ("Jump and remove pieces until only one is left; never jump your own colour.",
                       "Überspringe und entferne Figuren, bis nur noch eine übrig ist; nie eine der eigenen Farbe."),
    "goal.tor": ("Be the first with all 11 pieces in play: a line with enemy pieces opens a gate for a new one.",
                 "Bringe als Erster alle 11 Figuren ins Spiel: eine Linie mit gegnerischen Figuren öffnet ein Tor "
                 "für eine neue."),
    "goal.ziggurats": ("Move a block of your own onto a foundation that already carries two blocks.",
                       "Bewege einen eigenen Block auf ein Fundament, das schon zwei Blöcke trägt."),
    "goal.drei": ("Be the first with three pawns evenly spaced on a line; each pawn goes where the opponent's last "
                  "one attacks.",
                  "Habe als Erster drei Figuren in gleichen Abständen auf einer Linie; jede Figur kommt dorthin, wo "
                  "die letzte des Gegners schlägt."),
    # set-up phases and choices explained, after the game's status line (explain.<status key>)
    "explain.ziggurats.setup": ("Foundations are the grey bases the ziggurats grow on. None may touch another, "
                                "not even diagonally; hatched squares are closed: a foundation there would touch one, "
                                "or leave no room for those still to come.",
                                "Fundamente sind die grauen Sockel, auf denen die Zikkurats wachsen. Keines darf ein "
                                "anderes berühren, auch nicht schräg; schraffierte Felder sind gesperrt: ein Fundament "
                                "dort würde eines berühren oder den noch kommenden keinen Platz lassen."),
    "explain.surikata.place_mound": ("Mounds never move and hide the squares behind them from the meerkat: "
                                     "pieces may go only where it cannot see.",
                                     "Hügel bewegen sich nie und verdecken dem Erdmännchen die Felder dahinter: "
                                     "Steine dürfen nur dorthin, wo es nicht hinsieht."),
    "explain.snorkels.place_stone": ("Stones belong to nobody: they block breathing tubes like the board's edge.",
                                     "Steine gehören niemandem: sie blockieren Atemschläuche wie der Brettrand."),
    "explain.tor.choose": ("Click the centre {square} to bring a piece (or none), then choose it.",
                           "Klicke auf das Zentrum {square}, um eine Figur zu bringen (oder keine), und wähle sie."),
    # end of game
    "ui.play_again": ("Play again", "Nochmal spielen"),
    "ui.game_over": ("Game over", "Partie beendet"),
    # the end said to the player when the humans play one side (session.outcome_view), and what next
    "ui.you_won": ("You won", "Du hast gewonnen"),
    "ui.you_lost": ("You lost", "Du hast verloren"),
    "ui.you_draw": ("Draw", "Unentschieden"),
    "ui.you_won_team": ("Your team won", "Dein Team hat gewonnen"),
    "ui.you_lost_team": ("Your team lost", "Dein Team hat verloren"),
    "ui.rematch": ("Rematch", "Revanche"),
    "ui.rematch_title": ("Rematch: a new game with the sides switched",
                         "Revanche: eine neue Partie mit getauschten Seiten"),
    "ui.result_review": ("Review", "Auswertung"),
    "ui.result_review_title": ("Review this game: its mistakes and the win chances, move by move",
                               "Auswertung dieser Partie: ihre Fehler und die Gewinnchancen, Zug für Zug"),
    "ui.result_analyse": ("Analysis board", "Analysebrett"),
    "ui.result_analyse_title": ("Analysis board: this game's moves and their variations",
                                "Analysebrett: die Züge dieser Partie und ihre Varianten"),
    # the evaluation bar of a decided position (session.eval_result)
    "ui.eval_won": ("won", "gewonnen"),
    "ui.eval_lost": ("lost", "verloren"),
    "ui.eval_draw": ("draw", "unentschieden"),
    # a finished game's result in My games (the entry's `result`)
    "ui.mygames_you_won": ("you won", "gewonnen"),
    "ui.mygames_you_lost": ("you lost", "verloren"),
    "ui.mygames_draw": ("draw", "unentschieden"),
    "ui.mygames_won_by": ("{player} won", "{player} hat gewonnen"),
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
    "ui.keys.undo": ("U: back to your last turn (browsing) · R: forward · T: take back (removes the moves) · "
                     "N: new game · H: hint · ?: this help",
                     "U: zurück zu deinem letzten Zug (ansehen) · R: vor · T: Zug zurücknehmen (löscht die Züge) · "
                     "N: neue Partie · H: Tipp · ?: diese Hilfe"),
    "ui.close": ("Close", "Schließen"),
    # sharing and pictures (spielkiste_page/share.py)
    "ui.share": ("Share", "Teilen"),
    "ui.share_title": ("{game} — {player} to move", "{game} — {player} ist am Zug"),
    "ui.share_over": ("{game} — {result}", "{game} — {result}"),
    "ui.send_move": ("Send your move", "Zug senden"),
    "ui.picture_svg": ("Picture (SVG)", "Bild (SVG)"),
    "ui.picture_png": ("Picture (PNG)", "Bild (PNG)"),
    "ui.picture_failed": ("This browser could not draw the picture.",
                          "Dieser Browser konnte das Bild nicht zeichnen."),
})

add({
    # studies: a name taken, the store's limits, a failed write (editor_session.py, spielkiste_page/editor.py)
    "ui.edit.clash_one": ("“{name}” is already saved as another position.",
                          "„{name}“ ist schon als andere Stellung gespeichert."),
    "ui.edit.clash_many": ("{count} {count:name|names} in the file {count:is|are} already used for "
                           "{count:another saved position|other saved positions}: {names}.",
                           "{count} {count:Name|Namen} aus der Datei {count:gehört|gehören} schon zu "
                           "{count:einer anderen gespeicherten Stellung|anderen gespeicherten Stellungen}: {names}."),
    "ui.edit.quoted": ("“{name}”", "„{name}“"),
    "ui.edit.replace": ("Replace", "Ersetzen"),
    "ui.edit.keep_both": ("Keep both", "Beide behalten"),
    "ui.edit.cancel_ask": ("Cancel", "Abbrechen"),
    "ui.edit.nothing_changed": ("Nothing was changed.", "Nichts wurde geändert."),
    "ui.edit.import_too_large": ("That file is larger than {kb} kB, the most this page can import at once; "
                                 "nothing was changed. Split it into smaller files.",
                                 "Diese Datei ist größer als {kb} kB, mehr kann diese Seite nicht auf einmal "
                                 "importieren; nichts wurde geändert. Teile sie in kleinere Dateien auf."),
    "ui.edit.full_save": ("{game} already has {count} saved positions, the most kept: delete one first. "
                          "Nothing was saved.",
                          "Für {game} sind schon {count} Stellungen gespeichert, mehr werden nicht behalten: "
                          "bitte erst eine löschen. Nichts wurde gespeichert."),
    "ui.edit.full_import": ("The file would bring {game} to {count} saved positions, more than the {most} kept: "
                            "nothing was imported.",
                            "Mit der Datei hätte {game} {count} gespeicherte Stellungen, mehr als die {most}, die "
                            "behalten werden: nichts wurde importiert."),
    "ui.edit.not_stored": ("The browser's storage is full: nothing was saved.",
                           "Der Speicher des Browsers ist voll: nichts wurde gespeichert."),
    "ui.edit.not_stored_long": ("A name or position is longer than a saved position may be: nothing was saved.",
                                "Ein Name oder eine Stellung ist länger als erlaubt: nichts wurde gespeichert."),
    "ui.edit.import_large": ("That file is larger than any studies file; nothing was changed.",
                             "Diese Datei ist größer als jede Stellungsdatei; nichts wurde geändert."),
    # a save that could not be read and could not be set aside either (mygames.set_aside; spielkiste_page/app.py)
    "ui.aside_failed": ("The saved game could not be read, and no copy of it could be kept (the browser's storage "
                        "is full): it was left as it was.",
                        "Die gespeicherte Partie war nicht lesbar, und es konnte keine Kopie davon behalten werden "
                        "(der Speicher des Browsers ist voll): sie wurde so gelassen, wie sie war."),
})


# my games, links beside your game, rules examples, other tabs, sound (issues 34, 36, 37)
add({
    "ui.mygames": ("My games", "Meine Partien"),
    "ui.mygames_none": ("No games kept yet.", "Noch keine Partien gespeichert."),
    "ui.mygames_row": ("{game}: {moves} {moves:move|moves}, {state}", "{game}: {moves} {moves:Zug|Züge}, {state}"),
    "ui.mygames_over": ("finished", "beendet"),
    "ui.mygames_open": ("in progress", "läuft"),
    "ui.mygames_delete": ("Delete {game} ({when})", "{game} ({when}) löschen"),
    "ui.mygames_deleted": ("{game} was deleted from My games.", "{game} wurde aus „Meine Partien“ gelöscht."),
    "ui.mygames_undelete": ("Undo", "Rückgängig machen"),
    "ui.mygames_export": ("Export all…", "Alle exportieren …"),
    "ui.mygames_dropped": ("The list of games was full: the oldest unfinished game ({game}, {when}) was removed.",
                           "Die Liste der Partien war voll: die älteste laufende Partie ({game}, {when}) "
                           "wurde entfernt."),
    "ui.opened_link": ("Opened from a link. Your game is kept.",
                       "Aus einem Link geöffnet. Deine Partie bleibt erhalten."),
    "ui.back_to_game": ("Back to your game", "Zurück zu deiner Partie"),
    "ui.back_to_rules": ("Back to the rules", "Zurück zu den Regeln"),
    "ui.other_tab": ("This game was changed in another tab: it now shows the latest position.",
                     "Diese Partie wurde in einem anderen Tab geändert: hier steht jetzt die neueste Stellung."),
    "ui.wait_computer": ("The computer is thinking: your move comes after its move (or press Move now).",
                         "Der Computer denkt nach: Du ziehst nach seinem Zug (oder drücke „Jetzt ziehen“)."),
    "ui.other_tab_thinking": ("The computer is moving in another tab.", "Der Computer zieht im anderen Tab."),
    "ui.link_bad_kept": ("{why} Your game is kept.", "{why} Deine Partie bleibt erhalten."),
    "ui.tools": ("Tools", "Werkzeuge"),          # the side panel's menu of rare buttons (spielkiste_page/menu.py)
    "ui.closed_square": ("{cell} is closed: {why}.", "{cell} ist gesperrt: {why}."),
    "ui.refused_square": ("{cell} is not allowed here: {why}.", "{cell} ist hier nicht erlaubt: {why}."),
    "ui.sound_on": ("Sound: on", "Ton: an"),        # the sound switch's title says which state is on
    "ui.sound_off": ("Sound: off", "Ton: aus"),
    "ui.theme": ("Colours: {now}; switch to {next}", "Farben: {now}; wechseln zu {next}"),
    "ui.theme.system": ("as the system's", "wie die des Systems"),
    "ui.theme.light": ("light", "hell"),
    "ui.theme.dark": ("dark", "dunkel"),
})

# the levels below level 1 and the ladder's ratings (ai/levels.py, tests/bench/ladder.py)
add({
    "ui.level.-1": ("beginner", "Anfänger"),
    "ui.level.0": ("casual", "gemütlich"),
    "ui.level.novice": ("the novice", "den Neuling"),
    # the strongest level a game offers when the ladder dropped the longer searches above it
    "ui.level.top_here": ("In {game} the longer searches played no better than this level (measured): it is the "
                          "strongest offered.",
                          "In {game} spielten die längeren Suchen nicht besser als diese Stufe (gemessen): Sie ist "
                          "die stärkste angebotene."),
    # each level in plain words (the new-game dialog), and the game panel's level beside the computer
    "ui.level.about.-1": ("Beginner: makes mistakes on purpose, and now and then misses a threat.",
                          "Anfänger: macht absichtlich Fehler und übersieht ab und zu eine Drohung."),
    "ui.level.about.0": ("Casual: thinks only briefly and sometimes picks a slightly worse move.",
                         "Gemütlich: denkt nur kurz nach und wählt manchmal einen etwas schlechteren Zug."),
    "ui.level.about.1": ("Easy: always plays the best move it finds in a short search.",
                         "Leicht: spielt immer den besten Zug, den es bei kurzem Nachdenken findet."),
    # (each in its own words, not by another level's: a game may not offer that one)
    "ui.level.about.2": ("Medium: always plays the best move it finds in a longer search.",
                         "Mittel: spielt immer den besten Zug, den es bei längerem Nachdenken findet."),
    "ui.level.about.3": ("Strong: always plays the best move it finds in a long search.",
                         "Stark: spielt immer den besten Zug, den es bei langem Nachdenken findet."),
    "ui.level.about.4": ("Strongest: the best it can find in about 2 s a move (longer on a slow phone).",
                         "Am stärksten: das Beste, was es in etwa 2 s pro Zug findet (auf einem langsamen "
                         "Handy länger)."),
    "ui.level.panel": ("Computer strength", "Spielstärke"),
    # the thinking line when a level's move will take long on this device (session.long_move), in place
    # of the positions searched: the line holds two lines of a narrow panel
    "ui.move_takes": ("About {time} a move · best {move}", "Etwa {time} pro Zug · bester Zug {move}"),
    "ui.computer_at": ("Computer: {level}", "Computer: {level}"),      # a seat's menu: the computer at a level
    "ui.level.rated": ("Rating in {game}: about {rating} (a novice: {novice})",
                       "Wertung in {game}: etwa {rating} (ein Neuling: {novice})"),
})

# the rooms' own keys (one module each, beside the room's worker side)
from spielkiste_web import learn_texts, puzzle_texts, review_texts, tree_texts  # noqa: E402,F401
