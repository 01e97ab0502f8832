"""The site's own words (headings, buttons, sentences around the engine's numbers), declared once in Chinese and
English, and the glossary module the build writes for the scripts.

The names of the game's things (tiles, groups, melds, what became of a fan) are the engine's
(suanfan.glossary); the words here are the page's. Templates use `words` (a dict key -> {zh, en}) and
`say(key, **values)`; scripts import static/js/words.js (the same `say`) over static/js/glossary.js, written from
both by `glossary_module()`, so the
build-time drawing (templates/_result.html) and the run-time one (static/js/result.js) say the same things.
A word with {n} (or another name in braces) is filled from values; a value that is itself {zh, en} fills each
language with its own (a tile's name).
"""

from __future__ import annotations

import json

from suanfan import errors, glossary, request

WORDS: dict[str, tuple[str, str]] = {
    # results
    "notes": ("说明", "Notes"),
    "who_pays": ("谁来付", "Who pays"),
    "winner_receives": ("赢家共得 {n}", "the winner receives {n}"),
    "winning_tile": ("和牌张", "winning tile"),
    "tiles": ("牌", "Tiles"),
    "other_readings": ("另外 {n} 种拆法(分数较低)", "{n} other readings (they score less)"),
    "waiting_on": ("听 {n} 张", "tiles it waits on: {n}"),
    "not_waiting": ("没有听牌", "not waiting on any tile"),
    "dead_waits": ("四张都已见,和不到", "all four in sight: dead waits"),
    "below_minimum": ("不够 {n} 番起和", "below the {n}-point minimum"),
    "error_code": ("错误代码", "error code"),
    "no_result": ("引擎没有给出结果。", "The engine gave no result."),
    # every page's footer: whether the site is kept for offline use (templates/_base.html, from offline.js's state)
    "offline_installing": ("正在把本站存到这台设备上,存好后离线也能用……", "Saving the site on this device for offline use…"),
    "offline_ready": ("本站已存在这台设备上:离线也能用。", "Saved on this device: it works offline."),
    "offline_failed": ("这次没能把本站存好以备离线使用;下次打开时再试。",
                       "The site could not be saved for offline use this time; the next visit tries again."),
    # the hand picker (templates/_picker.html, static/js/picker.js)
    "picked_tiles": ("已选的牌", "Picked tiles"),
    "clear": ("清空", "Clear"),
    "picked_help": ("点一张牌把它去掉,点副露去掉整组;键盘:方向键移动,回车去掉。",
                    "Click a tile to take it out, a meld to take out the whole meld; keys: arrows move, Enter takes out."),
    "a_tile_adds": ("选牌添加", "A tile adds"),
    "one_tile": ("单张", "one tile"),
    "tile_picker": ("选牌", "Tile picker"),
    "help_tile": ("点一张牌,加到手牌最后(最后一张是和牌张)。", "A tile is added at the end (the last tile is the winning tile)."),
    "help_chow": ("吃:点顺子里最小的一张。", "Chow: pick its lowest tile."),
    "help_pung": ("碰:点要碰的那张牌。", "Pung: pick the tile."),
    "help_kong": ("明杠:点要杠的那张牌。", "Melded kong: pick the tile."),
    "help_concealed_kong": ("暗杠:点要杠的那张牌。", "Concealed kong: pick the tile."),
    "help_added_kong": ("加杠(碰了以后再摸到第四张):点那张牌。", "Added kong (a pung that got its fourth tile): pick the tile."),
    "remove_tile": ("去掉 {tile}", "remove {tile}"),
    "remove_meld": ("去掉{meld} {tiles}", "remove the {meld}: {tiles}"),
    "win_mark": ("和", "win"),
    "unreadable_from": ("第 {n} 个字符起无法显示", "can't draw from character {n} on"),
    "no_tiles_yet": ("还没有牌", "no tiles yet"),
    "tiles_unit": ("张", "tiles"),
    # the practice page (templates/_practice.html, static/js/practice.js)
    "engine_ready": ("计算引擎已就绪。", "The scoring engine is ready."),
    "what_is_due": ("到期的和新的", "due and new"),
    "any_kind": ("任何题型", "any kind"),
    "question_after_boot": ("引擎载入后出题……", "The question comes once the engine has loaded…"),
    "question_coming": ("正在出题……", "Making a question…"),
    "answer": ("回答", "Answer"),
    "your_answer": ("你的答案", "Your answer"),
    "pick_one": ("选一个", "Pick one"),
    "pick_all": ("选出所有符合的", "Pick every one that applies"),
    "need_whole_number": ("请填一个整数(0 或更大)。", "Type a whole number, 0 or more."),
    "need_a_choice": ("请先选一个。", "Pick one first."),
    "yes": ("能", "yes"),
    "no": ("不能", "no"),
    "choose_tiles": ("点选每一张能和的牌(再点一次取消)。", "Pick every tile that completes the hand (pick again to undo)."),
    "no_tiles_chosen": ("还没选牌", "no tiles chosen"),
    "right": ("✓ 对了!", "✓ Right!"),
    "not_right": ("✗ 不对。", "✗ Not right."),
    "try_again": ("再试一次", "Try again"),
    "engine_slow": ("计算引擎这次比平常慢得多。", "The engine is taking much longer than usual."),
    "restart_engine": ("重启引擎再算", "Restart the engine and score again"),
    "show_answer": ("看答案", "Show the answer"),
    "the_answer_is": ("答案:", "The answer:"),
    "near_miss": ("差一点:这手牌没有{fan};它是一手有{fan}的牌{change}得来的。",
                  "A near miss: this hand lacks {fan}; it is a hand with {fan}, {change}."),
    "see_every_step": ("引擎的每一步", "Every step the engine took"),
    "learn_it": ("去学:{topic}", "Learn it: {topic}"),
    "next_question": ("下一题", "Next question"),
    "why_due": ("到期复习", "due for review"),
    "why_new": ("新题", "new"),
    "why_weakest": ("最需巩固", "the one you know least"),
    "progress_summary": ("已答 {reviews} 次,练过 {cards} 张卡片,{due} 张到期。",
                         "{reviews} answers, {cards} cards practised, {due} due."),
    "imported": ("已合并:新增 {n} 条记录,原有的都还在。", "Merged: {n} new records added, none of yours lost."),
    "practise_this": ("练习", "Practise this"),
    # a teacher's own lesson (the calculator's panel, static/js/lesson-maker.js; show.html)
    "maker_title": ("我的讲解", "Your own worked examples"),
    "maker_help": ("给这手牌加个标题和说明,做成链接发给学生;几手牌可以串成一课,学生按顺序一步一步看。链接本身带着全部内容,不存到任何服务器。",
                   "Give this hand a title and a note and turn it into a link for students; chain several hands into one lesson they step through in order. The link carries everything: nothing is stored on a server."),
    "hand_title": ("这手牌的标题", "Title of this hand"),
    "hand_note": ("说明(纯文字)", "Note (plain text)"),
    "add_this_hand": ("加入这一手", "Add this hand"),
    "lesson_title": ("这一课的标题", "Title of the lesson"),
    "make_link": ("做成链接", "Make the link"),
    "open_lesson": ("打开看看", "Open it"),
    "lesson_link": ("讲解链接", "Lesson link"),
    "link_made": ("链接已复制({n} 个字符)", "Link copied ({n} characters)"),
    "link_in_box": ("请从下面的框里复制({n} 个字符)", "Copy it from the box below ({n} characters)"),
    "remove": ("去掉", "Remove"),
    "move_up": ("上移", "Move up"),
    "move_down": ("下移", "Move down"),
    "no_hand_yet": ("先在上面算出一手牌。", "Score a hand above first."),
    "draft_what": ("讲解草稿", "lesson draft"),
    "draft_unreadable": ("保存的讲解草稿无法读取(不是本页认得的格式)。", "The saved lesson draft cannot be read (it is not in a form this page knows)."),
    "draft_not_saved": ("讲解草稿没能存下(浏览器的存储已满或不可用),这次改动没有做,输入的内容还在。",
                        "The lesson draft could not be saved (the browser's storage is full or unavailable), so this change was not made; what you typed is still there."),
    "show_title": ("讲解", "Worked examples"),
    "show_loading": ("正在打开讲解……", "Opening the lesson…"),
    "show_again": ("从头再看", "Start again"),
    # the table card (table.html, static/js/table-card.js)
    "table_card_title": ("开桌约定", "Agree the table"),
    "table_card_help": ("开局前四人说定口径:选规则和每一条约定,得到一行可写在记分表顶上的摘要、一张可打印的卡片,以及一条链接——它把计算器、练习和记分表设成同样的约定。",
                        "Before the first hand, the four players agree the table: choose the rules and each convention to get a one-line summary for the top of a score sheet, a card to print, and a link that sets the calculator, the practice page and the score sheet alike."),
    "table_card_heading": ("本桌约定", "This table's conventions"),
    "table_link": ("这张卡片的链接", "Link to this card"),
    "use_in_calculator": ("用这些约定打开计算器", "Open the calculator with these conventions"),
    "use_in_practice": ("用这些约定练习", "Practise with these conventions"),
    "use_in_scoresheet": ("用这些约定记分", "Keep score with these conventions"),
    "print_card": ("打印卡片", "Print the card"),
    "as_the_sheet": ("全部按规则默认", "everything as the rules say by default"),
    "agreed": ("已约定", "agreed"),
    "yes_setting": ("是", "yes"),
    "no_setting": ("否", "no"),
    # the practice page's conventions (static/js/practice.js)
    "practice_conventions": ("练习的约定", "Conventions of these questions"),
    "conventions_of_sheet": ("按规则单;讲约定的题目会换着桌子出", "the sheet's; questions on the conventions show other tables"),
    "back_to_sheet": ("改回规则单的默认", "Back to the sheet's defaults"),
    "change_conventions": ("在开桌约定卡上改", "Change them on the table card"),
    # the score sheet (scoresheet.html, static/js/scoresheet.js)
    "scoresheet": ("计分表", "Score sheet"),
    "sheet_lede": ("四人一局一局记下来:谁和、自摸还是谁点炮、谁坐庄,有手牌就记手牌,没有就记番型和倍数。每一局的番值、倍数、封顶和收付都由计算引擎按本桌约定算出,写成分开的几栏,谁都能复算;累计永远相加为零。记录只存在这个浏览器里。",
                   "Four players, hand by hand: who won, self-drawn or who discarded, who dealt, and the hand if you have it, "
                   "else the pattern and multipliers. The engine works out every row — value, multipliers, cap and who "
                   "pays — under this table's conventions, in separate columns anyone can recompute; the running totals "
                   "always sum to zero. The sheet is kept in this browser only."),
    "sheet_conventions": ("本表约定", "This sheet's conventions"),
    "sheet_edit_conventions": ("改约定(之后每一局重算)", "Change the conventions (every hand is recomputed)"),
    "sheet_table_card": ("这些约定的开桌卡片", "The table card for these conventions"),
    "sheet_link_differs": ("链接里的约定和这张表的不一样:{link}。这张表已有 {n} 局,仍按原约定记。",
                           "The link's conventions differ from this sheet's: {link}. The sheet has {n} hands and keeps its own."),
    "sheet_adopt_link": ("按链接的约定开一张新表(可撤销)", "Start a new sheet with the link's conventions (can be undone)"),
    "sheet_players": ("玩家", "Players"),
    "sheet_seat": ("座位 {n}", "Seat {n}"),
    "sheet_seat_help": ("按出牌顺序:座位 2 是座位 1 的下家。", "In the order of play: seat 2 plays after seat 1."),
    "sheet_new_hand": ("第 {n} 局", "Hand {n}"),
    "sheet_editing": ("修改第 {n} 局", "Editing hand {n}"),
    "sheet_dealer": ("庄家", "Dealer"),
    "sheet_dealer_help": ("默认:庄家和牌或荒庄就连庄,否则下家坐庄;可以改。", "Default: the dealer stays after winning or a drawn hand, else the next seat deals; change it if your table differs."),
    "sheet_winner": ("和牌", "Winner"),
    "sheet_nobody": ("荒庄(没人和)", "drawn hand (nobody won)"),
    "sheet_how": ("怎么和的", "How"),
    "sheet_self_drawn": ("自摸", "self-drawn"),
    "sheet_discarded_by": ("{name} 点炮", "{name} discarded"),
    "sheet_kong_bloom": ("杠上开花", "win on a kong replacement"),
    "sheet_robbed": ("抢 {name} 的杠", "robbed {name}'s kong"),
    "sheet_kong": ("杠上开花 / 抢杠", "win on a kong replacement / robbing a kong"),
    "sheet_kong_help": ("自摸时是杠上开花,点和时是抢杠(“点炮”写被抢杠的人)。", "With a self-draw it is a win on a kong replacement; on a discard it is robbing a kong (the “discarder” is the player robbed)."),
    "sheet_hand": ("手牌(可不填)", "Hand (optional)"),
    "sheet_hand_help": ("写了手牌,番由引擎算;不写,就在下面记番型和倍数,引擎核对。", "With the hand the engine scores it; without it, write the pattern and multipliers below and the engine checks them."),
    "sheet_pattern_fan": ("番型的番", "Pattern's fan"),
    "sheet_pattern_fan_help": ("规则单番型表里的数:平胡 1、碰碰胡 2、混一色 3、七对 4、清一色 6、豪华七对 8。", "As the sheet's table lists it: 1 basic win, 2 all pungs, 3 half flush, 4 seven pairs, 6 full flush, 8 luxury seven pairs."),
    "sheet_multipliers_written": ("记下的倍数", "Multipliers written down"),
    "sheet_points": ("番数", "Points"),
    "sheet_points_help": ("这手牌的番数(含花牌);8 番起和。", "The hand's points (flowers included); a win needs 8."),
    "sheet_flowers": ("花牌", "Flowers"),
    "sheet_prevalent_wind": ("圈风", "Prevalent wind"),
    "sheet_last_copy": ("和绝张", "last copy of the tile"),
    "sheet_last_of_wall": ("海底捞月 / 妙手回春", "last tile of the wall"),
    "sheet_add": ("记下这一局", "Record this hand"),
    "sheet_save_edit": ("保存修改", "Save the change"),
    "sheet_cancel_edit": ("不改了", "Cancel"),
    "sheet_edit": ("改", "Edit"),
    "sheet_edit_row": ("修改第 {n} 局", "Edit hand {n}"),
    "sheet_delete": ("删", "Delete"),
    "sheet_delete_row": ("删除第 {n} 局", "Delete hand {n}"),
    "sheet_undo": ("撤销", "Undo"),
    "sheet_undo_what": ("撤销:{what}", "Undo: {what}"),
    "sheet_nothing_to_undo": ("没有可撤销的", "nothing to undo"),
    "sheet_export_csv": ("导出 CSV", "Export CSV"),
    "sheet_english_header": ("CSV 用英文表头", "English header row in the CSV"),
    "sheet_print": ("打印", "Print"),
    "sheet_export_file": ("导出记分表文件", "Export the sheet as a file"),
    "sheet_import_file": ("导入记分表文件", "Import a sheet file"),
    "sheet_imported": ("已导入:{n} 局(原来的表可撤销回来)。", "Imported: {n} hands (undo brings the previous sheet back)."),
    "sheet_new": ("开新表(可撤销)", "New sheet (can be undone)"),
    "sheet_totals": ("累计", "Totals"),
    "sheet_sum_zero": ("合计 {sum}", "sum {sum}"),
    "sheet_no_rows": ("还没有记任何一局。", "No hands recorded yet."),
    "sheet_waiting_engine": ("计算引擎载入后,每一局的番和收付在这里算出。", "Once the engine has loaded, every hand's values and payments are worked out here."),
    "sheet_engine_failed": ("计算引擎没能启动,这张表暂时算不出来;记录都还在。请刷新页面再试。", "The engine could not start, so the sheet cannot be worked out now; your records are safe. Reload the page to try again."),
    "sheet_row_error": ("这一局记错了,不计分:", "This hand is not valid and scores nothing: "),
    "sheet_draw": ("荒庄", "drawn"),
    "sheet_capped": ("封顶", "capped"),
    "sheet_no_cap": ("不封顶", "no cap"),
    "sheet_changed": ("记分表已改:{what}", "Sheet changed: {what}"),
    "sheet_change_add": ("记下第 {n} 局", "hand {n} recorded"),
    "sheet_change_edit": ("修改第 {n} 局", "hand {n} edited"),
    "sheet_change_delete": ("删除第 {n} 局", "hand {n} deleted"),
    "sheet_change_names": ("改了玩家名字", "players renamed"),
    "sheet_change_conventions": ("改了约定", "conventions changed"),
    "sheet_change_new": ("开了新表", "new sheet"),
    "sheet_change_import": ("导入了文件", "file imported"),
    "sheet_undone": ("已撤销:{what}", "Undone: {what}"),
    # CSV and table columns (the same words in the page's table and in the exported file)
    "col_hand_no": ("局", "Hand"),
    "col_dealer": ("庄家", "Dealer"),
    "col_winner": ("和牌", "Winner"),
    "col_how": ("方式", "How"),
    "col_tiles": ("手牌", "Tiles"),
    "col_pattern": ("番型", "Pattern"),
    "col_value": ("番值", "Pattern value"),
    "col_start": ("计底", "With the base"),
    "col_multipliers": ("倍数", "Multipliers"),
    "col_cap": ("封顶", "Cap"),
    "col_score": ("得分", "Score"),
    "col_paid": ("{name}", "{name}"),
    "col_running": ("{name}累计", "{name} total"),
    "col_error": ("错误", "Error"),
    # the table tools hub (tools.html)
    "tools": ("牌桌工具", "Table tools"),
    "tools_lede": ("牌桌上用得着的几样工具:开局前说定约定,打的时候记分、查裁决,教人时一步一步演示。全都离线可用。",
                   "Tools for the table: agree the conventions before the first hand, keep score and settle arguments "
                   "while playing, and walk beginners through a hand step by step. All of them work offline."),
    "tool_table_card": ("开桌前四人说定规则和口径,得到一行摘要、一张可打印的卡片和一条链接,把计算器、练习和计分表都设成同样的约定。",
                        "Before the first hand: agree the rules and conventions and get a one-line summary, a card to print and a link that sets the calculator, practice and the score sheet alike."),
    "tool_scoresheet": ("一局一局记分:引擎算出每一局的番值、倍数、封顶和收付,累计相加为零;可改、可删、可撤销,导出 CSV、打印。",
                        "Keep score hand by hand: the engine works out each hand's value, multipliers, cap and payments, and the totals sum to zero; edit, delete, undo, export CSV and print."),
    "tool_rulings": ("牌桌上常吵的问题(抢杠还是杠上开花、海底、绝张、8 番起和……),可用中文、英文或拼音首字母搜索。",
                     "The questions tables argue about (robbing or blooming, the last tile, the last copy, the 8-point minimum…), searchable in Chinese, English or pinyin initials."),
    "tool_presenter": ("全屏大字,一步一步讲一手牌;方向键、空格或翻页笔前后翻,附二维码让学生在手机上打开同一手。",
                       "A hand full screen in big tiles, one step at a time; arrows, space or a clicker step through it, and a QR code opens the same hand on students' phones."),
    "tool_presenter_how": ("在计算器算出一手牌后点“演示”,或在裁决、课程、练习的例牌上点“演示”。例如:",
                           "Score a hand in the calculator and press “Present”, or “Present” on any ruling, lesson or practice hand. For example:"),
    "tool_presenter_example": ("演示一手碰碰胡自摸", "present an all-pungs self-draw"),
    "tool_maker": ("老师把几手牌加上标题和说明,串成一条链接发给学生,学生按顺序一步一步看;不存到任何服务器。",
                   "A teacher adds titles and notes to a few hands and chains them into one link students step through in order; nothing is stored on a server."),
    "tool_maker_how": ("在计算器里算出一手牌,打开结果下方的“我的讲解”。", "Score a hand in the calculator and open “Your own worked examples” below the result."),
    "tool_open": ("打开", "Open"),
    # the presenter (static/js/presenter.js)
    "present": ("演示", "Present"),
    "presenter": ("演示", "Presenter"),
    "waits_title": ("听牌", "Waits"),
    "step_back": ("← 上一步", "Back"),
    "step_next": ("下一步 →", "Next"),
    "step_of": ("第 {n} 步 / 共 {of} 步", "step {n} of {of}"),
    "hand_of": ("第 {n} 手 / 共 {of} 手", "hand {n} of {of}"),
    "labels_in": ("文字", "Labels"),
    "lang_both": ("中英", "Both"),
    "lang_zh": ("中文", "Chinese"),
    "lang_en": ("英文", "English"),
    "full_screen": ("全屏", "Full screen"),
    "close_presenter": ("关闭 Esc", "Close"),
    "scan_to_open": ("扫码在手机上打开这手牌", "Scan to open this hand on a phone"),
    "qr_of_link": ("本页链接的二维码", "QR code of this page's link"),
    "mastery": ("掌握 {n}%", "known {n}%"),
    # the rulings page (templates/_rulings.html, static/js/rulings.js) and the links to it
    "rulings": ("赛中裁决", "Rulings"),
    "rulings_lede": ("牌桌上常吵的问题,每个都有一句裁决和几手由计算引擎算好的例牌;点“演示”可以在计算器里一步一步讲给大家看。",
                     "The questions tables argue about, each with a short ruling and hands the engine has scored; "
                     "“Present” opens a hand in the calculator to walk a table through it step by step."),
    "rulings_search": ("搜索裁决", "Search the rulings"),
    "rulings_search_help": ("中文、英文或拼音首字母都行,例如 qgh 找抢杠胡。按回车跳到第一条,Esc 清空。",
                            "Chinese, English or pinyin initials: qgh finds 抢杠胡. Enter jumps to the first match, Esc clears."),
    "rulings_all": ("共 {n} 条裁决", "{n} rulings"),
    "rulings_found": ("找到 {n} 条(共 {total} 条)", "{n} of {total} rulings match"),
    "rulings_none": ("没有找到符合的裁决。", "No ruling matches."),
    "ruling_answer": ("裁决", "Ruling"),
    "ruling_keywords": ("关键词", "Keywords"),
    "ruling_hands": ("例牌", "Worked hands"),
    "ruling_taught": ("在这里学", "Taught in"),
    "ruling_upheld": ("裁定", "The ruling"),
    "ruling_other_reading": ("另一种读法", "Another reading"),
    "ruling_readings": ("两种读法", "The readings"),
    "related_rulings": ("相关裁决", "Rulings on this"),
    "ruling_group_sheet_faq": ("九江规则单的五个问题", "The Jiujiang sheet's five questions"),
    "ruling_group_kongs": ("杠:抢杠与杠上开花", "Kongs: robbing and the replacement tile"),
    "ruling_group_last_tiles": ("最后一张:海底、妙手、绝张", "Last tiles: the wall's last, the last copy"),
    "ruling_group_minimum": ("起和:8 分与花牌", "What a win needs: 8 points, flowers"),
    "ruling_group_table": ("开桌约定", "Table conventions"),
    "ruling_group_principles": ("国标组合原则", "Guobiao combination principles"),
    # what the page refuses before the engine sees it (static/js/bounds.js; a hand too long is refused in the
    # engine's own words: ENGINE_CHECKS), and the engine's faults (engine.js)
    "link_key_refused": ("链接里的键 “{key}” 不能用,整条链接没有打开。",
                         "The link's key “{key}” cannot be used, so the link was not opened."),
    "link_key_too_deep": ("链接里的键有 {n} 层,比任何设置都深(最多 {max} 层),整条链接没有打开。",
                          "A key of the link is {n} levels deep, deeper than any setting (at most {max}): the link was not opened."),
    "link_too_long": ("链接有 {n} 个字符,比本站做的任何链接都长(最多 {max} 个),没有打开。",
                      "The link is {n} characters long, longer than any link this site makes (at most {max}): it was not opened."),
    "request_too_deep": ("请求嵌套了 {n} 层以上,比任何规则的设置都深,没有送去计算。",
                         "The request is nested more than {n} levels deep, deeper than any rule set's settings: it was not scored."),
    "request_too_large": ("请求有 {n} 个字符以上,比任何真实的请求都大,没有送去计算。",
                          "The request is more than {n} characters long, larger than any real request: it was not scored."),
    "link_unreadable": ("这条链接无法读取:{detail}", "This link could not be read: {detail}"),
    "engine_restarting": ("计算引擎停止了响应,正在重新启动,并会重新计算你输入的内容……",
                          "The scoring engine stopped answering; starting it again, then your input is scored again…"),
    "engine_superseded": ("计算引擎还在算一个已被替换的旧请求,正在重新启动它来算新的……",
                          "The engine was still busy with a request you have since replaced; restarting it for the new one…"),
    "engine_no_answer": ("计算引擎重启后仍然没有给出结果。", "The scoring engine gave no answer, even after a restart."),
    "engine_gave_up": ("计算引擎反复停止,已放弃。请刷新页面再试。",
                       "The scoring engine stopped again and again, so it was given up. Reload the page to try again."),
    "try_again": ("再试一次", "Try again"),
    "engine_slow": ("计算引擎这次比平常慢得多。", "The engine is taking much longer than usual."),
    "restart_engine": ("重启引擎再算", "Restart the engine and score again"),
    "setting_not_saved": ("这个选择只在本页有效:浏览器没能把它存下。", "This choice lasts for this page only: the browser could not store it."),
}


