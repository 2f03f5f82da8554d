/**
 * The business sources (业务来源) for the tree-select widget, keyed by category code: a record stores the code
 * (A01A01A01), while the category loaders key nodes by id. The whole tree under A01 is read once
 * (GET /sys/category/loadTreeRoot?async=false&pcode=A01) and kept for the loader's life, so that the form can tell a
 * leaf from a parent without another call. A failed read is not kept: the next use asks again.
 */
import { ACCOUNTING_LIMITS } from '@houtai/shared/contract/accounting';
import type { TreeSelectModel } from '@houtai/shared/contract/dict';
import type { TreeLoader } from '../../../../lib/api/dict.ts';
import { http, unwrapResult } from '../../../../lib/http.ts';

/** A node as the tree-select widget reads it (tree-nodes.ts): the code is its key. */
export interface SourceNode {
  key: string;
  title: string;
  leaf: boolean;
  children: SourceNode[];
}

export interface SourceTree extends TreeLoader {
  /** Whether the source with that code is a leaf; null when the tree could not be read or lacks the code. */
  leafOf: (code: string) => Promise<boolean | null>;
}

/** Category nodes → nodes keyed by code; nodes without a code (not a source) are dropped with their subtree. */
export function toSourceNodes(nodes: readonly TreeSelectModel[] | null | undefined): SourceNode[] {
  const out: SourceNode[] = [];
  for (const n of nodes ?? []) {
    if (!n.code) continue;
    const children = toSourceNodes(n.children);
    out.push({ key: n.code, title: n.title, leaf: children.length === 0 && n.leaf !== false, children });
  }
  return out;
}

function index(nodes: readonly SourceNode[], into = new Map<string, SourceNode>()): Map<string, SourceNode> {
  for (const n of nodes) {
    into.set(n.key, n);
    index(n.children, into);
  }
  return into;
}

async function readTree(): Promise<SourceNode[]> {
  const res = await http.get<TreeSelectModel[]>('/sys/category/loadTreeRoot', {
    async: 'false',
    pcode: ACCOUNTING_LIMITS.sourceRoot,
  });
  return toSourceNodes(unwrapResult(res, '加载业务来源失败', Array.isArray));
}

/** One loader per screen (keep it stable: the widget reloads on a new loader). */
export function sourceTree(read: () => Promise<SourceNode[]> = readTree): SourceTree {
  let loading: Promise<{ roots: SourceNode[]; byCode: Map<string, SourceNode> }> | null = null;
  const load = () => {
    loading ??= read().then(
      (roots) => ({ roots, byCode: index(roots) }),
      (e: unknown) => {
        loading = null;
        throw e;
      },
    );
    return loading;
  };
  const shallow = (n: SourceNode): SourceNode => ({ ...n, children: [] });
  return {
    roots: async () => (await load()).roots,
    children: async (code) => ((await load()).byCode.get(code)?.children ?? []).map(shallow),
    texts: async (codes) => {
      const { byCode } = await load();
      return codes.map((c) => byCode.get(c)?.title ?? c);
    },
    leafOf: async (code) => {
      try {
        const n = (await load()).byCode.get(code);
        return n ? n.leaf : null;
      } catch {
        return null;
      }
    },
  };
}
