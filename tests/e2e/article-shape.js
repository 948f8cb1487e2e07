// Measures of the article's shape, run in the page (each is sent as source with page.evaluate, so each uses only
// its own body): the main line's word count, the stretches of it without a figure, and elements wider than
// their column. The article spec holds them; scripts can print them while the prose is being edited.

/**
 * The words of the main line, per section: the text a reader sees with every <details> closed, apart from
 * figures, tables, formulas, the contents and the references (issue 26's count). Live numbers count as words.
 * @returns {{ total: number, sections: Record<string, number> }}
 */
export function spineWords() {
  const SKIP = [
    'nav',
    '#references',
    '[data-mount]',
    '.pe-figure',
    '.pe-section-bar',
    'figure',
    'table',
    '.math',
    '.katex',
    '[data-tex]',
    'script',
    'style',
    '[hidden]',
    '[aria-hidden="true"]',
    '.visually-hidden',
  ].join(',');
  const sections = {};
  let total = 0;
  for (const section of document.querySelectorAll('main .section[id]')) {
    if (section.matches('#references')) continue;
    const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
    let words = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(SKIP)) continue;
      // Inside a closed <details>, only its summary shows.
      const details = parent.closest('details');
      if (details && !details.open && !parent.closest('summary')) continue;
      words += node.textContent.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    }
    sections[section.id] = words;
    total += words;
  }
  return { total, sections };
}

/**
 * The longest stretch of the main line, in CSS pixels, between the start of the article and a figure, between
 * two figures, or from the last figure to the end of the last section before the references. Closes every
 * <details> first, as a reader who opens none sees the page.
 * @returns {{ longest: number, at: string, firstFigureTop: number }}
 */
export function figureGaps() {
  for (const details of document.querySelectorAll('main details[open]')) details.open = false;
  const top = (element) => element.getBoundingClientRect().top + window.scrollY;
  const bottom = (element) => element.getBoundingClientRect().bottom + window.scrollY;
  const article = document.querySelector('main .section');
  const sections = [...document.querySelectorAll('main .section[id]')].filter((s) => s.id !== 'references');
  const end = bottom(sections[sections.length - 1]);
  // Figures, and the scorecard's grid (a picture of the whole article's findings, not prose).
  const figures = [...document.querySelectorAll('main [data-mount], main .scorecard-box')].map((slot) => ({
    top: top(slot),
    bottom: bottom(slot),
    id: slot.dataset.mount ?? 'the scorecard',
  }));
  figures.sort((a, b) => a.top - b.top);
  let longest = 0;
  let at = '';
  let from = top(article);
  let fromName = 'the start';
  for (const figure of [...figures, { top: end, bottom: end, id: 'the end' }]) {
    const gap = figure.top - from;
    if (gap > longest) {
      longest = gap;
      at = `${fromName} to ${figure.id}`;
    }
    if (figure.bottom > from) {
      from = figure.bottom;
      fromName = figure.id;
    }
  }
  return { longest: Math.round(longest), at, firstFigureTop: Math.round(figures[0]?.top ?? Infinity) };
}

/**
 * Elements of the article wider than the article's column (or reaching past the window), and boxes whose
 * content is wider than they are (clipped, or scrolling sideways). Each is named by its tag, class and nearest id.
 * @param {boolean} figures whether to look inside figures too, or only at the prose, formulas and tables
 * @returns {string[]}
 */
export function overflowing(figures = true) {
  const main = document.querySelector('main');
  const column = main.getBoundingClientRect();
  const right = Math.min(column.right, document.documentElement.clientWidth) + 1;
  const left = Math.max(column.left, 0) - 1;
  const name = (element) => {
    const owner = element.closest('[id]');
    return `${element.localName}.${element.className?.baseVal ?? element.className} in #${owner?.id}`;
  };
  const found = [];
  for (const element of main.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    // Visually hidden text (MathML, the scorecard's column headings) occupies one pixel by design.
    if (box.width <= 1 || box.height <= 1 || element.closest('.visually-hidden, .katex-mathml')) continue;
    if (!figures && element.closest('[data-mount]')) continue;
    const style = getComputedStyle(element);
    if (style.position === 'fixed') continue;
    // Content that a box clips or scrolls sideways is wider than the box.
    if (style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1) {
      found.push(`${name(element)} holds ${element.scrollWidth} px in ${element.clientWidth}`);
    } else if (box.right > right || box.left < left) {
      // Inside a box that clips, the box is reported instead.
      let clipped = false;
      for (let e = element.parentElement; e && e !== main; e = e.parentElement) {
        if (getComputedStyle(e).overflowX !== 'visible') clipped = true;
      }
      if (!clipped)
        found.push(`${name(element)} reaches ${Math.round(box.left)} to ${Math.round(box.right)} px`);
    }
  }
  return found;
}
