"""Hand-checked scoring: every value below was worked out by hand from the seed texts.

An independent review: each case was scored on paper from ``seeds/000_60e9ed1e155ed3bb.txt``
(Liuzhou top, Guang'an middle, Sichuan end) and ``seeds/004_2f0ada677cbb5288.txt`` (Sichuan
app table and Chengdu table), using the interpretation decisions recorded in
``docs/rules/*.md`` where the texts leave a choice (the decision is named in the comment).
Only cases where the hand value and ``mj.score`` agreed are here.

``total`` is what one payer pays: the discarder on a discard, each player on a self-draw.
"""

import pytest

import mjstats as mj
from mjstats.scoring import Table


def case(cid, rules, hand, melds, win, expected, names=(), sw=None, **ctx):
    return pytest.param(rules, sw or {}, hand, melds, win, ctx, expected, names, id=cid)


S, A, G, L = "sichuan", "sichuan-app", "guangan", "liuzhou"
PLAIN = "123m345m789m234p66p"  # the seed's 平胡 example "123 345 789万 234 66筒"
DADUI = "111333444m22266p"  # the seed's 大对子 example "111 333 444万222 66筒"
QIDUI = "1133446677m5588p"  # the seed's 暗七对 example "1133446677万5588筒"
LONGQI = "1133446666m5588p"  # the seed's 龙七对 example "1133446666万5588筒"
QINGQI = "11334466778899s"  # app 清七对 example "11334466778899条"
JINGOU = ["pong 1m", "pong 3m", "pong 4m", "pong 2p"]  # "111 333 444万 222 6筒"
ZIMO = {"self_draw": True}

