#!/usr/bin/env node
// `npm start`: build the web app when it is missing or stale, then run the server
// (`node --import tsx apps/server/src/main.ts start`) as a child, forwarding signals and its exit code.
// Dependency-free on purpose: it must work right after `npm install` on a fresh machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

/** Newest modification time (ms) of the files under the given paths; 0 when none exist. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(path.join(p, entry));
      }
    } else if (st.mtimeMs > newest) {
      newest = st.mtimeMs;
    }
  };
  paths.forEach(visit);
  return newest;
}

function webBuildReason() {
  if (!existsSync(path.join(webDir, 'index.html'))) return null; // nothing to build yet
  if (!existsSync(builtIndex)) return 'apps/web/dist is missing';
  const sources = newestMtime([
    webDir,
    path.join(root, 'packages/shared/src'),
    path.join(root, 'packages/shared/package.json'),
  ]);
  return sources > statSync(builtIndex).mtimeMs ? 'apps/web or packages/shared changed since the last build' : null;
}

/** Runs npm with the same npm that started us when known (npm_execpath), else the one on PATH. */
function runNpm(args) {
  const npmCli = process.env.npm_execpath;
  const [cmd, argv] = npmCli && /\.c?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  return spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', env: process.env });
}

const reason = webBuildReason();
if (reason) {
  console.log(`[start] building the web app (${reason}) …`);
  const result = runNpm(['run', 'build', '-w', '@houtai/web']);
  if (result.error || result.status !== 0) {
    console.error('[start] the web app build failed; fix it or run `npm run build` to see why.');
    process.exit(result.status || 1);
  }
} else if (!existsSync(path.join(webDir, 'index.html'))) {
  console.warn('[start] apps/web has no index.html: serving the API only.');
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), 'start', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);

// Ctrl-C reaches the whole process group; forwarding is still needed for a SIGTERM sent to this pid only.
// The server's own shutdown ignores a second signal, so a duplicate is harmless.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (err) => {
  console.error(`[start] could not start the server: ${err.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  if (signal) {
    const signum = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1, SIGKILL: 9 }[signal] ?? 1;
    process.exit(128 + signum);
  }
  process.exit(code ?? 1);
});
