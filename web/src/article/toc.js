// Navigation for the long article: the table of contents (built from the sections, sticky beside the article on
// wide screens, behind a Contents button on narrow ones), the section being read marked in it as the reader
// scrolls, and a link on every heading of the article.
import { h } from '../ui/dom.js';
import './toc.css';

/** Headings of the article's own text; headings inside figures (their panels) are left alone. */
const HEADINGS = '.section h1, .section h2, .section h3';
/** Figures and the section bar hold headings of their own. */
const NOT_PROSE = '[data-mount], .pe-figure, .pe-section-bar';

/**
 * Fills the table of contents, links the headings and starts following the reader.
 * @param {Document} root
 * @returns {{ current(): string | null } | null} null when the page has no table of contents
 */
export function startNavigation(root = document) {
  const nav = root.getElementById('toc');
  if (!nav) return null;
  const sections = /** @type {HTMLElement[]} */ ([...root.querySelectorAll('main .section[id]')]);
  const links = new Map(sections.map((section) => [section.id, tocLink(section)]));
  const list = nav.querySelector('.toc-list');
  list.replaceChildren(...sections.map((section) => h('li', {}, links.get(section.id), deeperList(section))));
  for (const heading of root.querySelectorAll(HEADINGS)) {
    if (!heading.closest(NOT_PROSE)) linkHeading(/** @type {HTMLElement} */ (heading));
  }
  collapsible(nav);
  let current = null;
  followReader(sections, (id) => {
    if (id === current) return;
    if (current) links.get(current)?.removeAttribute('aria-current');
    current = id;
    links.get(id)?.setAttribute('aria-current', 'true');
  });
  return { current: () => current };
}

/** The short name of a section: its data-toc, or the text of its first heading. */
export function sectionLabel(section) {
  const heading = section.querySelector('h1, h2');
  return section.dataset.toc ?? heading?.textContent.replace(/\s+/g, ' ').trim() ?? section.id;
}

/** The section's "Going deeper" blocks, as a nested list of links (none when it has none). */
function deeperList(section) {
  const blocks = [...section.querySelectorAll('details.deeper[id]')];
  if (blocks.length === 0) return null;
  const label = (details) => details.querySelector('summary').textContent.replace(/^\s*Going deeper:\s*/, '');
  return h(
    'ol',
    { class: 'toc-deeper' },
    blocks.map((details) =>
      h(
        'li',
        {},
        h('a', { class: 'toc-link toc-link-deeper', href: `#${details.id}` }, label(details).trim()),
      ),
    ),
  );
}

function tocLink(section) {
  return h('a', { class: 'toc-link', href: `#${section.id}` }, sectionLabel(section));
}

/**
 * Wraps the heading with a link to itself, shown on hover and focus. The link sits beside the heading, not in it,
 * so the heading (which names its section) keeps its own text as its accessible name.
 */
function linkHeading(heading) {
  if (!heading.id) heading.id = slug(heading.textContent);
  const section = heading.closest('.section');
  // A section's title may hold live numbers; its link is named with the section's short name instead.
  const titles = section?.querySelector('h1, h2') === heading;
  const label = titles ? sectionLabel(section) : heading.textContent.replace(/\s+/g, ' ').trim();
  const anchor = h(
    'a',
    { class: 'heading-anchor', href: `#${heading.id}`, 'aria-label': `Link to \u201c${label}\u201d` },
    '#',
  );
  const row = h('div', { class: `heading-row heading-row-${heading.localName}` });
  heading.replaceWith(row);
  row.append(heading, anchor);
}

function slug(text) {
  return `h-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** The Contents button of narrow screens opens and closes the list; following a link closes it. */
function collapsible(nav) {
  const toggle = nav.querySelector('.toc-toggle');
  const set = (open) => {
    nav.classList.toggle('is-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => set(!nav.classList.contains('is-open')));
  nav.addEventListener('click', (event) => {
    if (/** @type {Element} */ (event.target).closest('.toc-link')) set(false);
  });
  nav.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && nav.classList.contains('is-open')) {
      set(false);
      toggle.focus();
    }
  });
}

/**
 * Calls `onSection` with the id of the section the reader is in: the first, in the article's order, of those
 * crossing a thin band 30% of the way down the window. Between sections (in the margin between two) the last one
 * stays current.
 */
function followReader(sections, onSection) {
  const crossing = new Set();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) crossing.add(entry.target);
        else crossing.delete(entry.target);
      }
      const first = sections.find((section) => crossing.has(section));
      if (first) onSection(first.id);
    },
    { rootMargin: '-30% 0px -69% 0px' },
  );
  for (const section of sections) observer.observe(section);
  if (sections.length) onSection(sections[0].id);
}