def say(key: str, **values) -> dict:
    def fill(text: str, lang: str) -> str:
        return text.format(**{k: v[lang] if isinstance(v, dict) else v for k, v in values.items()})

    zh, en = WORDS[key]
    return {"zh": fill(zh, "zh"), "en": fill(en, "en")}


def words() -> dict:
    return {key: {"zh": zh, "en": en} for key, (zh, en) in WORDS.items()}


# The engine's refusals that the page makes itself, at once and before the engine has loaded (static/js/bounds.js):
# the page takes the engine's limit and message templates from here, so its answer is the engine's, word for word,
# and the limit has one home (suanfan/request.py).
PAGE_MADE_ENGINE_ERRORS = ("hand_too_long",)


def engine_checks() -> dict:
    return {"max_hand_chars": request.MAX_HAND_CHARS,
            "messages": {code: dict(zip(("zh", "en"), errors.MESSAGES[code])) for code in PAGE_MADE_ENGINE_ERRORS}}


def glossary_module() -> str:
    """static/js/glossary.js: the engine's names, limits and page-made error messages, and the site's words, as one
    ES module for the scripts."""
    data = {"words": words(), "engine_checks": engine_checks(), **glossary.labels()}
    body = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)
    return ("// Written by the build from engine/suanfan/ (glossary.py, request.py, errors.py) and web/words.py: the\n"
            "// names of tiles, groups, melds, the engine's hand limit and its words for it, and the site's words,\n"
            "// one source for the templates and the scripts.\n"
            f"export const GLOSSARY = {body};\n"
            "export const TILE_NAMES = GLOSSARY.tiles;\n")
