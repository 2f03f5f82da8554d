/**
 * The task centre's kinds: what may be exported or imported as a task. Each business module declares its own in its
 * folder (`<module>.tasks.ts`); modules/index.ts hands the lists to this module when the server is built, so the
 * registry is complete before any task runs (the runner and retries run outside requests). A kind is found by
 * (module, method), by the list or import url the web passes (e.g. '/bi/workOrder/exportXls') or by an import's
 * business type: a task never fetches a URL, the url only names a kind. Each kind declares the permission (checked
 * for the requester when the task is added and again when it runs), the entity whose fields declaration gives its
 * columns, how its parameters are validated, and how rows are read (export) or written (import).
 */
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { checkImportFields, exportColumns } from '../../registry/index.ts';

/** Who the task runs for. */
/**
 * An export's `selections`: the ids of the rows ticked on the list (comma-separated or an array); only they are
 * exported. Every export kind's params extend their list's query with it.
 */
export const exportSelections = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v === null || v === ''
        ? undefined
        : v,
  z.array(z.string().max(64), { error: '选中的记录不正确' }).max(10_000, '选中的记录过多').optional(),
);

export interface TaskActor {
  db: Db;
  userId: string;
  permissions: { has(userId: string, code: string): Promise<boolean> };
  now: () => number;
}

interface KindKey {
  module: string;
  method: string;
  /** List or import urls that name this kind (the web passes them). */
  urls: readonly string[];
  /** The task title when the request names none (also the direct export's file and sheet name). */
  title: string;
  permission: string;
  /** The registry entity (an API name) whose fields flagged `export` / `import` are the columns. */
  entity: string;
}

export interface ExportKind extends KindKey {
  /** Validates the list filters (the list's own schema). */
  params: z.ZodType<Record<string, unknown>>;
  /**
   * Records in pages (the requester's visibility applies), keyed as the export columns name them; `total` for the
   * progress. Null: the requester is gone.
   */
  open(
    actor: TaskActor,
    params: Record<string, unknown>,
  ): Promise<{ total: number; pages: AsyncIterable<Record<string, unknown>[]> } | null>;
}

/** Writes the valid rows of one batch inside its transaction; answers the new ids in order. */
export interface ImportWriter {
  /**
   * Optional, before `insert` in the same transaction: the rows this import must not write, by their index in
   * `rows`, with the messages the error file shows — e.g. rows naming an existing record by business key, which an
   * import must never duplicate silently. The others go on to `insert`.
   */
  refuse?(trx: Db, rows: readonly unknown[]): Promise<Map<number, string[]>>;
  insert(trx: Db, rows: readonly unknown[]): Promise<string[]>;
}

export interface ImportKind extends KindKey {
  businessTypes: readonly string[];
  /** One converted row → the value to insert (the shared rules of the add form). */
  row: z.ZodType<unknown>;
  /** Reads what the writer needs about the requester (outside any transaction); null: the requester is gone. */
  prepare(actor: TaskActor): Promise<ImportWriter | null>;
}

/** What one module registers. */
export interface TaskKinds {
  exports?: readonly ExportKind[];
  imports?: readonly ImportKind[];
}

function matches(kind: KindKey, module?: string, method?: string, url?: string): boolean {
  if (module && method && kind.module === module && kind.method === method) return true;
  return !!url && kind.urls.includes(url.split('?')[0]!);
}

/** Refuses two kinds answering to the same name, url or business type (which one ran would depend on the order). */
function checkUnique(kinds: readonly (KindKey & { businessTypes?: readonly string[] })[], what: string): void {
  const seen = new Set<string>();
  const claim = (key: string) => {
    if (seen.has(key)) throw new Error(`task kinds: two ${what} kinds answer to ${key}`);
    seen.add(key);
  };
  for (const k of kinds) {
    claim(`${k.module}/${k.method}`);
    for (const url of k.urls) claim(url);
    for (const type of k.businessTypes ?? []) claim(`businessType ${type}`);
  }
}

/** Every kind the modules registered, checked once when the server is built. */
export class TaskKindRegistry {
  private readonly exports: readonly ExportKind[];
  private readonly imports: readonly ImportKind[];

  constructor(lists: readonly TaskKinds[]) {
    this.exports = lists.flatMap((l) => l.exports ?? []);
    this.imports = lists.flatMap((l) => l.imports ?? []);
    checkUnique(this.exports, 'export');
    checkUnique(this.imports, 'import');
    // A kind whose entity declares no columns could never run: the server does not start.
    for (const k of this.exports) exportColumns(k.entity);
    for (const k of this.imports) checkImportFields(k.entity);
  }

  /** The export kind named by (module, method) or by the list url; null when none. */
  findExport(q: {
    module?: string | undefined;
    method?: string | undefined;
    url?: string | undefined;
  }): ExportKind | null {
    return this.exports.find((e) => matches(e, q.module, q.method, q.url)) ?? null;
  }

  /** The import kind named by (module, method), the import url or the business type; null when none. */
  findImport(q: {
    module?: string | undefined;
    method?: string | undefined;
    url?: string | undefined;
    businessType?: string | undefined;
  }): ImportKind | null {
    return (
      this.imports.find(
        (e) => matches(e, q.module, q.method, q.url) || (!!q.businessType && e.businessTypes.includes(q.businessType)),
      ) ?? null
    );
  }
}
