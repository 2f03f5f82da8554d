/**
 * Where the workplace's shared reference data is (Quartz vectors, real-world spreadsheets — outside this repository,
 * never copied into product code): HOUTAI_SHARED_DATA when set, else `../shared/data` next to the checkout (the
 * working tree), else the workplace's `/work/shared/data` (a clean clone elsewhere on the same machine, as CI makes).
 * Node only: tests, the bench and the CLI's vector runner use it; the web app never imports it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export function sharedDataCandidates(repoRoot: string): string[] {
  const fromEnv = process.env['HOUTAI_SHARED_DATA'];
  return [...(fromEnv ? [fromEnv] : []), path.resolve(repoRoot, '../shared/data'), '/work/shared/data'];
}

/** The first candidate that holds `relative`; throws naming every place looked at. */
export function sharedDataFile(repoRoot: string, relative: string): string {
  const candidates = sharedDataCandidates(repoRoot).map((dir) => path.join(dir, relative));
  const found = candidates.find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      `${relative} not found at ${candidates.join(' or ')} (set HOUTAI_SHARED_DATA to the shared data folder)`,
    );
  }
  return found;
}
