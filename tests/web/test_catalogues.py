"""The message catalogues (docs/language.md): they answer for every message the code marks, the build refuses one
that does not, the Traditional catalogue is made the same way every time and has no Simplified-only character, and
the words come back in every language with English's plural forms."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from buildkit import catalogues
from buildkit.console import BuildError
from suanfan.api import MissingMessage
from web import hant, words

PLACEHOLDER = re.compile(r"\{\w+\}")


@pytest.mark.parametrize("domain", catalogues.DOMAINS, ids=lambda d: d.name)
def test_each_catalogue_answers_for_the_code(domain):
    assert catalogues.problems(domain, catalogues.extract(domain), catalogues.read(domain.po)) == []


SITE = next(d for d in catalogues.DOMAINS if d.name == "site")


def scratch_catalogue(tmp_path, po_text: str):
    """A locale/ folder in tmp_path holding the site's catalogue as given; compiled into tmp_path too."""
    (tmp_path / "locale" / "zh_Hans").mkdir(parents=True)
    (tmp_path / "locale" / "zh_Hans" / "site.po").write_text(po_text, encoding="utf-8")
    return {"locale": tmp_path / "locale", "compiled": tmp_path / "compiled"}


@pytest.mark.parametrize(
    ("entry", "refusal"),
    [
        (
            'msgctxt "builder_rules"\nmsgid "Rules"\nmsgstr "规则"\n',
            r"web/words\.py:\d+: 'Rules' \(context 'builder_rules'\) is not in locale/zh_Hans/site\.po",
        ),
        (
            'msgid "Link copied"\nmsgstr "已复制链接"\n',
            r"web/static/js/calculator\.js:\d+: 'Link copied' is not in locale/zh_Hans/site\.po",
        ),
    ],
    ids=["python", "script"],
)
def test_the_build_fails_on_a_message_missing_from_the_catalogue(tmp_path, entry, refusal):
    po = SITE.po.read_text(encoding="utf-8")
    assert entry in po
    with pytest.raises(BuildError) as refused:
        catalogues.compile_all((replace(SITE, **scratch_catalogue(tmp_path, po.replace(entry, ""))),))
    assert re.search(refusal, str(refused.value))
    # the intact catalogue compiles
    catalogues.compile_all((replace(SITE, **scratch_catalogue(tmp_path / "intact", po)),))


def test_the_build_fails_on_a_new_template_message_and_on_a_stale_one(tmp_path):
    (tmp_path / "web" / "templates").mkdir(parents=True)
    (tmp_path / "web" / "templates" / "extra.html").write_text('{{ tr(_("A sentence nobody wrote")) }}', "utf-8")
    po = (
        '# header\nmsgid ""\nmsgstr ""\n"Language: zh_Hans\\n"\n\nmsgid "A message no code uses"\nmsgstr "没有代码用"\n'
    )
    templates = next(s for s in SITE.sources if s.pattern.startswith("web/templates"))
    domain = replace(SITE, root=tmp_path, sources=(templates,), **scratch_catalogue(tmp_path, po))
    with pytest.raises(BuildError) as refused:
        catalogues.compile_all((domain,))
    assert "web/templates/extra.html:1: 'A sentence nobody wrote' is not in locale/zh_Hans/site.po" in str(
        refused.value
    )
    assert "'A message no code uses' is no longer in the code" in str(refused.value)


def test_the_scripts_get_their_messages_in_every_language():
    shipped = words.script_messages()
    assert shipped["Link copied"] == {"zh": "已复制链接", "en": "Link copied", "zh_hant": "已複製鏈接"}
    # a plural with English's form for one; a message with a context keyed as gettext keys it
    assert shipped["1 hand"] == {"zh": "{n} 手", "en": "{n} hands", "en_one": "1 hand", "zh_hant": "{n} 手"}
    assert shipped["lesson_marked_done\x04Finished"]["zh"] == "✓ 已学完"
    assert 'export const MESSAGES = {\n"1 answer": {' in words.messages_module()


