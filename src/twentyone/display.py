"""What a person reads: every display name and person-facing sentence, in one place.

The engine, the side bets, the pay tables, the variants and the errors speak in stable slugs
(``suited-777``, ``qh-pair``, ``invalid-bet``); nothing a person reads is built from one. Every
string lives in :data:`TEXT`, keyed by a stable id (``"side-outcome.lucky-lucky.suited-777"``),
so a translation (issue 14: Babel/gettext catalogues) replaces this one table and nothing else.
The browser fetches the same table from ``GET /api/names``; the terminal, the statement labels
and the error sentences read it here.

Hands are counted from 1 and named the same way everywhere: ``Spot 2`` for a spot's only hand,
``Spot 2 · Hand 1`` once it has been split.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

TEXT: dict[str, str] = {
    # -- variants ------------------------------------------------------------------------------
    "variant.lucky-lucky": "Lucky Lucky Blackjack",
    "variant.lucky-7": "Lucky 7 Blackjack",
    "variant.european": "European Blackjack",
    "variant.lucky-ladies": "Blackjack with Lucky Ladies",
    "variant.standard": "Standard Blackjack",
    "variant-description.lucky-lucky": "The online game: 6 decks, up to 5 hands, no dealer "
    "check for blackjack, 10-card Charlie, and the Lucky Lucky side bet on your first two cards "
    "and the dealer's up card.",
    "variant-description.lucky-7": "8 decks and three spots, with insurance and even money; "
    "the Lucky 7 side bet of one credit pays on sevens among your first three cards.",
    "variant-description.european": "2 decks, one hand, no hole card: the dealer draws the "
    "second card after you play. Double on hard 9, 10 or 11; split a pair of the same rank once.",
    "variant-description.lucky-ladies": "Casino blackjack on 6 decks with up to 7 spots, and "
    "the Lucky Ladies side bet on a first two cards totalling 20: a queen of hearts pair with "
    "a dealer blackjack pays 1,000 to 1.",
    "variant-description.standard": "The base game: 6 decks, the dealer stands on soft 17 and "
    "checks for blackjack, double any two cards and after a split, split up to 4 hands.",
    # -- hand and wager outcomes ---------------------------------------------------------------
    "outcome.win": "Win",
    "outcome.blackjack": "Blackjack",
    "outcome.charlie": "Charlie",
    "outcome.push": "Push",
    "outcome.lose": "Lose",
    "outcome.bust": "Bust",
    "outcome.surrender": "Surrendered",
    "outcome.even-money": "Even money",
    "outcome.dealer-blackjack-refund": "Lost to dealer blackjack, part returned",
    "outcome.bet-lost-double-returned": "Lost to dealer blackjack · double returned",
    "outcome.stake-returned": "Dealer blackjack · stake returned",
    "outcome.bet-returned-double-lost": "Dealer blackjack · bet returned, double lost",
    "outcome.insurance-win": "Insurance wins",
    "outcome.insurance-lose": "Insurance loses",
    "outcome.side-win": "Side bet wins",
    "outcome.side-lose": "Side bet loses",
    # -- side bets -----------------------------------------------------------------------------
    "side-bet.lucky-lucky": "Lucky Lucky",
    "side-bet.lucky-7": "Lucky 7",
    "side-bet.lucky-ladies": "Lucky Ladies",
    "side-outcome.lose": "No win",
    "side-outcome.lucky-lucky.suited-777": "Suited 7-7-7",
    "side-outcome.lucky-lucky.suited-678": "Suited 6-7-8",
    "side-outcome.lucky-lucky.unsuited-777": "Unsuited 7-7-7",
    "side-outcome.lucky-lucky.unsuited-678": "Unsuited 6-7-8",
    "side-outcome.lucky-lucky.suited-21": "Suited 21",
    "side-outcome.lucky-lucky.unsuited-21": "Unsuited 21",
    "side-outcome.lucky-lucky.any-20": "Any 20",
    "side-outcome.lucky-lucky.any-19": "Any 19",
    "side-outcome.lucky-7.7-7-7-suited": "Suited 7-7-7",
    "side-outcome.lucky-7.7-7-7": "Unsuited 7-7-7",
    "side-outcome.lucky-7.7-7-suited": "Suited 7-7",
    "side-outcome.lucky-7.7-7": "Unsuited 7-7",
    "side-outcome.lucky-7.7": "First card a 7",
    "side-outcome.lucky-ladies.qh-pair-dealer-blackjack": (
        "Queen of hearts pair with dealer blackjack"
    ),
    "side-outcome.lucky-ladies.qh-pair": "Queen of hearts pair",
    "side-outcome.lucky-ladies.matched-20": "Matched 20",
    "side-outcome.lucky-ladies.suited-20": "Suited 20",
    "side-outcome.lucky-ladies.any-20": "Any 20",
    # -- pay tables ----------------------------------------------------------------------------
    "paytable.lucky-lucky.felt": "Online pay table",
    "paytable.lucky-lucky.original": "Original casino pay table",
    "paytable.lucky-7.super-sevens": "Super Sevens",
    "paytable.lucky-7.crazy-sevens": "Crazy Sevens",
    "paytable.lucky-ladies.A": "Pay table A",
    "paytable.lucky-ladies.B": "Pay table B",
    "paytable.other": "Operator's pay table",
    # -- actions (the document's button names) -------------------------------------------------
    "action.hit": "Hit",
    "action.stand": "Stand",
    "action.double": "Double",
    "action.split": "Split",
    "action.surrender": "Surrender",
    "action.insurance": "Insurance accepted",
    "action.no-insurance": "Insurance declined",
    "action.even-money": "Even money taken",
    "action.no-even-money": "Even money declined",
    # -- wagers, ledger entries, rounds --------------------------------------------------------
    "hand.spot": "Spot {spot}",
    "hand.spot-hand": "Spot {spot} · Hand {hand}",
    "hand.doubled": "{label} (doubled)",
    "hand.double-stake": "{label} · double",
    "hand.split-stake": "{label} · split",
    "wager.insurance": "Insurance · {spot}",
    "wager.side": "{side_bet} · {spot}",
    "wager.even-money": "Even money · {spot}",
    "entry.grant": "Play money",
    "entry.wager": "Bet",
    "entry.payout": "Paid",
    "entry.void-refund": "Void: bet returned",
    "entry.void-reversal": "Void: payout taken back",
    "entry.opening": "Opening balance",
    "entry.top-up": "Top-up to the starting balance",
    "entry.void-of": "Void: {label}",
    "entry.bet-on": "Bet · {label}",
    "entry.paid-on": "{label} · {outcome}",
    "round-status.open": "Unfinished",
    "round-status.settled": "Finished",
    "round-status.void": "Void",
    "phase.betting": "Bets open",
    "phase.insurance": "Insurance",
    "phase.player": "Your turn",
    "phase.settled": "Round over",
    # -- pages: lobby, rules, history, statement, account ---------------------------------------
    "page.lobby": "Choose a table",
    "page.play": "Play",
    "page.continue": "Continue your round",
    "page.unfinished-round": "Your round here is unfinished: continue where you left off.",
    "page.rules-link": "Rules & RTP",
    "page.bets": "Bets",
    "page.rtp": "Return to player",
    "page.side-rtp": "{side_bet} return",
    "page.rtp-unavailable": "not available now",
    "page.table": "Table",
    "page.decks-spots": "{decks} decks · up to {spots} spots",
    "page.decks-one-spot": "{decks} decks · one spot",
    "page.one-deck-spots": "1 deck · up to {spots} spots",
    "page.one-deck-one-spot": "1 deck · one spot",
    "page.rules-title": "{game}: rules",
    "page.limits-line": "Main bets at your level: {min} to {max}. The limits apply to the first "
    "bet only: split, insurance and double may go past the maximum.",
    "page.play-this": "Play this table",
    "page.how-to-play": "How to play",
    "page.buttons": "Buttons",
    "page.rules": "Rules",
    "page.notes": "Notes",
    "page.stake-exactly": "Stake exactly {amount}",
    "page.stake-range": "Stake {min} to {max}",
    "page.cap": "winnings capped at {amount} per round, shared among winners",
    "page.combination": "Combination",
    "page.pays": "Pays",
    "page.to-one": "{pays} to 1",
    "page.payout-format": "A win returns your stake plus the stake times the number shown.",
    "page.rtp-heading": "Return to player",
    "page.bet": "Bet",
    "page.rtp-exact": "Exact return",
    "page.rtp-published": "Document says",
    "page.not-published": "not published",
    "page.main-game": "Main game (best play)",
    "page.rtp-how": "How these returns are found",
    "page.rules-version": "Rules version {version}",
    "page.exact-ev": "{bet}: the exact expected result per unit staked is {ev}.",
    "page.history": "History",
    "page.no-rounds": "No rounds yet: your rounds will be listed here.",
    "page.started": "Started",
    "page.status": "Status",
    "page.staked": "Staked",
    "page.returned": "Returned",
    "page.net": "Net",
    "page.balance-after": "Balance after",
    "page.replay": "Replay",
    "page.rounds-range": "Rounds {from}–{to} of {total}",
    "page.continue-short": "Continue",
    "page.statement": "Statement",
    "page.time": "Time",
    "page.entry": "Entry",
    "page.round": "Round",
    "page.round-link": "Round",
    "page.amount": "Amount",
    "page.balance": "Balance",
    "page.balance-is": "Balance",
    "page.ledger-sum": "sum of every entry",
    "page.reconciles": "reconciles ✓",
    "page.not-reconciled": "does not reconcile ✗",
    "page.older": "Older",
    "page.newer": "Newer",
    "page.entries-range": "Entries {from}–{to} of {total}",
    "page.top-up": "Top up to {amount}",
    "page.topped-up": "Your play money is back to {amount}.",
    "page.in-play": "in play {amount}",
    "page.bets-on-table": "bets {amount} · {after} after DEAL",
    "page.account": "Account",
    "page.guest-link": "Guest · log in",
    "page.logged-in-as": "Logged in as {name}",
    "page.playing-as-guest": "Playing as a guest",
    "page.account-line": "Balance {balance} · main bets {min} to {max}",
    "page.guest-explained": "A guest account lives only in this browser. Register to keep its "
    "balance and history and to play from anywhere.",
    "page.logout": "Log out",
    "page.guest-logout-warning": "You are playing as a guest. A guest account cannot be "
    "recovered after you log out: its balance and history are lost unless you register first.",
    "page.register-instead": "Register first",
    "page.logout-anyway": "Log out and lose this guest account",
    "page.logged-out": "You have logged out.",
    "page.logged-out-detail": "Nobody is logged in on this browser now. Log in to an account, "
    "or start a new guest account with fresh play money.",
    "page.new-guest": "Play as a new guest",
    "page.register": "Register",
    "page.register-note": "Keeps this guest account's balance and history under a username.",
    "page.login": "Log in",
    "page.login-note": "Logging in to another account leaves this guest account, which cannot "
    "be recovered unless it is registered.",
    "page.username": "Username",
    "page.password": "Password",
    "page.welcome": "Welcome back, {name}.",
    "page.registered": "Registered: welcome, {name}.",
    # -- replay --------------------------------------------------------------------------------
    "replay.title": "Replay · {game}",
    "replay.table": "The table as it was",
    "replay.dealer": "Dealer",
    "replay.dealer-total": "Dealer · {total}",
    "replay.soft": "soft {total}",
    "replay.bust-total": "{total} · Bust",
    "replay.before": "Before the deal",
    "replay.step-of": "Step {step} of {steps}",
    "replay.first": "« Start",
    "replay.prev": "◀ Back",
    "replay.next": "Next ▶",
    "replay.last": "End »",
    "replay.every-step": "Every step",
    "replay.entries": "Ledger entries",
    "replay.scenario": "Scenario file (for twentyone replay)",
    "replay.back": "← All rounds",
    "replay.step": "A step of the round",
    "replay.bet": "Bet {amount} on {spot}",
    "replay.side-bet": "{side_bet} side bet {amount} on {spot}",
    "replay.split": "Split: a second hand staked {amount} on {spot}",
    "replay.insurance": "Insurance {amount} on {spot}",
    "replay.insured": "Insurance {amount}",
    "replay.double": "Double: {amount} more on {hand}",
    "replay.card": "{hand} gets {card}",
    "replay.dealer-card": "Dealer gets {card}",
    "replay.dealer-down": "Dealer gets a face-down card",
    "replay.peek-blackjack": "Dealer checks: blackjack",
    "replay.peek-none": "Dealer checks: no blackjack",
    "replay.reveal": "Dealer turns over {card}",
    "replay.settled": "{label}: {result}, {returned} back of {stake}",
    "replay.over": "Round over: dealer {total}",
    "replay.over-blackjack": "Round over: dealer blackjack",
    # -- errors: one plain sentence per code ---------------------------------------------------
    "error.error": "That could not be done.",
    "error.invalid-rules": "Those rules cannot be played together.",
    "error.unknown-variant": "There is no such game.",
    "error.invalid-card": "That is not a card.",
    "error.invalid-bet": "That bet is not allowed at this table.",
    "error.illegal-action": "That move is not available for this hand now.",
    "error.shoe-exhausted": "The shoe ran out of cards; the round cannot go on.",
    "error.invalid-argument": "That option cannot be used.",
    "error.insufficient-funds": "Your balance does not cover that.",
    "error.no-bets": "Place a bet first.",
    "error.round-in-progress": "Finish the round in progress first.",
    "error.no-round": "There is no round in progress.",
    "error.stale-action": "That round has moved on; the table now shows where it stands.",
    "error.unknown-player": "That account does not exist.",
    "error.player-exists": "That account already exists.",
    "error.unknown-round": "That round is not in your history.",
    "error.unknown-vip-level": "That player level does not exist.",
    "error.invalid-scenario": "That scenario file cannot be read.",
    "error.missing-action": "The scenario has no decision for a hand that needs one.",
    "error.unused-actions": "The scenario has decisions left over after the round ended.",
    "error.shoe-key": "The game records cannot be opened: the operator must check the shoe key.",
    "error.invalid-command": "That command is not understood; type help for the list.",
    "error.dask-unavailable": "The distributed simulator is not installed here.",
    "error.not-authenticated": "Your session has ended; start again or log in.",
    "error.invalid-credentials": "That username and password do not match an account.",
    "error.username-taken": "That username is taken; choose another.",
    "error.already-registered": "This account is already registered; log out to register another.",
    "error.invalid-request": "Something in that request is missing or not valid.",
    "error.not-found": "There is nothing at that address.",
    "error.method-not-allowed": "That cannot be done here.",
    "error.http-error": "The request could not be completed.",
    "error.internal-error": "Something went wrong on our side; nothing was changed. Try again.",
    "error.body-too-large": "That request is too large to be read.",
    "error.cross-site-request": "That request came from another site, so it was refused.",
    "error.csrf-token": "This page is out of date; reload it and try again.",
    "error.idempotency-key-reused": "That request was already made with different details.",
    "error.invalid-catalogue": "The games catalogue has mistakes; the operator must correct it.",
    "error.account-locked": "This account is locked by the casino; contact support to reopen it.",
    "error.admin-not-authenticated": "Log in to the back office first.",
    "error.round-not-open": "Only an unfinished round can be voided.",
    "error.reason-required": "Give the reason in a few words.",
    "error.admin-exists": "An administrator of that name already exists.",
    "error.weak-password": "That password is too short: use at least 12 characters.",
    "error.login-locked": "Too many failed logins; wait a while, then try again.",
    "error.retry-later": "The casino is busy; try again in a moment.",
    "error.server-busy": "The casino is busy; try again in a moment.",
    "error.shoe-key-mismatch": "The game records cannot be opened: the operator must check the "
    "shoe key.",
    "error.simulation-mismatch": "The simulation did not agree with the game engine.",
    "error.too-many-guests": "Too many new accounts from here; try again later or log in.",
    "error.unsupported-media-type": "That request is not in a form the casino reads.",
    "error.network": "The casino cannot be reached; check the connection and try again.",
    "error.advice-off": "Hints are not offered at this table.",
    "error.no-decision": "There is no decision to advise on right now.",
    "hint.button": "HINT",
    "hint.title": "What each move is worth",
    "hint.best": "Best play",
    "hint.basic": "Basic strategy",
    "hint.basic-differs": (
        "Basic strategy says {action}; with the cards on the table, {best} is better."
    ),
    "hint.explain": (
        "The expected result of each move on your {amount} bet, with the cards you can see."
    ),
    "hint.action.insurance": "Take insurance",
    "hint.action.no-insurance": "Decline insurance",
    "hint.action.even-money": "Take even money",
    "hint.action.no-even-money": "Decline even money",
    "hint.close": "Close",
    "review.mistake": "Best was {best}: it cost {amount} ({bets} of the bet)",
    "review.total": "Mistakes this round: {count}, costing {amount} ({bets} of a bet)",
    "review.none": "Every decision was the best play.",
    "training.on": "Training on",
    "training.off": "Training off",
    "training.title": "Not the best play",
    "training.mistake": (
        "{best} is the best play here: {move} gives up {amount} ({bets} of the bet) in "
        "expected value."
    ),
    "training.take-back": "Take it back",
    "training.anyway": "{move} anyway",
    "review.summary": (
        "Your last {rounds} rounds: {count} of {decisions} decisions were not the best play, "
        "costing {amount} in expected value ({bets} of a bet)."
    ),
    "review.summary-none": (
        "Your last {rounds} rounds: all {decisions} decisions were the best play."
    ),
    "error.top-up-not-needed": (
        "Your balance is already at or above the starting balance: no top-up is needed."
    ),
    "error.bet-over-max": "That bet would go over the table maximum of {amount}.",
    "error.bet-at-max": "That bet is already at the table maximum of {amount}.",
    "error.side-needs-main": "Place a main bet on that spot before its side bet.",
    "error.nothing-to-undo": "There is nothing to undo.",
    "error.nothing-to-clear": "There are no bets to clear.",
    "error.nothing-to-double": "There are no bets to double.",
    "error.nothing-to-rebet": "There is no previous round to bet again.",
    "error.deal-needs-bet": "Place a main bet on at least one spot before DEAL.",
    "error.chip-not-offered": "That chip is not offered at this table.",
    "error.side-not-offered": "That side bet is not offered at this table.",
    # -- player protection (issue 13: store/protection.py, the table's session bar, the
    # account page's settings, the information page) ---------------------------------------
    "error.session-idle": "You have been away for a while; log in again to go on playing.",
    "error.on-time-out": "You are taking a time-out: no new round can start until it ends.",
    "error.self-excluded": "You have excluded yourself from play: no new round can start until "
    "the exclusion ends.",
    "error.reality-check-due": "Time for a reality check: read your session summary to go on.",
    "error.loss-limit": "That would go over one of your loss limits.",
    "error.stake-limit": "That would go over one of your stake limits.",
    "error.loss-limit-24h": "That would go over your 24-hour loss limit of {amount}.",
    "error.loss-limit-7d": "That would go over your 7-day loss limit of {amount}.",
    "error.loss-limit-30d": "That would go over your 30-day loss limit of {amount}.",
    "error.stake-limit-24h": "That would go over your 24-hour stake limit of {amount}.",
    "error.stake-limit-7d": "That would go over your 7-day stake limit of {amount}.",
    "error.stake-limit-30d": "That would go over your 30-day stake limit of {amount}.",
    "error.break-in-force": "A break that ends later is already in force; a break cannot be "
    "shortened.",
    "error.invalid-protection-setting": "That limit or length is not one of those offered.",
    "protection.link": "Play safely",
    "protection.title": "Playing safely",
    "protection.intro": "Play should stay fun. These tools help you keep control of your time "
    "and money. Set them on your account page; they work the same whether you play as a guest "
    "or with a login.",
    "protection.play-money": "This casino plays for play money, but its tools work exactly as "
    "they would with real money.",
    "protection.tool-session": "Session bar",
    "protection.tool-session-text": "The table always shows how long you have been playing "
    "this session and your net result: what you were paid back minus what you staked.",
    "protection.tool-reality": "Reality check",
    "protection.tool-reality-text": "Choose a reminder every 15, 30 or 60 minutes. When it "
    "falls due, the next deal waits until you have read how long you have played and what you "
    "staked, were paid and won or lost. A round in progress is never interrupted.",
    "protection.tool-limits": "Loss and stake limits",
    "protection.tool-limits-text": "Limit what you can stake, or lose (staked minus paid "
    "back), over any 24 hours, 7 days or 30 days. A bet, double, split or insurance that "
    "would go over a limit is refused. A lower limit applies at once; a higher one, or "
    "removing one, only 24 hours after you ask. The stakes of a round in progress count as "
    "lost until they are paid back.",
    "protection.tool-time-out": "Time-out",
    "protection.tool-time-out-text": "Take a break of 24 hours, 7 days or 30 days. From that "
    "moment no new round can start (a round in progress may finish), and the break cannot be "
    "shortened or lifted early.",
    "protection.tool-exclusion": "Self-exclusion",
    "protection.tool-exclusion-text": "If you need a longer break, exclude yourself for 6 "
    "months, 1, 2 or 5 years. It works like a time-out and cannot be lifted early.",
    "protection.tool-idle": "Logging in again",
    "protection.tool-idle-text": "With a login, you are asked to log in again after 30 "
    "minutes without play, so nobody else can go on with your session.",
    "protection.help": "Where to get help",
    "protection.help-text": "If gambling stops being fun, or you are worried about someone "
    "else, talk to someone. Help is free and confidential.",
    "protection.help-gamcare": "GamCare (UK): National Gambling Helpline 0808 8020 133",
    "protection.help-begambleaware": "BeGambleAware (UK)",
    "protection.help-ncpg": "National Council on Problem Gambling (US): 1-800-GAMBLER",
    "protection.help-ga": "Gamblers Anonymous",
    "protection.settings": "Your protection settings",
    "protection.section": "Player protection",
    "protection.open-settings": "Set your limits and breaks",
    "protection.limits": "Loss and stake limits",
    "protection.limits-note": "A lower limit applies at once. A higher limit, or removing one, "
    "applies 24 hours after you ask.",
    "limit-kind.loss": "Loss limit",
    "limit-kind.stake": "Stake limit",
    "limit-period.24h": "24 hours",
    "limit-period.7d": "7 days",
    "limit-period.30d": "30 days",
    "protection.limit-none": "No limit",
    "protection.limit-used": "{used} used · {left} left",
    "protection.limit-pending": "Goes up to {amount} on {when}",
    "protection.limit-pending-removal": "Removed on {when}",
    "protection.amount": "Amount",
    "protection.set": "Set",
    "protection.remove": "Remove",
    "protection.saved": "Saved.",
    "protection.bad-amount": "Enter an amount greater than zero, such as 50 or 12.50.",
    "protection.reality": "Reality check",
    "protection.reality-note": "A reminder of how long you have played and your net result; "
    "the next deal waits until you have read it.",
    "protection.reality-off": "Off",
    "protection.reality-every": "Every {minutes} minutes",
    "protection.break": "Take a break",
    "protection.break-note": "From the moment you start it, no new round can start until the "
    "break ends. It cannot be shortened or lifted early.",
    "protection.time-out": "Time-out",
    "protection.self-exclusion": "Self-exclusion",
    "protection.start-break": "Start",
    "break-length.time-out.1": "24 hours",
    "break-length.time-out.7": "7 days",
    "break-length.time-out.30": "30 days",
    "break-length.self-exclusion.6": "6 months",
    "break-length.self-exclusion.12": "1 year",
    "break-length.self-exclusion.24": "2 years",
    "break-length.self-exclusion.60": "5 years",
    "protection.confirm-time-out": "Take a time-out of {length}? No new round can start until "
    "{when}, and it cannot be shortened.",
    "protection.confirm-self-exclusion": "Exclude yourself for {length}? No new round can start "
    "until {when}, and it cannot be lifted early.",
    "protection.confirm": "Yes, start it",
    "protection.cancel": "Cancel",
    "protection.time-out-until": "You are taking a time-out until {when}.",
    "protection.excluded-until": "You have excluded yourself from play until {when}.",
    "session.label": "This session",
    "session.elapsed": "Session {time}",
    "session.net": "Net {amount}",
    "session.hours": "{hours} h {minutes} min",
    "session.minutes": "{minutes} min",
    "reality.title": "Reality check",
    "reality.played": "You have been playing for {time}.",
    "reality.staked": "Staked",
    "reality.returned": "Paid back",
    "reality.net": "Net result",
    "reality.continue": "Continue playing",
    "reality.leave": "Log out",
    "reality.history": "See your history",
}
"""Every person-facing string, keyed by a stable id (the one table a translation replaces)."""

OUTCOME_KIND: dict[str, str] = {
    "win": "win",
    "blackjack": "win",
    "charlie": "win",
    "even-money": "win",
    "insurance-win": "win",
    "side-win": "win",
    "push": "push",
    "surrender": "lose",
    "dealer-blackjack-refund": "lose",
    "bet-lost-double-returned": "lose",
    "stake-returned": "push",
    "bet-returned-double-lost": "lose",
    "lose": "lose",
    "bust": "lose",
    "insurance-lose": "lose",
    "side-lose": "lose",
}
"""How an outcome reads at a glance (its colour): ``win``, ``push`` or ``lose``."""

NEUTRAL = "—"
"""What a person sees where a name is missing (never the slug)."""


@dataclass(frozen=True, slots=True)
class MoneyFormat:
    """How amounts are written: ``currency`` is an ISO 4217 code, ``None`` for play money
    (a neutral ``1,234.50``)."""

    locale: str = "en-US"
    currency: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``Intl.NumberFormat`` in the browser needs)."""
        return {"locale": self.locale, "currency": self.currency}


