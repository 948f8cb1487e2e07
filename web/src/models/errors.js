// The one error a model file's reader throws. A file the reader gives is hostile input: whatever is wrong with it is
// answered with a ModelFileError whose message names the file, what is wrong and what was expected, never with a
// TypeError or RangeError from inside a parser.

export class ModelFileError extends Error {
  /**
   * @param {string} file the file's name as the reader gave it
   * @param {string} problem what is wrong, e.g. "the header length is 200 MB"
   * @param {string} expected what a well-formed file has instead
   */
  constructor(file, problem, expected) {
    super(`${file}: ${problem}; expected ${expected}.`);
    this.name = 'ModelFileError';
    this.file = file;
    this.problem = problem;
    this.expected = expected;
  }
}

/** A size in messages: exact, with megabytes beside it when large. @param {number} bytes */
export const formatBytes = (bytes) =>
  bytes >= 2 ** 20 ? `${bytes} bytes (${(bytes / 2 ** 20).toFixed(1)} MB)` : `${bytes} bytes`;

/** A value as a message shows it: short, and never the whole of a hostile string. @param {unknown} value */
export const shown = (value) => {
  let text;
  try {
    text = typeof value === 'bigint' ? `${value}` : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  if (text === undefined) text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * What went wrong reading a model from the Hub (hub.js, http.js), as the reader should be told it: the host
 * contacted, and what to do. `kind` is one of 'bad-id', 'bad-endpoint', 'offline', 'gated', 'not-found',
 * 'network', 'timeout', 'aborted', 'no-range', 'bad-range', 'http'.
 */
export class HubError extends Error {
  /**
   * @param {string} kind
   * @param {string} host the host contacted (or the endpoint as given, when it is not one)
   * @param {string} message the whole message, naming the host
   * @param {{ url?: string, status?: number, code?: string | null }} [detail]
   */
  constructor(kind, host, message, detail = {}) {
    super(message);
    this.name = 'HubError';
    this.kind = kind;
    this.host = host;
    this.url = detail.url ?? null;
    this.status = detail.status ?? null;
    this.code = detail.code ?? null;
  }
}
