// Downloads of what a figure shows: CSV of its data, PNG of its canvas, text files (a script), and any file made
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

function csvCell(value) {
  const s = String(value);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Saves columns and rows as a CSV file. */
export function downloadCsv(name, columns, rows) {
  const lines = [columns, ...rows].map((row) => row.map(csvCell).join(','));
  downloadBlob(name, new Blob([lines.join('\n') + '\n'], { type: 'text/csv' }));
}

/** Saves a canvas as PNG, scaled up by an integer factor without smoothing (cells stay crisp). */
export function downloadPng(name, canvas, scale = 1) {
  const out = document.createElement('canvas');
  out.width = canvas.width * scale;
  out.height = canvas.height * scale;
  const ctx = out.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(canvas, 0, 0, out.width, out.height);
  out.toBlob((blob) => blob && downloadBlob(name, blob), 'image/png');
}

/** Saves text as a file of the given MIME type. */
export function downloadText(name, text, type = 'text/plain') {
  downloadBlob(name, new Blob([text], { type }));
}
