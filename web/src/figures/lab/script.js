// "Run it bigger": a button that saves the inspected run's experiment as a standalone PyTorch script
// (lab/torch-script.js): its configuration and seed, and the race's seeds, which the script trains in turn. The
// script's code is fetched only when the reader asks for it.
import { h } from '../../ui/dom.js';
import { downloadText } from '../../ui/export.js';

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
