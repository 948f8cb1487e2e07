// Whom an embedded figure talks to. Its ready, error and sized messages go to the origin of the page that
// embeds it, and only its height goes to any page ('*'): the embedding page is named by an `origin` parameter
// (`embed.html?figure=ranges&origin=https://blog.example`), or else read from the frame's referrer, which
// browsers send as at least the origin by default. Messages from the embedding page are taken only from that
// origin when it is known.
import { quote } from '../core/params.js';

const MAX_ORIGIN = 256;

/**
 * The embedding page's origin, or null when it cannot be known; and a note for the reader when the `origin`
 * parameter was refused.
 * @param {string | null} asked the `origin` URL parameter
 * @param {string} referrer document.referrer
 * @returns {{ origin: string | null, note: string | null }}
 */
export function hostOrigin(asked, referrer) {
  if (asked !== null) {
    const origin = asked.length > MAX_ORIGIN ? null : originOf(asked);
    if (origin !== null && origin === asked.replace(/\/$/, '')) return { origin, note: null };
    return {
      origin: originOf(referrer),
      note:
        `origin ${quote(asked)} is not an origin such as https://blog.example: ` +
        'messages go to the page that embeds this figure, as its address says.',
    };
  }
  return { origin: originOf(referrer), note: null };
}

/** The http(s) origin of a URL, or null. @param {string} text */
function originOf(text) {
  if (text.length === 0) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
