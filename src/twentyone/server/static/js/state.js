// What the client remembers between renders: the account, the variants and the table on screen.

export const app = {
  me: null,
  variants: [],
  table: null, // TableOut of the table on screen
  shown: null, // the round on the felt (may be settled, kept until the next bet)
  chip: null, // selected chip value
  applyAll: false,
  busy: false,
  rtp: {},
  rules: {}, // rules documents by variant (the lobby's side-bet stakes and returns)
};

export function variantInfo(name) {
  return app.variants.find((v) => v.name === name || v.aliases.includes(name));
}