PLAY_MONEY = MoneyFormat()
"""The play-money format every account uses today."""


class MissingNameError(KeyError):
    """A slug without a display name: a bug (the names test enumerates every slug)."""


def text(key: str, **values: object) -> str:
    """The string with id ``key``, its ``{placeholders}`` filled (the one translation hook)."""
    try:
        template = TEXT[key]
    except KeyError:
        raise MissingNameError(key) from None
    return template.format(**values) if values else template


def _name(key: str) -> str:
    return TEXT.get(key, NEUTRAL)


def catalogue_text() -> dict[str, str]:
    """The names an operator's games catalogue gives (``$TWENTYONE_GAMES``): each game's title
    and description, and each extra pay table's description, for the ids the shipped table
    does not name. The operator wrote them for people, so they are shown as written."""
    from twentyone.sidebets.paytables import SideBetName, find_paytable, paytable_names
    from twentyone.variants import all_variants

    extra: dict[str, str] = {}
    for variant in all_variants():
        extra.setdefault(f"variant.{variant.name}", variant.title)
        extra.setdefault(f"variant-description.{variant.name}", variant.description)
    for bet in SideBetName:
        for name in paytable_names(bet):
            table = find_paytable(bet, name)
            if table.description:
                extra.setdefault(f"paytable.{bet.value}.{name}", table.description)
    return {key: value for key, value in extra.items() if key not in TEXT}


