// The lab's "Download weights (.safetensors)" in the page: disabled until the inspected run has trained, then,
// from the keyboard, a .safetensors file of that run (tests/js/lab-safetensors.test.mjs checks the bytes against
// the engine and PyTorch; here, that the page writes the inspected run's file, which the inspector opens).
import { readFile } from 'node:fs/promises';
import { test, expect, openFigure, shareMenu } from './fixtures.js';
import { readSafetensorsHeader } from '../../web/src/models/safetensors.js';
import { blobSource } from '../../web/src/models/source.js';
import { finish, openLab } from './lab-helpers.js';

test('"Download weights (.safetensors)" saves the inspected run once it has trained, from the keyboard', async ({
  page,
}) => {
  const figure = await openLab(
    page,
    '&task=previous&schemes=learned,rope&inspect=learned&seeds=1&size=tiny&steps=50',
  );
  const button = (await shareMenu(figure)).getByRole('button', { name: 'Download weights (.safetensors)' });
  await expect(button).toBeDisabled();
  await figure.getByRole('button', { name: 'Play' }).click();
  await finish(figure);
  await expect(button).toBeEnabled();
  await button.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), button.press('Enter')]);
  expect(download.suggestedFilename()).toBe('pe_lab_previous_learned_seed1_step50.safetensors');
  const bytes = await readFile(await download.path());
  const header = await readSafetensorsHeader(blobSource(new Blob([bytes]), { name: 'weights.safetensors' }));
  expect(header.metadata).toMatchObject({ format: 'pt', task: 'previous', scheme: 'learned', step: '50' });
  expect(header.metadata?.dModel).toBe('16');
  const wpe = header.tensors.find((t) => t.name === 'wpe');
  expect(wpe?.shape).toEqual([8, 16]);
  expect(header.tensors.every((t) => t.dtype === 'F32')).toBe(true);
  // The same file opens in "Positions in real models": the reader's tiny model beside a real one.
  const inspector = await openFigure(page, 'checkpoint', 'model=gpt2');
  await inspector.getByLabel(/Open your own checkpoint/).setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/octet-stream',
    buffer: bytes,
  });
  await expect(inspector.locator('.pe-ckpt-learned')).toContainText('8 positions \u00d7 16 dimensions');
  await expect(inspector.locator('.pe-ckpt-status')).toContainText('(the header and wpe).');
});
