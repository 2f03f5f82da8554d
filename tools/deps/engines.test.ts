/**
 * Every package the lock file installs must run on the oldest Node the README promises (package.json
 * `engines.node`): an install on Node 20 prints no EBADENGINE warning. cookie@2 (pulled in by Fastify's
 * light-my-request) needs Node 22; package.json's `overrides` pins it to cookie 1.1, which has the same
 * `stringifySetCookie` light-my-request calls.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readJson = (name: string): unknown => JSON.parse(readFileSync(root + name, 'utf8'));

interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
  optional?: boolean;
}

const manifest = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
const oldestNode = semver.minVersion(manifest.engines.node)?.version ?? '';

export function packagesRefusing(node: string, packages: Record<string, LockEntry>): string[] {
  const refusing: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    const range = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node;
    if (range && !semver.satisfies(node, range, { includePrerelease: true })) {
      refusing.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} needs node ${range}`);
    }
  }
  return refusing;
}

describe('Node engines', () => {
  it('reads the oldest supported Node from package.json', () => {
    expect(oldestNode).toBe('20.19.0');
  });

  it('finds a package that refuses the oldest Node', () => {
    expect(
      packagesRefusing('20.19.0', { 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } } }),
    ).toEqual(['cookie@2.0.2 needs node >=22']);
  });

  it('installs no package that refuses the oldest supported Node', () => {
    expect(packagesRefusing(oldestNode, lock.packages)).toEqual([]);
  });
});
