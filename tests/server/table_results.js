// What a settled round shows (tests/server/test_browser_results.py): ``paid``, the places of
// the circles and the amounts they paid against the dock and the controls; ``lines``, each
// side-bet win line's lines, text size and overflow.
(what) => {
  const paid = () => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
  const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const name = (n) => `${n.className} [${n.textContent.trim().slice(0, 30)}] @ spot ${n.closest('.spot').dataset.pos}`;
  const scroller = document.getElementById('spots-scroll').getBoundingClientRect();
  const dock = box(document.getElementById('controls-dock'));
  // what else may lie over the felt: the felt's top where it is pinned, a sticky header,
  // and every control outside the circles
  const covers = [];
  const top = document.getElementById('felt-top');
  if (getComputedStyle(top).position === 'sticky') covers.push(['the pinned top', box(top)]);
  const header = document.querySelector('.topbar');
  if (['sticky', 'fixed'].includes(getComputedStyle(header).position)) covers.push(['the header', box(header)]);
  for (const b of document.querySelectorAll('button, a, select, input')) {
    if (!b.getClientRects().length || b.closest('.circles') || b.closest('#controls-dock')) continue;
    covers.push([`control ${b.id || b.textContent.trim().slice(0, 20)}`, box(b)]);
  }
  const faults = [];
  const items = [...document.querySelectorAll('.spot .bet-circle, .spot .side-circle, .spot .circles .stake')]
    .filter((n) => n.getClientRects().length);
  let inView = 0;
  for (const n of items) {
    const r = box(n);
    // a spot scrolled sideways out of a phone's row is out of view, not covered: the rows of
    // circles are level, so its height is checked all the same
    const across = r.left >= Math.max(0, scroller.left) - 0.5 && r.right <= Math.min(innerWidth, scroller.right) + 0.5;
    if (across && n.matches('.stake')) inView += 1;
    if (over(r, dock) || r.bottom > dock.top + 0.5) faults.push(`${name(n)} is under the dock (${r.bottom} > ${dock.top})`);
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5) faults.push(`${name(n)} is out of the window`);
    if (!across) continue;
    for (const [what, c] of covers) if (over(r, c)) faults.push(`${what} lies over ${name(n)}`);
  }
  return { faults, inView, amounts: items.filter((n) => n.matches('.stake')).map((n) => n.textContent) };
};
  const lines = () => [...document.querySelectorAll('.side-win')].map((n) => {
  const words = document.createRange();
  words.selectNodeContents(n);
  const tops = new Set([...words.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top)));
  const r = n.getBoundingClientRect();
  const felt = document.getElementById('felt').getBoundingClientRect();
  return { text: n.textContent, visible: n.innerText, lines: tops.size,
           size: parseFloat(getComputedStyle(n).fontSize),
           inside: r.left >= felt.left - 0.5 && r.right <= felt.right + 0.5,
           overflows: n.scrollWidth > n.clientWidth + 1 };
});
  return what === 'paid' ? paid() : lines();
}
