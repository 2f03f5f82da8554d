/**
 * The chunks each first screen needs, worked out from the build's chunk graph (vite.config.ts writes them to
 * dist/route-preloads.json; the server puts them into index.html as <link rel="modulepreload"> for the path
 * asked for). Without them the browser learns of a route's chunks only after the entry script has run and the
 * router has asked for the lazy route: one more round trip per level on the critical path.
 */

/** A chunk of the build, as far as preloading goes. */
export interface PreloadChunk {
  fileName: string;
  /** The chunk's name (an entry's is its input name, e.g. `early`). */
  name?: string;
  isEntry: boolean;
  /** Chunks it imports statically (loaded before it runs). */
  imports: readonly string[];
  /** Source modules in the chunk (absolute ids). */
  moduleIds: readonly string[];
  /** CSS files the chunk brings along. */
  css: readonly string[];
}

/** Groups of first-screen modules (paths relative to the web app's root, e.g. 'src/app/shell/basic-layout.tsx'). */
export type PreloadGroups = Record<string, readonly string[]>;

export interface RoutePreloads {
  /**
   * Group name → the files to preload, scripts first, without the entry and what it imports (index.html has those);
   * `sheets`: stylesheets the page applies from the start (antd's build-time styles, build/antd-sheets.ts).
   */
  [group: string]: { scripts: string[]; styles: string[]; sheets?: string[] };
}

/** The chunk that holds a source module (its id ends with the given relative path). */
function chunkOf(chunks: readonly PreloadChunk[], modulePath: string): PreloadChunk | undefined {
  const suffix = `/${modulePath.replace(/^\.?\//, '')}`;
  return chunks.find((c) => c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(suffix)));
}

/** The chunk and every chunk it imports statically, transitively (the chunk first, then its imports). */
function withStaticImports(byName: Map<string, PreloadChunk>, start: PreloadChunk, out: Set<string>): void {
  if (out.has(start.fileName)) return;
  out.add(start.fileName);
  for (const name of start.imports) {
    const dep = byName.get(name);
    if (dep) withStaticImports(byName, dep, out);
  }
}

/**
 * For each group, the chunks its modules live in with their static imports, minus the entry chunks and theirs.
 * A module no chunk holds is an error: the group list must follow the source (a renamed page would otherwise
 * silently lose its preload).
 */
export function routePreloads(chunks: readonly PreloadChunk[], groups: PreloadGroups): RoutePreloads {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const initial = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry)) withStaticImports(byName, entry, initial);
  const out: RoutePreloads = {};
  for (const [group, modules] of Object.entries(groups)) {
    const files = new Set<string>();
    for (const modulePath of modules) {
      const chunk = chunkOf(chunks, modulePath);
      if (!chunk) throw new Error(`route preloads: no chunk holds ${modulePath} (group ${group})`);
      withStaticImports(byName, chunk, files);
    }
    const scripts = [...files].filter((f) => !initial.has(f));
    const styles = [...new Set(scripts.flatMap((f) => byName.get(f)?.css ?? []))];
    out[group] = { scripts, styles };
  }
  return out;
}

/** The chunk that holds each group's first-screen modules plus the entry's static imports, per module id. */
export type ChunkPlan = Map<string, string>;

/** Name of the chunk that takes the modules the entry loads statically (beside the entry module itself). */
export const BOOT_CHUNK = 'boot';

/**
 * The early entry (src/early.ts, lib/early-requests.ts): its own modules and imports go to a chunk of this name,
 * which the app's entry imports too, never into boot (the early entry would then load the largest file).
 */
export const EARLY_CHUNK = 'early';

/**
 * Fewer, larger chunks for the first screens, worked out from a first build's chunk graph (after tree-shaking,
 * which the bundler's grouping hook does not see). Each module a first screen loads is named after the set of
 * groups whose screens load it: the entry's static imports go to {@link BOOT_CHUNK}; the rest to one chunk per
 * set of groups (e.g. `login`, `login+shell+home`, `shell+home`). A screen then loads the entry, boot and the
 * chunks of the sets it is in — and never a module it did not load before: a set's chunk holds only modules
 * every screen of that set loaded. Screens outside the groups load such a chunk for any module of it they need.
 * `merge` joins the sets whose chunks are worth fewer requests more than a little more code on the other
 * screens (e.g. `shell` with `shell+home`: every signed-in page loads the frame): a set → the name to use.
 * The entry chunk's own modules go to boot as well: a group takes the modules its modules import along with them,
 * so an entry module left out would be pulled into a screen's chunk and the entry would load that chunk. The entry
 * chunk stays (index.html names it), a small facade importing boot.
 */
export function chunkPlan(
  chunks: readonly PreloadChunk[],
  groups: PreloadGroups,
  merge: Readonly<Record<string, string>> = {},
): ChunkPlan {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const early = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry && c.name === EARLY_CHUNK))
    withStaticImports(byName, entry, early);
  const boot = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry && c.name !== EARLY_CHUNK)) withStaticImports(byName, entry, boot);
  const groupNames = Object.keys(groups);
  const loadedBy = new Map<string, string[]>();
  for (const group of groupNames) {
    const files = new Set<string>();
    for (const modulePath of groups[group]!) {
      const chunk = chunkOf(chunks, modulePath);
      if (!chunk) throw new Error(`chunk plan: no chunk holds ${modulePath} (group ${group})`);
      withStaticImports(byName, chunk, files);
    }
    for (const file of files) loadedBy.set(file, [...(loadedBy.get(file) ?? []), group]);
  }
  const plan: ChunkPlan = new Map();
  for (const chunk of chunks) {
    let name: string | undefined;
    if (early.has(chunk.fileName)) name = EARLY_CHUNK;
    else if (boot.has(chunk.fileName)) name = BOOT_CHUNK;
    else {
      const set = loadedBy.get(chunk.fileName);
      if (set) name = merge[set.join('+')] ?? set.join('+');
    }
    if (name) for (const id of chunk.moduleIds) plan.set(id, name);
  }
  return plan;
}