def variant_name(slug: str) -> str:
    """``lucky-lucky`` → ``Lucky Lucky Blackjack``; a catalogue game by its own title."""
    key = f"variant.{slug}"
    return TEXT[key] if key in TEXT else catalogue_text().get(key, NEUTRAL)


def outcome_name(slug: str) -> str:
    """A hand or wager outcome: ``bust`` → ``Bust``."""
    return _name(f"outcome.{slug}")


def side_bet_name(slug: str) -> str:
    """``lucky-ladies`` → ``Lucky Ladies``."""
    return _name(f"side-bet.{slug}")


def side_outcome_name(side_bet: str, slug: str) -> str:
    """``("lucky-lucky", "suited-777")`` → ``Suited 7-7-7``; ``lose`` → ``No win``."""
    if slug == "lose":
        return text("side-outcome.lose")
    return _name(f"side-outcome.{side_bet}.{slug}")


def paytable_name(side_bet: str, slug: str) -> str:
    """``("lucky-lucky", "felt")`` → ``Online pay table``; an operator's own table by its
    description elsewhere, here a neutral name."""
    key = f"paytable.{side_bet}.{slug}"
    if key in TEXT:
        return TEXT[key]
    return catalogue_text().get(key, text("paytable.other"))


def action_name(slug: str) -> str:
    """``hit`` → ``Hit``."""
    return _name(f"action.{slug}")