def test_the_build_fails_on_a_script_message_the_extractor_cannot_read(tmp_path):
    """Babel's JavaScript extractor passes over a marked call whose message is not a literal, or that sits inside
    another marked call, without a word: the build names each."""
    (tmp_path / "web" / "static" / "js").mkdir(parents=True)
    (tmp_path / "web" / "static" / "js" / "extra.js").write_text(
        'const a = _("Link copied");\n'
        "const b = _(someKey);\n"
        "const c = _(\"The {what} could not be saved (the browser's storage is full or unavailable). Export a file so "
        'nothing is lost.",\n  { what: _("progress") });\n'
        "export function _(msgid) { return msgid; }\n",
        "utf-8",
    )
    domain = replace(
        SITE, root=tmp_path, sources=(catalogues.SCRIPTS,), **scratch_catalogue(tmp_path, SITE.po.read_text("utf-8"))
    )
    assert catalogues.unread_calls(domain) == [
        "web/static/js/extra.js:2: _(…) is not read by the extractor: its message is not a string literal",
        "web/static/js/extra.js:4: _(…) is not read by the extractor: inside another marked call's arguments",
    ]
    with pytest.raises(BuildError, match=r"extra\.js:2: _\(…\) is not read by the extractor"):
        catalogues.compile_all((domain,))


def test_the_traditional_catalogue_is_made_the_same_every_time():
    for domain in catalogues.DOMAINS:
        simplified = catalogues.read(domain.po)
        made = catalogues.mo_bytes(catalogues.traditional(simplified))
        assert made == catalogues.mo_bytes(catalogues.traditional(catalogues.read(domain.po)))
        assert domain.mo(catalogues.TRADITIONAL).read_bytes() == made  # what the tests and the build read


def test_the_traditional_catalogue_keeps_placeholders_and_has_no_simplified_only_character():
    simplified_only = hant.simplified_only()
    # 发 -> 發 髮 is Simplified only; 台, 后, 万, 杠 are each also a Traditional character of their own
    assert {"发", "饼", "门", "龙"} <= simplified_only and not {"台", "后", "面", "里", "万", "杠"} & simplified_only
    for domain in catalogues.DOMAINS:
        simplified = catalogues.read(domain.po)
        for message in catalogues.traditional(simplified):
            if not message.id:
                continue
            for text in message.string if isinstance(message.string, tuple) else (message.string,):
                assert not simplified_only & set(text), (message.id, text)
                zh = simplified.get(message.id, message.context).string
                zh = zh[0] if isinstance(zh, tuple) else zh
                assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(zh)), (message.id, text)


def test_the_phrase_table_corrects_opencc():
    # s2t alone writes 喫 for the chow and 臺 for 台, and leaves 杠's meaning to chance
    assert hant._converter().convert("吃:点顺子里最小的一张。") == "喫:點順子裏最小的一張。"
    assert hant.to_traditional("吃:点顺子里最小的一张。") == "吃:點順子裏最小的一張。"
    assert (
        hant.to_traditional("杠上开花、发财、五饼、一万、这台设备、干脆")
        == "槓上開花、發財、五餅、一萬、這台設備、乾脆"
    )
    assert all(entry for entry in hant.phrases().values())


def test_words_come_in_every_language_with_plurals():
    assert words.say("useful_n", n=1) == {"zh": "有效牌 1 张", "en": "1 useful tile", "zh_hant": "有效牌 1 張"}
    assert words.say("useful_n", n=3) == {"zh": "有效牌 3 张", "en": "3 useful tiles", "zh_hant": "有效牌 3 張"}
    tile = {"zh": "五饼", "en": "Five of Dots", "zh_hant": "五餅"}
    assert words.say("remove_tile", tile=tile) == {
        "zh": "去掉 五饼",
        "en": "remove Five of Dots",
        "zh_hant": "去掉 五餅",
    }
    script = words.words()["useful_n"]
    assert script == {
        "zh": "有效牌 {n} 张",
        "en": "{n} useful tiles",
        "en_one": "1 useful tile",
        "zh_hant": "有效牌 {n} 張",
    }


def test_a_message_not_in_the_catalogue_is_refused_at_run_time():
    with pytest.raises(MissingMessage, match="not in site's zh_Hans catalogue"):
        words.SITE.text("A sentence nobody wrote")
