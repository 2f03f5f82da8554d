/**
 * A select whose options are searched on the server as the user types (a dictionary, plain or table). Multiple
 * (a list of values, the default) or single (one value); chosen values keep their labels while the search moves
 * on, and values set from outside (an edited record) are shown by their text. It never fetches on its own: the
 * caller passes the loader (lib/api/dict.ts dictSearchLoader: 10 per page). Typing waits SEARCH_DELAY_MS (spec
 * §9 allows 300-800 ms; 300 keeps typing responsive while sparing a request per key); the list says 加载中… while
 * a search runs, 没有查询到任何数据 when nothing matched, and a failure's message (also warned, spec §8).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { useFeedback } from '../../lib/feedback.ts';

export const SEARCH_DELAY_MS = 300;
export const SEARCH_EMPTY_TEXT = '没有查询到任何数据';
export const SEARCH_LOADING_TEXT = '加载中…';

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

interface CommonProps {
  /** Keep it stable (module level): a new loader starts a new first load. */
  loader: DictSearchLoader;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

interface MultipleProps extends CommonProps {
  mode?: 'multiple';
  value?: string[];
  onChange?: (value: string[]) => void;
}

interface SingleProps extends CommonProps {
  mode: 'single';
  value?: string | null;
  onChange?: (value: string) => void;
}

export type DictSearchSelectProps = MultipleProps | SingleProps;

export function DictSearchSelect(props: DictSearchSelectProps) {
  const { loader, placeholder, id } = props;
  const single = props.mode === 'single';
  const value = single ? (props.value ? [props.value] : []) : props.value;
  const { message } = useFeedback();
  const [options, setOptions] = useState<Option[]>([]);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
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
        const text = e instanceof Error && e.message ? e.message : '加载选项失败';
        setFailed(text);
        void message.warning(text);
        setLoading(false);
      },
    );
  };

  const run = (keyword: string) => {
    // The old answer goes while the new one comes: the list says 加载中… rather than showing stale options.
    setOptions([]);
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
  const joined = (value ?? []).join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content: a new but equal list is the same value
  const selected = useMemo(() => value ?? [], [joined]);
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
    // A single select shows the typed text, not its value, while a search runs: the value is not offered as if it
    // matched (the list says 没有查询到任何数据 when nothing does). Tags of a multiple select keep their labels.
    if (single && keyword !== '') return list;
    for (const v of selected) {
      if (!list.some((o) => o.value === v)) list.push({ value: v, label: known.get(v) ?? v });
    }
    return list;
  }, [options, selected, known, single, keyword]);

  return (
    <Select<string | string[]>
      id={id}
      aria-label={props['aria-label']}
      mode={single ? undefined : 'multiple'}
      allowClear={single}
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          setKeyword(text);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => run(text), SEARCH_DELAY_MS);
        },
      }}
      value={single ? selected[0] : selected}
      onChange={(picked) => {
        const next = picked === undefined || picked === null ? [] : Array.isArray(picked) ? picked : [picked];
        setKnown((old) => {
          const m = new Map(old);
          for (const o of options) if (next.includes(o.value)) m.set(o.value, o.label);
          return m;
        });
        if (props.mode === 'single') props.onChange?.(next[0] ?? '');
        else props.onChange?.(next);
        // A cleared search shows the first page again.
        if (single) {
          setKeyword('');
          run('');
        }
      }}
      onOpenChange={(open) => {
        if (!open) setKeyword('');
      }}
      options={merged}
      placeholder={placeholder}
      notFoundContent={loading ? SEARCH_LOADING_TEXT : (failed ?? SEARCH_EMPTY_TEXT)}
      style={{ width: '100%' }}
      data-testid={props['data-testid']}
    />
  );
}
