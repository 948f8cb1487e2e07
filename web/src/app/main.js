// The article: typesets the math, wires the colour scheme and mounts each figure as it nears the viewport.
import { startSinusoidalSection } from '../article/sinusoidal.js';
import { renderAllMath } from '../ui/math.js';
import { initTheme } from '../ui/theme.js';
import { mountWhenVisible } from './lazy.js';

initTheme(document.getElementById('theme-toggle'));
renderAllMath(document);
startSinusoidalSection(document);

for (const slot of document.querySelectorAll(/** @type {'div'} */ ('[data-mount]:not([data-linked])'))) {
  mountWhenVisible(slot, slot.dataset.mount).catch(() => {
    // The slot already shows the error in place of the figure.
  });
}