def move_name(slug: str) -> str:
    """A decision as the hint offers it: ``hit`` → ``Hit``, ``insurance`` → ``Take insurance``."""
    if f"hint.action.{slug}" in TEXT:
        return text(f"hint.action.{slug}")
    return action_name(slug)


def hint_line(action: str, ev: float, bet: int, *, best: bool, basic: bool) -> str:
    """One line of a hint: the move, its value as a share of the bet and in money, marks.

    >>> hint_line("stand", -0.5425, 1000, best=False, basic=True)
    'Stand               -54.2% of the bet     -5.42  · Basic strategy'
    """
    marks = [text("hint.best")] if best else []
    if basic and not best:
        marks.append(text("hint.basic"))
    mark = f"  · {', '.join(marks)}" if marks else ""
    value = format_money(round(ev * bet))
    return f"{move_name(action):<18} {ev * 100:+6.1f}% of the bet {value:>9}{mark}"


def entry_kind_name(slug: str) -> str:
    """A ledger entry's kind: ``grant`` → ``Play money``."""
    return _name(f"entry.{slug}")


def round_status_name(slug: str) -> str:
    """``settled`` → ``Finished``."""
    return _name(f"round-status.{slug}")


def hand_label(spot: int, hand: int = 1, hands_on_spot: int = 1) -> str:
    """A hand counted from 1: ``Spot 2`` alone, ``Spot 2 · Hand 1`` after a split.

    >>> hand_label(2), hand_label(2, 1, 2)
    ('Spot 2', 'Spot 2 · Hand 1')
    """
    if hands_on_spot > 1:
        return text("hand.spot-hand", spot=spot, hand=hand)
    return text("hand.spot", spot=spot)


