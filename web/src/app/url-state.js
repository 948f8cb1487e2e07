// What the reader set, in the address: every figure's parameters and the sinusoidal part's section bar, so that a
// reload or a shared link shows the same, and Back and Forward step through the reader's changes. The query names
// each value by its owner and its URL name: `heatmap.dModel=128`, `similarity.maxOffset=20`, and for the
// section bar, which six figures follow, `sinusoidal.positions=50` (a linked figure's own prefix is read for those
// too, so `heatmap.positions=50` works). Only values that differ from the defaults are written.
// The string functions are pure (core/url.js and address.js: Node's tests run them); startUrlState wires them to
// the page.
import { urlParamsOf } from '../core/params.js';
import {
  APPLY_EVENT,
  articleUrl,
  CHANGE_EVENT,
  changedEntries,
  LINK_EVENT,
  MOUNT_EVENT,
  writeQuery,
} from '../core/url.js';
import { droppedNote, moreNotes, readAddress, unknownNames } from './address.js';

/** The prefix of the section bar's values: the part of the article whose figures it drives. */
export const PART = 'sinusoidal';
/** Shortest time between two rewrites of the address while the reader drags (browsers throttle faster ones). */
const REPLACE_MS = 200;

/**
 * Keeps the address and the article in step: restores what the query names (the section bar at once, each figure
 * as it mounts), writes every change the reader makes (a new history entry when the reader turns another control
 * than the last one, the same entry rewritten while one control moves) and applies the state Back and Forward
 * bring back.
 * @param {object} options
 * @param {string[]} options.figureIds every figure id (the prefixes read besides PART)
 * @param {{ update(patch: Record<string, unknown>): void, params(): Record<string, unknown>,
 *   notes(list: import('../core/params.js').ParamNote[]): void } | null} options.section the section bar's part of the
 *   article (null when the page has none)
 * @param {Record<string, import('../core/params.js').ParamDecl>} options.sectionParams the bar's declarations
 * @param {(query: URLSearchParams) => { options: object, notes: import('../core/params.js').ParamNote[] }} options.parseSection
 * @param {(list: import('../core/params.js').ParamNote[]) => void} options.pageNotes shows the notes that belong to no
 *   figure and no section (keys the article does not read, the rest of an address past its limits)
 */
