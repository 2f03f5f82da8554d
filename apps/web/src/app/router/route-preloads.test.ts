import { describe, expect, it } from 'vitest';
import { BOOT_CHUNK, EARLY_CHUNK, chunkPlan, routePreloads, type PreloadChunk } from './route-preloads.ts';

function chunk(fileName: string, imports: string[], moduleIds: string[], extra: Partial<PreloadChunk> = {}) {
  return { fileName, isEntry: false, imports, moduleIds, css: [], ...extra } satisfies PreloadChunk;
}

const CHUNKS: PreloadChunk[] = [
  chunk('assets/index.js', ['assets/react.js'], ['/app/src/main.tsx'], { isEntry: true }),
  chunk('assets/react.js', [], ['/app/node_modules/react/index.js']),
  chunk('assets/login-page.js', ['assets/form.js', 'assets/react.js'], ['/app/src/features/auth/login-page.tsx']),
  chunk('assets/form.js', ['assets/button.js'], ['/app/node_modules/antd/es/form/index.js']),
  chunk('assets/button.js', ['assets/form.js'], ['/app/node_modules/antd/es/button/index.js']),
  chunk('assets/layout.js', ['assets/button.js'], ['/app/src/app/shell/basic-layout.tsx', '/app/src/app/shell/x.ts'], {
    css: ['assets/layout.css'],
  }),
];

describe('routePreloads', () => {
  it('lists the chunk of each group and what it imports statically, without the entry and its imports', () => {
    const out = routePreloads(CHUNKS, { login: ['src/features/auth/login-page.tsx'] });
    expect(out.login).toEqual({
      scripts: ['assets/login-page.js', 'assets/form.js', 'assets/button.js'],
      styles: [],
    });
  });

  it('puts the chunks of a group in the order of its modules, each once, with their CSS', () => {
    const out = routePreloads(CHUNKS, {
      shell: ['src/app/shell/basic-layout.tsx', 'src/features/auth/login-page.tsx', 'src/app/shell/x.ts'],
    });
    expect(out.shell!.scripts).toEqual([
      'assets/layout.js',
      'assets/button.js',
      'assets/form.js',
      'assets/login-page.js',
    ]);
    expect(out.shell!.styles).toEqual(['assets/layout.css']);
  });

  it('refuses a module that no chunk holds, so that a moved page cannot lose its preload unnoticed', () => {
    expect(() => routePreloads(CHUNKS, { home: ['src/features/dashboard/gone.tsx'] })).toThrow(/gone\.tsx/);
  });

  it('matches the whole path, not a name that merely ends the same way', () => {
    expect(() => routePreloads(CHUNKS, { login: ['login-page.tsx'] })).not.toThrow();
    expect(() => routePreloads(CHUNKS, { login: ['h/login-page.tsx'] })).toThrow();
  });
});

