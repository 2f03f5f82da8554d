/**
 * The chunks each first screen needs, worked out from the build's chunk graph (vite.config.ts writes them to
 * dist/route-preloads.json; the server puts them into index.html as <link rel="modulepreload"> for the path
 * asked for). Without them the browser learns of a route's chunks only after the entry script has run and the
 * router has asked for the lazy route: one more round trip per level on the critical path.
 */

/** A chunk of the build, as far as preloading goes. */
export interface PreloadChunk {
  fileName: string;
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
  /** Group name → the files to preload, scripts first, without the entry and what it imports (index.html has those). */
  [group: string]: { scripts: string[]; styles: string[] };
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
