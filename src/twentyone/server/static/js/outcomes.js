// Hand outcomes as words and colours.

export const OUTCOME_TEXT = {
  win: "Win", blackjack: "Blackjack", charlie: "Charlie", push: "Push", lose: "Lose", bust: "Bust",
  surrender: "Surrender", "even-money": "Even money", "dealer-blackjack-refund": "Dealer BJ · refund",
};
export const OUTCOME_CLASS = {
  win: "win", blackjack: "win", charlie: "win", "even-money": "win",
  push: "push", "dealer-blackjack-refund": "lose", lose: "lose", bust: "lose", surrender: "lose",
};
