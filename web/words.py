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

from suanfan import api
from suanfan.api import errors, glossary

# key -> (zh, en) or (zh, en, en when {n} is 1): English says "1 hand" and "2 hands"; Chinese has one form.
WORDS: dict[str, tuple[str, ...]] = {
    # results
    "notes": ("说明", "Notes"),
    "cue_no_result": ("这手牌没能算出结果。", "This hand could not be scored."),
    "who_pays": ("谁来付", "Who pays"),
    "winner_receives": ("赢家共得 {n}", "the winner receives {n}"),
    "winning_tile": ("和牌张", "winning tile"),
    "tiles": ("牌", "Tiles"),
    "other_readings": (
        "另外 {n} 种拆法(分数较低)",
        "{n} other readings (they score less)",
        "1 other reading (it scores less)",
    ),
    "waiting_on": ("听 {n} 张", "tiles it waits on: {n}"),
    "not_waiting": ("没有听牌", "not waiting on any tile"),
    "dead_waits": ("四张都已见,和不到", "all four in sight: dead waits"),
    "below_minimum": ("不够 {n} 分起和", "below the {n}-point minimum"),
    "error_code": ("错误代码", "error code"),
    # hand reading (the calculator's analyse view: static/js/result.js analysisView)
    "reading_title": ("牌理", "Hand reading"),
    "reading_offer": (
        "这手牌还没和:看看它离听牌多远、还能做成多大?",
        "This hand has not won: how far is it from ready, and what can it still be worth?",
    ),
    "reading_button": ("看牌理", "Read this hand"),
    "shanten_n": ("{n} 向听", "{n} steps from ready", "1 step from ready"),
    "shanten_ready": ("听牌", "ready"),
    "shanten_complete": ("已经和了", "complete: it has won"),
    "useful_n": ("有效牌 {n} 张", "{n} useful tiles", "1 useful tile"),
    "reading_best_discard": ("最快的打法:打{tile},{shanten}", "Fastest: discard the {tile}, {shanten}"),
    "reading_forms": ("各牌型的向听数", "Steps from ready, form by form"),
    "col_discard": ("打出", "Discard"),
    "col_shanten": ("向听", "From ready"),
    "col_useful": ("有效牌(未见张数)", "Useful tiles (copies unseen)"),
    "col_best": ("最高", "Best"),
    "col_minimum": ("够 {n} 分", "Reaching {n}"),
    "col_routes": ("番种路线", "Routes"),
    "col_pattern_routes": ("番型路线", "Routes"),
    "sort_by": ("排序", "Sort by"),
    "sort_speed": ("按速度", "speed"),
    "sort_value": ("按价值", "value"),
    "basis_estimate": ("估算", "estimated"),
    "route_share": ("占和法的 {n}%", "{n}% of the wins"),
    "route_needs": ("还要", "still needs"),
    "no_route": ("这样打暂时和不了", "no win in reach this way"),
    "reading_estimate_note": (
        "离听牌两步以上的打法只是估算:沿几条最常见的摸打线路往下看。",
        "Where a discard leaves the hand two or more steps from ready its value is an estimate, "
        "from a few likely lines of play.",
    ),
    "no_result": ("引擎没有给出结果。", "The engine gave no result."),
    # every page's footer: whether the site is kept for offline use (templates/_base.html, from offline.js's state)
    "offline_installing": (
        "正在把本站存到这台设备上,存好后离线也能用……",
        "Saving the site on this device for offline use…",
    ),
    "offline_ready": ("本站已存在这台设备上:离线也能用。", "Saved on this device: it works offline."),
    "update_ready": (
        "算番有了新版本,已经存到这台设备上;这一页还是旧版本。",
        "A new version of Suanfan is saved on this device; this page still runs the previous one.",
    ),
    "update_reload": ("重新载入,用新版本", "Reload with the new version"),
    "offline_failed": (
        "这次没能把本站存好以备离线使用;下次打开时再试。",
        "The site could not be saved for offline use this time; the next visit tries again.",
    ),
    # the hand picker (templates/_picker.html, static/js/picker.js)
    "picked_tiles": ("已选的牌", "Picked tiles"),
    "clear": ("清空", "Clear"),
    "picked_help": (
        "点一张牌把它去掉,点副露去掉整组;键盘:方向键移动,回车去掉。",
        "Click a tile to take it out, a meld to take out the whole meld; keys: arrows move, Enter takes out.",
    ),
    "a_tile_adds": ("选牌添加", "A tile adds"),
    "one_tile": ("单张", "one tile"),
    "tile_picker": ("选牌", "Tile picker"),
    "help_tile": (
        "点一张牌,加到手牌最后(最后一张是和牌张)。",
        "A tile is added at the end (the last tile is the winning tile).",
    ),
    "help_chow": ("吃:点顺子里最小的一张。", "Chow: pick its lowest tile."),
    "help_pung": ("碰:点要碰的那张牌。", "Pung: pick the tile."),
    "help_kong": ("明杠:点要杠的那张牌。", "Melded kong: pick the tile."),
    "help_concealed_kong": ("暗杠:点要杠的那张牌。", "Concealed kong: pick the tile."),
    "help_added_kong": (
        "加杠(碰了以后再摸到第四张):点那张牌。",
        "Added kong (a pung that got its fourth tile): pick the tile.",
    ),
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
    "choose_tiles": (
        "点选每一张能和的牌(再点一次取消)。",
        "Pick every tile that completes the hand (pick again to undo).",
    ),
    "no_tiles_chosen": ("还没选牌", "no tiles chosen"),
    "right": ("✓ 对了!", "✓ Right!"),
    "not_right": ("✗ 不对。", "✗ Not right."),
    "try_again": ("再试一次", "Try again"),
    "engine_slow": ("计算引擎这次比平常慢得多。", "The engine is taking much longer than usual."),
    "restart_engine": ("重启引擎再算", "Restart the engine and score again"),
    "show_answer": ("看答案", "Show the answer"),
    "the_answer_is": ("答案:", "The answer:"),
    # the change is a fragment (neighbours.py: "one Eight of Bamboo replaced by an East Wind", "self-drawn: yes →
    # no"), hence the parentheses; a course example was changed from no hand of the question
    "near_miss": (
        "差一点:这手牌没有{fan}。它是一手有{fan}的牌改了一处({change})得来的。",
        "A near miss: this hand lacks {fan}. It is a hand with {fan} after one change ({change}).",
    ),
    "near_miss_example": (
        "差一点:这手牌没有{fan}。它是课程里讲{fan}时举的差一点的例子。",
        "A near miss: this hand lacks {fan}. It is the near miss the course shows for {fan}.",
    ),
    "see_every_step": ("引擎的每一步", "Every step the engine took"),
    "learn_it": ("去学:{topic}", "Learn it: {topic}"),
    "learn_this": ("去学这一条", "Learn this"),
    "or_perhaps": ("也可能是:", "Or perhaps:"),
    "no_diagnosis": (
        "这个答案不像常见的错法;答案(“看答案”)里有引擎的每一步。",
        "This answer matches none of the usual mistakes; the answer (“Show the answer”) comes with every step the engine took.",
    ),
    "diagnosis_unavailable": (
        "这次没能分析错在哪里(计算引擎没有回答);答案和每一步照样在下面。",
        "Where this went wrong could not be worked out this time (the engine did not answer); the answer and every step are still below.",
    ),
    "next_question": ("下一题", "Next question"),
    "why_due": ("到期复习", "due for review"),
    "why_new": ("新题", "new"),
    "why_weakest": ("最需巩固", "the one you know least"),
    "why_follow_up": ("刚才错的那一处,再来一道", "one more on what you just missed"),
    "progress_summary": (
        "已答 {reviews} 次,练过 {cards} 张卡片,现在 {due} 张到期。",
        "Answers: {reviews} · cards practised: {cards} · due now: {due}.",
    ),
    "imported": (
        "已合并:新增 {n} 条记录,原有的都还在。",
        "Merged: {n} new records added, none of yours lost.",
        "Merged: 1 new record added, none of yours lost.",
    ),
    "practise_this": ("练习", "Practise this"),
    # what practice is asking beyond the schedule (static/js/practice.js, guided.js)
    "back_to_schedule": ("回到按计划练习", "Back to scheduled practice"),
    "focus_mode": ("专练:{tag}", "Practising one thing: {tag}"),
    "replay_mode": (
        "重做答错的题:共 {n} 题,按原题再出",
        "Your misses again, each asked exactly as before (questions: {n})",
    ),
    "no_misses": ("还没有答错的题可以重做。", "There are no missed questions to replay yet."),
    "challenge_mode": (
        "综合挑战:{n} 题,横跨你已熟练的主题;答对才算真正掌握",
        "Mixed challenge across the topics you are proficient in (questions: {n}); answered right, they count as mastered",
    ),
    "no_challenge_yet": (
        "还没有熟练的主题可以挑战:先在不同的日子把一个主题的几种题都答对。",
        "No topic is at proficient yet: first answer a topic's kinds right on different days.",
    ),
    "challenge_done": ("挑战完成:{n} 题里答对 {right} 题。", "Challenge finished: {right} of {n} right."),
    "see_progress": ("看看我的进度", "See my progress"),
    "leech_mode": (
        "这张卡片答错了好几次:先重新学一遍",
        "You have missed this card several times: learn it again first",
    ),
    "leech_words": (
        "“{topic}”这题你已经答错了四次。再做同样的题帮助不大:先看看讲它的那一课,再一步一步跟着引擎做一遍。",
        "You have missed “{topic}” four times. The same question again would not help much: read the lesson that teaches it, then work through it with the engine, one step at a time.",
    ),
    "leech_later": ("先跳过", "Skip it for now"),
    "guided_start": ("一步一步做", "Work through it step by step"),
    "guided_mode": ("一步一步:引擎的每一步,你来算", "Step by step: the engine's steps, you work each out"),
    "guided_help": (
        "一次一步。算到数字的那一步,先自己算出来再看。",
        "One step at a time. Where a step comes to a number, work it out before you see it.",
    ),
    "guided_value": ("这一步得多少?", "What does this step come to?"),
    "guided_look_again": ("再看看这一步,试一次。", "Look at this step again and have another try."),
    "guided_it_is": ("这一步是 {n}。", "This step comes to {n}."),
    "guided_next": ("下一步", "Next step"),
    # the learner's own hands as a deck (the practice page's panel, static/js/deck.js, practice.js)
    "deck_title": ("我的牌", "My own hands"),
    "deck_help": (
        "拿自己打过的牌来练,比如昨晚的牌:记分表里记了牌的局,或者在这里贴上几行记谱。每手牌都会问到所有合适的题型。",
        "Practise on hands you played, last night's for instance: the score sheet's hands with their tiles, or lines of notation pasted here. Each hand is asked every kind of question that fits it.",
    ),
    "deck_count": ("{rules}:我的牌 {n} 手", "{rules}: hands of your own: {n}"),
    "deck_empty": ("{rules}:还没有你自己的牌。", "{rules}: no hands of your own yet."),
    "deck_practise": ("练这些牌", "Practise these hands"),
    "deck_practise_n": ("练我自己的牌({n} 手)", "Practise my own hands (hands: {n})"),
    "deck_add_some": ("拿自己打过的牌来练", "Practise on hands you played"),
    "deck_add_title": ("加牌", "Add hands"),
    "deck_lines_label": ("贴上牌(规则:{rules}),一行一手", "Paste hands (rules: {rules}), one a line"),
    "deck_lines_help": (
        "先写牌,再写情形(下面的写法,用空格隔开),# 后面是备注。算不出分的行会留在框里,写明错在哪里。",
        "First the tiles, then the situation (written as below, with spaces between), a note after #. A line that does not score stays in the box, with what is wrong with it.",
    ),
    "deck_example_note": ("东一局,我自摸", "East 1, my self-draw"),
    "deck_add": ("加入我的牌", "Add to my hands"),
    "deck_from_sheet": ("取记分表里记了牌的局", "Take the score sheet's hands with tiles"),
    "deck_checking": ("正在让引擎算这些牌……", "The engine is scoring these hands…"),
    "deck_added": ("加入了 {n} 手牌。", "Hands added: {n}."),
    "deck_nothing_new": ("没有新的牌:这些都已经在里面了。", "Nothing new: these hands are already there."),
    "deck_removed": ("去掉了这手牌。", "The hand is removed."),
    "deck_key_default": ("(不写就是 {value})", "(if left out: {value})"),
    "deck_other_rules": (
        "记分表记的是{rules}:这些牌加在{rules}下面。",
        "The score sheet is kept in {rules}: these hands were added under {rules}.",
    ),
    "deck_switch": ("换到{rules}", "Switch to {rules}"),
    "deck_line": ("第 {line} 行", "Line {line}"),
    "deck_sheet": ("记分表", "The score sheet"),
    "deck_from_row": ("记分表第 {row} 局", "score sheet, hand {row}"),
    "deck_pasted": ("贴上的", "pasted"),
    "deck_sheet_empty": (
        "记分表里还没有记了牌的局(只记了番数、分数的局没有牌可练)。",
        "The score sheet has no hand with its tiles yet (a hand written down as points alone has no tiles to practise on).",
    ),
    "deck_mode": (
        "我的牌:{n} 手,每手问到所有合适的题型",
        "Your own hands (hands: {n}), each asked every kind of question that fits",
    ),
    "deck_done": ("我的牌都问过了:{n} 题里答对 {right} 题。", "Your own hands are done: {right} of {n} right."),
    # a timed round (the practice page's panel, static/js/timed-round.js, practice.js)
    "round_title": ("限时三分钟", "A three-minute round"),
    "round_help": (
        "三分钟里能答对几题?答错一题扣 {n} 秒。最好成绩只记在这台设备上;这一轮不改你的复习计划。",
        "How many can you get right in three minutes? A wrong answer costs {n} seconds. The best score is kept on this device; the round leaves your review schedule as it is.",
        "How many can you get right in three minutes? A wrong answer costs 1 second. The best score is kept on this device; the round leaves your review schedule as it is.",
    ),
    "round_button_best": ("{kind}(最好:{best})", "{kind} (best: {best})"),
    "round_mode": ("限时一轮:{kind}", "Timed round: {kind}"),
    "round_clock": ("还剩 {time}", "time left: {time}"),
    "round_penalty": ("扣 {n} 秒", "{n} seconds off", "1 second off"),
    "round_done": ("时间到!答对 {right} 题,答错 {wrong} 题。", "Time! Right: {right} · wrong: {wrong}."),
    "round_best_new": ("新的最好成绩!", "A new best!"),
    "round_best": ("最好成绩:{best}。", "Your best: {best}."),
    "round_again": ("再来一轮", "Another round"),
    "round_try": ("限时三分钟:{kind}", "Three-minute round: {kind}"),
    "round_try_best": ("限时三分钟:{kind}(最好:{best})", "Three-minute round: {kind} (best: {best})"),
    "round_no_kind": (
        "这套规则没有这种题,先按计划练习。",
        "These rules have no such question: scheduled practice instead.",
    ),
    # a teacher's own lesson (the calculator's panel, static/js/lesson-maker.js; show.html)
    "maker_title": ("我的讲解", "Your own worked examples"),
    "maker_help": (
        "给这手牌加个标题和说明,做成链接发给学生;几手牌可以串成一课,学生按顺序一步一步看。链接本身带着全部内容,不存到任何服务器。",
        "Give this hand a title and a note and turn it into a link for students; chain several hands into one lesson they step through in order. The link carries everything: nothing is stored on a server.",
    ),
    "hand_title": ("这手牌的标题", "Title of this hand"),
    "hand_note": ("说明(纯文字)", "Note (plain text)"),
    "add_this_hand": ("加入这一手", "Add this hand"),
    "lesson_title": ("这一课的标题", "Title of the lesson"),
    "make_link": ("做成链接", "Make the link"),
    "open_lesson": ("打开看看", "Open it"),
    "lesson_link": ("讲解链接", "Lesson link"),
    "link_made": ("链接已复制({n} 个字符)", "Link copied ({n} characters)", "Link copied (1 character)"),
    "link_in_box": (
        "请从下面的框里复制({n} 个字符)",
        "Copy it from the box below ({n} characters)",
        "Copy it from the box below (1 character)",
    ),
    "remove": ("去掉", "Remove"),
    "move_up": ("上移", "Move up"),
    "move_down": ("下移", "Move down"),
    "no_hand_yet": ("先在上面算出一手牌。", "Score a hand above first."),
    "lesson_full": (
        "一课最多 {n} 手牌:先去掉一手,或把这些做成链接,再开一课。",
        "A lesson holds at most {n} hands: remove one, or make the link for these and start another lesson.",
        "A lesson holds at most 1 hand: remove it, or make the link for it and start another lesson.",
    ),
    "draft_what": ("讲解草稿", "lesson draft"),
    "draft_unreadable": (
        "保存的讲解草稿无法读取(不是本页认得的格式)。",
        "The saved lesson draft cannot be read (it is not in a form this page knows).",
    ),
    "draft_not_saved": (
        "讲解草稿没能存下(浏览器的存储已满或不可用),这次改动没有做,输入的内容还在。",
        "The lesson draft could not be saved (the browser's storage is full or unavailable), so this change was not made; what you typed is still there.",
    ),
    "show_title": ("讲解", "Worked examples"),
    "show_loading": ("正在打开讲解……", "Opening the lesson…"),
    "show_again": ("从头再看", "Start again"),
    # a rule set's reference cards (reference.html#rules=KEY, static/js/reference-cards.js): the tables its
    # reference (`action: "reference"`) gives as cards, drawn for any rule set
    "reference_title": ("参考卡", "Reference cards"),
    "reference_loading": ("正在算参考卡……", "Working out the reference cards…"),
    "reference_no_rules": (
        "链接没有说是哪套规则(例如 reference.html#rules=gb)。",
        "The link names no rules (reference.html#rules=gb, say).",
    ),
    "reference_no_cards": ("这套规则没有参考卡。", "These rules have no reference cards."),
    # a teacher's class set: the builder (class.html with no set, static/js/class-builder.js, class-draft.js) and the
    # calculator's "add to the class set" (static/js/class-adder.js)
    "builder_title": ("出课堂题组", "Make a class set"),
    "builder_help": (
        "从练习的话题和题型里挑题(题目由计算引擎按种子出,链接因此很短),也可以在计算器里把自己的牌加进来;定好本班的约定、标题、代号和每题限时,做成一条链接和一个二维码:学生用手机扫码作答,不经过任何服务器。",
        "Pick questions from the practice topics and kinds (the engine makes each from a seed, so the link stays short), or add hands of your own from the calculator; set the class's conventions, a title, a code name and a time limit per question, and make one link and one QR code: students answer on their phones, and nothing goes through a server.",
    ),
    "builder_rules": ("规则", "Rules"),
    "builder_rules_locked": (
        "题组里已有题目,它们是按这套规则出的:要换规则,先去掉全部题目。",
        "The set's questions are made under these rules: remove them all to change the rules.",
    ),
    "builder_conventions": ("本班的约定", "The class's conventions"),
    "builder_add_title": ("加题", "Add questions"),
    "builder_topic": ("话题", "Topic"),
    "builder_kind": ("题型", "Kind"),
    "builder_how_many": ("几道", "How many"),
    "builder_add": ("加入题组", "Add to the set"),
    "builder_added": (
        "加了 {n} 道题,每道一手新牌。",
        "{n} questions added, each with a hand of its own.",
        "1 question added, with a hand of its own.",
    ),
    "builder_full": (
        "一个题组最多 {n} 道题:先去掉几道,或者做成链接再出一组。",
        "A set holds at most {n} questions: remove some, or make the link for these and start another set.",
        "A set holds at most 1 question: remove it, or make the link for it and start another set.",
    ),
    "builder_only_room": (
        "题组只剩 {n} 道的位置,只加了这些。",
        "The set had room for only {n} more; only those were added.",
        "The set had room for only 1 more; only that one was added.",
    ),
    "builder_questions": ("题目({n}/{max})", "Questions ({n} of {max})"),
    "builder_no_questions": (
        "还没有题目:在上面挑话题和题型加进来。",
        "No questions yet: pick a topic and a kind above and add them.",
    ),
    "builder_own_hands": (
        "自己的牌:在计算器里算出一手牌,打开“我的讲解”,按“加入课堂题组”。",
        "Hands of your own: score a hand in the calculator, open “Your own worked examples” and press “Add to the class set”.",
    ),
    "builder_to_calculator": ("去计算器", "Go to the calculator"),
    "builder_own_hand": ("我的牌", "My own hand"),
    "builder_preview_loading": ("正在出题……", "Making the question…"),
    "builder_another_hand": ("换一手牌", "Another hand"),
    "builder_new_hand": ("第 {n} 题换了一手牌。", "Question {n} has a new hand."),
    "builder_removed": ("去掉了一道题。", "A question was removed."),
    "builder_about": ("题组的标题、代号和限时", "The set's title, code name and time limit"),
    "builder_set_title": ("标题", "Title"),
    "builder_code": ("代号(短,如 W3)", "Code name (short, e.g. W3)"),
    "builder_limit": ("每题限时", "Time per question"),
    "builder_no_limit": ("不限时", "no limit"),
    "builder_seconds": ("{n} 秒", "{n} seconds", "1 second"),
    "builder_make": ("做成链接", "Make the link"),
    "builder_cannot_make": (
        "第 {list} 题出不了:换一手牌或去掉它,再做链接。",
        "Question {list} could not be made: give it another hand or remove it, then make the link.",
    ),
    "builder_set_link": ("课堂题组的链接", "Link to the class set"),
    "builder_qr_fits": (
        "二维码第 {n} 版:投影到屏幕上,教室后排的手机也扫得出。",
        "QR code version {n}: projected on a screen, a phone at the back of the room can read it.",
    ),
    "builder_qr_dense": (
        "二维码第 {n} 版:格子较密,离远了可能扫不出;题少一些,格子就大一些。",
        "QR code version {n}: its squares are small, and a phone far away may not read it; fewer questions make them larger.",
    ),
    "builder_open_student": ("以学生身份打开", "Open as a student"),
    "builder_open_report": ("本题组的班级报告", "The class report"),
    "builder_open_present": ("投影给全班", "Present to the room"),
    "builder_worksheet": ("打印这组题(答案在最后一页)", "Print this set (the answers on its last page)"),
    "builder_stale": (
        "题组改过了:再按“做成链接”得到新的链接。",
        "The set has changed: press “Make the link” again for its new link.",
    ),
    "builder_other_rules": (
        "这个题组是按{set}出的;换规则要先去掉它的全部题目。这次没有改动题组。",
        "This set is made under {set}; to change the rules, remove all its questions first. The set was not changed.",
    ),
    "builder_draft_what": ("课堂题组草稿", "class set draft"),
    "builder_draft_unreadable": (
        "保存的课堂题组草稿无法读取(不是本页认得的格式)。",
        "The saved class set draft cannot be read (it is not in a form this page knows).",
    ),
    "builder_draft_not_saved": (
        "课堂题组草稿没能存下(浏览器的存储已满或不可用),这次改动没有做。",
        "The class set draft could not be saved (the browser's storage is full or unavailable), so this change was not made.",
    ),
    "adder_title": ("加入课堂题组", "Add to the class set"),
    "adder_help": (
        "把算出的这手牌作为一道题加进课堂题组;在课堂页上编排、定约定、做成链接。",
        "Add the hand scored above to the class set as one question; order it, set the conventions and make the link on the classroom page.",
    ),
    "adder_kinds_wait": (
        "先在上面算出一手和了的牌,这里列出它适合的题型。",
        "Score a winning hand above first: the kinds of question that fit it are listed here.",
    ),
    "adder_added": ("已加入课堂题组,第 {n} 题。", "Added to the class set as question {n}."),
    "adder_under_set": (
        "题目按题组的约定出,与计算器里的约定不同。",
        "It is asked under the set's conventions, which differ from the calculator's.",
    ),
    "adder_open": ("打开课堂题组({n} 道题)", "Open the class set ({n} questions)", "Open the class set (1 question)"),
    "use_in_class": ("用这些约定出课堂题组", "Make a class set with these conventions"),
    # the table card (table.html, static/js/table-card.js)
    "table_card_title": ("开桌约定卡", "Agree the table"),  # not lesson 13's 开桌约定
    "table_card_help": (
        "开局前四人说定口径:选规则和每一条约定,得到一行可写在记分表顶上的摘要、一张可打印的卡片,以及一条链接——它把计算器、练习和记分表设成同样的约定。",
        "Before the first hand, the four players agree the table: choose the rules and each convention to get a one-line summary for the top of a score sheet, a card to print, and a link that sets the calculator, the practice page and the score sheet alike.",
    ),
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
    "conventions_of_sheet": (
        "按规则单;讲约定的题目会换着桌子出",
        "the sheet's; questions on the conventions show other tables",
    ),
    "back_to_sheet": ("改回规则单的默认", "Back to the sheet's defaults"),
    "change_conventions": ("在开桌约定卡上改", "Change them on the table card"),
    # the score sheet (scoresheet.html, static/js/scoresheet.js)
    "scoresheet": ("计分表", "Score sheet"),
    "sheet_lede": (
        "四人一局一局记下来:谁和、自摸还是谁点炮、谁坐庄,有手牌就记手牌,没有就记番型和倍数。每一局的番值、倍数、封顶和收付都由计算引擎按本桌约定算出,写成分开的几栏,谁都能复算;累计永远相加为零。记录只存在这个浏览器里。",
        "Four players, hand by hand: who won, self-drawn or who discarded, who dealt, and the hand if you have it, "
        "else the pattern and multipliers. The engine works out every row — value, multipliers, cap and who "
        "pays — under this table's conventions, in separate columns anyone can recompute; the running totals "
        "always sum to zero. The sheet is kept in this browser only.",
    ),
    "sheet_conventions": ("本表约定", "This sheet's conventions"),
    "sheet_edit_conventions": ("改约定(之后每一局重算)", "Change the conventions (every hand is recomputed)"),
    "sheet_table_card": ("这些约定的开桌卡片", "The table card for these conventions"),
    "sheet_link_differs": (
        "链接里的约定和这张表的不一样:{link}。这张表已有 {n} 局,仍按原约定记。",
        "The link's conventions differ from this sheet's: {link}. The sheet has {n} hands and keeps its own.",
        "The link's conventions differ from this sheet's: {link}. The sheet has 1 hand and keeps its own.",
    ),
    "sheet_adopt_link": (
        "按链接的约定开一张新表(可撤销)",
        "Start a new sheet with the link's conventions (can be undone)",
    ),
    "sheet_players": ("玩家", "Players"),
    "sheet_seat": ("座位 {n}", "Seat {n}"),
    "sheet_seat_help": ("按出牌顺序:座位 2 是座位 1 的下家。", "In the order of play: seat 2 plays after seat 1."),
    "sheet_new_hand": ("第 {n} 局", "Hand {n}"),
    "sheet_editing": ("修改第 {n} 局", "Editing hand {n}"),
    "sheet_dealer": ("庄家", "Dealer"),
    "sheet_dealer_help": (
        "默认:庄家和牌或荒庄就连庄,否则下家坐庄;可以改。",
        "Default: the dealer stays after winning or a drawn hand, else the next seat deals; change it if your table differs.",
    ),
    "sheet_winner": ("和牌", "Winner"),
    "sheet_nobody": ("荒庄(没人和)", "drawn hand (nobody won)"),
    "sheet_how": ("怎么和的", "How"),
    "sheet_self_drawn": ("自摸", "self-drawn"),
    "sheet_discarded_by": ("{name} 点炮", "{name} discarded"),
    "sheet_kong_bloom": ("杠上开花", "win on a kong replacement"),
    "sheet_robbed": ("抢 {name} 的杠", "robbed {name}'s kong"),
    "sheet_kong": ("杠上开花 / 抢杠", "win on a kong replacement / robbing a kong"),
    "sheet_kong_help": (
        "自摸时是杠上开花,点和时是抢杠(“点炮”写被抢杠的人)。",
        "With a self-draw it is a win on a kong replacement; on a discard it is robbing a kong (the “discarder” is the player robbed).",
    ),
    "sheet_hand": ("手牌(可不填)", "Hand (optional)"),
    "sheet_hand_help": (
        "写了手牌,番由引擎算;不写,就在下面记番型和倍数,引擎核对。",
        "With the hand the engine scores it; without it, write the pattern and multipliers below and the engine checks them.",
    ),
    "sheet_pattern_fan": ("番型的番", "Pattern's fan"),
    "sheet_pattern_fan_help": (
        "规则单番型表里的数:平胡 1、碰碰胡 2、混一色 3、七对 4、清一色 6、豪华七对 8。",
        "As the sheet's table lists it: 1 basic win, 2 all pungs, 3 half flush, 4 seven pairs, 6 full flush, 8 luxury seven pairs.",
    ),
    "sheet_multipliers_written": ("记下的倍数", "Multipliers written down"),
    "sheet_points": ("分数", "Points"),
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
    "sheet_imported": (
        "已导入:{n} 局(原来的表可撤销回来)。",
        "Imported: {n} hands (undo brings the previous sheet back).",
        "Imported: 1 hand (undo brings the previous sheet back).",
    ),
    "sheet_new": ("开新表(可撤销)", "New sheet (can be undone)"),
    "sheet_totals": ("累计", "Totals"),
    "sheet_sum_zero": ("合计 {sum}", "sum {sum}"),
    "sheet_no_rows": ("还没有记任何一局。", "No hands recorded yet."),
    "sheet_waiting_engine": (
        "计算引擎载入后,每一局的番和收付在这里算出。",
        "Once the engine has loaded, every hand's values and payments are worked out here.",
    ),
    "sheet_engine_failed": (
        "计算引擎没能启动,这张表暂时算不出来;记录都还在。请刷新页面再试。",
        "The engine could not start, so the sheet cannot be worked out now; your records are safe. Reload the page to try again.",
    ),
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
    "tools_lede": (
        "牌桌上用得着的几样工具:开局前说定约定,打的时候记分、查裁决,教人时一步一步演示。全都离线可用。",
        "Tools for the table: agree the conventions before the first hand, keep score and settle arguments "
        "while playing, and walk beginners through a hand step by step. All of them work offline.",
    ),
    "tool_table_card": (
        "开桌前四人说定规则和口径,得到一行摘要、一张可打印的卡片和一条链接,把计算器、练习和计分表都设成同样的约定。",
        "Before the first hand: agree the rules and conventions and get a one-line summary, a card to print and a link that sets the calculator, practice and the score sheet alike.",
    ),
    "tool_scoresheet": (
        "一局一局记分:引擎算出每一局的番值、倍数、封顶和收付,累计相加为零;可改、可删、可撤销,导出 CSV、打印。",
        "Keep score hand by hand: the engine works out each hand's value, multipliers, cap and payments, and the totals sum to zero; edit, delete, undo, export CSV and print.",
    ),
    "tool_rulings": (
        "牌桌上常吵的问题(抢杠还是杠上开花、海底、绝张、{minimum} 分起和……),可用中文、英文或拼音首字母搜索。",
        "The questions tables argue about (robbing or blooming, the last tile, the last copy, the {minimum}-point minimum…), searchable in Chinese, English or pinyin initials.",
    ),
    "tool_presenter": (
        "全屏大字,一步一步讲一手牌;方向键、空格或翻页笔前后翻,附二维码让学生在手机上打开同一手。",
        "A hand full screen in big tiles, one step at a time; arrows, space or a clicker step through it, and a QR code opens the same hand on students' phones.",
    ),
    "tool_presenter_how": (
        "在计算器算出一手牌后点“演示”,或在裁决、课程、练习的例牌上点“演示”。例如:",
        "Score a hand in the calculator and press “Present”, or “Present” on any ruling, lesson or practice hand. For example:",
    ),
    "tool_presenter_example": ("演示一手碰碰胡自摸", "present an all-pungs self-draw"),
    "tool_maker": (
        "老师把几手牌加上标题和说明,串成一条链接发给学生,学生按顺序一步一步看;不存到任何服务器。",
        "A teacher adds titles and notes to a few hands and chains them into one link students step through in order; nothing is stored on a server.",
    ),
    "tool_class_title": ("课堂题组", "Class sets"),
    "tool_class": (
        "老师出一组题,用链接或二维码发给全班;学生在手机上作答(离线也行),交回成绩码;汇总页告诉老师全班错在哪里。不经过任何服务器。",
        "A teacher sends the class a set of questions by link or QR code; students answer on their phones (offline too) and hand back a result code; the report shows where the class goes wrong. No server involved.",
    ),
    "tool_maker_how": (
        "在计算器里算出一手牌,打开结果下方的“我的讲解”。",
        "Score a hand in the calculator and open “Your own worked examples” below the result.",
    ),
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
    "qr_too_long": (
        "这条链接有 {length} 个字符,二维码装不下;链接本身照样能用,复制后分享即可。",
        "This link is {length} characters long, too long for a QR code; the link itself works: copy it and share it.",
    ),
    # the presenter's quiz mode: a class set shown to the room (static/js/class-quiz.js)
    "quiz": ("课堂测验", "Class quiz"),
    "quiz_scan": ("扫码,在手机上作答", "Scan to answer on your phone"),
    "quiz_code_name": ("代号 {code}", "code name {code}"),
    "quiz_count": ("共 {n} 题", "{n} questions", "1 question"),
    "quiz_limit": ("每题 {n} 秒", "{n} seconds a question", "1 second a question"),
    "quiz_no_limit": ("不限时", "no time limit"),
    "quiz_begin": ("准备好了就按 → 出第一题。", "Press → for the first question when everyone is ready."),
    "quiz_where_scan": ("扫码", "scan"),
    "quiz_question_of": ("第 {n} 题 / 共 {of} 题", "question {n} of {of}"),
    "quiz_making": ("正在出题……", "Making the question…"),
    "quiz_answer_on_phones": (
        "在手机上作答;按回车或空格看答案。",
        "Answer on your phones; Enter or Space shows the answer.",
    ),
    "quiz_seconds_left": ("还剩 {n} 秒", "{n} s left", "1 s left"),
    "quiz_time_up": ("时间到", "Time's up"),
    "quiz_ended": ("测验演示已关闭。", "The quiz is no longer on screen."),
    "quiz_present_again": ("再演示", "Present again"),
    "quiz_students_link": ("学生的链接", "The students' link"),
    "quiz_report_link": ("老师的报告", "The teacher's report"),
    "due_to_practise": ("练习:现在 {n} 张卡片到期", "Practice, cards due now: {n}"),
    # the progress page (static/js/progress-page.js)
    "missed_of": ("错了 {misses} 次 / 共 {tries} 次", "missed {misses} of {tries}"),
    "replay_misses": ("重做我答错的 {n} 题", "Replay my misses ({n})"),
    "challenge_offer": (
        "综合挑战:证明你掌握了这 {n} 个熟练的主题",
        "Mixed challenge: prove the topics you are proficient in ({n})",
    ),
    "due_count": ("现在有 {n} 张卡片到期。", "Cards due now: {n}."),
    "due_now": ("到期", "due now"),
    "due_at": ("{time} 到期", "due {time}"),
    "due_next": ("接下来到期的", "Due next"),
    "reset_topic": ("重新开始", "Start again"),
    "reset_confirm": (
        "再按一次确认:这个主题从头算(记录还留着)",
        "Press again to confirm: this topic starts afresh (its record is kept)",
    ),
    # a topic's mastery level (static/js/learner.js)
    "level_new": ("没练过", "new"),
    "level_attempted": ("试过", "attempted"),
    "level_familiar": ("熟悉", "familiar"),
    "level_proficient": ("熟练", "proficient"),
    "level_mastered": ("掌握", "mastered"),
    # the rulings page (templates/_rulings.html, static/js/rulings.js) and the links to it
    "rulings": ("赛中裁决", "Rulings"),
    "rulings_lede": (
        "牌桌上常吵的问题,每个都有一句裁决和几手由计算引擎算好的例牌;点“演示”可以在计算器里一步一步讲给大家看。",
        "The questions tables argue about, each with a short ruling and hands the engine has scored; "
        "“Present” opens a hand in the calculator to walk a table through it step by step.",
    ),
    "rulings_search": ("搜索裁决", "Search the rulings"),
    "rulings_search_help": (
        "中文、英文或拼音首字母都行,例如 qgh 找抢杠胡。按回车跳到第一条,Esc 清空。",
        "Chinese, English or pinyin initials: qgh finds 抢杠胡. Enter jumps to the first match, Esc clears.",
    ),
    "rulings_all": ("共 {n} 条裁决", "{n} rulings", "1 ruling"),
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
    "ruling_group_minimum": ("起和:{minimum} 分与花牌", "What a win needs: {minimum} points, flowers"),
    "ruling_group_table": ("开桌约定", "Table conventions"),
    "ruling_group_principles": ("国标组合原则", "Guobiao combination principles"),
    # the worksheet (worksheet.html, static/js/worksheet.js): questions for paper, the answer key last
    "worksheet_title": ("练习卷", "Worksheet"),
    "worksheet_lede": (
        "一套可以打印的题,题目和答案都由计算引擎出;答案连同引擎的简短说明在最后一页。同一个卷号总是出同一张卷。",
        "Questions to print, made and answered by the engine; the answer key, with the engine's short "
        "explanation, is on the last page. The same sheet number always prints the same sheet.",
    ),
    "worksheet_link": ("打印练习卷", "Print a worksheet"),
    "worksheet_every_topic": ("各个主题轮流", "every topic in turn"),
    "worksheet_every_kind": ("各种题型轮流", "every kind in turn"),
    "worksheet_count": ("题数", "Questions"),
    "worksheet_seed": ("卷号", "Sheet number"),
    "worksheet_make": ("出卷", "Make the sheet"),
    "worksheet_another": ("换一张卷", "Another sheet"),
    "worksheet_print": ("打印", "Print"),
    "worksheet_rules": ("规则:{rules}", "Rules: {rules}"),
    "worksheet_agreed": ("约定:", "Agreed: "),
    "worksheet_as_sheet": ("照规则单,没有另外的约定", "as the rule sheet says, nothing else agreed"),
    "worksheet_number": ("卷号 {n}", "sheet {n}"),
    "worksheet_set": ("课堂题组 {name}", "class set {name}"),
    "worksheet_name": ("姓名", "Name"),
    "worksheet_date": ("日期", "Date"),
    "worksheet_score": ("得分", "Score"),
    "worksheet_question": ("第 {n} 题", "Question {n}"),
    "worksheet_answer_here": ("答:", "Answer:"),
    "worksheet_write_tiles": ("写出牌(如 3m 6m),没有就写“无”:", "Write the tiles (as 3m 6m), or “none”:"),
    "worksheet_circle": ("圈一个:", "Circle one:"),
    "worksheet_key": ("答案", "Answer key"),
    "worksheet_key_tiles": ("牌:{tiles}", "tiles: {tiles}"),
    "worksheet_making": ("正在出题……", "Making the questions…"),
    "worksheet_made": (
        "{n} 道题已出好,可以打印。",
        "{n} questions are ready to print.",
        "1 question is ready to print.",
    ),
    "worksheet_no_practice": ("规则“{rules}”没有练习题。", "The rules “{rules}” have no practice questions."),
    "worksheet_bad_count": (
        "题数要在 1 到 {max} 之间,链接里是“{value}”。",
        "The number of questions must be 1 to {max}; the link says “{value}”.",
    ),
    "worksheet_bad_seed": (
        "卷号要是 0 到 {max} 之间的整数,链接里是“{value}”。",
        "The sheet number must be a whole number from 0 to {max}; the link says “{value}”.",
    ),
    "worksheet_no_questions": ("这个主题没有这种题型的题。", "This topic has no questions of this kind."),
    # what the page refuses before the engine sees it (static/js/bounds.js; a hand too long is refused in the
    # engine's own words: ENGINE_CHECKS), and the engine's faults (engine.js)
    "request_key_refused": (
        "这条记录里的键 “{key}” 不能用,它没有送去计算。",
        "The key “{key}” cannot be used, so this was not scored.",
    ),
    "sheet_conventions_refused": (
        "这张表的约定引擎不认,所以每一局都没法结算:",
        "The engine cannot read this sheet's conventions, so no hand can be settled: ",
    ),
    "sheet_from_file": ("(来自导入的文件 {name})", " (from the imported file {name})"),
    "link_key_refused": (
        "链接里的键 “{key}” 不能用,整条链接没有打开。",
        "The link's key “{key}” cannot be used, so the link was not opened.",
    ),
    "link_key_too_deep": (
        "链接里的键有 {n} 层,比任何设置都深(最多 {max} 层),整条链接没有打开。",
        "A key of the link is {n} levels deep, deeper than any setting (at most {max}): the link was not opened.",
        "A key of the link is 1 level deep, deeper than any setting (at most {max}): the link was not opened.",
    ),
    "link_too_long": (
        "链接有 {n} 个字符,比本站做的任何链接都长(最多 {max} 个),没有打开。",
        "The link is {n} characters long, longer than any link this site makes (at most {max}): it was not opened.",
        "The link is 1 character long, longer than any link this site makes (at most {max}): it was not opened.",
    ),
    "request_too_deep": (
        "请求嵌套了 {n} 层以上,比任何规则的设置都深,没有送去计算。",
        "The request is nested more than {n} levels deep, deeper than any rule set's settings: it was not scored.",
        "The request is nested more than 1 level deep, deeper than any rule set's settings: it was not scored.",
    ),
    "request_too_large": (
        "请求有 {n} 个字符以上,比任何真实的请求都大,没有送去计算。",
        "The request is more than {n} characters long, larger than any real request: it was not scored.",
        "The request is more than 1 character long, larger than any real request: it was not scored.",
    ),
    "link_unreadable": ("这条链接无法读取:{detail}", "This link could not be read: {detail}"),
    "link_not_a_number": (
        "链接里“{key}”的值“{value}”不是这个设置能取的整数,整条链接没有打开。",
        "The link's value “{value}” for “{key}” is not a whole number this setting can take; the link was not opened.",
    ),
    "engine_restarting": (
        "计算引擎停止了响应,正在重新启动,并会重新计算你输入的内容……",
        "The scoring engine stopped answering; starting it again, then your input is scored again…",
    ),
    "engine_superseded": (
        "计算引擎还在算一个已被替换的旧请求,正在重新启动它来算新的……",
        "The engine was still busy with a request you have since replaced; restarting it for the new one…",
    ),
    "engine_no_answer": (
        "计算引擎重启后仍然没有给出结果。",
        "The scoring engine gave no answer, even after a restart.",
    ),
    "engine_gave_up": (
        "计算引擎反复停止,已放弃。请刷新页面再试。",
        "The scoring engine stopped again and again, so it was given up. Reload the page to try again.",
    ),
    "setting_not_saved": (
        "这个选择只在本页有效:浏览器没能把它存下。",
        "This choice lasts for this page only: the browser could not store it.",
    ),
    # a class set: the student's face (static/js/class-student.js) and the teacher's report (class-report.js)
    "class_set_default_title": ("课堂题组", "Class set"),
    "class_teachers_hand": ("老师的牌", "The teacher's hand"),
    "report_removed": ("已移除:{name}", "Removed: {name}"),
    "report_undo": ("撤销", "Undo"),
    "class_set_about": ("{rules} · {n} 道题", "{rules} · {n} questions", "{rules} · 1 question"),
    "class_set_limit": ("每题限时 {n} 秒", "{n} seconds a question", "1 second a question"),
    "class_set_code": ("题组代号 {code}", "set code {code}"),
    "class_name_label": ("名字或座号", "Your name or seat number"),
    "class_name_missing": (
        "请先写上名字或座号,老师才知道这是谁的成绩。",
        "Write your name or seat number first, so the teacher knows whose result it is.",
    ),
    "class_start": ("开始答题", "Start"),
    "class_nothing_sent": (
        "答案只留在这台设备上;最后给出一个成绩码,交给老师即可。",
        "Your answers stay on this device; at the end you get a result code to give the teacher.",
    ),
    "class_question_of": ("第 {i} 题,共 {n} 题", "Question {i} of {n}"),
    "class_next": ("下一题", "Next question"),
    "class_finish": ("看我的成绩码", "See my result code"),
    "class_time_up": ("时间到,这道题记为没答。", "Time is up: this question counts as not answered."),
    "class_seconds_left": ("还剩 {n} 秒", "{n} seconds left", "1 second left"),
    "class_result_title": ("成绩码", "Your result code"),
    "class_result_score": ("{name}:答对 {right} 道,共 {n} 道", "{name}: {right} right of {n}"),
    "class_result_give": (
        "把这个码发给老师,或让老师扫描二维码。码里有你的名字、每道题的答案和用时。",
        "Send this code to your teacher, or let them scan the QR code. It holds your name, your answer to each question and the time each took.",
    ),
    "class_copy_code": ("复制成绩码", "Copy the code"),
    "class_code_copied": ("已复制", "Copied"),
    "class_code_in_box": ("请从框里复制", "Copy it from the box"),
    "class_result_qr": ("成绩码的二维码(打开老师的成绩汇总)", "QR code of the result (opens the teacher's report)"),
    "class_answer_again": ("重新作答", "Answer the set again"),
    "class_not_kept": (
        "这次的答案没能存在这台设备上(存储已满或不可用),但成绩码照样完整。",
        "This answer could not be kept on this device (storage full or unavailable), but the result code is still whole.",
    ),
    "class_what": ("课堂作答", "class answers"),
    "class_unreadable": ("存着的课堂作答无法读取。", "The stored class answers cannot be read."),
    "report_title": ("成绩汇总", "Class report"),
    "report_lede": (
        "把学生的成绩码贴在这里(一行一个),或打开学生发来的成绩链接;答案由计算引擎重新判定。汇总只存在这台设备上。",
        "Paste the students' result codes here, one a line, or open the result links they send; the engine judges every answer again. The report is kept on this device only.",
    ),
    "report_paste_label": ("成绩码", "Result codes"),
    "report_add": ("加入汇总", "Add to the report"),
    "report_photo_label": ("从照片读二维码", "Read a QR code from a photo"),
    "report_reader_native": ("照片由浏览器自带的二维码识别读取。", "Photos are read by the browser's own QR reader."),
    "report_reader_own": (
        "这个浏览器没有自带二维码识别(BarcodeDetector),照片由本站自带的识别程序读取。",
        "This browser offers no QR reader of its own (BarcodeDetector); photos are read by the site's own reader.",
    ),
    "report_no_qr": ("这张照片里找不到二维码。", "No QR code was found in this photo."),
    "report_added": ("已加入:{name}", "Added: {name}"),
    "report_duplicate": (
        "第 {line} 行:这个成绩码已经在汇总里({name}),没有重复计入。",
        "Line {line}: this code is already in the report ({name}); not counted twice.",
    ),
    "report_refused": ("第 {line} 行:{why}", "Line {line}: {why}"),
    "report_checksum_note": (
        "校验码只能发现抄错或不完整的成绩码;它证明不了是谁做的——会读本站代码的人可以自己造一个。这是课堂工具,不是考试。",
        "The check only catches a code that was mistyped or cut short; it does not prove who made it — anyone who reads the site's code could make one. This is a classroom tool, not an exam.",
    ),
    "report_empty": ("还没有成绩。", "No results yet."),
    "report_student": ("学生", "Student"),
    "report_total": ("答对", "Right"),
    "report_time": ("用时(秒)", "Time (s)"),
    "report_question_n": ("第 {n} 题", "Q{n}"),
    "report_no_answer": ("未答", "none"),
    "report_share": ("{right} / {n} 人答对", "{right} of {n} right"),
    "report_common_wrong": ("最常见的错答:{answer}({count} 人)", "Most common wrong answer: {answer} ({count})"),
    "report_common_mistake": ("{count} / {n} 人错在:{mistake}", "{count} of {n} went wrong on: {mistake}"),
    "report_weak_title": ("全班的薄弱点", "Where the class is weakest"),
    "report_weak_line": ("{tag}:{misses} / {tries} 次答错", "{tag}: missed {misses} of {tries}"),
    "report_weak_none": ("没有答错,也就没有薄弱点。", "No wrong answers, so no weak points."),
    "report_show_room": ("给全班讲这一条", "Show the room"),
    "report_questions_title": ("每道题", "Question by question"),
    "report_table_title": ("每个学生", "Student by student"),
    "report_export_csv": ("导出 CSV(中文表头)", "Export CSV (Chinese header)"),
    "report_export_csv_en": ("导出 CSV(英文表头)", "Export CSV (English header)"),
    "report_export_json": ("导出 JSON", "Export JSON"),
    "report_print": ("打印", "Print"),
    "report_remove": ("移除", "Remove"),
    "report_what": ("成绩汇总", "class report"),
    "report_unreadable": ("存着的成绩汇总无法读取。", "The stored class reports cannot be read."),
    "report_judging": ("正在用计算引擎判定答案……", "The engine is judging the answers…"),
    "report_student_link": ("学生用的题组链接", "The set's link for students"),
}


def say(key: str, **values) -> dict:
    def fill(text: str, lang: str) -> str:
        return text.format(**{k: v[lang] if isinstance(v, dict) else v for k, v in values.items()})

    zh, en, *one = WORDS[key]
    if one and values.get("n") == 1:
        en = one[0]
    return {"zh": fill(zh, "zh"), "en": fill(en, "en")}


def words() -> dict:
    """The words as the scripts read them: {zh, en} and, where English bends for one, en_one."""
    return {
        key: {"zh": word[0], "en": word[1], **({"en_one": word[2]} if len(word) > 2 else {})}
        for key, word in WORDS.items()
    }


# The engine's refusals that the page makes itself, at once and before the engine has loaded (static/js/bounds.js):
# the page takes the engine's limit and message templates from here, so its answer is the engine's, word for word,
# and the limit has one home (suanfan/request.py).
PAGE_MADE_ENGINE_ERRORS = ("hand_too_long",)


def engine_checks() -> dict:
    return {
        "max_hand_chars": api.MAX_HAND_CHARS,
        "messages": {code: dict(zip(("zh", "en"), errors.MESSAGES[code])) for code in PAGE_MADE_ENGINE_ERRORS},
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
