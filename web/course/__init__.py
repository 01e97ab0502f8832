"""The courses under lessons/: read, checked with the engine, drawn, and listed as pages. One job per module:

  expectations   what an example's `expect` (an exercise's `goal`) may say; comparing one with a result
  labels         table settings in words, for the cards and the convention switches
  files          the lesson files: data classes, reading and checking their fields (LessonError), and the
                 small readers the Guobiao course reads its own files with
  checking       scoring examples, convention settings and exercise answers with the engine (verify)
  views          what the templates draw: example cards, lesson pages, hands as tiles, calculator permalinks
  lesson_pages   the outline and one page per lesson
  gb_files       the Guobiao course's data: its fan cards, principles and variants read (course.files' readers),
                 and the engine's reference facts (`action: "reference"`) they are checked against
  gb_views       what its templates draw of the engine's tables: the fan table, 不计 lists, kongs, the maximum
  guobiao        the Guobiao course checked with the engine, and its pages
  search         what a search box matches an entry by: folded text and pinyin initials (pypinyin)
  rulings        the rulings list (lessons/rulings.toml): read, checked, linked both ways, and its page

A module imports only modules above it in this list, so the gb_ modules, guobiao and rulings use the others' public
functions and none of the others imports them; sitegen puts the page lists together. The format of the files is lessons/FORMAT.md.
"""