def wager_label(
    kind: str,
    spot: int,
    hand: int | None = None,
    *,
    name: str | None = None,
    hands_on_spot: int = 1,
    doubled: bool = False,
) -> str:
    """A wager counted from 1 (``spot`` and ``hand`` are 1-based).

    >>> wager_label("hand", 1, 2, hands_on_spot=2, doubled=True)
    'Spot 1 · Hand 2 (doubled)'
    >>> wager_label("insurance", 1), wager_label("side", 3, name="lucky-ladies")
    ('Insurance · Spot 1', 'Lucky Ladies · Spot 3')
    """
    where = hand_label(spot)
    if kind == "insurance":
        return text("wager.insurance", spot=where)
    if kind == "side":
        return text("wager.side", side_bet=side_bet_name(name or ""), spot=where)
    label = hand_label(spot, hand or 1, hands_on_spot)
    return text("hand.doubled", label=label) if doubled else label


def format_percent(value: float | Fraction, digits: int = 2) -> str:
    """A ratio as a percentage: ``0.9951`` → ``99.51%`` (the exact fraction goes in a detail).

    >>> format_percent(Fraction(9951, 10000)), format_percent(0.5, 0)
    ('99.51%', '50%')
    """
    return f"{float(value) * 100:,.{digits}f}%"


