/**
 * A select whose options come from a table dictionary (`/sys/dict/loadDict/{table,text,value}`, signed; the
 * server allow-lists the pairs), searched as the user types. Chosen values keep their labels while the search
 * moves on, and values set from outside (an edited record) are shown by their text (`loadDictItem`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { DictModel } from '@houtai/shared/contract/dict';
import { http } from '../../lib/http.ts';

export const DICT_SEARCH_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

export interface DictSearchSelectProps {
  /** 'table,textField,valueField', e.g. 'sys_user,realname,id'. */
  dict: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
}

interface Option {
  value: string;
  label: string;
}

async function search(dict: string, keyword: string): Promise<Option[]> {
  const params = { keyword: keyword.trim() || undefined, pageSize: DICT_SEARCH_PAGE_SIZE };
  const res = await http.get<DictModel[]>(`/sys/dict/loadDict/${dict}`, params, { signed: true });
  if (!res.success || !Array.isArray(res.result)) throw new Error(res.message || '加载选项失败');
  return res.result.map((d) => ({ value: d.value, label: d.text }));
}

async function textsOf(dict: string, values: readonly string[]): Promise<string[]> {
  const res = await http.get<string[]>(
    `/sys/dict/loadDictItem/${dict}`,
    { key: values.join(','), delNotExist: 'false' },
    { signed: true },
  );
  return res.success && Array.isArray(res.result) ? res.result : [];
}

export function DictSearchSelect({ dict, value, onChange, placeholder, id, ...rest }: DictSearchSelectProps) {
  const [options, setOptions] = useState<Option[]>([]);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Asks for the options matching `keyword`; only the latest question's answer is shown. */
  const fetchOptions = (keyword: string) => {
    const ticket = ++latest.current;
    search(dict, keyword).then(
      (found) => {
        if (ticket !== latest.current) return;
        setOptions(found);
        setFailed(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (ticket !== latest.current) return;
        setFailed(e instanceof Error ? e.message : '加载选项失败');
        setLoading(false);
      },
    );
  };

  const run = (keyword: string) => {
    setLoading(true);
    fetchOptions(keyword);
  };

  useEffect(() => {
    fetchOptions('');
    const pending = timer;
    const answers = latest;
    return () => {
      answers.current++;
      if (pending.current) clearTimeout(pending.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one first load per dictionary
  }, [dict]);

  // Values given from outside whose text we have not seen: ask the server for their texts.
  const selected = useMemo(() => value ?? [], [value]);
  useEffect(() => {
    const missing = selected.filter((v) => !known.has(v) && !options.some((o) => o.value === v));
    if (missing.length === 0) return;
    let current = true;
    void textsOf(dict, missing).then((texts) => {
      if (!current) return;
      setKnown((old) => {
        const next = new Map(old);
        missing.forEach((v, i) => next.set(v, texts[i] || v));
        return next;
      });
    });
    return () => {
      current = false;
    };
  }, [dict, selected, known, options]);

  const merged = useMemo(() => {
    const list = [...options];
    for (const v of selected) {
      if (!list.some((o) => o.value === v)) list.push({ value: v, label: known.get(v) ?? v });
    }
    return list;
  }, [options, selected, known]);

  return (
    <Select
      id={id}
      mode="multiple"
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => run(text), SEARCH_DELAY_MS);
        },
      }}
      value={selected}
      onChange={(next: string[]) => {
        setKnown((old) => {
          const m = new Map(old);
          for (const o of options) if (next.includes(o.value)) m.set(o.value, o.label);
          return m;
        });
        onChange?.(next);
      }}
      options={merged}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : (failed ?? '无匹配结果')}
      style={{ width: '100%' }}
      data-testid={rest['data-testid']}
    />
  );
}
