// A Vite app that uses PE Explorer's engine and lab from the npm package, as their docs show
// (tests/package/package.spec.js checks what it writes).
import createEngine from 'pe-explorer/engine';
import createLab from 'pe-explorer/lab';

const output = document.getElementById('result');
Promise.all([createEngine(), createLab()]).then(
  ([pe, { Lab }]) => {
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
    output.textContent = JSON.stringify({ length: table.length, cells, loss: Array.from(loss) });
  },
  (error) => (output.textContent = JSON.stringify({ error: String(error) })),
);
