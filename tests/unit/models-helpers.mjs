// Shared by the model-file tests: the Python writer's checkpoints, as the File objects a reader would give.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const writer = new URL('../models/write_checkpoints.py', import.meta.url).pathname;

/** Runs tests/models/write_checkpoints.py into a fresh temp folder and returns the folder. */
export function writeCheckpoints() {
  const dir = mkdtempSync(join(tmpdir(), 'pe-models-'));
  const run = spawnSync('/usr/bin/python3', [writer, dir], { encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`write_checkpoints.py failed: ${run.stderr || run.error}`);
  return dir;
}

/** Every file of a folder as a File. @param {string} dir */
export const filesOf = (dir) =>
  readdirSync(dir).map((name) => new File([readFileSync(join(dir, name))], name));

/** @param {string} path */
export const fileAt = (path) => new File([readFileSync(path)], path.replace(/^.*\//, ''));
