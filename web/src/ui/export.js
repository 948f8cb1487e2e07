// Downloads of what a figure shows: CSV of its data, text files (a script), and any file made
// in the page (the figure images of export-image.js).

/** Saves a blob under the given file name. */
export function downloadBlob(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The page's typography, written as the plain ASCII that Python's float(), pandas and d3-dsv read.
/** @type {[RegExp, string][]} */
const ASCII = [
  [/\u2212|\u2013|\u2014/g, '-'],
  [/[\u201c\u201d]/g, '"'],
  [/[\u2018\u2019]/g, "'"],
  [/\u2026/g, '...'],
  [/\u00b7/g, '.'],
];

/**
 * One CSV cell in ASCII: minus signs as '-', no thousands separators in numbers ("1,024" is 1024), exponent
 * forms as e-notation ("1.6\u00d710^\u22125" is 1.6e-5); text quoted when it holds a comma, quote or newline.
 */
export function csvCell(value) {
  // Compatibility forms first: subscript and superscript digits as digits ("word₁" is "word1").
  let s = String(value).normalize('NFKC');
  for (const [pattern, ascii] of ASCII) s = s.replace(pattern, ascii);
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replaceAll(',', '');
  s = s.replace(/^(-?\d+(?:\.\d+)?)\u00d710\^?(-?\d+)$/, '$1e$2');
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The CSV text of a header row and rows (csvCell's ASCII), one line each, ending in a newline. */
export function csvText(columns, rows) {
  return [columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** Saves columns and rows as a CSV file. */
export function downloadCsv(name, columns, rows) {
  downloadBlob(name, new Blob([csvText(columns, rows)], { type: 'text/csv' }));
}

/** Saves text as a file of the given MIME type. */
export function downloadText(name, text, type = 'text/plain') {
  downloadBlob(name, new Blob([text], { type }));
}