def format_money(minor: int, fmt: MoneyFormat = PLAY_MONEY) -> str:
    """Minor units in the account's format: play money ``1,234.50``, a currency ``$1,234.50``.

    >>> format_money(123450), format_money(-500, MoneyFormat(currency="USD"))
    ('1,234.50', '-$5.00')
    """
    sign = "-" if minor < 0 else ""
    amount = f"{abs(minor) // 100:,}.{abs(minor) % 100:02d}"
    if fmt.currency is None:
        return f"{sign}{amount}"
    symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(fmt.currency, f"{fmt.currency} ")
    return f"{sign}{symbol}{amount}"


# -- error sentences ------------------------------------------------------------------------

_MESSAGE_SENTENCES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("invalid-bet", re.compile(r"is already at the maximum of (\d+)"), "error.bet-at-max"),
    ("invalid-bet", re.compile(r"is over the maximum of (\d+)"), "error.bet-over-max"),
    ("invalid-bet", re.compile(r"side bet needs a main bet"), "error.side-needs-main"),
    ("invalid-bet", re.compile(r"^chip \d+ is not offered"), "error.chip-not-offered"),
    ("invalid-bet", re.compile(r"^side bet \S+ is not offered"), "error.side-not-offered"),
    ("no-bets", re.compile(r"nothing to undo"), "error.nothing-to-undo"),
    ("no-bets", re.compile(r"no bets to clear"), "error.nothing-to-clear"),
    ("no-bets", re.compile(r"no bets to double"), "error.nothing-to-double"),
    ("no-bets", re.compile(r"no previous round"), "error.nothing-to-rebet"),
    ("no-bets", re.compile(r"before DEAL"), "error.deal-needs-bet"),
    *(
        (
            kind,
            re.compile(rf"over the {period} {kind.split('-')[0]} limit of (\d+)"),
            f"error.{kind}-{period}",
        )
        for kind in ("loss-limit", "stake-limit")
        for period in ("24h", "7d", "30d")
    ),
)
"""Refinements of a code's sentence for the refusals players meet most (the table layer's
messages); any amount in them is minor units and is written as money."""