describe('chunkPlan', () => {
  // entry → react; login page → form → button; layout → button; home → card, button; other page → card.
  const GRAPH: PreloadChunk[] = [
    chunk('assets/index.js', ['assets/react.js'], ['/app/src/main.tsx', '/app/src/app/router.tsx'], { isEntry: true }),
    chunk('assets/react.js', [], ['/app/node_modules/react/index.js', '/app/node_modules/react-dom/index.js']),
    chunk('assets/login-page.js', ['assets/form.js'], ['/app/src/features/auth/login-page.tsx']),
    chunk('assets/form.js', ['assets/button.js'], ['/app/node_modules/antd/es/form/index.js']),
    chunk('assets/button.js', [], ['/app/node_modules/antd/es/button/index.js']),
    chunk('assets/layout.js', ['assets/button.js', 'assets/menu.js'], ['/app/src/app/shell/basic-layout.tsx']),
    chunk('assets/menu.js', [], ['/app/node_modules/antd/es/menu/index.js']),
    chunk('assets/home.js', ['assets/card.js', 'assets/button.js', 'assets/menu.js'], ['/app/src/home.tsx']),
    chunk('assets/card.js', [], ['/app/node_modules/antd/es/card/index.js']),
    chunk('assets/other.js', ['assets/card.js', 'assets/table.js'], ['/app/src/other.tsx']),
    chunk('assets/table.js', [], ['/app/node_modules/antd/es/table/index.js']),
  ];
  const GROUPS = {
    login: ['src/features/auth/login-page.tsx'],
    shell: ['src/app/shell/basic-layout.tsx'],
    home: ['src/home.tsx'],
  };

  it('names each module after the set of first screens that load it, the entry and its imports boot', () => {
    const plan = chunkPlan(GRAPH, GROUPS);
    expect(Object.fromEntries(plan)).toEqual({
      '/app/src/main.tsx': BOOT_CHUNK,
      '/app/src/app/router.tsx': BOOT_CHUNK,
      '/app/node_modules/react/index.js': BOOT_CHUNK,
      '/app/node_modules/react-dom/index.js': BOOT_CHUNK,
      '/app/src/features/auth/login-page.tsx': 'login',
      '/app/node_modules/antd/es/form/index.js': 'login',
      '/app/node_modules/antd/es/button/index.js': 'login+shell+home',
      '/app/src/app/shell/basic-layout.tsx': 'shell',
      '/app/node_modules/antd/es/menu/index.js': 'shell+home',
      '/app/src/home.tsx': 'home',
      '/app/node_modules/antd/es/card/index.js': 'home',
    });
  });

  it('never puts a module a screen did not load into a chunk that screen loads', () => {
    const plan = chunkPlan(GRAPH, GROUPS);
    // The table only the other page uses is left to the bundler; login's chunks hold no frame or home module.
    expect(plan.has('/app/node_modules/antd/es/table/index.js')).toBe(false);
    expect(plan.has('/app/src/other.tsx')).toBe(false);
    const loginChunks = new Set([...plan.values()].filter((n) => n === BOOT_CHUNK || n.split('+').includes('login')));
    const inLoginChunks = [...plan].filter(([, n]) => loginChunks.has(n)).map(([id]) => id);
    expect(inLoginChunks).not.toContain('/app/src/app/shell/basic-layout.tsx');
    expect(inLoginChunks).not.toContain('/app/node_modules/antd/es/card/index.js');
    expect(inLoginChunks).not.toContain('/app/node_modules/antd/es/menu/index.js');
  });

  it('joins the sets it is told to merge', () => {
    const plan = chunkPlan(GRAPH, GROUPS, { 'shell+home': 'shell' });
    expect(plan.get('/app/node_modules/antd/es/menu/index.js')).toBe('shell');
    expect(plan.get('/app/src/home.tsx')).toBe('home');
  });

  it('refuses a group module that no chunk holds', () => {
    expect(() => chunkPlan(GRAPH, { home: ['src/gone.tsx'] })).toThrow(/gone\.tsx/);
  });

  it("keeps the early entry's modules out of boot, in a chunk of their own that the app's entry shares", () => {
    const graph: PreloadChunk[] = [
      chunk('assets/early.js', ['assets/request.js'], ['/app/src/early.ts'], { isEntry: true, name: EARLY_CHUNK }),
      chunk('assets/request.js', [], ['/app/src/lib/request-init.ts']),
      chunk('assets/index.js', ['assets/react.js', 'assets/request.js'], ['/app/src/main.tsx'], {
        isEntry: true,
        name: 'index',
      }),
      chunk('assets/react.js', [], ['/app/node_modules/react/index.js']),
    ];
    expect(Object.fromEntries(chunkPlan(graph, {}))).toEqual({
      '/app/src/early.ts': EARLY_CHUNK,
      '/app/src/lib/request-init.ts': EARLY_CHUNK,
      '/app/src/main.tsx': BOOT_CHUNK,
      '/app/node_modules/react/index.js': BOOT_CHUNK,
    });
  });
});
