// A Vite app that uses PE Explorer's engine, lab and models' module from the npm package, as their docs show
// (tests/package/package.spec.js checks what it writes).
import createEngine from 'pe-explorer/engine';
import createLab from 'pe-explorer/lab';
import createModels from 'pe-explorer/models';

const output = document.getElementById('result');
Promise.all([createEngine(), createLab(), createModels()]).then(
  ([pe, { Lab }, models]) => {
    const table = pe.sinusoidalTable(64, 512, 10000, 'interleaved');
    const lab = new Lab({ task: 'previous', scheme: 'rope', seed: 1 });
    const { loss } = lab.train(2);
    lab.delete();
    const cells = [
      [0, 0],
      [1, 0],
      [5, 6],
      [63, 1],
      [37, 130],
      [63, 511],
    ].map(([pos, dim]) => ({ pos, dim, value: table[pos * 512 + dim] }));
    const { invFreq } = models.ropeSpectrum(128, 10000, 4096);
    output.textContent = JSON.stringify({
      length: table.length,
      cells,
      loss: Array.from(loss),
      invFreq: Array.from(invFreq),
    });
  },
  (error) => (output.textContent = JSON.stringify({ error: String(error) })),
);
