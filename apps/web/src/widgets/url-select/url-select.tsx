/**
 * A select whose options come from a configurable URL (spec §7 "url-select"): the URL is asked with the typed word
 * (`searchParam`, debounced URL_SELECT_DELAY_MS) and, for a value set from outside that no option holds, with that
 * value (`valueParam`). The answer is the usual envelope: success → result (an array, or a page with records)
 * mapped by `labelField`/`valueField`; success false → its message as a warning and no options (spec §8). It does
 * not call the server itself: `request` (lib/api/dict.ts getEnvelope) does.
 */
import { useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import type { ApiResult } from '@houtai/shared/contract/common';
import { useFeedback } from '../../lib/feedback.ts';
import { failureText } from '../../lib/failure-text.ts';
import { SEARCH_EMPTY_TEXT, SEARCH_LOADING_TEXT } from '../dict-search-select/dict-search-select.tsx';

/** Spec §9 allows 300-800 ms by widget; an arbitrary URL may be slow, so this one waits 500 ms. */
export const URL_SELECT_DELAY_MS = 500;
export const URL_SELECT_PAGE_SIZE = 10;

export type UrlRequest = (url: string, params: Record<string, string>) => Promise<ApiResult<unknown>>;

export interface UrlSelectProps {
  url: string;
  request: UrlRequest;
  /** Parameter carrying the typed word (default keyword). */
  searchParam?: string;
  /** Parameter carrying a value to show by its text; without it a value not among the options shows as it is. */
  valueParam?: string;
  labelField?: string;
  valueField?: string;
  /** Sent as pageSize (default 10). */
  pageSize?: number;
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

interface Option {
  value: string;
  label: string;
}

function field(row: unknown, name: string): string | null {
  if (typeof row !== 'object' || row === null) return null;
  const v = (row as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

/** The rows of a result: an array, or a page's records; anything else is none. */
export function resultRows(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  if (typeof result === 'object' && result !== null) {
    const records = (result as Record<string, unknown>).records;
    if (Array.isArray(records)) return records;
  }
  return [];
}

export function UrlSelect({
  url,
  request,
  searchParam = 'keyword',
  valueParam,
  labelField = 'text',
  valueField = 'value',
  pageSize = URL_SELECT_PAGE_SIZE,
  value,
  onChange,
  ...rest
}: UrlSelectProps) {
  const { message } = useFeedback();
  const [options, setOptions] = useState<Option[]>([]);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const ask = async (params: Record<string, string>): Promise<Option[]> => {
    const res = await request(url, { ...params, pageSize: String(pageSize) });
    if (!res.success) throw new Error(res.message || '加载选项失败');
    return resultRows(res.result).flatMap((row) => {
      const v = field(row, valueField);
      const l = field(row, labelField);
      return v === null ? [] : [{ value: v, label: l ?? v }];
    });
  };

  const search = (word: string) => {
    setOptions([]);
    setLoading(true);
    const ticket = ++latest.current;
    ask(word ? { [searchParam]: word } : {}).then(
      (found) => {
        if (ticket !== latest.current) return;
        setOptions(found);
        setLoading(false);
      },
      (e: unknown) => {
        if (ticket !== latest.current) return;
        const text = failureText(e);
        if (text) void message.warning(text);
        setOptions([]);
        setLoading(false);
      },
    );
  };

  useEffect(() => {
    const ticket = ++latest.current;
    ask({}).then(
      (found) => {
        if (ticket !== latest.current) return;
        setOptions(found);
        setLoading(false);
      },
      (e: unknown) => {
        if (ticket !== latest.current) return;
        const text = failureText(e);
        if (text) void message.warning(text);
        setOptions([]);
        setLoading(false);
      },
    );
    const answers = latest;
    const pending = timer;
    return () => {
      answers.current++;
      if (pending.current) clearTimeout(pending.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one first load per URL
  }, [url, request]);

  const current = value || undefined;
  const unknownValue = current !== undefined && !options.some((o) => o.value === current) && !known.has(current);
  useEffect(() => {
    if (!unknownValue || !valueParam || current === undefined) return;
    let live = true;
    ask({ [valueParam]: current }).then(
      (found) => {
        const text = found.find((o) => o.value === current)?.label;
        if (live) setKnown((old) => new Map(old).set(current, text ?? current));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per unknown value
  }, [unknownValue, current, valueParam]);

  const merged =
    current !== undefined && !options.some((o) => o.value === current)
      ? [...options, { value: current, label: known.get(current) ?? current }]
      : options;

  return (
    <Select<string>
      id={rest.id}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      value={current}
      options={merged}
      allowClear
      disabled={rest.disabled}
      placeholder={rest.placeholder ?? '请输入搜索内容'}
      showSearch={{
        filterOption: false,
        onSearch: (word) => {
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => search(word.trim()), URL_SELECT_DELAY_MS);
        },
      }}
      onChange={(v) => {
        const picked = options.find((o) => o.value === v);
        if (picked) setKnown((old) => new Map(old).set(picked.value, picked.label));
        onChange?.(v ?? '');
      }}
      notFoundContent={loading ? SEARCH_LOADING_TEXT : SEARCH_EMPTY_TEXT}
      style={{ width: '100%' }}
    />
  );
}
