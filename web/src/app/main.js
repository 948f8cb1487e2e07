// The article: wires the colour scheme, keeps the reader's settings in the address and mounts
// each figure as it nears the viewport.
import { startDeeper } from '../article/deeper.js';
import { startLabPresets } from '../article/presets.js';
import { startSinusoidalSection } from '../article/sinusoidal.js';
import { startNavigation } from '../article/toc.js';
import { readQuery } from '../core/params.js';
import { SINUSOIDAL } from '../figures/shared-params.js';
import { h } from '../ui/dom.js';
import { showNotes } from '../ui/frame.js';
import { initTheme } from '../ui/theme.js';
import { holdLinkedElements, scrollAndHold } from './hold-in-view.js';
import { mountWhenVisible } from './lazy.js';
import { figures } from './registry.js';
import { startUrlState } from './url-state.js';

initTheme(document.getElementById('theme-toggle'));
startNavigation(document);
startDeeper(document);
startLabPresets(document, (lab) => scrollAndHold(lab));
const section = startSinusoidalSection(document, mountWhenVisible);
startUrlState({
  figureIds: Object.keys(figures),
  section,
  sectionParams: SINUSOIDAL,
  parseSection: (query) => readQuery(query, SINUSOIDAL),
  pageNotes: showPageNotes,
});
nameFigureSlots();
holdLinkedElements(document);

for (const slot of document.querySelectorAll(/** @type {'div'} */ ('[data-mount]:not([data-linked])'))) {
  mountWhenVisible(slot, slot.dataset.mount).catch(() => {
    // The slot already shows the error in place of the figure.
  });
}

/**
 * Notes on the address that belong to no figure and no section (a key the article does not read), above the
 * article's first section.
 * @param {import('../core/params.js').ParamNote[]} list
 */
function showPageNotes(list) {
  let box = /** @type {HTMLElement | null} */ (document.querySelector('.pe-page-notes'));
  if (!box && list.length === 0) return;
  if (!box) {
    box = h('div', { class: 'pe-url-notes pe-page-notes', hidden: true });
    document.getElementById('article')?.prepend(box);
  }
  showNotes(box, list);
}

/**
 * A link to a figure ends in #<figure id>. Slots of figures whose section has another id get the figure's id,
 * so that the anchor exists (holdLinkedElements then scrolls to it: the browser looked for it before it existed).
 */
function nameFigureSlots() {
  for (const slot of document.querySelectorAll(/** @type {'div'} */ ('[data-mount]'))) {
    const id = slot.dataset.mount ?? '';
    if (!document.getElementById(id)) slot.id = id;
  }
}
