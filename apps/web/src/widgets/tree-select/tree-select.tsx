/**
 * The category picker and dictionary tree select (spec §2.5): a tree select whose roots come from the loader and
 * whose children load when a node is expanded (lib/api/dict.ts: categoryTreeLoader, dictTreeLoader). Single or
 * multiple; the value is the comma-joined ids; the texts of a value set from outside are asked of the loader.
 * The dropdown is at most 400 px high. A `condition` must be a JSON string (else the §5.5 message and no load);
 * a root load failure is shown as an error, a child load failure as a warning (spec §8).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import type { TreeLoader } from '../../lib/api/dict.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { failureText } from '../../lib/failure-text.ts';
import { splitValue } from '../dict-select/use-dict-load.ts';
import { TREE_CONDITION_INVALID, isConditionValid, toFlatNodes, type FlatNode } from './tree-nodes.ts';

export type { TreeLoader };
export const TREE_DROPDOWN_MAX_HEIGHT = 400;

export interface TreeSelectProps {
  /** Keep it stable (module level or memoised): a new loader loads the roots again. */
  loader: TreeLoader;
  /** Extra filter as a JSON string, e.g. '{"code":"A01A01"}'. */
  condition?: string;
  multiple?: boolean;
  /** Comma-joined ids. */
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

const ROOT = '__root__';

function mergeNodes(old: FlatNode[], added: FlatNode[]): FlatNode[] {
  const seen = new Set(old.map((n) => n.id));
  return [...old, ...added.filter((n) => !seen.has(n.id))];
}

export function DictTreeSelect({ loader, condition, multiple = false, value, onChange, ...rest }: TreeSelectProps) {
  const { message } = useFeedback();
  const autoId = useId();
  const id = rest.id ?? autoId;
  // The loaded nodes with the loader and condition they belong to: a new loader or condition starts empty.
  const [tree, setTree] = useState<{ loader: TreeLoader; cond: string | undefined; nodes: FlatNode[] }>();
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const validCondition = isConditionValid(condition);
  const cond = validCondition && condition?.trim() ? condition : undefined;
  const mine = tree && tree.loader === loader && tree.cond === cond;
  const nodes = useMemo(() => (mine ? tree.nodes : []), [mine, tree]);
  const loading = validCondition && !mine;

  useEffect(() => {
    if (!validCondition) {
      void message.error(TREE_CONDITION_INVALID);
      return;
    }
    let current = true;
    const settle = (loaded: FlatNode[]) => {
      if (current) setTree({ loader, cond, nodes: loaded });
    };
    loader
      .roots(cond)
      .then((data) => toFlatNodes(data, ROOT))
      .then(settle, (e: unknown) => {
        const text = failureText(e);
        if (current && text) void message.error(text);
        settle([]);
      });
    return () => {
      current = false;
    };
  }, [loader, cond, validCondition, message]);

  const selected = useMemo(() => splitValue(value), [value]);
  const titles = useMemo(() => new Map(nodes.map((n) => [n.id, n.title])), [nodes]);

  // Texts of values set from outside that the loaded part of the tree does not hold.
  useEffect(() => {
    const missing = selected.filter((v) => !titles.has(v) && !known.has(v));
    if (missing.length === 0) return;
    let current = true;
    void loader.texts(missing).then(
      (texts) => {
        if (!current) return;
        setKnown((old) => {
          const next = new Map(old);
          missing.forEach((v, i) => next.set(v, texts[i] || v));
          return next;
        });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [loader, selected, titles, known]);

  const labelled = selected.map((v) => ({ value: v, label: titles.get(v) ?? known.get(v) ?? v }));

  return (
    <TreeSelect
      id={id}
      // The input's aria-controls names `${id}_list`, which antd's tree popup does not carry: the wrapper does.
      popupRender={(menu) => <div id={`${id}_list`}>{menu}</div>}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: ROOT }}
      treeData={nodes}
      loadData={async (node) => {
        const pid = String(node.value);
        try {
          const children = toFlatNodes(await loader.children(pid, cond), pid);
          setTree((old) => {
            if (!old || old.loader !== loader || old.cond !== cond) return old;
            const next = mergeNodes(old.nodes, children);
            // A node that turned out to have no children is a leaf (no expand arrow).
            return {
              ...old,
              nodes: children.length > 0 ? next : next.map((n) => (n.id === pid ? { ...n, isLeaf: true } : n)),
            };
          });
        } catch (e) {
          const text = failureText(e);
          if (text) void message.warning(text);
        }
      }}
      labelInValue
      value={multiple ? labelled : labelled[0]}
      onChange={(picked: { value: string; label?: unknown } | { value: string; label?: unknown }[] | undefined) => {
        const list = picked === undefined || picked === null ? [] : Array.isArray(picked) ? picked : [picked];
        setKnown((old) => {
          const m = new Map(old);
          for (const p of list) if (typeof p.label === 'string') m.set(p.value, p.label);
          return m;
        });
        onChange?.(list.map((p) => p.value).join(','));
      }}
      multiple={multiple}
      treeCheckable={false}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      allowClear
      loading={loading}
      disabled={rest.disabled}
      placeholder={rest.placeholder ?? '请选择'}
      listHeight={TREE_DROPDOWN_MAX_HEIGHT}
      treeNodeFilterProp="title"
      style={{ width: '100%' }}
    />
  );
}
