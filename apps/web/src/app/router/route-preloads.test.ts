import { describe, expect, it } from 'vitest';
import { routePreloads, type PreloadChunk } from './route-preloads.ts';

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
