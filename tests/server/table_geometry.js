// The felt's geometry, measured in the page (tests/server/table_browser.py reads it).
// Every rectangle is in page coordinates of the scroll area's content: a spot scrolled out of
// a phone's view is still where it lies.
(() => {
  const scroller = document.getElementById('spots-scroll');
  const sbox = scroller.getBoundingClientRect();
  const inScroller = (node) => node !== scroller && scroller.contains(node);
  const rect = (node) => {
    const r = node.getBoundingClientRect();
    const dx = inScroller(node) ? scroller.scrollLeft : 0;
    return { left: r.left + dx + scrollX, right: r.right + dx + scrollX, top: r.top + scrollY,
             bottom: r.bottom + scrollY, width: r.width, height: r.height };
  };
  const name = (node) => {
    const hand = node.closest('.hand');
    const spot = node.closest('.spot');
    const where = hand ? `hand ${hand.dataset.spot}/${hand.dataset.hand}` :
      spot ? `spot ${spot.dataset.pos}` : 'felt';
    return `${node.className || node.id} [${node.dataset.card || node.textContent.trim().slice(0, 24)}] @ ${where}`;
  };
  const felt = document.getElementById('felt');
  const cards = [...felt.querySelectorAll('.card')];
  const labels = [...felt.querySelectorAll(
    '.hand-total, .hand-stake, .hand-outcome, .hand-name, .spot-name, .dealer-label, .insured,' +
    ' .bet-circle, .side-circle, .bet-circle .stake, .side-circle .stake, .stepper .btn, #message, .side-win')]
    .filter((n) => n.getClientRects().length && n.textContent.trim() !== '' || n.matches('.bet-circle, .side-circle'));
  const cardBoxes = [...felt.querySelectorAll('.hand .cards, #dealer-cards')].filter((n) => n.children.length);
  const corner = (card) => card.querySelector('.corner');
  const header = document.querySelector('.topbar');
  const dock = document.getElementById('controls-dock');
  const current = document.querySelector('.hand.current');
  const viewport = { width: innerWidth, height: innerHeight };
  const rankSizes = [...felt.querySelectorAll('.card .corner')].map((n) => parseFloat(getComputedStyle(n).fontSize));
  const clipped = labels.filter((n) => n.scrollWidth > n.clientWidth + 1 && !n.matches('.bet-circle, .side-circle, .stake')).map(name);
  // The words in a bet or side-bet circle ("BET", "LL", "10.00") keep inside its ring: at the
  // height of a line's middle, the line is no wider than the circle is there (an amount on a
  // badge of its own, an opaque background, may lie across the ring).
  const badge = (n) => !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(getComputedStyle(n).backgroundColor)
    && !getComputedStyle(n).backgroundColor.startsWith('rgba');
  const overRing = [...felt.querySelectorAll('.bet-circle, .side-circle')].filter((c) => c.getClientRects().length)
    .flatMap((c) => [...c.querySelectorAll('.bet-word, .side-word, .stake')].filter((n) => n.getClientRects().length && !badge(n))
      .filter((n) => {
        const b = c.getBoundingClientRect();
        const border = parseFloat(getComputedStyle(c).borderLeftWidth) || 0;
        const r = b.width / 2 - border;
        const words = document.createRange();
        words.selectNodeContents(n);
        return [...words.getClientRects()].some((line) => {
          const dy = (line.top + line.bottom) / 2 - (b.top + b.height / 2);
          const half = Math.sqrt(Math.max(0, r * r - dy * dy));
          const cx = b.left + b.width / 2;
          return line.left < cx - half - 0.5 || line.right > cx + half + 0.5;
        });
      }).map(name));
  // A hand's short result (a word and the amount: "Lose −10.00", "Persa −10,00") is one line.
  const brokenResults = [...felt.querySelectorAll('.hand-outcome')]
    .filter((n) => n.getClientRects().length && n.textContent.trim().split(/\s+/).length <= 2)
    .filter((n) => {
      const words = document.createRange();
      words.selectNodeContents(n);
      return new Set([...words.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top))).size > 1;
    }).map(name);
  const visibleInWindow = (node) => {
    const r = node.getBoundingClientRect();
    return r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5;
  };
  // The felt's top (the dealer's cards and the round's line) where it stays at the top of the
  // window (a phone held sideways): what scrolls under it is covered.
  const feltTop = document.getElementById('felt-top');
  const pinned = feltTop && getComputedStyle(feltTop).position === 'sticky' ? feltTop : null;
  const headerBottom = () => (['sticky', 'fixed'].includes(getComputedStyle(header).position)
    ? header.getBoundingClientRect().bottom : 0);
  // What the pinned top holds lies over the rows that scroll under it (covered, not overlapping)
  const isPinned = (node) => Boolean(pinned && pinned.contains(node));
  const visible = (node) => {
    const r = node.getBoundingClientRect();
    const top = pinned && !pinned.contains(node)
      ? Math.max(headerBottom(), pinned.getBoundingClientRect().bottom) : headerBottom();
    const bottom = getComputedStyle(dock).position === 'sticky' ? dock.getBoundingClientRect().top : innerHeight;
    return r.left >= Math.max(0, sbox.left) - 0.5 && r.right <= Math.min(innerWidth, sbox.right) + 0.5
      && r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
  };
  // What the player must see without scrolling, the page being where the table put it: the
  // hand being played and the one played next on its spot; after the round, the result and the
  // first row of hands' outcomes; before the deal, the circles the bets go on. (Spots scrolled
  // sideways out of a phone's view are out of view, not covered.)
  const across = (node) => {
    const r = node.getBoundingClientRect();
    return r.left >= Math.max(0, sbox.left) - 0.5 && r.right <= Math.min(innerWidth, sbox.right) + 0.5;
  };
  const settledLine = document.querySelector('#message.win, #message.loss, #message.even, #message.void');
  // Where the band between the header and the dock can hold them, the whole spot being played
  // (all its split hands) and, after the round, every row's outcomes are in view too.
  // (Under a pinned top, the band below it once it is stuck at the top of the window.)
  const band = (first) => {
    let top = headerBottom();
    if (pinned && !pinned.contains(first)) {
      top = Math.max(top, (parseFloat(getComputedStyle(pinned).top) || 0) + pinned.getBoundingClientRect().height);
    }
    const bottom = getComputedStyle(dock).position === 'sticky' ? dock.getBoundingClientRect().top : innerHeight;
    return bottom - top;
  };
  const fits = (first, last) => last.getBoundingClientRect().bottom - first.getBoundingClientRect().top <= band(first);
  let mustSee = [];
  if (current) {
    mustSee = [current, current.nextElementSibling].filter((n) => n && n.matches('.hand'));
    const all = [...current.parentElement.querySelectorAll('.hand')];
    if (fits(all[0], all[all.length - 1])) mustSee = all;
  } else if (settledLine) {
    const feet = [...felt.querySelectorAll('.hand .hand-foot')].filter(across);
    const last = feet.reduce((a, b) => (b.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom ? b : a), settledLine);
    // (with the dealer's final hand above them, or under the pinned top)
    const from = (pinned ? felt.querySelector('.hand[data-hand="0"]') : document.querySelector('#dealer-cards .card')) || settledLine;
    mustSee = [settledLine, ...(fits(from, last) ? feet : felt.querySelectorAll('.hand[data-hand="0"] .hand-foot'))].filter(across);
  } else if (!felt.querySelector('.hand')) {
    mustSee = [...felt.querySelectorAll('.bet-circle')].filter(across);
  }
  // While the player decides (a hand to play, or insurance), the dealer's up card is in view:
  // on the felt, or in the dock's compact copy of the dealer's cards.
  const deciding = Boolean(current) || Boolean(document.getElementById('insurance-buttons'));
  const upCard = document.querySelector('#dealer-cards .card:not(.back)');
  const peek = document.getElementById('dealer-peek');
  const peekShows = Boolean(peek && peek.getClientRects().length && upCard
    && peek.querySelector(`[data-card="${upCard.dataset.card}"]`) && visibleInWindow(peek));
  const dealerMissing = deciding && Boolean(upCard) && !visible(upCard) && !peekShows;
  // When the round settles, the dealer's final hand is in view with its result.
  const dealerHidden = Boolean(settledLine)
    && [...document.querySelectorAll('#dealer-cards .card')].some((c) => !visible(c));
  const headerBox = header.getBoundingClientRect();
  const dealerBox = document.getElementById('dealer-cards').getBoundingClientRect();
  return {
    viewport,
    scroll: { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth,
              left: rect(scroller).left, right: rect(scroller).left + scroller.scrollWidth,
              top: rect(scroller).top, bottom: rect(scroller).bottom },
    page: { width: document.documentElement.scrollWidth },
    cards: cards.map((c) => ({ name: name(c), box: rect(c), corner: corner(c) ? rect(corner(c)) : null,
      group: c.parentElement.closest('.hand') ? `${c.closest('.hand').dataset.spot}/${c.closest('.hand').dataset.hand}` : 'dealer',
      z: Number(c.style.zIndex || 0), inScroller: inScroller(c), pinned: isPinned(c) })),
    labels: labels.map((n) => ({ name: name(n), box: rect(n), inScroller: inScroller(n),
      round: n.matches('.bet-circle, .side-circle'), pinned: isPinned(n),
      circle: n.matches('.stake') ? name(n.closest('.bet-circle, .side-circle')) : null,
      group: n.closest('.hand') ? `${n.closest('.hand').dataset.spot}/${n.closest('.hand').dataset.hand}` : '' })),
    hands: cardBoxes.map((n) => ({ name: name(n), box: rect(n), pinned: isPinned(n) })),
    rankSizes,
    clipped,
    overRing,
    brokenResults,
    current: current ? { name: name(current), visible: visible(current) } : null,
    covered: mustSee.filter((n) => !visible(n)).map(name),
    dealerMissing,
    dealerHidden,
    resultSizes: [...felt.querySelectorAll('.hand-outcome')].filter((n) => n.getClientRects().length)
      .map((n) => parseFloat(getComputedStyle(n).fontSize)),
    headerCoversDealer: (getComputedStyle(header).position !== 'static')
      && headerBox.bottom > dealerBox.top && headerBox.top < dealerBox.bottom,
  };
})
