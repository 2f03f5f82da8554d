/**
 * A multiple select whose options are searched on the server as the user types (a table dictionary, say). Chosen
 * values keep their labels while the search moves on, and values set from outside (an edited record) are shown by
 * their text. It never fetches on its own: the caller passes the loader (lib/dict/table-dict.ts makes one).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';

const SEARCH_DELAY_MS = 300;

interface Option {
  value: string;
  label: string;
}

export interface DictSearchLoader {
  /** Options matching the keyword (all when blank); a rejection's message is shown in the list. */
  search: (keyword: string) => Promise<Option[]>;
  /** The texts of values set from outside, in their order. */
  texts: (values: readonly string[]) => Promise<string[]>;
}

export interface DictSearchSelectProps {
  /** Keep it stable (module level): a new loader starts a new first load. */
  loader: DictSearchLoader;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
}

export function DictSearchSelect({ loader, value, onChange, placeholder, id, ...rest }: DictSearchSelectProps) {
  const [options, setOptions] = useState<Option[]>([]);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Asks for the options matching `keyword`; only the latest question's answer is shown. */
  const fetchOptions = (keyword: string) => {
    const ticket = ++latest.current;
    loader.search(keyword).then(
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one first load per loader
  }, [loader]);

  // Values given from outside whose text we have not seen: ask the server for their texts.
  const selected = useMemo(() => value ?? [], [value]);
  useEffect(() => {
    const missing = selected.filter((v) => !known.has(v) && !options.some((o) => o.value === v));
    if (missing.length === 0) return;
    let current = true;
    void loader.texts(missing).then((texts) => {
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
  }, [loader, selected, known, options]);

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
