// What a figure's declaration (ui/figure.js's FigureSpec) means without a page: its defaults, its URL parameters,
// what it reads from a query and what it computes for given options. defineFigure (ui/figure.js) adds the
// mounting; Node's tests use these parts against the built engine.
import { EMBED_DEFAULTS, readEmbedOptions } from './embed-options.js';
import { keepBound } from './moves.js';
import { clampToBounds, defaultsOf, readQuery, urlParamsOf } from './params.js';

/** @typedef {import('../../../cpp/bindings/pe-engine.d.ts').PeEngine} PeEngine */

/**
 * The parts of a figure's declaration that need no page.
 * @template Data
 * @param {{ params?: Record<string, import('./params.js').ParamDecl>, options?: Record<string, unknown>,
 *   mark?: unknown, ownControls?: string[], bound?: (params: any, given: Record<string, unknown>) => Record<string, unknown>,
 *   compute?: (engine: PeEngine, params: any, previous: Data | null) => Data }} spec
 */
export function figureBasics(spec) {
  const decls = spec.params ?? {};
  const defaults = defaultsOf(decls);
  const params = urlParamsOf(decls);
  /** @param {URLSearchParams} query */
  const parse = (query) => {
    const read = readQuery(query, decls);
    if (!spec.bound) return { ...read.options, notes: read.notes };
    const { options, notes } = keepBound(decls, read.options, spec.bound);
    return { ...options, notes: [...read.notes, ...notes] };
  };
  // The parameters an embed can show a control for (its `controls=`), with their labels.
  const controllable = params
    .filter(({ key }) => decls[key].control || spec.ownControls?.includes(key))
    .map(({ key, name }) => ({ key, name, label: decls[key].label ?? name }));
  return {
    /** The parameters' declarations as given (core/params.js's ParamDecl), for readQuery and the tests. */
    declarations: decls,
    /** Each parameter's default. */
    defaults,
    /** The defaults of the options that are not parameters (a figure with `mark` also has `highlight`). */
    optionDefaults: {
      controls: true,
      notes: [],
      ...EMBED_DEFAULTS,
      ...(spec.mark ? { highlight: null } : {}),
      ...spec.options,
    },
    /** The URL parameters, in declaration order: { key, name, type, default }. */
    params,
    /** The parameters an embed can show a control for: { key, name, label }. */
    controllable,
    /**
     * Options from a URL query (embed.html?figure=<id>&...), checked against the declarations (core/params.js's
     * readQuery): the values to use, and `notes`, what was refused or brought into range, which mount shows
     * above the figure until the reader changes that parameter.
     */
    parse,
    /**
     * Options from a query of an embed (embed.html's URL, a <pe-figure>'s attributes, a `pe-explorer:set`
     * message): the parameters as `parse` reads them, then the embed options (core/embed-options.js: `plain`,
     * and `showControls` from `controls`) the query names, with the notes on both.
     * @param {URLSearchParams} query
     */
    readEmbed(query) {
      const read = parse(query);
      const embed = readEmbedOptions(query, controllable);
      return { ...read, ...embed.options, notes: [...read.notes, ...embed.notes] };
    },
    /**
     * What the figure computes for these options, as a mounted figure does: the defaults, then the options, then
     * each parameter whose range follows others brought within it, given to the spec's `compute` (Node's tests
     * run it against the built engine).
     * @param {PeEngine} engine
     * @param {Record<string, unknown>} [options]
     * @returns {Data}
     */
    compute(engine, options = {}) {
      const values = pick({ ...defaults, ...options }, Object.keys(decls));
      const next = { ...values, ...clampToBounds(decls, values) };
      // A figure without `compute` draws its parameters: they are its data (as when it is mounted).
      return spec.compute ? spec.compute(engine, next, null) : /** @type {Data} */ (next);
    },
  };
}

/** The object's values of the given keys, in their order. */
export function pick(object, keys) {
  return Object.fromEntries(keys.map((key) => [key, object[key]]));
}
