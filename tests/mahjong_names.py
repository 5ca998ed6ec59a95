"""The `mahjong` package's names read as mahjong.md's: its yaku classes as patterns, its fu
reasons as fu parts, its scoring levels as limits, its refusals as violation codes.
"""

from __future__ import annotations

from mahjong.hand_calculating.hand import HandCalculator

# mahjong.md's Riichi pattern names, in its order.
PATTERNS = (
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou",
    "yakuhai", "haitei_raoyue", "houtei_raoyui", "rinshan_kaihou", "chankan", "chiitoitsu",
    "chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sanankou", "sankantsu", "toitoi",
    "honroutou", "shousangen", "honitsu", "junchan", "ryanpeikou", "chinitsu",
    "kokushi_musou", "suuankou", "daisangen", "shousuushii", "daisuushii", "tsuuiisou",
    "ryuuiisou", "chinroutou", "chuuren_poutou", "suukantsu", "tenhou", "chiihou",
)  # fmt: skip

# The package's yaku classes and the pattern each is (None: a dora, counted under `dora`). The
# package's yaku that no request of mahjong.md can bring about (open riichi, nagashi mangan,
# renhou, daisharin, daichisei, sashikomi, paarenchan) are left out: meeting one is an error.
YAKU_PATTERNS: dict[str, str | None] = {
    "Riichi": "riichi", "DaburuRiichi": "double_riichi", "Ippatsu": "ippatsu",
    "Tsumo": "menzen_tsumo", "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou",
    "Haku": "yakuhai", "Hatsu": "yakuhai", "Chun": "yakuhai",
    "SeatWindEast": "yakuhai", "SeatWindSouth": "yakuhai", "SeatWindWest": "yakuhai",
    "SeatWindNorth": "yakuhai", "RoundWindEast": "yakuhai", "RoundWindSouth": "yakuhai",
    "RoundWindWest": "yakuhai", "RoundWindNorth": "yakuhai",
    "Haitei": "haitei_raoyue", "Houtei": "houtei_raoyui", "Rinshan": "rinshan_kaihou",
    "Chankan": "chankan", "Chiitoitsu": "chiitoitsu", "Chantai": "chanta", "Ittsu": "ittsu",
    "Sanshoku": "sanshoku", "SanshokuDoukou": "sanshoku_doukou", "Sanankou": "sanankou",
    "SanKantsu": "sankantsu", "Toitoi": "toitoi", "Honroto": "honroutou",
    "Shosangen": "shousangen", "Honitsu": "honitsu", "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu",
    "KokushiMusou": "kokushi_musou", "DaburuKokushiMusou": "kokushi_musou",
    "Suuankou": "suuankou", "SuuankouTanki": "suuankou", "Daisangen": "daisangen",
    "Shousuushii": "shousuushii", "DaiSuushii": "daisuushii", "Tsuuiisou": "tsuuiisou",
    "Ryuuiisou": "ryuuiisou", "Chinroutou": "chinroutou", "ChuurenPoutou": "chuuren_poutou",
    "DaburuChuurenPoutou": "chuuren_poutou", "Suukantsu": "suukantsu", "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Dora": None, "AkaDora": None, "UraDora": None,
}  # fmt: skip

# The package's fu reasons as fu parts (`honour`: a terminal or an honour, as the fu table has it).
FU_PARTS = {
    "base": "base", "penchan": "edge_wait", "kanchan": "closed_wait",
    "pair_wait": "single_wait", "valued_pair": "value_pair",
    "double_valued_pair": "double_value_pair", "tsumo": "self_draw",
    "hand_without_fu": "open_pinfu", "closed_pon": "concealed_pung_simple",
    "open_pon": "open_pung_simple", "closed_terminal_pon": "concealed_pung_honour",
    "open_terminal_pon": "open_pung_honour", "closed_kan": "concealed_kong_simple",
    "open_kan": "open_kong_simple", "closed_terminal_kan": "concealed_kong_honour",
    "open_terminal_kan": "open_kong_honour",
}  # fmt: skip

# The package's scoring levels as mahjong.md's limits.
LIMITS = {
    "": None, "mangan": "mangan", "kiriage mangan": "mangan", "haneman": "haneman",
    "baiman": "baiman", "sanbaiman": "sanbaiman", "kazoe sanbaiman": "sanbaiman",
    "yakuman": "yakuman", "kazoe yakuman": "yakuman", "2x yakuman": "double_yakuman",
    "3x yakuman": "triple_yakuman", "4x yakuman": "quadruple_yakuman",
    "5x yakuman": "quintuple_yakuman", "6x yakuman": "sextuple_yakuman",
}  # fmt: skip

# The package's refusals with a code of mahjong.md.
ERRORS = {
    HandCalculator.ERR_HAND_NOT_WINNING: "not_a_winning_shape",
    HandCalculator.ERR_NO_YAKU: "no_yaku",
    HandCalculator.ERR_NO_WINNING_TILE: "not_in_hand",
}