SICHUAN = [
    # 平胡 "123 345 789万 234 66筒（1番）"
    case("S plain discard", S, PLAIN, [], "6p", 1, ["平胡"]),
    # 自摸加底 "每人给4（基础番数）+1（自摸加底）" -> +1 base unit (decision S4)
    case("S plain self-draw +1", S, PLAIN, [], "6p", 2, ["平胡", "自摸加底"], **ZIMO),
    # 大对子 "111 333 444万222 66筒（2番）"
    case("S daduizi", S, DADUI, [], "6p", 2, ["大对子"]),
    # 清一色 "111 234 345 666 88万（4番）"
    case("S qingyise", S, "11123434566688m", [], "8m", 4, ["清一色"]),
    # 清大对 "清一色大对子（8番）"
    case("S qingdadui", S, "99m", ["pong 1m", "pong 3m", "pong 5m", "pong 7m"], "9m", 8,
         ["清大对"]),
    # 暗七对 "1133446677万5588筒（4番）"
    case("S anqidui", S, QIDUI, [], "8p", 4, ["暗七对"]),
    # 龙七对 "1133446666万5588筒（8番，每多一根翻倍）": the four is the 龙, not an extra 根
    case("S longqidui", S, LONGQI, [], "6m", 8, ["龙七对"]),
    # 龙七对 8 capped at 8 ("一般8番封顶"), then 自摸加底 +1 after the cap (S4)
    case("S longqidui self-draw", S, LONGQI, [], "6m", 9, **ZIMO),
    # 龙七对 with a second four: "每多一根翻倍" 16, capped 8; uncapped 16
    case("S longqidui 2nd gen capped", S, "11336666m777788p", [], "8p", 8),
    case("S longqidui 2nd gen nocap", S, "11336666m777788p", [], "8p", 16, sw={"cap": None}),
    # 清七对 16 -> cap 8; "也有16番封顶或者不封顶的"
    case("S qingqidui cap8", S, QINGQI, [], "9s", 8, ["清七对"]),
    case("S qingqidui cap16", S, QINGQI, [], "9s", 16, sw={"cap": 16}),
    case("S qingqidui self-draw", S, QINGQI, [], "9s", 9, **ZIMO),
    case("S qingqidui nocap self-draw", S, QINGQI, [], "9s", 17, sw={"cap": None}, **ZIMO),
    # 清龙七对 "（32番，每多一根翻倍）"
    case("S qinglongqidui", S, "11224444557799m", [], "4m", 32, ["清龙七对"],
         sw={"cap": None}),
    # two fours in 清七对: 清龙七对 32 "每多一根翻倍" -> 64
    case("S qinglongqidui 2nd gen", S, "11114444778899s", [], "9s", 64, ["清龙七对", "根"],
         sw={"cap": None}),
    # 带根 "杠或四张未杠出的相同的牌，每一根翻倍": 四归一 in a 平胡 (111 123 456 789m 66p)
    case("S pinghu + siguiyi", S, "111123456789m66p", [], "6p", 2, ["平胡", "根"]),
    # 根 from a kong: 大对子 2 x 2
    case("S daduizi + kong", S, "111333444m66p", ["kong 2p"], "6p", 4, ["大对子", "根"]),
    # 根 from a pong plus the fourth in hand (decision S8)
    case("S pong + fourth held", S, "123m345m456p77p", ["pong 5p"], "7p", 2, ["根"]),
    # 九莲-like "1112345678999万…只算清一色或清一色带根"
    case("S jiulian gen", S, "11112345678999m", [], "1m", 8, ["清一色", "根"]),
    case("S jiulian no gen", S, "11123455678999m", [], "5m", 4, ["清一色"]),
    # 杠上花 x2 with the kong's 根 x2, self-draw +1: 1*2*2 + 1
    case("S gangshanghua ckong", S, "123m345m789m66p", ["ckong 2p"], "6p", 5,
         ["杠上花", "根"], self_draw=True, after_kong=True),
    # a fed kong's 杠上花 "算自摸" (decision S6): same value
    case("S gangshanghua fed kong", S, "123m345m789m66p", ["kong 2p"], "6p", 5,
         self_draw=True, after_kong=True),
    # 清一色 4 x 根 2 x 杠上花 2 = 16, +1
    case("S qing gen gsh nocap", S, "234567789m99m", ["ckong 1m"], "9m", 17,
         sw={"cap": None}, self_draw=True, after_kong=True),
    # 杠上炮 x2 ("开杠后补的牌放炮")
    case("S gangshangpao", S, PLAIN, [], "6p", 2, ["杠上炮"], after_kong=True),
    case("S daduizi gangshangpao", S, DADUI, [], "6p", 4, after_kong=True),
    # 抢杠 "胡牌的积分要在原基础上番一倍"
    # the robbed tile is the fourth copy: the winner holds no other (9m, not 6p of the pair)
    case("S qianggang", S, PLAIN, [], "9m", 2, ["抢杠胡"], robbing_kong=True),
    case("S qianggang off", S, PLAIN, [], "9m", 1, sw={"qianggang": False}, robbing_kong=True),
    # 金钩钓 "111 333 444万 222 6筒（4番）" only where played (S3)
    case("S jingou off", S, "66p", JINGOU, "6p", 2, ["大对子"]),
    case("S jingou on", S, "66p", JINGOU, "6p", 4, ["金钩钓"], sw={"jingou": True}),
    case("S jingou + kong", S, "66p", ["kong 1m"] + JINGOU[1:], "6p", 8, sw={"jingou": True}),
    # 清一色 金钩钓 -> largest 格 清大对 8 (decision S2)
    case("S qing jingou", S, "99m", ["pong 1m", "pong 3m", "pong 5m", "pong 7m"], "9m", 8,
         sw={"jingou": True}),
    # 带幺 "123 123 99万 123 789条。（4番）"
    case("S daiyao off", S, "12312399m123789s", [], "9m", 1, ["平胡"]),
    case("S daiyao on", S, "12312399m123789s", [], "9m", 4, ["带幺"], sw={"daiyao": True}),
    case("S daiyao triplets", S, "111999m11123999p", [], "2p", 4, sw={"daiyao": True}),
    # 清带幺 16 (app example 11123777888999 read 11 123 789 789 789)
    case("S qingdaiyao", S, "11123777888999p", [], "1p", 16, ["清带幺"],
         sw={"daiyao": True, "cap": None}),
    # 将对 "222 555 88万 222 888筒…（16番）"
    case("S jiangdui off", S, "22255588m222888p", [], "8m", 2, ["大对子"]),
    case("S jiangdui on", S, "22255588m222888p", [], "8m", 8, sw={"jiangdui": True}),
    case("S jiangdui nocap", S, "22255588m222888p", [], "8m", 16, ["将对"],
         sw={"jiangdui": True, "cap": None}),
    # 自摸加番 doubles before the cap; 'none' adds nothing
    case("S zimo fan", S, DADUI, [], "6p", 4, sw={"zimo": "fan"}, **ZIMO),
    case("S zimo fan capped", S, LONGQI, [], "6m", 8, sw={"zimo": "fan"}, **ZIMO),
    case("S zimo none", S, DADUI, [], "6p", 2, sw={"zimo": "none"}, **ZIMO),
    # 天胡/地胡 "按满格处理" = cap 8 (S5), self-drawn so +1
    case("S tianhu", S, PLAIN, [], "6p", 9, ["天胡"], self_draw=True, first_turn=True,
         dealer=True),
    case("S dihu", S, PLAIN, [], "6p", 9, ["地胡"], self_draw=True, first_turn=True),
    # 海底 only where played ("以下额外倍数在部分地区计算")
    case("S haidi off", S, PLAIN, [], "6p", 1, last_tile=True),
    case("S haidi on", S, PLAIN, [], "6p", 2, ["海底"], sw={"haidi": True}, last_tile=True),
]

