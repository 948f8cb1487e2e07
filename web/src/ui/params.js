// Reads a figure's options from a URL query (embed.html?figure=heatmap&dModel=128&positions=50). Values keep
// the type the figure declares; the engine validates them, and a bad value shows the engine's message.

/**
 * @param {URLSearchParams} query
 * @param {Record<string, 'number'|'string'|'boolean'|'numbers'>} spec the figure's `params` export
 */
export function optionsFromQuery(query, spec = {}) {
  const options = {};
  for (const [key, type] of Object.entries(spec)) {
    if (!query.has(key)) continue;
    const raw = query.get(key);
    if (type === 'number') options[key] = raw.trim() === '' ? NaN : Number(raw);
    else if (type === 'boolean') options[key] = raw === '' || raw === 'true' || raw === '1';
    else if (type === 'numbers') options[key] = raw.split(',').map((s) => Number(s));
    else options[key] = raw;
  }
  return options;
}
