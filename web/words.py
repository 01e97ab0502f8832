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

from suanfan import glossary

WORDS: dict[str, tuple[str, str]] = {
    # results
    "notes": ("说明", "Notes"),
    "who_pays": ("谁来付", "Who pays"),
    "winner_receives": ("赢家共得 {n}", "the winner receives {n}"),
    "winning_tile": ("和牌张", "winning tile"),
    "tiles": ("牌", "Tiles"),
    "other_readings": ("另外 {n} 种拆法(分数较低)", "{n} other readings (they score less)"),
    "waiting_on": ("听 {n} 张", "waiting on {n} tiles"),
    "not_waiting": ("没有听牌", "not waiting on any tile"),
    "dead_waits": ("四张都已见,和不到", "all four in sight: dead waits"),
    "below_minimum": ("不够 {n} 番起和", "below the {n}-point minimum"),
    "error_code": ("错误代码", "error code"),
    "no_result": ("引擎没有给出结果。", "The engine gave no result."),
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
    "what_is_due": ("到期的和新的", "what is due, then new"),
    "any_kind": ("任何题型", "any kind"),
    "question_after_boot": ("引擎载入后出题……", "The question comes once the engine has loaded…"),
    "question_coming": ("正在出题……", "Making a question…"),
    "answer": ("回答", "Answer"),
    "your_answer": ("你的答案", "Your answer"),
    "pick_one": ("选一个", "Pick one"),
    "pick_all": ("选出所有符合的", "Pick every one that applies"),
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
    "draft_set_aside": ("草稿无法读取,已原样另存为 {key}。", "The draft could not be read; it is kept as it was under {key}."),
    "draft_not_saved": ("草稿没能存下(浏览器的存储已满或不可用)。", "The draft could not be saved (the browser's storage is full or unavailable)."),
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
    # the presenter (static/js/presenter.js)
    "present": ("演示", "Present"),
    "presenter": ("演示", "Presenter"),
    "waits_title": ("听牌", "Waits"),
    "step_back": ("← 上一步", "Back"),
    "step_next": ("下一步 →", "Next"),
    "step_of": ("第 {n} 步 / 共 {of} 步", "step {n} of {of}"),
    "hand_of": ("第 {n} 手 / 共 {of} 手", "hand {n} of {of}"),
    "labels_in": ("文字", "Labels"),
    "lang_both": ("中英", "both"),
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
    # what the page refuses before the engine sees it (static/js/bounds.js), and the engine's faults (engine.js)
    "hand_too_long": ("这手牌有 {n} 个字符,比任何一手牌都长(最多 {max} 个),没有送去计算。",
                      "This hand is {n} characters long, longer than any hand can be (at most {max}): it was not scored."),
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


def glossary_module() -> str:
    """static/js/glossary.js: the engine's names and the site's words, as one ES module for the scripts."""
    data = {"words": words(), **glossary.labels()}
    body = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)
    return ("// Written by the build from engine/suanfan/glossary.py and web/words.py: the names of tiles, groups,\n"
            "// melds and the site's words, one source for the templates and the scripts.\n"
            f"export const GLOSSARY = {body};\n"
            "export const TILE_NAMES = GLOSSARY.tiles;\n")