APP = [
    # "两番（x2）：对对胡…如111222444万55599筒"
    case("A duiduihu", A, "111222444m55599p", [], "9p", 2, ["大对子"]),
    case("A duiduihu self-draw", A, "111222444m55599p", [], "9p", 3, **ZIMO),
    case("A plain", A, PLAIN, [], "6p", 1),
    # "三番（x4）：清一色" ; "带幺九…如111222333万78999筒" ; "七对"
    case("A qingyise", A, "11123434566688m", [], "8m", 4, ["清一色"]),
    case("A daiyaojiu", A, "111222333m78999p", [], "9p", 4, ["带幺"]),
    case("A daiyaojiu self-draw", A, "111222333m78999p", [], "9p", 5, **ZIMO),
    case("A qidui", A, QIDUI, [], "8p", 4, ["暗七对"]),
    # "四番（x8）清对…如11122244455599筒" ; "将对…如222555888条88855万"
    case("A qingdui", A, "11122244455599p", [], "9p", 8, ["清大对"]),
    case("A jiangdui", A, "222555888s88855m", [], "5m", 8, ["将对"]),
    case("A jiangdui + kong", A, "555888s88855m", ["kong 2s"], "5m", 16, sw={"cap": None}),
    # "五番（x16）龙七对…如11222244筒557799万…同时减1根"
    case("A longqidui", A, "11222244p557799m", [], "2p", 16, ["龙七对"], sw={"cap": None}),
    case("A longqidui capped", A, "11222244p557799m", [], "2p", 8),
    case("A longqidui 2nd gen", A, "11336666m777788p", [], "8p", 32, sw={"cap": None}),
    # "清七对…如11334466778899条" ; "清幺九，如11123777888999铜"
    case("A qingqidui", A, QINGQI, [], "9s", 16, ["清七对"], sw={"cap": None}),
    case("A qingyaojiu", A, "11123777888999p", [], "1p", 16, ["清带幺"], sw={"cap": None}),
    # "六番（x32）天胡" ; "清龙七对…如11224444557799万。算番时减1根"
    case("A tianhu", A, PLAIN, [], "6p", 32, ["天胡"], sw={"cap": None, "zimo": "none"},
         self_draw=True, first_turn=True, dealer=True),
    case("A tianhu capped", A, PLAIN, [], "6p", 9, self_draw=True, first_turn=True,
         dealer=True),
    case("A qinglongqidui", A, "11224444557799m", [], "4m", 32, ["清龙七对"],
         sw={"cap": None}),
    case("A qingqidui with a four", A, "11334444778899s", [], "9s", 32, ["清龙七对"],
         sw={"cap": None}),
    case("A qinglongqidui 2nd gen", A, "11114444778899s", [], "9s", 64, sw={"cap": None}),
    # "杠上花、杠上炮加1番，胡牌时1根（杠）加1番"
    case("A pinghu gen", A, "111123456789m66p", [], "6p", 2, ["根"]),
    case("A qing gen gsh", A, "234567789m99m", ["ckong 1m"], "9m", 17, sw={"cap": None},
         self_draw=True, after_kong=True),
    case("A qing gen gsh capped", A, "234567789m99m", ["ckong 1m"], "9m", 9, self_draw=True,
         after_kong=True),
    case("A pinghu gangshangpao", A, PLAIN, [], "6p", 2, after_kong=True),
    case("A qidui gangshangpao", A, QIDUI, [], "8p", 8, after_kong=True),
    # 金钩钓 is not in the app table (S3)
    case("A no jingou", A, "66p", JINGOU, "6p", 2, ["大对子"]),
]

