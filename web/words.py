"""The site's own words (headings, buttons, sentences around the engine's numbers): each declared once here by a
key and its English, its Chinese in the site's catalogue (locale/zh_Hans/site.po, msgctxt the key; Traditional
made from it: docs/language.md), and the glossary module the build writes for the scripts.

The names of the game's things (tiles, groups, melds, what became of a fan) are the engine's
(suanfan.glossary); the words here are the page's. Templates use `words` (a dict key -> text) and
`say(key, **values)`; scripts import static/js/words.js (the same `say`) over static/js/glossary.js, written from
both by `glossary_module()`, so the
build-time drawing (templates/_result.html) and the run-time one (static/js/result.js) say the same things.
A word with {n} (or another name in braces) is filled from values; a value that is itself a text fills each
language with its own (a tile's name). A word declared with two English forms is a plural (ngettext): English says
"1 hand" and "2 hands", Chinese has one form.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from suanfan import api
from suanfan.api import Catalogue, errors, glossary

SITE = Catalogue("site", Path(__file__).parent / "locale")


class Word(NamedTuple):
    key: str  # the scripts' and templates' name for it, and its msgctxt in the catalogue
    singular: str  # the English msgid (for one, where the word is a plural)
    plural: str | None = None  # the English for any other number: say() picks by values["n"]


def word(key: str, msgid: str) -> Word:
    """One page word (the extractor reads these calls: buildkit/catalogues.py)."""
    return Word(key, msgid)


def plural_word(key: str, singular: str, plural: str) -> Word:
    """A page word that says a number {n}: English has a form for one and one for any other number."""
    return Word(key, singular, plural)


def declare(*declared: Word) -> dict[str, Word]:
    found = {}
    for w in declared:
        if w.key in found:
            raise ValueError(f"web/words.py declares {w.key!r} twice")
        found[w.key] = w
    return found


WORDS = declare(
    # results
    word("notes", "Notes"),
    word("cue_no_result", "This hand could not be scored."),
    word("who_pays", "Who pays"),
    word("winner_receives", "the winner receives {n}"),
    word("winning_tile", "winning tile"),
    word("tiles", "Tiles"),
    plural_word("other_readings", "1 other reading (it scores less)", "{n} other readings (they score less)"),
    word("waiting_on", "tiles it waits on: {n}"),
    word("not_waiting", "not waiting on any tile"),
    word("dead_waits", "all four in sight: dead waits"),
    word("below_minimum", "below the {n}-point minimum"),
    word("error_code", "error code"),
    # hand reading (the calculator's analyse view: static/js/result.js analysisView)
    word("reading_title", "Hand reading"),
    word("reading_offer", "This hand has not won: how far is it from ready, and what can it still be worth?"),
    word("reading_button", "Read this hand"),
    plural_word("shanten_n", "1 step from ready", "{n} steps from ready"),
    word("shanten_ready", "ready"),
    word("shanten_complete", "complete: it has won"),
    plural_word("useful_n", "1 useful tile", "{n} useful tiles"),
    word("reading_best_discard", "Fastest: discard the {tile}, {shanten}"),
    word("reading_forms", "Steps from ready, form by form"),
    word("col_discard", "Discard"),
    word("col_shanten", "From ready"),
    word("col_useful", "Useful tiles (copies unseen)"),
    word("col_best", "Best"),
    word("col_minimum", "Reaching {n}"),
    word("col_routes", "Routes"),
    word("col_pattern_routes", "Routes"),
    word("sort_by", "Sort by"),
    word("sort_speed", "speed"),
    word("sort_value", "value"),
    word("basis_estimate", "estimated"),
    word("route_share", "{n}% of the wins"),
    word("route_needs", "still needs"),
    word("no_route", "no win in reach this way"),
    word(
        "reading_estimate_note",
        "Where a discard leaves the hand two or more steps from ready its value is an estimate, from a few likely lines of play.",
    ),
    word("no_result", "The engine gave no result."),
    # every page's footer: whether the site is kept for offline use (templates/_base.html, from offline.js's state)
    word("offline_installing", "Saving the site on this device for offline use…"),
    word("offline_ready", "Saved on this device: it works offline."),
    word("update_ready", "A new version of Suanfan is saved on this device; this page still runs the previous one."),
    word("update_reload", "Reload with the new version"),
    word("offline_failed", "The site could not be saved for offline use this time; the next visit tries again."),
    # the hand picker (templates/_picker.html, static/js/picker.js)
    word("picked_tiles", "Picked tiles"),
    word("clear", "Clear"),
    word(
        "picked_help",
        "Click a tile to take it out, a meld to take out the whole meld; keys: arrows move, Enter takes out.",
    ),
    word("a_tile_adds", "A tile adds"),
    word("one_tile", "one tile"),
    word("tile_picker", "Tile picker"),
    word("help_tile", "A tile is added at the end (the last tile is the winning tile)."),
    word("help_chow", "Chow: pick its lowest tile."),
    word("help_pung", "Pung: pick the tile."),
    word("help_kong", "Melded kong: pick the tile."),
    word("help_concealed_kong", "Concealed kong: pick the tile."),
    word("help_added_kong", "Added kong (a pung that got its fourth tile): pick the tile."),
    word("remove_tile", "remove {tile}"),
    word("remove_meld", "remove the {meld}: {tiles}"),
    word("win_mark", "win"),
    word("unreadable_from", "can't draw from character {n} on"),
    word("no_tiles_yet", "no tiles yet"),
    word("tiles_unit", "tiles"),
    # the practice page (templates/_practice.html, static/js/practice.js)
    word("engine_ready", "The scoring engine is ready."),
    word("what_is_due", "due and new"),
    word("any_kind", "any kind"),
    word("question_after_boot", "The question comes once the engine has loaded…"),
    word("question_coming", "Making a question…"),
    word("answer", "Answer"),
    word("your_answer", "Your answer"),
    word("pick_one", "Pick one"),
    word("pick_all", "Pick every one that applies"),
    word("need_whole_number", "Type a whole number, 0 or more."),
    word("need_a_choice", "Pick one first."),
    word("yes", "yes"),
    word("no", "no"),
    word("choose_tiles", "Pick every tile that completes the hand (pick again to undo)."),
    word("no_tiles_chosen", "no tiles chosen"),
    word("right", "✓ Right!"),
    word("not_right", "✗ Not right."),
    word("try_again", "Try again"),
    word("engine_slow", "The engine is taking much longer than usual."),
    word("restart_engine", "Restart the engine and score again"),
    word("show_answer", "Show the answer"),
    word("the_answer_is", "The answer:"),
    # the change is a fragment (neighbours.py: "one Eight of Bamboo replaced by an East Wind", "self-drawn: yes →
    # no"), hence the parentheses; a course example was changed from no hand of the question
    word("near_miss", "A near miss: this hand lacks {fan}. It is a hand with {fan} after one change ({change})."),
    word("near_miss_example", "A near miss: this hand lacks {fan}. It is the near miss the course shows for {fan}."),
    word("see_every_step", "Every step the engine took"),
    word("learn_it", "Learn it: {topic}"),
    word("learn_this", "Learn this"),
    word("or_perhaps", "Or perhaps:"),
    word(
        "no_diagnosis",
        "This answer matches none of the usual mistakes; the answer (“Show the answer”) comes with every step the engine took.",
    ),
    word(
        "diagnosis_unavailable",
        "Where this went wrong could not be worked out this time (the engine did not answer); the answer and every step are still below.",
    ),
    word("next_question", "Next question"),
    word("why_due", "due for review"),
    word("why_new", "new"),
    word("why_weakest", "the one you know least"),
    word("why_follow_up", "one more on what you just missed"),
    word("progress_summary", "Answers: {reviews} · cards practised: {cards} · due now: {due}."),
    plural_word(
        "imported",
        "Merged: 1 new record added, none of yours lost.",
        "Merged: {n} new records added, none of yours lost.",
    ),
    word("practise_this", "Practise this"),
    # what practice is asking beyond the schedule (static/js/practice.js, guided.js)
    word("back_to_schedule", "Back to scheduled practice"),
    word("focus_mode", "Practising one thing: {tag}"),
    word("replay_mode", "Your misses again, each asked exactly as before (questions: {n})"),
    word("no_misses", "There are no missed questions to replay yet."),
    word(
        "challenge_mode",
        "Mixed challenge across the topics you are proficient in (questions: {n}); answered right, they count as mastered",
    ),
    word("no_challenge_yet", "No topic is at proficient yet: first answer a topic's kinds right on different days."),
    word("challenge_done", "Challenge finished: {right} of {n} right."),
    word("see_progress", "See my progress"),
    word("leech_mode", "You have missed this card several times: learn it again first"),
    word(
        "leech_words",
        "You have missed “{topic}” four times. The same question again would not help much: read the lesson that teaches it, then work through it with the engine, one step at a time.",
    ),
    word("leech_later", "Skip it for now"),
    word("guided_start", "Work through it step by step"),
    word("guided_mode", "Step by step: the engine's steps, you work each out"),
    word("guided_help", "One step at a time. Where a step comes to a number, work it out before you see it."),
    word("guided_value", "What does this step come to?"),
    word("guided_look_again", "Look at this step again and have another try."),
    word("guided_it_is", "This step comes to {n}."),
    word("guided_next", "Next step"),
    # the learner's own hands as a deck (the practice page's panel, static/js/deck.js, practice.js)
    word("deck_title", "My own hands"),
    word(
        "deck_help",
        "Practise on hands you played, last night's for instance: the score sheet's hands with their tiles, or lines of notation pasted here. Each hand is asked every kind of question that fits it.",
    ),
    word("deck_count", "{rules}: hands of your own: {n}"),
    word("deck_empty", "{rules}: no hands of your own yet."),
    word("deck_practise", "Practise these hands"),
    word("deck_practise_n", "Practise my own hands (hands: {n})"),
    word("deck_add_some", "Practise on hands you played"),
    word("deck_add_title", "Add hands"),
    word("deck_lines_label", "Paste hands (rules: {rules}), one a line"),
    word(
        "deck_lines_help",
        "First the tiles, then the situation (written as below, with spaces between), a note after #. A line that does not score stays in the box, with what is wrong with it.",
    ),
    word("deck_example_note", "East 1, my self-draw"),
    word("deck_add", "Add to my hands"),
    word("deck_from_sheet", "Take the score sheet's hands with tiles"),
    word("deck_checking", "The engine is scoring these hands…"),
    word("deck_added", "Hands added: {n}."),
    word("deck_nothing_new", "Nothing new: these hands are already there."),
    word("deck_removed", "The hand is removed."),
    word("deck_key_default", "(if left out: {value})"),
    word("deck_other_rules", "The score sheet is kept in {rules}: these hands were added under {rules}."),
    word("deck_switch", "Switch to {rules}"),
    word("deck_line", "Line {line}"),
    word("deck_sheet", "The score sheet"),
    word("deck_from_row", "score sheet, hand {row}"),
    word("deck_pasted", "pasted"),
    word(
        "deck_sheet_empty",
        "The score sheet has no hand with its tiles yet (a hand written down as points alone has no tiles to practise on).",
    ),
    word("deck_mode", "Your own hands (hands: {n}), each asked every kind of question that fits"),
    word("deck_done", "Your own hands are done: {right} of {n} right."),
    # a timed round (the practice page's panel, static/js/timed-round.js, practice.js)
    word("round_title", "A three-minute round"),
    plural_word(
        "round_help",
        "How many can you get right in three minutes? A wrong answer costs 1 second. The best score is kept on this device; the round leaves your review schedule as it is.",
        "How many can you get right in three minutes? A wrong answer costs {n} seconds. The best score is kept on this device; the round leaves your review schedule as it is.",
    ),
    word("round_button_best", "{kind} (best: {best})"),
    word("round_mode", "Timed round: {kind}"),
    word("round_clock", "time left: {time}"),
    plural_word("round_penalty", "1 second off", "{n} seconds off"),
    word("round_done", "Time! Right: {right} · wrong: {wrong}."),
    word("round_best_new", "A new best!"),
    word("round_best", "Your best: {best}."),
    word("round_again", "Another round"),
    word("round_try", "Three-minute round: {kind}"),
    word("round_try_best", "Three-minute round: {kind} (best: {best})"),
    word("round_no_kind", "These rules have no such question: scheduled practice instead."),
    # a teacher's own lesson (the calculator's panel, static/js/lesson-maker.js; show.html)
    word("maker_title", "Your own worked examples"),
    word(
        "maker_help",
        "Give this hand a title and a note and turn it into a link for students; chain several hands into one lesson they step through in order. The link carries everything: nothing is stored on a server.",
    ),
    word("hand_title", "Title of this hand"),
    word("hand_note", "Note (plain text)"),
    word("add_this_hand", "Add this hand"),
    word("lesson_title", "Title of the lesson"),
    word("make_link", "Make the link"),
    word("open_lesson", "Open it"),
    word("lesson_link", "Lesson link"),
    plural_word("link_made", "Link copied (1 character)", "Link copied ({n} characters)"),
    plural_word(
        "link_in_box", "Copy it from the box below (1 character)", "Copy it from the box below ({n} characters)"
    ),
    word("remove", "Remove"),
    word("move_up", "Move up"),
    word("move_down", "Move down"),
    word("no_hand_yet", "Score a hand above first."),
    plural_word(
        "lesson_full",
        "A lesson holds at most 1 hand: remove it, or make the link for it and start another lesson.",
        "A lesson holds at most {n} hands: remove one, or make the link for these and start another lesson.",
    ),
    word("draft_what", "lesson draft"),
    word("draft_unreadable", "The saved lesson draft cannot be read (it is not in a form this page knows)."),
    word(
        "draft_not_saved",
        "The lesson draft could not be saved (the browser's storage is full or unavailable), so this change was not made; what you typed is still there.",
    ),
    word("show_title", "Worked examples"),
    word("show_loading", "Opening the lesson…"),
    word("show_again", "Start again"),
    # a rule set's reference cards (reference.html#rules=KEY, static/js/reference-cards.js): the tables its
    # reference (`action: "reference"`) gives as cards, drawn for any rule set
    word("reference_title", "Reference cards"),
    word("reference_loading", "Working out the reference cards…"),
    word("reference_no_rules", "The link names no rules: add #rules= and the key of a rule set with reference cards."),
    word(
        "reference_no_cards",
        "These rules have no reference cards: their tables are in their course (Lessons, at the top of the page).",
    ),
    # a teacher's class set: the builder (class.html with no set, static/js/class-builder.js, class-draft.js) and the
    # calculator's "add to the class set" (static/js/class-adder.js)
    word("builder_title", "Make a class set"),
    word(
        "builder_help",
        "Pick questions from the practice topics and kinds (the engine makes each from a seed, so the link stays short), or add hands of your own from the calculator; set the class's conventions, a title, a code name and a time limit per question, and make one link and one QR code: students answer on their phones, and nothing goes through a server.",
    ),
    word("builder_rules", "Rules"),
    word(
        "builder_rules_locked", "The set's questions are made under these rules: remove them all to change the rules."
    ),
    word("builder_conventions", "The class's conventions"),
    word("builder_add_title", "Add questions"),
    word("builder_topic", "Topic"),
    word("builder_kind", "Kind"),
    word("builder_how_many", "How many"),
    word("builder_add", "Add to the set"),
    plural_word(
        "builder_added",
        "1 question added, with a hand of its own.",
        "{n} questions added, each with a hand of its own.",
    ),
    plural_word(
        "builder_full",
        "A set holds at most 1 question: remove it, or make the link for it and start another set.",
        "A set holds at most {n} questions: remove some, or make the link for these and start another set.",
    ),
    plural_word(
        "builder_only_room",
        "The set had room for only 1 more; only that one was added.",
        "The set had room for only {n} more; only those were added.",
    ),
    word("builder_questions", "Questions ({n} of {max})"),
    word("builder_no_questions", "No questions yet: pick a topic and a kind above and add them."),
    word(
        "builder_own_hands",
        "Hands of your own: score a hand in the calculator, open “Your own worked examples” and press “Add to the class set”.",
    ),
    word("builder_to_calculator", "Go to the calculator"),
    word("builder_own_hand", "My own hand"),
    word("builder_preview_loading", "Making the question…"),
    word("builder_another_hand", "Another hand"),
    word("builder_new_hand", "Question {n} has a new hand."),
    word("builder_removed", "A question was removed."),
    word("builder_about", "The set's title, code name and time limit"),
    word("builder_set_title", "Title"),
    word("builder_code", "Code name (short, e.g. W3)"),
    word("builder_limit", "Time per question"),
    word("builder_no_limit", "no limit"),
    plural_word("builder_seconds", "1 second", "{n} seconds"),
    word("builder_make", "Make the link"),
    word(
        "builder_cannot_make",
        "Question {list} could not be made: give it another hand or remove it, then make the link.",
    ),
    word("builder_set_link", "Link to the class set"),
    word("builder_qr_fits", "QR code version {n}: projected on a screen, a phone at the back of the room can read it."),
    word(
        "builder_qr_dense",
        "QR code version {n}: its squares are small, and a phone far away may not read it; fewer questions make them larger.",
    ),
    word("builder_open_student", "Open as a student"),
    word("builder_open_report", "The class report"),
    word("builder_open_present", "Present to the room"),
    word("builder_worksheet", "Print this set (the answers on its last page)"),
    word("builder_stale", "The set has changed: press “Make the link” again for its new link."),
    word(
        "builder_other_rules",
        "This set is made under {set}; to change the rules, remove all its questions first. The set was not changed.",
    ),
    word("builder_draft_what", "class set draft"),
    word("builder_draft_unreadable", "The saved class set draft cannot be read (it is not in a form this page knows)."),
    word(
        "builder_draft_not_saved",
        "The class set draft could not be saved (the browser's storage is full or unavailable), so this change was not made.",
    ),
    word("adder_title", "Add to the class set"),
    word(
        "adder_help",
        "Add the hand scored above to the class set as one question; order it, set the conventions and make the link on the classroom page.",
    ),
    word("adder_kinds_wait", "Score a winning hand above first: the kinds of question that fit it are listed here."),
    word("adder_added", "Added to the class set as question {n}."),
    word("adder_under_set", "It is asked under the set's conventions, which differ from the calculator's."),
    plural_word("adder_open", "Open the class set (1 question)", "Open the class set ({n} questions)"),
    word("use_in_class", "Make a class set with these conventions"),
    # the table card (table.html, static/js/table-card.js)
    word("table_card_title", "Agree the table"),  # not lesson 13's 开桌约定
    word(
        "table_card_help",
        "Before the first hand, the four players agree the table: choose the rules and each convention to get a one-line summary for the top of a score sheet, a card to print, and a link that sets the calculator, the practice page and the score sheet alike.",
    ),
    word("table_card_heading", "This table's conventions"),
    word("table_link", "Link to this card"),
    word("use_in_calculator", "Open the calculator with these conventions"),
    word("use_in_practice", "Practise with these conventions"),
    word("use_in_scoresheet", "Keep score with these conventions"),
    word("print_card", "Print the card"),
    word("as_the_sheet", "everything as the rules say by default"),
    word("agreed", "agreed"),
    word("yes_setting", "yes"),
    word("no_setting", "no"),
    # the practice page's conventions (static/js/practice.js)
    word("practice_conventions", "Conventions of these questions"),
    word("conventions_of_sheet", "the sheet's; questions on the conventions show other tables"),
    word("back_to_sheet", "Back to the sheet's defaults"),
    word("change_conventions", "Change them on the table card"),
    # the score sheet (scoresheet.html, static/js/scoresheet.js)
    word("scoresheet", "Score sheet"),
    word(
        "sheet_lede",
        "Four players, hand by hand: who won, self-drawn or who discarded, who dealt, and the hand if you have it, else the pattern and multipliers. The engine works out every row — value, multipliers, cap and who pays — under this table's conventions, in separate columns anyone can recompute; the running totals always sum to zero. The sheet is kept in this browser only.",
    ),
    word("sheet_conventions", "This sheet's conventions"),
    word("sheet_edit_conventions", "Change the conventions (every hand is recomputed)"),
    word("sheet_table_card", "The table card for these conventions"),
    plural_word(
        "sheet_link_differs",
        "The link's conventions differ from this sheet's: {link}. The sheet has 1 hand and keeps its own.",
        "The link's conventions differ from this sheet's: {link}. The sheet has {n} hands and keeps its own.",
    ),
    word("sheet_adopt_link", "Start a new sheet with the link's conventions (can be undone)"),
    word("sheet_players", "Players"),
    word("sheet_seat", "Seat {n}"),
    word("sheet_seat_help", "In the order of play: seat 2 plays after seat 1."),
    word("sheet_new_hand", "Hand {n}"),
    word("sheet_editing", "Editing hand {n}"),
    word("sheet_dealer", "Dealer"),
    word(
        "sheet_dealer_help",
        "Default: the dealer stays after winning or a drawn hand, else the next seat deals; change it if your table differs.",
    ),
    word("sheet_winner", "Winner"),
    word("sheet_nobody", "drawn hand (nobody won)"),
    word("sheet_how", "How"),
    word("sheet_self_drawn", "self-drawn"),
    word("sheet_discarded_by", "{name} discarded"),
    word("sheet_kong_bloom", "win on a kong replacement"),
    word("sheet_robbed", "robbed {name}'s kong"),
    word("sheet_kong", "win on a kong replacement / robbing a kong"),
    word(
        "sheet_kong_help",
        "With a self-draw it is a win on a kong replacement; on a discard it is robbing a kong (the “discarder” is the player robbed).",
    ),
    word("sheet_hand", "Hand (optional)"),
    word(
        "sheet_hand_help",
        "With the hand the engine scores it; without it, write the pattern and multipliers below and the engine checks them.",
    ),
    word("sheet_pattern_fan", "Pattern's fan"),
    word(
        "sheet_pattern_fan_help",
        "As the sheet's table lists it: 1 basic win, 2 all pungs, 3 half flush, 4 seven pairs, 6 full flush, 8 luxury seven pairs.",
    ),
    word("sheet_multipliers_written", "Multipliers written down"),
    word("sheet_points", "Points"),
    word("sheet_flowers", "Flowers"),
    word("sheet_prevalent_wind", "Prevalent wind"),
    word("sheet_last_copy", "last copy of the tile"),
    word("sheet_last_of_wall", "last tile of the wall"),
    word("sheet_add", "Record this hand"),
    word("sheet_save_edit", "Save the change"),
    word("sheet_cancel_edit", "Cancel"),
    word("sheet_edit", "Edit"),
    word("sheet_edit_row", "Edit hand {n}"),
    word("sheet_delete", "Delete"),
    word("sheet_delete_row", "Delete hand {n}"),
    word("sheet_undo", "Undo"),
    word("sheet_undo_what", "Undo: {what}"),
    word("sheet_nothing_to_undo", "nothing to undo"),
    word("sheet_export_csv", "Export CSV"),
    word("sheet_english_header", "English header row in the CSV"),
    word("sheet_print", "Print"),
    word("sheet_export_file", "Export the sheet as a file"),
    word("sheet_import_file", "Import a sheet file"),
    plural_word(
        "sheet_imported",
        "Imported: 1 hand (undo brings the previous sheet back).",
        "Imported: {n} hands (undo brings the previous sheet back).",
    ),
    word("sheet_new", "New sheet (can be undone)"),
    word("sheet_totals", "Totals"),
    word("sheet_sum_zero", "sum {sum}"),
    word("sheet_no_rows", "No hands recorded yet."),
    word("sheet_waiting_engine", "Once the engine has loaded, every hand's values and payments are worked out here."),
    word(
        "sheet_engine_failed",
        "The engine could not start, so the sheet cannot be worked out now; your records are safe. Reload the page to try again.",
    ),
    word("sheet_row_error", "This hand is not valid and scores nothing: "),
    word("sheet_draw", "drawn"),
    word("sheet_capped", "capped"),
    word("sheet_no_cap", "no cap"),
    word("sheet_changed", "Sheet changed: {what}"),
    word("sheet_change_add", "hand {n} recorded"),
    word("sheet_change_edit", "hand {n} edited"),
    word("sheet_change_delete", "hand {n} deleted"),
    word("sheet_change_names", "players renamed"),
    word("sheet_change_conventions", "conventions changed"),
    word("sheet_change_new", "new sheet"),
    word("sheet_change_import", "file imported"),
    word("sheet_undone", "Undone: {what}"),
    # CSV and table columns (the same words in the page's table and in the exported file)
    word("col_hand_no", "Hand"),
    word("col_dealer", "Dealer"),
    word("col_winner", "Winner"),
    word("col_how", "How"),
    word("col_tiles", "Tiles"),
    word("col_pattern", "Pattern"),
    word("col_value", "Pattern value"),
    word("col_start", "With the base"),
    word("col_multipliers", "Multipliers"),
    word("col_cap", "Cap"),
    word("col_score", "Score"),
    word("col_paid", "{name}"),
    word("col_running", "{name} total"),
    word("col_error", "Error"),
    # the table tools hub (tools.html)
    word("tools", "Table tools"),
    word(
        "tools_lede",
        "Tools for the table: agree the conventions before the first hand, keep score and settle arguments while playing, and walk beginners through a hand step by step. All of them work offline.",
    ),
    word(
        "tool_table_card",
        "Before the first hand: agree the rules and conventions and get a one-line summary, a card to print and a link that sets the calculator, practice and the score sheet alike.",
    ),
    word(
        "tool_scoresheet",
        "Keep score hand by hand: the engine works out each hand's value, multipliers, cap and payments, and the totals sum to zero; edit, delete, undo, export CSV and print.",
    ),
    word(
        "tool_rulings",
        "The questions tables argue about (robbing or blooming, the last tile, the last copy, the {minimum}-point minimum…), searchable in Chinese, English or pinyin initials.",
    ),
    word(
        "tool_presenter",
        "A hand full screen in big tiles, one step at a time; arrows, space or a clicker step through it, and a QR code opens the same hand on students' phones.",
    ),
    word(
        "tool_presenter_how",
        "Score a hand in the calculator and press “Present”, or “Present” on any ruling, lesson or practice hand. For example:",
    ),
    word("tool_presenter_example", "present an all-pungs self-draw"),
    word(
        "tool_maker",
        "A teacher adds titles and notes to a few hands and chains them into one link students step through in order; nothing is stored on a server.",
    ),
    word("tool_class_title", "Class sets"),
    word(
        "tool_class",
        "A teacher sends the class a set of questions by link or QR code; students answer on their phones (offline too) and hand back a result code; the report shows where the class goes wrong. No server involved.",
    ),
    word("tool_maker_how", "Score a hand in the calculator and open “Your own worked examples” below the result."),
    word("tool_open", "Open"),
    # the presenter (static/js/presenter.js)
    word("present", "Present"),
    word("presenter", "Presenter"),
    word("waits_title", "Waits"),
    word("step_back", "Back"),
    word("step_next", "Next"),
    word("step_of", "step {n} of {of}"),
    word("hand_of", "hand {n} of {of}"),
    word("labels_in", "Labels"),
    word("lang_both", "Both"),
    word("lang_zh", "Chinese"),
    word("lang_en", "English"),
    word("lang_zh_hant", "Traditional Chinese"),
    word("full_screen", "Full screen"),
    word("close_presenter", "Close"),
    word("scan_to_open", "Scan to open this hand on a phone"),
    word("qr_of_link", "QR code of this page's link"),
    word(
        "qr_too_long",
        "This link is {length} characters long, too long for a QR code; the link itself works: copy it and share it.",
    ),
    # the presenter's quiz mode: a class set shown to the room (static/js/class-quiz.js)
    word("quiz", "Class quiz"),
    word("quiz_scan", "Scan to answer on your phone"),
    word("quiz_code_name", "code name {code}"),
    plural_word("quiz_count", "1 question", "{n} questions"),
    plural_word("quiz_limit", "1 second a question", "{n} seconds a question"),
    word("quiz_no_limit", "no time limit"),
    word("quiz_begin", "Press → for the first question when everyone is ready."),
    word("quiz_where_scan", "scan"),
    word("quiz_question_of", "question {n} of {of}"),
    word("quiz_making", "Making the question…"),
    word("quiz_answer_on_phones", "Answer on your phones; Enter or Space shows the answer."),
    plural_word("quiz_seconds_left", "1 s left", "{n} s left"),
    word("quiz_time_up", "Time's up"),
    word("quiz_ended", "The quiz is no longer on screen."),
    word("quiz_present_again", "Present again"),
    word("quiz_students_link", "The students' link"),
    word("quiz_report_link", "The teacher's report"),
    word("due_to_practise", "Practice, cards due now: {n}"),
    # the progress page (static/js/progress-page.js)
    word("missed_of", "missed {misses} of {tries}"),
    word("replay_misses", "Replay my misses ({n})"),
    word("challenge_offer", "Mixed challenge: prove the topics you are proficient in ({n})"),
    word("due_count", "Cards due now: {n}."),
    word("due_now", "due now"),
    word("due_at", "due {time}"),
    word("due_next", "Due next"),
    word("reset_topic", "Start again"),
    word("reset_confirm", "Press again to confirm: this topic starts afresh (its record is kept)"),
    # a topic's mastery level (static/js/learner.js)
    word("level_new", "new"),
    word("level_attempted", "attempted"),
    word("level_familiar", "familiar"),
    word("level_proficient", "proficient"),
    word("level_mastered", "mastered"),
    # the rulings page (templates/_rulings.html, static/js/rulings.js) and the links to it
    word("rulings", "Rulings"),
    word(
        "rulings_lede",
        "The questions tables argue about, each with a short ruling and hands the engine has scored; “Present” opens a hand in the calculator to walk a table through it step by step.",
    ),
    word("rulings_search", "Search the rulings"),
    word(
        "rulings_search_help",
        "Chinese, English or pinyin initials: qgh finds 抢杠胡. Enter jumps to the first match, Esc clears.",
    ),
    plural_word("rulings_all", "1 ruling", "{n} rulings"),
    word("rulings_found", "{n} of {total} rulings match"),
    word("rulings_none", "No ruling matches."),
    word("ruling_answer", "Ruling"),
    word("ruling_keywords", "Keywords"),
    word("ruling_hands", "Worked hands"),
    word("ruling_taught", "Taught in"),
    word("ruling_upheld", "The ruling"),
    word("ruling_other_reading", "Another reading"),
    word("ruling_readings", "The readings"),
    word("related_rulings", "Rulings on this"),
    word("ruling_group_sheet_faq", "The Jiujiang sheet's five questions"),
    word("ruling_group_kongs", "Kongs: robbing and the replacement tile"),
    word("ruling_group_last_tiles", "Last tiles: the wall's last, the last copy"),
    word("ruling_group_minimum", "What a win needs: {minimum} points, flowers"),
    word("ruling_group_table", "Table conventions"),
    word("ruling_group_principles", "Guobiao combination principles"),
    # the worksheet (worksheet.html, static/js/worksheet.js): questions for paper, the answer key last
    word("worksheet_title", "Worksheet"),
    word(
        "worksheet_lede",
        "Questions to print, made and answered by the engine; the answer key, with the engine's short explanation, is on the last page. The same sheet number always prints the same sheet.",
    ),
    word("worksheet_link", "Print a worksheet"),
    word("worksheet_every_topic", "every topic in turn"),
    word("worksheet_every_kind", "every kind in turn"),
    word("worksheet_count", "Questions"),
    word("worksheet_seed", "Sheet number"),
    word("worksheet_make", "Make the sheet"),
    word("worksheet_another", "Another sheet"),
    word("worksheet_print", "Print"),
    word("worksheet_rules", "Rules: {rules}"),
    word("worksheet_agreed", "Agreed: "),
    word("worksheet_as_sheet", "as the rule sheet says, nothing else agreed"),
    word("worksheet_number", "sheet {n}"),
    word("worksheet_set", "class set {name}"),
    word("worksheet_name", "Name"),
    word("worksheet_date", "Date"),
    word("worksheet_score", "Score"),
    word("worksheet_question", "Question {n}"),
    word("worksheet_answer_here", "Answer:"),
    word("worksheet_write_tiles", "Write the tiles (as 3m 6m), or “none”:"),
    word("worksheet_circle", "Circle one:"),
    word("worksheet_key", "Answer key"),
    word("worksheet_key_tiles", "tiles: {tiles}"),
    word("worksheet_making", "Making the questions…"),
    plural_word("worksheet_made", "1 question is ready to print.", "{n} questions are ready to print."),
    word("worksheet_no_practice", "The rules “{rules}” have no practice questions."),
    word("worksheet_bad_count", "The number of questions must be 1 to {max}; the link says “{value}”."),
    word("worksheet_bad_seed", "The sheet number must be a whole number from 0 to {max}; the link says “{value}”."),
    word("worksheet_no_questions", "This topic has no questions of this kind."),
    # what the page refuses before the engine sees it (static/js/bounds.js; a hand too long is refused in the
    # engine's own words: ENGINE_CHECKS), and the engine's faults (engine.js)
    word("request_key_refused", "The key “{key}” cannot be used, so this was not scored."),
    word("sheet_conventions_refused", "The engine cannot read this sheet's conventions, so no hand can be settled: "),
    word("sheet_from_file", " (from the imported file {name})"),
    word("link_key_refused", "The link's key “{key}” cannot be used, so the link was not opened."),
    plural_word(
        "link_key_too_deep",
        "A key of the link is 1 level deep, deeper than any setting (at most {max}): the link was not opened.",
        "A key of the link is {n} levels deep, deeper than any setting (at most {max}): the link was not opened.",
    ),
    plural_word(
        "link_too_long",
        "The link is 1 character long, longer than any link this site makes (at most {max}): it was not opened.",
        "The link is {n} characters long, longer than any link this site makes (at most {max}): it was not opened.",
    ),
    plural_word(
        "request_too_deep",
        "The request is nested more than 1 level deep, deeper than any rule set's settings: it was not scored.",
        "The request is nested more than {n} levels deep, deeper than any rule set's settings: it was not scored.",
    ),
    plural_word(
        "request_too_large",
        "The request is more than 1 character long, larger than any real request: it was not scored.",
        "The request is more than {n} characters long, larger than any real request: it was not scored.",
    ),
    word("link_unreadable", "This link could not be read: {detail}"),
    word(
        "link_not_a_number",
        "The link's value “{value}” for “{key}” is not a whole number this setting can take; the link was not opened.",
    ),
    word(
        "engine_restarting", "The scoring engine stopped answering; starting it again, then your input is scored again…"
    ),
    word(
        "engine_superseded",
        "The engine was still busy with a request you have since replaced; restarting it for the new one…",
    ),
    word("engine_no_answer", "The scoring engine gave no answer, even after a restart."),
    word(
        "engine_gave_up",
        "The scoring engine stopped again and again, so it was given up. Reload the page to try again.",
    ),
    word("setting_not_saved", "This choice lasts for this page only: the browser could not store it."),
    # a class set: the student's face (static/js/class-student.js) and the teacher's report (class-report.js)
    word("class_set_default_title", "Class set"),
    word("class_teachers_hand", "The teacher's hand"),
    word("report_removed", "Removed: {name}"),
    word("report_undo", "Undo"),
    plural_word("class_set_about", "{rules} · 1 question", "{rules} · {n} questions"),
    plural_word("class_set_limit", "1 second a question", "{n} seconds a question"),
    word("class_set_code", "set code {code}"),
    word("class_name_label", "Your name or seat number"),
    word("class_name_missing", "Write your name or seat number first, so the teacher knows whose result it is."),
    word("class_start", "Start"),
    word(
        "class_nothing_sent", "Your answers stay on this device; at the end you get a result code to give the teacher."
    ),
    word("class_question_of", "Question {i} of {n}"),
    word("class_next", "Next question"),
    word("class_finish", "See my result code"),
    word("class_time_up", "Time is up: this question counts as not answered."),
    plural_word("class_seconds_left", "1 second left", "{n} seconds left"),
    word("class_result_title", "Your result code"),
    word("class_result_score", "{name}: {right} right of {n}"),
    word(
        "class_result_give",
        "Send this code to your teacher, or let them scan the QR code. It holds your name, your answer to each question and the time each took.",
    ),
    word("class_copy_code", "Copy the code"),
    word("class_code_copied", "Copied"),
    word("class_code_in_box", "Copy it from the box"),
    word("class_result_qr", "QR code of the result (opens the teacher's report)"),
    word("class_answer_again", "Answer the set again"),
    word(
        "class_not_kept",
        "This answer could not be kept on this device (storage full or unavailable), but the result code is still whole.",
    ),
    word("class_what", "class answers"),
    word("class_unreadable", "The stored class answers cannot be read."),
    word("report_title", "Class report"),
    word(
        "report_lede",
        "Paste the students' result codes here, one a line, or open the result links they send; the engine judges every answer again. The report is kept on this device only.",
    ),
    word("report_paste_label", "Result codes"),
    word("report_add", "Add to the report"),
    word("report_photo_label", "Read a QR code from a photo"),
    word("report_reader_native", "Photos are read by the browser's own QR reader."),
    word(
        "report_reader_own",
        "This browser offers no QR reader of its own (BarcodeDetector); photos are read by the site's own reader.",
    ),
    word("report_no_qr", "No QR code was found in this photo."),
    word("report_added", "Added: {name}"),
    word("report_duplicate", "Line {line}: this code is already in the report ({name}); not counted twice."),
    word("report_refused", "Line {line}: {why}"),
    word(
        "report_checksum_note",
        "The check only catches a code that was mistyped or cut short; it does not prove who made it — anyone who reads the site's code could make one. This is a classroom tool, not an exam.",
    ),
    word("report_empty", "No results yet."),
    word("report_student", "Student"),
    word("report_total", "Right"),
    word("report_time", "Time (s)"),
    word("report_question_n", "Q{n}"),
    word("report_no_answer", "none"),
    word("report_share", "{right} of {n} right"),
    word("report_common_wrong", "Most common wrong answer: {answer} ({count})"),
    word("report_common_mistake", "{count} of {n} went wrong on: {mistake}"),
    word("report_weak_title", "Where the class is weakest"),
    word("report_weak_line", "{tag}: missed {misses} of {tries}"),
    word("report_weak_none", "No wrong answers, so no weak points."),
    word("report_show_room", "Show the room"),
    word("report_questions_title", "Question by question"),
    word("report_table_title", "Student by student"),
    word("report_export_csv", "Export CSV (Chinese header)"),
    word("report_export_csv_en", "Export CSV (English header)"),
    word("report_export_json", "Export JSON"),
    word("report_print", "Print"),
    word("report_remove", "Remove"),
    word("report_what", "class report"),
    word("report_unreadable", "The stored class reports cannot be read."),
    word("report_judging", "The engine is judging the answers…"),
    word("report_student_link", "The set's link for students"),
)


def say(key: str, **values) -> dict:
    """The word `key` as a text {zh, en, zh_hant}, its placeholders filled from values."""
    w = WORDS[key]
    if w.plural is None:
        return SITE.text(w.singular, key, **values)
    return SITE.plural(w.singular, w.plural, values["n"], key, **values)


def words() -> dict:
    """The words as the scripts read them (static/js/words.js): each language's template, and where English bends
    for one, en_one (Chinese has one form, so a plural's Chinese is the same for every number)."""
    out = {}
    for key, w in WORDS.items():
        if w.plural is None:
            out[key] = SITE.text(w.singular, key)
        else:  # the templates unfilled: the Chinese is the same for any n; English's other form is en_one
            out[key] = {**SITE.plural(w.singular, w.plural, 2, key), "en_one": w.singular}
    return out


def templates() -> dict[str, tuple[str, ...]]:
    """key -> (zh, en[, en for one]) unfilled, as web/course/wording.py checks them; zh_hant is checked apart."""
    found = {}
    for key, word in words().items():
        found[key] = (word["zh"], word["en"], *((word["en_one"],) if "en_one" in word else ()))
    return found


# The engine's refusals that the page makes itself, at once and before the engine has loaded (static/js/bounds.js):
# the page takes the engine's limit and message templates from here, so its answer is the engine's, word for word,
# and the limit has one home (suanfan/request.py).
PAGE_MADE_ENGINE_ERRORS = ("hand_too_long",)


def engine_checks() -> dict:
    return {
        "max_hand_chars": api.MAX_HAND_CHARS,
        "messages": {code: errors.message_template(code) for code in PAGE_MADE_ENGINE_ERRORS},
    }


def glossary_module() -> str:
    """static/js/glossary.js: the engine's names, limits and page-made error messages, and the site's words, as one
    ES module for the scripts."""
    data = {"words": words(), "engine_checks": engine_checks(), **glossary.labels()}
    body = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)
    return (
        "// Written by the build from engine/suanfan/ (glossary.py, request.py, errors.py) and web/words.py: the\n"
        "// names of tiles, groups, melds, the engine's hand limit and its words for it, and the site's words,\n"
        "// one source for the templates and the scripts.\n"
        f"export const GLOSSARY = {body};\n"
        "export const TILE_NAMES = GLOSSARY.tiles;\n"
    )


def script_messages() -> dict:
    """The messages the scripts mark (static/js/gettext.js), as they read them: keyed by the English (a plural by
    its form for one; with a context, "context\\x04English", as gettext keys it), each a text of templates, and a
    plural with en_one beside English's other form."""
    from buildkit.catalogues import script_messages as marked  # Babel: a build-time tool

    out = {}
    for msgid, context in marked():
        key = msgid if isinstance(msgid, str) else msgid[0]
        if isinstance(msgid, str):
            out[key] = SITE.text(msgid, context)
        else:
            out[key] = {**SITE.plural(*msgid, 2, context), "en_one": msgid[0]}
        if context:
            out[f"{context}\x04{key}"] = out.pop(key)
    return out


def messages_module() -> str:
    """static/js/messages.js: the scripts' own messages in every language, for static/js/gettext.js."""
    body = json.dumps(script_messages(), ensure_ascii=False, sort_keys=True, indent=0)
    return (
        "// Written by the build from the scripts' marked messages (static/js/*.js) and the site's catalogue\n"
        "// (locale/zh_Hans/site.po, and the Traditional made from it): read through static/js/gettext.js.\n"
        f"export const MESSAGES = {body};\n"
    )
