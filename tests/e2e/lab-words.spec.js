// Words from numbers: the lab's results paragraph is written from the reader's run, and every word in it beside
// a scheme's number is lab/verdict.js's word for that scheme's seeds. Races at settings other than the default
// (other tasks, lengths, sizes and seed counts) must not make a sentence contradict its own numbers; and the
// paragraph stays hidden until there is a result.
import { test, expect } from './fixtures.js';
import { verdictOf, wordFor } from '../../web/src/lab/verdict.js';
import { csvOf, finish, FIGURE, heldOutAt } from './lab-helpers.js';

const NAMES = {
  none: 'no positions',
  sinusoidal: 'sinusoidal',
  learned: 'learned',
  rope: 'RoPE',
  alibi: 'ALiBi',
};
/** Held-out sequences per length (the lab's SAMPLES). */
const SEQUENCES = 128;

/** The sentence's word for each scheme: { 'RoPE': 'works', ... }, read clause by clause. */
function wordsIn(sentence) {
  const words = {};
  for (const clause of sentence
    .replace(/^At [\d,]+ tokens, /, '')
    .replace(/\.$/, '')
    .split('; ')) {
    // "fall short of 90% but beat chance" holds "at chance" inside "beat chance": it is tested first.
    const word = /works? \(at least 90%/.test(clause)
      ? 'works'
      : /works? on some seeds/.test(clause)
        ? 'mixed'
        : /falls? short of 90%/.test(clause)
          ? 'fails'
          : /below chance/.test(clause)
            ? 'below'
            : /scores? at chance/.test(clause)
              ? 'chance'
              : null;
    expect(word, `a clause with a known word: "${clause}"`).not.toBeNull();
    for (const [, name] of clause.matchAll(/([A-Za-z ]+?) \([\d.]+%/g))
      words[name.trim().replace(/^and /, '')] = word;
  }
  return words;
}

/** The word lab/verdict.js gives the seeds' accuracies at one length, with "below" split off as the page does. */
function expected(accuracies, task) {
  const verdict = verdictOf(accuracies, task, SEQUENCES);
  if (verdict.word === 'chance' && wordFor(verdict.median, task, SEQUENCES) === 'below chance')
    return 'below';
  return verdict.word;
}

for (const { query, schemes, seeds, length } of [
  { query: 'task=previous&length=12&schemes=none,learned,rope&seeds=2&steps=150', length: 12, seeds: 2 },
  {
    query: 'task=reverse&length=6&size=medium&schemes=sinusoidal,alibi&seeds=1&steps=100',
    length: 6,
    seeds: 1,
  },
  { query: 'task=subject&length=10&schemes=none,rope&seeds=3&seed=4&steps=100', length: 10, seeds: 3 },
].map((c) => ({ ...c, schemes: new URLSearchParams(c.query).get('schemes').split(',') }))) {
  test(`the lab's results sentences agree with their numbers: ${query}`, async ({ page }) => {
    test.setTimeout(240_000);
    const lab = new URLSearchParams(query);
    const search = [...lab].map(([k, v]) => `lab.${k}=${v}`).join('&');
    await page.goto(`index.html?${search}#lab`);
    const section = page.locator('#lab');
    const results = section.locator('[data-answer="lab-answered"]');
    const figure = section.locator(FIGURE);
    await expect(figure.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 30_000 });
    // No result yet: the paragraph that reports one is not shown.
    await expect(results).toBeHidden();
    await figure.getByRole('button', { name: 'Play' }).click();
    await finish(figure, 200_000);
    await expect(results).toBeVisible();
    const task = lab.get('task');
    const csv = await csvOf(page, figure);
    const lengths = csv.filter((r) => r[0] === 'held-out sequences').map((r) => Number(r[1]));
    for (const [name, n] of [
      ['lab-story-trained', length],
      ['lab-story-double', 2 * length],
      ['lab-story-far', Math.max(...lengths)],
    ]) {
      const sentence = (await section.locator(`[data-live="${name}"]`).textContent()) ?? '';
      expect(sentence).toContain(`At ${n} tokens, `);
      const words = wordsIn(sentence);
      expect(Object.keys(words).sort()).toEqual(schemes.map((s) => NAMES[s]).sort());
      for (const scheme of schemes) {
        const perSeed =
          seeds === 1
            ? [heldOutAt(csv, n)[NAMES[scheme]]]
            : Array.from({ length: seeds }, (_, i) => {
                const header = csv[0];
                const row = csv.find((r) => r[0] === 'held-out sequences' && Number(r[1]) === n);
                const column = header.findIndex(
                  (h) => h.startsWith(`${NAMES[scheme]} accuracy seed `) && i-- === 0,
                );
                return Number(row[column]);
              });
        expect(words[NAMES[scheme]], `${scheme} at ${n} tokens: ${perSeed.join(', ')}`).toBe(
          expected(perSeed, task),
        );
      }
    }
    // The task's own words: "a coin flip between the two nouns" only where there are nouns.
    if (task !== 'subject') await expect(section).not.toContainText('coin flip', { useInnerText: true });
  });
}