CG = "123567m23455s"  # 123m 567m 234s 55s with the win 4s (waits 1s/4s): no wait bonus
CONC = "123456m23455789s"  # concealed 123m 456m 234s 789s 55s, win 4s (waits 1s/4s)
GUANGAN = [
    # "平胡：2颗。本身1颗加缺一门1颗" (a pong, so no 门清)
    case("G pinghu", G, "12345556m789s", ["pong 2s"], "9s", 2, ["本身", "缺一门"]),
    # + 自摸1颗 (examples 1 and 2; decision G1)
    case("G pinghu self-draw", G, "12345556m789s", ["pong 2s"], "9s", 3, ["自摸"], **ZIMO),
    # "门清：加1颗"
    case("G menqing", G, CONC, [], "4s", 3, ["门清"]),
    # "卡张：加1颗…并且只能胡这一张牌" (13s waits only 2s)
    case("G kazhang", G, "123456m12355789s", [], "2s", 4, ["卡张"]),
    # 3m is the middle of 234 but 2224m also waits 4m and 7m: no 卡张 (G9)
    case("G kazhang not only tile", G, "22234567m456789s", [], "3m", 3),
    # "卡心五：加2颗…456中的5"
    case("G kaxinwu", G, "11123789m456789s", [], "5s", 5, ["卡心五"]),
    # "边张：加1颗…123中的3"
    case("G bianzhang", G, "12355789m456789s", [], "3m", 4, ["边张"]),
    # "边张…789中的7" (89s waits only 7s)
    case("G bianzhang 7", G, "123456m12378955s", [], "7s", 4, ["边张"]),
    case("G bianzhang self-draw", G, "12355789m456789s", [], "3m", 5, **ZIMO),
    # "单钓：加1顆…只能胡这一张牌" (9m single; 5679 gives nothing else)
    case("G dandiao", G, "12356799m234789s", [], "9m", 4, ["单钓"]),
    # "大对子：7颗…本身1颗加缺一门1颗加大对子5颗" (双碰 wait 2p/6p)
    case("G daduizi", G, "444m22666p", ["pong 1m", "pong 7m"], "6p", 7, ["大对子"]),
    # 混大对 with 碰中 +1; 9m is not the only tile (444 77 789): no 单钓
    case("G hun daduizi zhong", G, "44477799m", ["pong 1m", "pong 7z"], "9m", 14),
    # "纯清大对18颗" (example 2)
    case("G chunqing daduizi", G, "33777m", ["pong 1m", "pong 5m", "pong 9m"], "7m", 18),
    # 金钩钓: 本身1 缺一门1 大对子5 金钩钓5 = 12 (decision G2; the list says 13 with 单钓)
    case("G jingou", G, "66p", ["pong 1m", "pong 4m", "pong 7m", "pong 2p"], "6p", 12,
         ["金钩钓"]),
    case("G jingou dandiao", G, "66p", ["pong 1m", "pong 4m", "pong 7m", "pong 2p"], "6p", 13,
         sw={"jingou_dandiao": True}),
    # "一条龙：7颗。…本身1颗加缺一门1颗加一条龙5颗" (23456789m waits 1/4/7m)
    case("G yitiaolong", G, "123456789m55s", ["pong 7s"], "1m", 7, ["一条龙"]),
    # 纯清一色 + 一条龙 + 门清: 1 + 2 + 1 + 10 + 5
    case("G qing yitiaolong", G, "12345678923455m", [], "4m", 19),
    # "清一色（混清）：8颗…本身1颗加缺两门2颗再加混清一色5颗" (白 pair adds nothing)
    case("G hunqing", G, "234345567m55z", ["pong 9m"], "2m", 8, ["混清一色"]),
    # "清一色（纯清）：13颗…本身1颗加缺两门2颗再加纯清一色10颗"
    case("G chunqing", G, "23434556788m", ["pong 9m"], "2m", 13, ["纯清一色"]),
    # "暗七对：9颗…本身1颗加缺一门1颗加门清1颗加单钓1颗加暗七对5颗"
    case("G anqidui", G, "1133446677m5588s", [], "8s", 9, ["暗七对"]),
    case("G anqidui self-draw", G, "1133446677m5588s", [], "8s", 10, **ZIMO),
    # "龙七对：14颗…胡的那张牌有四张一样的…暗七对再加5颗"
    case("G longqidui", G, "1133446666m5588s", [], "6m", 14, ["龙七对"]),
    # the four not made by the winning tile: 暗七对 only (G11); long_any accepts it
    case("G four not by win", G, "1133446666m5588s", [], "8s", 9),
    case("G long_any", G, "1133446666m5588s", [], "8s", 14, sw={"long_any": True}),
    # one-suit 混 seven pairs with 中发白: 2/4/4 dragons is a 小三元汇
    # ("其中一个字只有2张，其他都是3张或3张以上"); G3 extra 缺一门, 发 and 中 fours +1 each
    case("G hun longqidui xiaosanyuan", G, "1133m5566667777z", [], "7z", 28, ["小三元汇"]),
    # "中发白碰牌也要加1颗"; concealed 中 triplet too (G10); 中 明杠 = 明杠1 + 1
    case("G peng zhong", G, CG, ["pong 7z"], "4s", 3, ["中发白"]),
    case("G concealed zhong", G, CG + "777z", [], "4s", 4),
    case("G zhong minggang", G, CG, ["kong 7z"], "4s", 4),
    # "明杠加1颗暗杠加2颗"; a concealed kong keeps 门清 ("明杠暗杠了的也算门清")
    case("G minggang", G, CG, ["kong 9m"], "4s", 3, ["明杠"]),
    case("G addkong", G, CG, ["addkong 9m"], "4s", 3, ["明杠"]),
    case("G angang", G, CG, ["ckong 9m"], "4s", 5, ["暗杠", "门清"]),
    # "小板子：加1颗…类似223344的两搭序数牌搭子" (123 123m)
    case("G xiaobanzi", G, "112233m45678999s", [], "9s", 4, ["小板子"]),
    # "大板子：加7颗…两搭带一对将牌" (234 234 55m)
    case("G dabanzi", G, "22334455m123456s", [], "6s", 10, ["大板子"]),
    case("G dabanzi 11223344", G, "11223344m456789s", [], "4m", 10, ["大板子"]),
    case("G dabanzi + xiaobanzi", G, "22334455m667788s", [], "8s", 11),
    # "N板子…每多增加一对牌则多加7颗": 22334455667788 = 7 pairs -> 7 * 4 = 28 (G7)
    case("G 7-banzi", G, "22334455667788m", [], "8m", 42),
    # "小飞机：加1颗…如111222"; 5s only via 55 456 789 -> 卡心五 2 (G9 best reading)
    case("G xiaofeiji kaxinwu", G, "111222m45556789s", [], "5s", 6, ["小飞机", "卡心五"]),
    case("G xiaofeiji daduizi", G, "77799955m", ["pong 2p", "pong 3p"], "5m", 8),
    # "大飞机：加7颗。…三副三张相同序数跨度1的搭子或两连杠"
    case("G dafeiji pongs", G, "23499m", ["pong 3p", "pong 4p", "pong 5p"], "2m", 9,
         ["大飞机"]),
    # two 明杠 in a 大飞机 count 0 (G6, extended from "算超大飞机时…明杠不算颗数")
    case("G dafeiji 2 kongs", G, "23456799m", ["kong 3p", "kong 4p"], "2m", 9),
    # "特大飞机：加14颗…两个大飞机牌型或三连杠": 三连暗杠 1 each (G6)
    case("G tedafeiji 3 ckongs", G, "23499m", ["ckong 3p", "ckong 4p", "ckong 5p"], "2m", 20,
         ["特大飞机"]),
    case("G tedafeiji 4 pongs", G, "99m", ["pong 3p", "pong 4p", "pong 5p", "pong 6p"], "9m",
         26),
    # "抢杠：加5颗" "杠上花：加5颗" "杠上炮：加5颗" "海底捞：加5颗" "海底炮：加5颗"
    case("G qianggang", G, CONC, [], "4s", 8, ["抢杠"], robbing_kong=True),
    case("G gangshanghua", G, CG, ["ckong 9m"], "4s", 11, ["杠上花", "自摸"], self_draw=True,
         after_kong=True),
    case("G gangshangpao", G, CONC, [], "4s", 8, ["杠上炮"], after_kong=True),
    case("G haidilao", G, CONC, [], "4s", 9, ["海底捞"], self_draw=True, last_tile=True),
    case("G haidipao", G, CONC, [], "4s", 8, ["海底炮"], last_tile=True),
    # "小三元汇：加5颗…其中一个字只有2张，其他都是3张或3张以上"
    case("G xiaosanyuan", G, "123456m55z", ["pong 6z", "pong 7z"], "1m", 15, ["小三元汇"]),
    # "大三元汇…加5再乘以2": examples only double (G4) -> (1+2+5+3)*2; the text's +5 -> 32
    case("G dasanyuan", G, "12355m", ["pong 5z", "pong 6z", "pong 7z"], "1m", 22,
         ["大三元汇"]),
    case("G dasanyuan plus5", G, "12355m", ["pong 5z", "pong 6z", "pong 7z"], "1m", 32,
         sw={"sanyuan_plus": 5}),
    # 十八罗汉: ×1 by default (G5), ×2 with luohan; 1+1+4 明杠+5+5 = 16
    case("G luohan", G, "77s", ["kong 1m", "kong 5m", "kong 9m", "kong 3s"], "7s", 16),
    case("G luohan on", G, "77s", ["kong 1m", "kong 5m", "kong 9m", "kong 3s"], "7s", 32,
         sw={"luohan": True}),
    # the three worked examples: 82, 60, 58
    case("G example 1", G, "55m", ["ckong 2m", "ckong 5z", "ckong 6z", "ckong 7z"], "5m", 82,
         self_draw=True, after_kong=True, last_tile=True),
    case("G example 2", G, "77m", ["ckong 2m", "ckong 3m", "ckong 4m", "ckong 5m"], "7m", 60,
         self_draw=True, after_kong=True, last_tile=True),
    case("G example 3", G, "55m555566667777z", [], "7z", 58, after_kong=True),
]

