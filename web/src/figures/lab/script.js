// "Run it bigger": a button that saves the inspected run's experiment as a standalone PyTorch script
// (lab/torch-script.js): its configuration and seed, and the race's seeds, which the script trains in turn. The
// script's code is fetched only when the reader asks for it.
import { h } from '../../ui/dom.js';
import { downloadBlob, downloadText } from '../../ui/export.js';

/**
 * @param {() => { config: Record<string, unknown>, seeds: number[] }} runOf the engine configuration of the
 *   run to export, scheme and seed included, and the seeds of its race
 * @param {{ showError: (message: string) => void }} frame where a refusal is shown
 */
export function scriptButton(runOf, frame) {
  return h(
    'button',
    {
      type: 'button',
      class: 'pe-button pe-lab-script',
      title:
        'The inspected run’s experiment as one Python file, for each of the race’s seeds: same weights, data ' +
        'and schedule, in PyTorch',
      onClick: async () => {
        try {
          const { torchScript, TORCH_SCRIPT_NAME } = await import('../../lab/torch-script.js');
          const { config, seeds } = runOf();
          const name = TORCH_SCRIPT_NAME.replace('.py', `_${config.task}_${config.scheme}.py`);
          downloadText(name, torchScript(config, { seeds }), 'text/x-python');
        } catch (error) {
          frame.showError(error instanceof Error ? error.message : String(error));
        }
      },
    },
    'PyTorch script',
  );
}

/**
 * "Download weights (.safetensors)": the inspected run's trained parameters, as they are now, in the file the
 * PyTorch script loads with `--load-safetensors` (lab/safetensors-export.js). The run's worker saves its state
 * (Lab.exportState) and the page writes the file; nothing goes over the network. Disabled until the run has
 * trained a step.
 * @param {() => { handle: { call: (method: string) => Promise<{ result: any }> }, step: number } | undefined}
 *   runOf the inspected run, or undefined when it does not race
 * @param {{ showError: (message: string) => void }} frame where a failure is shown
 */
export function weightsButton(runOf, frame) {
  const element = /** @type {HTMLButtonElement} */ (
    h(
      'button',
      {
        type: 'button',
        class: 'pe-button pe-lab-weights',
        disabled: true,
        title:
          'The inspected run’s trained weights as a .safetensors file, named as the PyTorch script’s model; ' +
          'the script loads it with --load-safetensors. Enabled once the run has trained.',
        onClick: async () => {
          const run = runOf();
          if (!run || run.step === 0) return;
          element.disabled = true;
          try {
            const [{ labSafetensors, readLabState, safetensorsName }, { result: state }] = await Promise.all([
              import('../../lab/safetensors-export.js'),
              run.handle.call('exportState'),
            ]);
            const name = safetensorsName(readLabState(state));
            downloadBlob(name, new Blob([labSafetensors(state)], { type: 'application/octet-stream' }));
          } catch (error) {
            frame.showError(error instanceof Error ? error.message : String(error));
          } finally {
            draw();
          }
        },
      },
      'Download weights (.safetensors)',
    )
  );
  /** Enabled while the inspected run has trained at least one step. */
  function draw() {
    const run = runOf();
    element.disabled = !run || run.step === 0;
  }
  return { element, draw };
}
