/**
 * The import walls fire: planted violations (a cross-feature import, a module importing another module's
 * repository, an import cycle, and the other walls) are reported by the very rule configuration that
 * `npm run lint` runs, and eslint.config.js turns those rules on as errors across the workspaces.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violation } from './boundaries.js';
import { importWalls } from './config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** ESLint with only the walls (and a non-type-aware TypeScript parser): fast, and the same rule options. */
function wallsOnly(cwd: string): ESLint {
  const config: Linter.Config[] = [
    { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
    ...importWalls(ROOT),
  ];
  return new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config });
}

async function messagesFor(code: string, file: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await wallsOnly(ROOT).lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

describe('planted violations fail the lint', () => {
  it('a feature importing another feature', async () => {
    const messages = await messagesFor(
      "import { useWorkOrders } from '../../work-order/api/list-work-orders.ts';\nexport const x = useWorkOrders;\n",
      'apps/web/src/features/tasks/components/planted.tsx',
    );
    expect(messages.map((m) => m.ruleId)).toEqual(['houtai/boundaries']);
    expect(messages[0]?.message).toContain('Features never import each other (features/tasks → features/work-order)');
  });

  it('a lazy import of another feature is caught too', async () => {
    const messages = await messagesFor(
      "export const load = () => import('../messages/components/my-messages-dialog.tsx');\n",
      'apps/web/src/features/tasks/planted.ts',
    );
    expect(messages.map((m) => m.ruleId)).toEqual(['houtai/boundaries']);
  });

  it("a module importing another module's repository", async () => {
    const messages = await messagesFor(
      "import { findUserById } from '../user/user.repository.ts';\nexport const f = findUserById;\n",
      'apps/server/src/modules/auth/planted.service.ts',
    );
    expect(messages.map((m) => m.ruleId)).toEqual(['houtai/boundaries']);
    expect(messages[0]?.message).toContain("A module never imports another module's repository (modules/auth →");
  });

  it('an import cycle', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'houtai-lint-cycle-'));
    try {
      await writeFile(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n");
      await writeFile(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = (): number => a() - 1;\n");
      const results = await wallsOnly(dir).lintFiles([path.join(dir, 'a.ts')]);
      const messages = results[0]?.messages ?? [];
      expect(messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
      expect(messages[0]?.message).toContain('Dependency cycle');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an allowed import passes: a feature using lib and shared, a module using its own repository', async () => {
    expect(
      await messagesFor(
        "import { http } from '../../../lib/http.ts';\nimport { TEXT } from '@houtai/shared/constants';\nexport const x = [http, TEXT];\n",
        'apps/web/src/features/tasks/api/planted.ts',
      ),
    ).toEqual([]);
    expect(
      await messagesFor(
        "import * as repo from './user.repository.ts';\nexport const r = repo;\n",
        'apps/server/src/modules/user/planted.service.ts',
      ),
    ).toEqual([]);
  });
});

describe('the walls, one by one', () => {
  const cases: [string, string, RegExp | null][] = [
    // web
    ['apps/web/src/features/a/x.ts', 'apps/web/src/features/b/y.ts', /Features never import each other/],
    ['apps/web/src/features/a/x.ts', 'apps/web/src/features/a/api/y.ts', null],
    ['apps/web/src/features/a/x.ts', 'apps/web/src/app/route-guard.tsx', /never imports the shell/],
    ['apps/web/src/widgets/w/x.tsx', 'apps/web/src/features/a/y.ts', /Widgets never import features/],
    ['apps/web/src/widgets/w/x.tsx', 'apps/web/src/app/providers.tsx', /Widgets never import features or the shell/],
    ['apps/web/src/widgets/w/x.tsx', 'apps/web/src/widgets/v/y.tsx', null],
    ['apps/web/src/lib/x.ts', 'apps/web/src/widgets/w/y.tsx', /lib\/ is below/],
    ['apps/web/src/lib/x.ts', 'apps/web/src/features/a/y.ts', /lib\/ is below/],
    ['apps/web/src/app/router.tsx', 'apps/web/src/features/a/components/page.tsx', /only through its entry files/],
    ['apps/web/src/app/features.ts', 'apps/web/src/features/a/feature.ts', null],
    ['apps/web/src/app/features.ts', 'apps/web/src/features/a/feature.tsx', null],
    ['apps/web/src/app/shell/shell-parts.ts', 'apps/web/src/features/a/shell-parts.ts', null],
    [
      'apps/web/src/app/shell/shell-parts.ts',
      'apps/web/src/features/a/shell-parts/x.ts',
      /only through its entry files/,
    ],
    ['apps/web/src/lib/http.ts', 'apps/web/src/testing/render.tsx', /src\/testing is for tests only/],
    ['apps/web/src/lib/http.test.ts', 'apps/web/src/testing/render.tsx', null],
    ['apps/web/src/testing/render.tsx', 'apps/web/src/features/a/x.ts', /generic test utilities/],
    ['apps/web/src/lib/x.ts', 'apps/server/src/app.ts', /never import each other/],
    // server
    [
      'apps/server/src/modules/a/a.service.ts',
      'apps/server/src/modules/b/b.repository.ts',
      /another module's repository/,
    ],
    ['apps/server/src/modules/a/a.service.ts', 'apps/server/src/modules/a/a.repository.ts', null],
    ['apps/server/src/modules/a/a.routes.ts', 'apps/server/src/modules/a/a.repository.ts', /Routes stay thin/],
    ['apps/server/src/modules/a/a.service.ts', 'apps/server/src/modules/b/b.service.ts', null],
    ['apps/server/src/db/seed/base.ts', 'apps/server/src/modules/b/b.repository.ts', /Only the module that owns/],
    ['apps/server/src/plugins/auth.ts', 'apps/server/src/modules/b/b.repository.ts', /Only the module that owns/],
    ['apps/server/test/compiled-query.test.ts', 'apps/server/src/modules/b/b.repository.ts', null],
    ['apps/server/src/modules/a/a.service.ts', 'apps/server/src/db/seed/base.ts', /never import seed files/],
    ['apps/server/src/db/migrations/0009-x.ts', 'apps/server/src/lib/ids.ts', /Migrations are frozen/],
    ['apps/server/src/db/migrations/0009-x.ts', 'apps/server/src/db/migrations/0001-init.ts', null],
    ['apps/server/test/x.test.ts', 'apps/web/src/lib/sign.ts', /never import each other/],
    // shared
    ['packages/shared/src/x.ts', 'apps/web/src/lib/http.ts', /packages\/shared is used by both sides/],
    ['apps/web/src/lib/x.ts', 'packages/shared/src/sign.ts', null],
    ['apps/server/src/app.ts', 'packages/shared/src/sign.ts', null],
  ];
  it.each(cases)('%s → %s', (from, to, expected) => {
    const why = violation(from, to);
    if (expected === null) expect(why).toBeNull();
    else expect(why).toMatch(expected);
  });
});

describe('eslint.config.js (what `npm run lint` runs)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });
  afterAll(() => undefined);

  it.each([
    'apps/web/src/features/work-order/components/work-order-list-page.tsx',
    'apps/web/src/app/router.tsx',
    'apps/web/src/widgets/upload/file-upload.tsx',
    'apps/server/src/modules/auth/login.service.ts',
    'apps/server/src/db/seed/base.ts',
    'packages/shared/src/sign.ts',
  ])('turns the walls and the cycle check on as errors for %s', async (file) => {
    const config = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as Linter.Config;
    const rules = config.rules ?? {};
    expect([rules['houtai/boundaries']].flat()[0]).toBe(2);
    expect([rules['import-x/no-cycle']].flat()[0]).toBe(2);
  });
});