LB = "456m789p234s11z"  # with "chow 123m": an open 基本胡 on 4s (waits 1s/4s)
LMQ = "123m456m789p234s11z"  # the same, concealed
QING = "234456789m55m"  # with "chow 123m": 清一色
QQ_DUI = ["pong 1m", "pong 3m", "pong 5m", "pong 9m"]
LIUZHOU = [
    # "基本胡：1分"
    case("L jibenhu", L, LB, ["chow 123m"], "4s", 1, ["基本胡"]),
    case("L jibenhu self-draw", L, LB, ["chow 123m"], "4s", 1, **ZIMO),
    # "门清：2分" ; concealed on a discard is 门清 by default (L1), 基本胡 with 'selfdraw'
    case("L menqing discard", L, LMQ, [], "4s", 2, ["门清"]),
    case("L menqing discard selfdraw", L, LMQ, [], "4s", 1, sw={"menqing": "selfdraw"}),
    case("L menqing self-draw", L, LMQ, [], "4s", 2, **ZIMO),
    # "对對胡…3分门清对对胡4分（不是门清的情况下，自摸每家给2分）"
    case("L duiduihu", L, "777m555s44z", ["pong 1m", "pong 9p"], "4z", 3, ["对对胡"]),
    case("L duiduihu with kong", L, "777m555s44z", ["kong 1m", "pong 9p"], "4z", 3),
    case("L duiduihu self-draw", L, "777m555s44z", ["pong 1m", "pong 9p"], "4z", 2, **ZIMO),
    case("L menqing duiduihu", L, "111777m999p555s44z", [], "4z", 4, ["对对胡", "门清"]),
    case("L menqing duiduihu selfdraw", L, "111777m999p555s44z", [], "4z", 3,
         sw={"menqing": "selfdraw"}),
    # "清一色：3分门清清一色4分"; honors make it not 清一色 (L4)
    case("L qingyise", L, QING, ["chow 123m"], "5m", 3, ["清一色"]),
    case("L menqing qingyise", L, "123456789m234m55m", [], "5m", 4, ["清一色", "门清"]),
    case("L honors not qing", L, "456m789m234m11z", ["chow 123m"], "1z", 1, ["基本胡"]),
    # "小七对：3分小七对肯定是门清，自摸每家给2分"
    case("L xiaoqidui", L, "1133m5577p99s5566z", [], "6z", 3, ["小七对"]),
    case("L xiaoqidui selfdraw mode", L, "1133m5577p99s5566z", [], "6z", 3,
         sw={"menqing": "selfdraw"}),
    case("L xiaoqidui self-draw", L, "1133m5577p99s5566z", [], "6z", 2, **ZIMO),
    # "放炮时则可以叠加所有牌型": 清一色 3 + 小七对 3
    case("L qing xiaoqidui", L, "11223355778899m", [], "9m", 6),
    # 门清 清一色 对对胡 on a discard 3 + 3 + 1; 霹雳 "每家最多给2分" on a self-draw
    case("L menqing qing duidui", L, "11133355599977m", [], "7m", 7),
    case("L pili", L, "11133355599977m", [], "7m", 2, ["霹雳"], **ZIMO),
    case("L pili 3", L, "11133355599977m", [], "7m", 3, sw={"pili": 3}, **ZIMO),
    # 全求人 "最后剩一张牌胡牌…放炮情況则给3番"; "自摸每家给2番"
    case("L quanqiuren", L, "11z", ["chow 123m", "chow 456p", "pong 9s", "chow 789m"], "1z",
         3, ["全求人"]),
    case("L quanqiuren self-draw", L, "11z", ["chow 123m", "chow 456p", "pong 9s",
                                              "chow 789m"], "1z", 2, **ZIMO),
    # a concealed kong is not 求人 (L3)
    case("L ckong not quanqiuren", L, "11z", ["chow 123m", "chow 456p", "pong 9s",
                                              "ckong 7m"], "1z", 1),
    # "对对胡全求人点炮…6番" "清一色全球人放炮者给6番" "清一色全球人对对胡放炮者给9番"
    case("L duidui qqr", L, "33z", ["pong 1m", "pong 5p", "pong 7s", "pong 2z"], "3z", 6),
    case("L qing qqr", L, "55m", ["chow 123m", "chow 456m", "chow 789m", "pong 2m"], "5m", 6),
    case("L qing duidui qqr", L, "77m", QQ_DUI, "7m", 9),
    # 杠上炮 "基本胡则放炮者给胡的人3分" "清一色话则为3+3=6分" "清一色+对对胡+全球人…12分"
    case("L gangshangpao basic", L, LB, ["chow 123m"], "4s", 3, ["杠上炮"], after_kong=True),
    case("L gangshangpao qing", L, QING, ["chow 123m"], "5m", 6, after_kong=True),
    case("L gangshangpao qing duidui qqr", L, "77m", QQ_DUI, "7m", 12, after_kong=True),
    # 门清 with another 胡法 "只算1番": 1 + 3
    case("L gangshangpao menqing", L, LMQ, [], "4s", 4, after_kong=True),
    # 杠上花 ×2 of the basic hand (payments checked below)
    case("L gsh kong", L, "456m234s11z", ["chow 123m", "kong 9p"], "4s", 2, ["杠上花"],
         self_draw=True, after_kong=True),
    # concealed hand: 门清 2 (霹雳 cap) then ×2 (L5)
    case("L gsh ckong menqing", L, "123456m234s11z", ["ckong 9p"], "4s", 4, self_draw=True,
         after_kong=True),
    # "海底捞月：*2谁摸最后一张牌胡牌，才算": not on the last discard
    case("L haidi self-draw", L, LB, ["chow 123m"], "4s", 2, ["海底捞月"], self_draw=True,
         last_tile=True),
    case("L haidi discard", L, LB, ["chow 123m"], "4s", 1, last_tile=True),
    case("L haidi menqing", L, LMQ, [], "4s", 4, self_draw=True, last_tile=True),
    case("L pili haidi", L, "111777m999p555s44z", [], "4z", 4, self_draw=True, last_tile=True),
]


