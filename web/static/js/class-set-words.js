// The words a class set's data is compressed against (a deflate dictionary, packed.js): the question kinds and the
// practice topics of the rule sets as they were when format 1 was made, so that a set of ten questions on ten
// different topics still fits a QR code of version 10. Frozen with format 1 — a set is read with exactly the
// dictionary it was written with: never change this list; a topic added later still travels, just spelled out.
export const SET_DICTIONARY_V1 = ['{"t":"","c":"","l":0,"r":"gb","v":{"table":{},"variants":{}},"q":[',
  ...[
  "points", "fans", "name", "waits", "declare", "why_not", "pay", "shanten", "useful", "discard", "route",
  "series_honors", "big_four_winds", "big_three_dragons", "little_four_winds", "little_three_dragons",
  "all_honors", "big_three_winds", "two_dragon_pungs", "dragon_pung", "prevalent_wind", "seat_wind", "no_honors",
  "series_suited_sequences", "nine_gates", "pure_terminal_chows", "quadruple_chow", "four_pure_shifted_pungs",
  "four_pure_shifted_chows", "pure_triple_chow", "pure_shifted_pungs", "pure_straight", "pure_shifted_chows",
  "mixed_straight", "pure_double_chow", "short_straight", "two_terminal_chows", "series_pungs_and_kongs",
  "four_kongs", "all_terminals", "four_concealed_pungs", "three_kongs", "all_terminals_and_honors",
  "all_even_pungs", "triple_pung", "three_concealed_pungs", "two_concealed_kongs", "concealed_and_melded_kong",
  "two_melded_kongs", "double_pung", "two_concealed_pungs", "concealed_kong", "pung_of_terminals_or_honors",
  "melded_kong", "series_seven_pairs", "seven_shifted_pairs", "seven_pairs", "series_suit_combinations",
  "all_green", "full_flush", "upper_tiles", "middle_tiles", "lower_tiles", "three_suited_terminal_chows",
  "upper_four", "lower_four", "reversible_tiles", "mixed_triple_chow", "mixed_shifted_pungs", "half_flush",
  "mixed_shifted_chows", "all_types", "mixed_double_chow", "one_voided_suit", "series_every_set", "all_fives",
  "outside_hand", "all_chows", "all_simples", "series_knitted_and_orphans", "thirteen_orphans",
  "greater_honors_and_knitted_tiles", "lesser_honors_and_knitted_tiles", "knitted_straight",
  "series_how_the_hand_is_won", "last_tile_draw", "last_tile_claim", "out_with_replacement_tile",
  "robbing_the_kong", "all_pungs", "melded_hand", "fully_concealed_hand", "last_tile", "concealed_hand",
  "edge_wait", "closed_wait", "single_wait", "self_drawn", "series_special", "chicken_hand", "tile_hog",
  "flower_tiles", "no_repeat", "no_split", "no_identical", "higher_over_lower", "account_once", "hand_reading",
  "mixed", "ping_hu", "peng_peng_hu", "hun_yi_se", "qi_dui", "qing_yi_se", "hao_hua_qi_dui", "highest_pattern",
  "multipliers", "base_and_cap", "who_pays", "three_steps", "table_conventions",
  ].map((word) => `["${word}",`), '"jiujiang"'].join("");
