// The architecture's import walls as one ESLint rule (`houtai/boundaries`), read from the paths alone:
//
//   web     app → features (entry files feature.ts / shell-parts.ts only) → widgets, lib → packages/shared; features never import each other,
//           widgets never import features or the app, lib imports neither; src/testing only from tests.
//   server  routes never import a repository; a module never imports another module's repository (call its
//           service); nothing outside the modules imports a repository (tests excepted: they snapshot repository
//           SQL); modules never import seeds; migrations import no app code.
//   both    the web app and the server never import each other; packages/shared imports neither.
//
// Each import is classified by the file it resolves to (relative paths and the @houtai/* workspace names), so a
// planted `../../other-feature/x.ts` is caught whatever the spelling. Cycles are import-x/no-cycle's job.
import path from 'node:path';

const WEB = 'apps/web/src/';
const SERVER = 'apps/server/';
const SERVER_SRC = 'apps/server/src/';
const SHARED = 'packages/shared/';

/**
 * The entry files a feature publishes to the shell: feature.ts (pages, on the first screen) and shell-parts.ts
 * (header items and realtime handlers, loaded with the signed-in layout).
 */
const FEATURE_ENTRY = /^(feature|shell-parts)\.tsx?$/;
const TEST_FILE = /\.(test|test-d|fixture)\.tsx?$/;

/** Where a repo-relative path sits in the architecture. */
export function classify(rel) {
  if (rel.startsWith(WEB)) {
    const [area = '', name = '', ...rest] = rel.slice(WEB.length).split('/');
    if (area === 'features' && rest.length > 0)
      return { side: 'web', layer: 'feature', name, entry: rest.length === 1 && FEATURE_ENTRY.test(rest[0] ?? '') };
    if (area === 'widgets' && rest.length > 0) return { side: 'web', layer: 'widget', name };
    if (area === 'lib') return { side: 'web', layer: 'lib' };
    if (area === 'testing') return { side: 'web', layer: 'testing' };
    return { side: 'web', layer: 'app' };
  }
  if (rel.startsWith('apps/web/')) return { side: 'web', layer: 'web-config' };
  if (rel.startsWith(SERVER_SRC)) {
    const [area = '', name = '', ...rest] = rel.slice(SERVER_SRC.length).split('/');
    if (area === 'modules' && rest.length > 0) {
      return {
        side: 'server',
        layer: 'module',
        name,
        repository: /\.repository\.ts$/.test(rest[rest.length - 1] ?? ''),
      };
    }
    if (area === 'db' && name === 'migrations') return { side: 'server', layer: 'migration' };
    if (area === 'db' && name === 'seed') return { side: 'server', layer: 'seed' };
    return { side: 'server', layer: area.endsWith('.ts') ? 'root' : area };
  }
  if (rel.startsWith(SERVER))
    return { side: 'server', layer: rel.startsWith(`${SERVER}test/`) ? 'test' : 'server-config' };
  if (rel.startsWith(SHARED)) return { side: 'shared', layer: 'shared' };
  return { side: 'other', layer: 'other' };
}

const WORKSPACES = {
  '@houtai/shared/': 'packages/shared/src/',
  '@houtai/web/': 'apps/web/',
  '@houtai/server/': 'apps/server/',
};

/** The repo-relative path an import names, or null for a package outside the repository. */
function target(root, fileAbs, source) {
  if (source.startsWith('.'))
    return path
      .relative(root, path.resolve(path.dirname(fileAbs), source))
      .split(path.sep)
      .join('/');
  for (const [prefix, dir] of Object.entries(WORKSPACES)) {
    if (source.startsWith(prefix)) return `${dir}${source.slice(prefix.length)}`;
  }
  if (source === '@houtai/web' || source === '@houtai/server') return WORKSPACES[`${source}/`];
  return null;
}

/** Why importing `to` from `from` breaks a wall, or null when it is allowed. */
export function violation(fromRel, toRel) {
  const from = classify(fromRel);
  const to = classify(toRel);
  const isTest = TEST_FILE.test(fromRel) || fromRel.startsWith(`${SERVER}test/`);

  if (from.side !== to.side && from.side !== 'other' && to.side !== 'shared') {
    if (from.side === 'shared')
      return 'packages/shared is used by both sides and imports neither the web app nor the server.';
    if (to.side === 'web' || to.side === 'server')
      return 'The web app and the server never import each other: put what both need in packages/shared.';
  }

  if (from.side === 'web') {
    if (to.layer === 'testing' && !isTest && from.layer !== 'testing') return 'src/testing is for tests only.';
    switch (from.layer) {
      case 'feature':
        if (to.layer === 'feature' && to.name !== from.name)
          return `Features never import each other (features/${from.name} → features/${to.name}): move what both need to lib/ or widgets/, or let the shell connect them.`;
        if (to.layer === 'app')
          return `A feature never imports the shell (features/${from.name} → ${toRel}): publish what the shell needs in features/${from.name}/feature.ts.`;
        break;
      case 'widget':
        if (to.layer === 'feature' || to.layer === 'app')
          return 'Widgets never import features or the shell: take loaders and callbacks as props.';
        break;
      case 'lib':
        if (to.layer === 'feature' || to.layer === 'widget' || to.layer === 'app')
          return 'lib/ is below features, widgets and the shell and imports none of them.';
        break;
      case 'testing':
        if (to.layer === 'feature' || to.layer === 'app')
          return 'src/testing holds generic test utilities and imports no feature or shell code.';
        break;
      case 'app':
        if (to.layer === 'feature' && !to.entry)
          return `The shell imports a feature only through its entry files features/${to.name}/feature.ts and shell-parts.ts, not its internals (${toRel}).`;
        break;
      default:
        break;
    }
  }

  if (from.side === 'server') {
    if (to.layer === 'module' && to.repository) {
      if (/\.routes\.ts$/.test(fromRel))
        return `Routes stay thin: a route calls its service, never a repository (${toRel}).`;
      if (from.layer === 'module' && from.name !== to.name)
        return `A module never imports another module's repository (modules/${from.name} → ${toRel}): call modules/${to.name}'s service.`;
      if (from.layer !== 'module' && from.layer !== 'test')
        return `Only the module that owns a repository imports it (${toRel}): call modules/${to.name}'s service.`;
    }
    if (from.layer === 'module' && to.layer === 'seed')
      return 'Modules never import seed files: the seed imports the module (its constants and services).';
    if (from.layer === 'migration' && to.side === 'server' && to.layer !== 'migration')
      return 'Migrations are frozen and never import app code.';
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'The import walls of ARCHITECTURE.md: web layers, feature entries, module repositories.' },
    schema: [
      { type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false },
    ],
    messages: { wall: '{{why}}' },
  },
  create(context) {
    const root = context.options[0].root;
    const fileAbs = context.physicalFilename;
    const fromRel = path.relative(root, fileAbs).split(path.sep).join('/');
    if (fromRel.startsWith('..')) return {};
    const check = (node, sourceNode) => {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const toRel = target(root, fileAbs, sourceNode.value);
      if (toRel === null) return;
      const why = violation(fromRel, toRel);
      if (why) context.report({ node: sourceNode, messageId: 'wall', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const houtaiPlugin = { meta: { name: 'houtai' }, rules: { boundaries } };