@pytest.mark.parametrize("rules, sw, hand, melds, win, ctx, expected, names",
                         SICHUAN + APP + GUANGAN + LIUZHOU)
def test_hand_checked_total(rules, sw, hand, melds, win, ctx, expected, names):
    rs = mj.rules(rules, **sw) if sw else rules
    r = mj.score(hand, melds=melds, win=win, rules=rs, **ctx)
    assert r.total == expected, str(r)
    got = {name for name, _ in r.patterns}
    for name in names:
        assert name in got, str(r)
    str(r)


@pytest.mark.parametrize("kong, payments", [
    # "直接明杠杠上花为被杠者支付2*3+1=7分"
    ("kong 9p", {0: 7, 1: -7, 2: 0, 3: 0}),
    # "摸牌明杠杠上花为所有人支付2*3=6分，原被碰者需支付杠的1分"
    ("addkong 9p", {0: 7, 1: -3, 2: -2, 3: -2}),
    # "暗杠杠上花为3*2+3=9分"
    ("ckong 9p", {0: 9, 1: -3, 2: -3, 3: -3}),
])
def test_liuzhou_gangshanghua_payments(kong, payments):
    r = mj.score("456m234s11z", melds=["chow 123m", kong], win="4s", self_draw=True,
                 after_kong=True, rules="liuzhou")
    assert dict(r.payments) == payments


