"""The text of `referee COMMAND --help`: each command's summary and its examples."""

from __future__ import annotations

CARD_NOTATION = """\
CARD is a rank then a suit, in any case, in the notation of the ruleset's deck; a joker
is JK (or JOKER, *). The French deck, which most games use:
  ranks A 2 3 4 5 6 7 8 9 10 J Q K (T for ten), suits C D H S (or ♣ ♦ ♥ ♠): 8H 10S TS qd A♠
A deck of other ranks, suits or special cards reads its own, and its suits' symbols:
  the queen of stars QX (or Q★), a green twelve 12G, a wild W, a skip SK. A card the
  deck cannot hold is refused with the deck's ranks and suits.
"""

HELP = {
    "serve": ("run the HTTP service", """\
example:
  referee serve --port 8080 --database postgresql://referee@db.example/referee
  referee serve --lan        # phones on the same network join: prints the address and a QR code

It prints the address it listens on once it listens; the API's documentation is at /docs there.
A port already in use is one line on stderr and exit 2, with nothing created.
"""),
    "lint": ("check ruleset files", """\
example:
  referee lint our-house-rules.yaml

Give a variant together with the file of its base when the base is not shipped.
Each problem is printed as FILE:LINE:COLUMN: path: message.

exit status: 0 clean, 1 problems found, 2 a file could not be read
"""),
    "rulesets": ("list the rulesets the referee knows", """\
example:
  referee rulesets
"""),
    "new-variant": ("start a house variant: write ID.yaml, extending BASE and changing nothing yet", """\
example:
  referee new-variant garbage garbage-ours
  referee changes garbage-ours.yaml

It writes ID.yaml in the current folder (never over a file that is there): its id, the
base it extends, a name, and each field a table usually changes (wild cards, card values,
the first meld, the rounds, how the game ends...) as a comment holding the base's value.
Uncomment a field with the lines it sits under and change its value; the first line points
editors to the installed schema, so they check the file as you type.

exit status: 0 written, 2 an unknown BASE, an ID that cannot be a ruleset id, or ID.yaml
there already
"""),
    "changes": ("say what a variant changes against the ruleset it extends", """\
example:
  referee changes garbage-ours.yaml

One line a field that differs from the base, with the base's value. The base is a shipped
ruleset, or the file BASE.yaml beside FILE when there is one.

exit status: 0 (a file that extends nothing says so), 2 the file could not be used (its
problems are printed as `referee lint` prints them)
"""),
    "check": ("check one meld (rummy games) or one placement (layout games)", """\
examples:
  referee check ten-pennies 8H 8S 2C
  referee check ten-pennies --round 5 7D 7S AH 2C
  referee check bing-rummy --players 4 5H,6H,7H
  referee check garbage 5D
  referee check garbage --layout down,2H,down,down,JS,down,down,down,down,down 5D

Rummy games check one meld: give its cards. Layout games check where one drawn card
may go: give that card, and your slots with --layout (from the first slot on, each
"down" or the card face up there); without --layout the layout is a fresh one, every
slot of the game face down.

""" + CARD_NOTATION + """
exit status: 0 legal, 1 not legal (the reasons are printed), 2 the input could not be
used (an unknown ruleset, a bad card, a round the game does not have, a bad --layout)
"""),
    "first-meld": ("check a first meld: its melds, the round's requirement, the hand limit", """\
examples:
  referee first-meld ten-pennies 8H,8S,2C 9H,9S,9D
  referee first-meld ten-pennies --round 2 7D,7S,7H,2C
  referee first-meld bing-rummy --hand KH,3C --score 40 3H,4H,5H 9C,9D,9S JC,QC,KC

Give each meld as its cards joined by commas, the melds apart by spaces; they are judged
as laid down together. --hand is what stays in hand after them and --score the player's
game score, which together feed a hand limit (Bing Rummy). Layout games have no melds
and are refused.

""" + CARD_NOTATION + """
exit status: 0 legal, 1 not legal (the reasons are printed), 2 the input could not be
used (an unknown ruleset, a bad card, a round the game does not have, a layout game)
"""),
    "going-out": ("can this hand go out? a yes prints the steps that do it", """\
examples:
  referee going-out ten-pennies --round 2 --first-meld-not-done 3H 3S 3D 2C 9D
  referee going-out bing-rummy 5D 4D 9H --table 6D,7D,8D --table 9S,9C,9D
  referee going-out ten-pennies 8H,8S,8D,5C
  referee going-out buraco --table 5H,5D,5S,5C,5H,5D,5C KH,KD,KS,9C

Give the whole hand; each --table is one meld on the table (its cards joined by
commas) that cards may be laid off on; where partners play together, the side's melds
(--foot-not-taken and --morto-not-taken: the foot or the side's morto is not yet
picked up). The player has made their first meld unless --first-meld-not-done says
not. The steps are in play order: the first meld, the other new melds, lay-offs on
them and on the table's melds, then the discard. Layout games have no melds and are
refused.

""" + CARD_NOTATION + """
exit status: 0 the hand can go out, 1 it cannot (the reason is printed), 2 the input
could not be used (an unknown ruleset, a bad card, an illegal --table meld, a layout game)
"""),
    "mahjong": ("score a Mahjong hand, or list what it waits on (Mahjong rulesets)", """\
examples:
  referee mahjong score riichi 123m678p789s22m --called 666z --ron 9s --seat-wind S --round-wind E --dora 6p
  referee mahjong score riichi 234m567m234p678s55s --tsumo 8s --riichi
  referee mahjong waits riichi 1112345678999m

HAND is every concealed tile, the winning one among them (score), written compactly
(123m456p11z) or joined by commas. Tiles: 1m-9m characters, 1p-9p dots, 1s-9s bamboo,
1z-4z (E S W N) winds, 5z-7z (Wh Gr Rd) dragons, 0m 0p 0s a red five. A called meld is
--called TILES, a kong declared from the hand --concealed-kong TILES.

exit status: 0 a winning (or waiting) hand, 1 it is not, 2 the input could not be used
"""),
    "score": ("end-of-round points and pennies (rummy games)", """\
examples:
  referee score ten-pennies ann=3H,KD,JK bob=
  referee score ten-pennies --round 7 ann=2C,AS bob=9D cleo=
  referee score canasta --team ann,cy --team bo,dee --went-out ann --red-threes ann=1 \
      --melded ann=KH,KD,KS,KC,KH,KD,KS ann= bo=4C cy=8D dee=AH,JK

Give each player once, as NAME=CARD,CARD,... with the cards left in their hand
(NAME= for a player who went out). In a game of partners, --team names each team and
a line a team adds up its players' points. Layout games keep no points and are refused.

""" + CARD_NOTATION + """
exit status: 0 scored, 2 the input could not be used (an unknown ruleset, a bad card,
a card the game's decks cannot hold, a name given twice, a layout game)
"""),
    "schema": ("print the ruleset JSON Schema", """\
example:
  referee schema > ruleset.schema.json

For an editor that cannot reach the service: point the yaml-language-server comment
at the saved file.
"""),
}
