// "Run it bigger": a button that saves the inspected scheme's experiment as a standalone PyTorch script
// (lab/torch-script.js). The script's code is fetched only when the reader asks for it.
import { h } from '../../ui/dom.js';
import { downloadText } from '../../ui/export.js';

/**
 * @param {() => Record<string, unknown>} configOf the engine configuration of the run to export, scheme included
 * @param {{ showError: (message: string) => void }} frame where a refusal is shown
 */
export function scriptButton(configOf, frame) {
  return h(
    'button',
    {
      type: 'button',
      class: 'pe-button pe-lab-script',
      title:
        'The inspected scheme’s experiment as one Python file: same weights, data and schedule, in PyTorch',
      onClick: async () => {
        try {
          const { torchScript, TORCH_SCRIPT_NAME } = await import('../../lab/torch-script.js');
          const config = configOf();
          const name = TORCH_SCRIPT_NAME.replace('.py', `_${config.task}_${config.scheme}.py`);
          downloadText(name, torchScript(config), 'text/x-python');
        } catch (error) {
          frame.showError(error instanceof Error ? error.message : String(error));
        }
      },
    },
    'PyTorch script',
  );
}