@pytest.mark.parametrize("discarder, sanbi, self_draw, payments", [
    # 1> A took three from B, A discards to B: A pays x2 (B = winner 0, A = 1)
    (1, ((1, 0),), False, {0: 2, 1: -2, 2: 0, 3: 0}),
    # 2> B discards to A: B pays x2 (A = winner 0, B = 1)
    (1, ((0, 1),), False, {0: 2, 1: -2, 2: 0, 3: 0}),
    # 3> A discards to C: A pays x1, B nothing (C = 0, A = 2, B = 1)
    (2, ((2, 1),), False, {0: 1, 1: 0, 2: -1, 3: 0}),
    # 4> B discards to C: A and B each pay x1
    (1, ((2, 1),), False, {0: 2, 1: -1, 2: -1, 3: 0}),
    # 5> B self-draws: A pays x3, the other two x1 (B = 0, A = 1)
    (None, ((1, 0),), True, {0: 5, 1: -3, 2: -1, 3: -1}),
])
def test_liuzhou_sanbi_payments(discarder, sanbi, self_draw, payments):
    r = mj.score(LB, melds=["chow 123m"], win="4s", self_draw=self_draw, rules="liuzhou",
                 table=Table(discarder=discarder, sanbi=sanbi))
    assert dict(r.payments) == payments


def test_sichuan_self_draw_paid_by_players_still_in():
    # 血战到底: seat 1 has already won; the other two pay 平胡 1 + 自摸加底 1 each
    r = mj.score(PLAIN, win="6p", self_draw=True, rules="sichuan", table=Table(active=(0, 2, 3)))
    assert dict(r.payments) == {0: 4, 1: 0, 2: -2, 3: -2}


@pytest.mark.parametrize(
    "hand, expected",
    [
        # "小三元汇…其中一个字只有2张，其他都是3张或3张以上": two dragon pairs are not 三元汇
        ("11335577m556677z", 16),  # 本身1 缺两门2 七对另计1 门清1 单钓1 暗七对5 混清5
        ("113355m55667777z", 22),  # the same + 龙七对5 + 中四归一1
        ("1133m5566667777z", 28),  # 2/4/4: 小三元汇 applies
    ],
)
def test_guangan_xiaosanyuan_needs_exactly_one_dragon_pair(hand, expected):
    r = mj.score(hand, win="7z", rules="guangan")
    assert r.total == expected
    assert ("小三元汇" in [name for name, _ in r.patterns]) == (expected == 28)