export function startUrlState({ figureIds, section, sectionParams, parseSection, pageNotes }) {
  const owners = [PART, ...figureIds];
  const sectionList = urlParamsOf(sectionParams);
  const sectionKeys = sectionList.map((p) => p.key);
  const sectionNames = sectionList.map((p) => p.name);
  const sectionDefaults = Object.fromEntries(sectionList.map((p) => [p.key, p.default]));
  /** @type {Map<HTMLElement, { id: string, params: any[], parse: (q: URLSearchParams) => any }>} */
  const mounted = new Map();
  let address = readAddress(window.location.search, owners);
  let groups = address.groups;
  /** Notes on the bar's values, by the owner whose key gave them (PART, or a linked figure's id). */
  let sectionNotes = new Map();
  let sectionValues = section ? section.params() : {};
  let lastGesture = /** @type {string | null} */ (null);
  let timer = 0;

  const linked = (/** @type {HTMLElement} */ element) => element.dataset.linked !== undefined;
  const linkedIds = () =>
    [...document.querySelectorAll(/** @type {'div'} */ ('[data-linked]'))].map((e) => e.dataset.linked ?? '');

  /**
   * The bar's values: its own group, then what linked figures' groups say of its parameters; each note on them
   * goes to the owner whose key gave the value (sectionNotes).
   */
  function sectionPatch() {
    const query = new URLSearchParams();
    const givenBy = new Map();
    sectionNotes = new Map();
    const noteTo = (owner, note) => sectionNotes.set(owner, [...(sectionNotes.get(owner) ?? []), note]);
    for (const id of [PART, ...linkedIds()]) {
      for (const name of sectionNames) {
        const value = groups.get(id)?.get(name);
        if (value === undefined || value === null) continue;
        if (!query.has(name)) {
          query.set(name, value);
          givenBy.set(name, id);
        } else noteTo(id, droppedNote({ owner: id, name, key: `${id}.${name}`, value, kind: 'repeat' }));
      }
    }
    const read = parseSection(query);
    for (const note of read.notes) noteTo(givenBy.get(note.name) ?? PART, note);
    return { ...sectionDefaults, ...read.options };
  }

  /** What the address asked of `owner` and did not get: entries left out and names it does not have. */
  function ownNotes(owner, params) {
    return [
      ...unknownNames(new URLSearchParams(groups.get(owner) ?? ''), params, owner),
      ...address.dropped.filter((entry) => entry.owner === owner).map(droppedNote),
    ];
  }

  /** The notes of the bar and of the page (those of figures go to each as it mounts). */
  function showNotes() {
    section?.notes([...(sectionNotes.get(PART) ?? []), ...ownNotes(PART, sectionList)]);
    const page = address.dropped.filter(
      (entry) => entry.owner === null || (entry.owner === PART && !section),
    );
    pageNotes([...page.map(droppedNote), ...moreNotes(address.more)]);
  }

  /** A figure's own values from the query (those the bar owns left to it), with every note on its keys. */
  function figureOptions(element, id, parse, params) {
    const query = new URLSearchParams(groups.get(id) ?? '');
    if (linked(element)) for (const name of sectionNames) query.delete(name);
    const read = parse(query);
    const notes = [...(linked(element) ? (sectionNotes.get(id) ?? []) : []), ...read.notes];
    return { ...read, notes: [...notes, ...ownNotes(id, params)] };
  }

  function search() {
    return writeQuery(owners.filter((o) => groups.has(o)).map((o) => [o, [...(groups.get(o) ?? [])]]));
  }

  function setGroup(owner, entries) {
    if (entries.length === 0) groups.delete(owner);
    else groups.set(owner, new URLSearchParams(entries));
  }

  const hrefFor = (query) => {
    const url = new URL(window.location.href);
    url.search = query;
    return url.href;
  };

  // While one control moves, the address it makes waits here and replaces the entry at most every REPLACE_MS;
  // another control's change first settles it on its own entry, then adds the next entry.
  let pending = '';
  function commit(gesture) {
    const href = hrefFor(search());
    if (gesture === lastGesture) {
      pending = href;
      if (!timer) timer = window.setTimeout(flush, REPLACE_MS);
      return;
    }
    flush();
    lastGesture = gesture;
    if (href !== window.location.href) window.history.pushState(null, '', href);
  }

  function flush() {
    clearTimeout(timer);
    timer = 0;
    if (pending !== '' && pending !== window.location.href) window.history.replaceState(null, '', pending);
    pending = '';
  }

  // A reload or a new page within REPLACE_MS of a step keeps that step.
  window.addEventListener('pagehide', flush);

  if (section && groups.size > 0) {
    sectionValues = sectionPatch();
    section.update(sectionValues);
  }
  showNotes();

  document.addEventListener(MOUNT_EVENT, (/** @type {CustomEvent} */ event) => {
    const element = /** @type {HTMLElement} */ (event.target);
    const { id, params, parse } = event.detail;
    mounted.set(element, { id, params, parse });
    Object.assign(event.detail.options, figureOptions(element, id, parse, params));
  });

  document.addEventListener(CHANGE_EVENT, (/** @type {CustomEvent} */ event) => {
    const element = /** @type {HTMLElement} */ (event.target);
    const { id, params, values, keys } = event.detail;
    setGroup(id, changedEntries(params, values, linked(element) ? sectionKeys : []));
    commit(`${id}.${keys.join(',')}`);
  });

  // The bar's controls change its values as they fire; this listener, on the document, runs after theirs.
  const onSectionInput = (/** @type {Event} */ event) => {
    const target = /** @type {Element} */ (event.target);
    if (!section || !target.closest?.('.pe-section-bar')) return;
    const values = section.params();
    const moved = sectionKeys.filter((key) => !Object.is(values[key], sectionValues[key]));
    if (moved.length === 0) return;
    sectionValues = values;
    setGroup(PART, changedEntries(sectionList, values));
    // The bar's values are written once, under PART: linked figures' copies of them go.
    for (const id of linkedIds()) {
      const group = groups.get(id);
      if (!group) continue;
      for (const name of sectionNames) group.delete(name);
      if (group.size === 0) groups.delete(id);
    }
    commit(`${PART}.${moved.join(',')}`);
  };
  document.addEventListener('input', onSectionInput);
  document.addEventListener('change', onSectionInput);

  window.addEventListener('popstate', () => {
    clearTimeout(timer);
    timer = 0;
    pending = '';
    lastGesture = null;
    address = readAddress(window.location.search, owners);
    groups = address.groups;
    if (section) {
      sectionValues = sectionPatch();
      section.update(sectionValues);
    }
    showNotes();
    for (const [element, { id, params, parse }] of mounted) {
      if (element.dataset.figure !== id) continue;
      const own = params.filter((p) => !(linked(element) && sectionKeys.includes(p.key)));
      const patch = {
        ...Object.fromEntries(own.map((p) => [p.key, p.default])),
        ...figureOptions(element, id, parse, params),
      };
      element.dispatchEvent(new CustomEvent(APPLY_EVENT, { detail: patch }));
    }
  });

  document.addEventListener(LINK_EVENT, (/** @type {CustomEvent} */ event) => {
    flush();
    event.detail.href = articleUrl(window.location.href, search(), event.detail.id, true);
  });

  return { flush };
}