def error_sentence(code: str, message: str = "", fmt: MoneyFormat = PLAY_MONEY) -> str:
    """One plain sentence for a person: no code, no number of cents.

    >>> error_sentence("invalid-bet", "spot 0 main bet is already at the maximum of 50000")
    'That bet is already at the table maximum of 500.00.'
    >>> error_sentence("no-such-code")
    'That could not be done.'
    """
    for refined_code, pattern, key in _MESSAGE_SENTENCES:
        if code != refined_code:
            continue
        found = pattern.search(message)
        if found:
            amounts = [format_money(int(group), fmt) for group in found.groups()]
            return text(key, amount=amounts[0]) if amounts else text(key)
    return TEXT.get(f"error.{code}", TEXT["error.error"])


# -- ledger entries -------------------------------------------------------------------------

_DETAIL = re.compile(
    r"^(?P<void>void: )?spot (?P<spot>\d+)(?: hand (?P<hand>\d+))? (?P<what>\S+)(?: (?P<out>\S+))?$"
)

_WAGER_OF_DETAIL = {"hand": "hand", "double": "hand", "split": "hand", "insurance": "insurance"}


def entry_label(
    kind: str,
    detail: str,
    *,
    positions: tuple[int, ...] | None = None,
    hands_on_spot: Mapping[int, int] | None = None,
) -> str:
    """A ledger entry as a person reads it (``spot 0 hand 0 hand`` → ``Bet · Spot 1``).

    ``detail`` is the ledger's own record (:func:`twentyone.table.wallet.round_postings`
    writes ``spot <i> [hand <j>] <kind or side bet> [<outcome>]``, 0-based in play order);
    ``positions`` maps those spots to the table's spots, ``hands_on_spot`` counts each spot's
    hands so an unsplit hand reads ``Spot 1``.

    >>> entry_label("wager", "spot 0 hand 0 hand")
    'Bet · Spot 1'
    >>> entry_label("payout", "spot 1 lucky-ladies qh-pair", positions=(0, 2))
    'Lucky Ladies · Spot 3 · Queen of hearts pair'
    """
    if kind == "grant":
        if detail == "opening balance":
            return text("entry.opening")
        if detail == "top-up":
            return text("entry.top-up")
        return text("entry.grant")
    found = _DETAIL.match(detail)
    if found is None:
        return entry_kind_name(kind)
    engine_spot = int(found["spot"])
    spot = positions[engine_spot] if positions and engine_spot < len(positions) else engine_spot
    hand = None if found["hand"] is None else int(found["hand"])
    what, outcome = found["what"], found["out"]
    wager_kind = _WAGER_OF_DETAIL.get(what, "side")
    hands = (hands_on_spot or {}).get(engine_spot, 1)
    label = wager_label(
        wager_kind,
        spot + 1,
        None if hand is None else hand + 1,
        name=what if wager_kind == "side" else None,
        hands_on_spot=hands,
    )
    if found["void"]:
        return text("entry.void-of", label=label)
    if what in ("double", "split"):
        label = text(f"hand.{what}-stake", label=label)
    if kind == "wager":
        return text("entry.bet-on", label=label)
    if outcome is None:
        return label
    result = side_outcome_name(what, outcome) if wager_kind == "side" else outcome_name(outcome)
    return text("entry.paid-on", label=label, outcome=result)


def hands_per_spot(events: Iterable[Mapping[str, Any]]) -> dict[int, int]:
    """How many hands each spot of a round had, from its recorded events."""
    counts: dict[int, int] = {}
    for event in events:
        if event.get("type") == "WagerPlaced" and event.get("hand") is not None:
            spot = int(event["spot"])
            counts[spot] = max(counts.get(spot, 1), int(event["hand"]) + 1)
    return counts


def catalogue(fmt: MoneyFormat = PLAY_MONEY) -> dict[str, Any]:
    """Everything ``GET /api/names`` serves: the strings, the outcome colours, the money
    format."""
    return {
        "text": {**TEXT, **catalogue_text()},
        "outcome_kinds": dict(OUTCOME_KIND),
        "money": fmt.to_dict(),
    }
