// The papers, side by side: a link per preset of lab/papers.js (each sets the lab's parameters and names the
// paper), and, for the preset chosen, the paper's finding and its source beside what the reader's run shows: the
// numbers its rule reads (medians of the seeds) and the sentence of agreement or disagreement the rule chooses
// from them, once every run is evaluated.
import { defaultsOf, readQuery } from '../../core/params.js';
import { judge, PAPERS, PRESETS } from '../../lab/papers.js';
import { groupRuns } from '../../lab/seeds.js';
import { spread } from '../../lab/verdict.js';
import { changeWriter, h } from '../../ui/dom.js';
import { formatInt } from '../../ui/format.js';
import { labLink, PARAMS } from './params.js';
import { accuracyAt } from './predict.js';

/** The parameters a reader's change can move away from a preset's: the experiment's, not what is inspected. */
const EXPERIMENT = ['task', 'schemes', 'length', 'size', 'lr', 'steps', 'causal', 'randomized', 'batch'];

/** The lab's parameters a preset sets: its query over the lab's defaults, and `paper` naming it. */
export function presetParams(id) {
  const preset = PRESETS[id];
  const { options } = readQuery(new URLSearchParams(preset.query), PARAMS);
  return { ...defaultsOf(PARAMS), ...options, paper: id };
}

/**
 * The median across a race's seeds of a scheme's held-out accuracy at length n: undefined when the scheme does
 * not race, or some seed of it is not evaluated there yet.
 * @param {{ runs: { scheme: string, evaluation: unknown }[] }} race
 */
export const medianAt = (race) => (scheme, n) => {
  const group = groupRuns(race.runs).find((g) => g.scheme === scheme);
  const values = group?.runs.map((run) => accuracyAt(run, n));
  if (!values || values.some((v) => v === undefined || v === null)) return undefined;
  return spread(values).median;
};

/**
 * @param {{ choose: (params: Record<string, unknown>) => void }} actions `choose` sets the lab's parameters
 */
export function papersPanel({ choose }) {
  const write = changeWriter();
  const list = h(
    'ul',
    { class: 'pe-lab-papers-list' },
    PAPERS.map((paper) =>
      h(
        'li',
        {},
        h('span', { class: 'pe-lab-papers-cite' }, paper.cite),
        ' ',
        paper.presets.map((preset) => {
          const link = h(
            'a',
            {
              class: 'pe-button pe-lab-paper',
              href: labLink(presetParams(preset.id)),
              'data-paper': preset.id,
            },
            preset.label,
          );
          link.addEventListener('click', (event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            choose(presetParams(preset.id));
          });
          return link;
        }),
      ),
    ),
  );
  const title = h('h3', { class: 'pe-lab-papers-title' });
  const finding = h('p', { class: 'pe-lab-papers-finding' });
  const source = h('p', { class: 'pe-lab-note' });
  const rule = h('p', { class: 'pe-lab-note' });
  const changed = h('p', { class: 'pe-lab-note' });
  const statement = h('p', { class: 'pe-lab-verdict', 'data-readout': 'paper-statement' });
  const why = h('p', { class: 'pe-lab-papers-why' });
  const detail = h(
    'div',
    { class: 'pe-lab-papers-detail', hidden: true },
    title,
    finding,
    source,
    rule,
    changed,
    statement,
    why,
  );
  const element = h(
    'section',
    { class: 'pe-lab-papers', 'aria-label': 'Papers, side by side' },
    h(
      'p',
      { class: 'pe-lab-papers-intro' },
      'The papers, side by side: each link sets the lab to test a published finding.',
    ),
    list,
    detail,
  );

  /**
   * @param {ReturnType<typeof import('../../lab/race.js').createRace>} race
   * @param {Record<string, any>} params
   */
  function draw(race, params) {
    const preset = PRESETS[params.paper];
    for (const link of list.querySelectorAll('a')) {
      write.put(link, 'aria-current', link.dataset.paper === params.paper ? 'true' : 'false');
    }
    detail.hidden = !preset;
    if (!preset) return;
    const { paper } = preset;
    write.putText(title, `${paper.cite}: \u201c${paper.title}\u201d`);
    write.putText(finding, `The paper: ${paper.finding}`);
    write.putText(source, `Source: ${paper.source}. This preset: ${preset.label}.`);
    write.putText(rule, `The rule: ${preset.rule}`);
    const wanted = presetParams(preset.id);
    const moved = EXPERIMENT.filter((key) => params[key] !== wanted[key]);
    write.putText(
      changed,
      moved.length === 0
        ? ''
        : `Changed from the preset: ${moved.join(', ')}; the rule reads this run all the same.`,
    );
    const seeds = race.seeds.length;
    const judged = race.state === 'done' ? judge(preset, medianAt(race), params.length) : null;
    const your =
      seeds === 1 ? `Your run (seed ${race.seeds[0]})` : `Your run (medians of ${formatInt(seeds)} seeds)`;
    write.putText(
      statement,
      judged
        ? `${your}: ${judged.sentence}`
        : race.state === 'done'
          ? `${your} does not train every scheme the rule reads (${preset.reads.join(', ')}).`
          : 'Press Play: the statement is chosen once every run is evaluated.',
    );
    write.put(statement, 'data-verdict', judged ? judged.verdict : '');
    write.putText(
      why,
      judged?.verdict === 'disagrees' && preset.why ? `Why the miniature differs: ${preset.why}` : '',
    );
  }

  return { element, draw };
}
