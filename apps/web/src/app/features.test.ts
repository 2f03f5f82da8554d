import { describe, expect, it } from 'vitest';
import type { FeatureEntry } from '../lib/feature-entry.ts';
import { FEATURES } from './features.ts';
import { PAGE_LOADERS } from './pages/page-loaders.tsx';
import { PAGE_KEYS } from '../lib/page-registry.ts';
import { headerItems } from './shell/header/feature-header-items.tsx';
import { realtimeHandlers } from './shell/realtime/use-shell-realtime.ts';
import { SHELL_PARTS } from './shell/shell-parts.ts';

const features: readonly FeatureEntry[] = FEATURES;
const duplicates = (list: readonly string[]) => list.filter((v, i) => list.indexOf(v) !== i);

describe('the features the shell lists', () => {
  it('gives every page key of the registry a loader, and no page key twice', () => {
    expect(PAGE_KEYS.filter((key) => typeof PAGE_LOADERS[key] !== 'function')).toEqual([]);
    expect(duplicates(features.flatMap((f) => Object.keys(f.pages ?? {})))).toEqual([]);
  });

  it('publishes each public path once', () => {
    const paths = features.flatMap((f) => [
      ...(f.publicPages ?? []).map((p) => p.path),
      ...Object.keys(f.publicRedirects ?? {}),
    ]);
    expect(duplicates(paths)).toEqual([]);
  });

  it('puts the task list button left of the bell in the header', () => {
    expect(headerItems(SHELL_PARTS).map(([name]) => name)).toEqual(['task-center', 'notice-bell']);
  });

  it('hands each realtime event kind to the feature that owns it', () => {
    const handlers = realtimeHandlers(SHELL_PARTS);
    expect([...handlers.keys()].sort()).toEqual(['refresh-messages', 'task-dot', 'work-order']);
    expect([...handlers.values()].map((list) => list.length)).toEqual([1, 1, 1]);
  });
});
