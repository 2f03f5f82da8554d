/**
 * A dictionary's options for the dictionary widgets, through the loader the caller passes (lib/api/dict.ts reads
 * the shell's 7-day cache). An empty code warns '字典Code不能为空!' (spec §5.5); a failure warns the server's
 * message and leaves the options empty (spec §8). One warning per code and loader, not per render.
 */
import { useEffect, useState } from 'react';
import type { DictOption } from '../../lib/dict/use-dict-options.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { failureText } from '../../lib/failure-text.ts';

export type { DictOption };
/** The options of a dictionary code; a rejection's message is shown as a warning. Keep it stable. */
export type DictLoader = (code: string) => Promise<DictOption[]>;

const NO_OPTIONS: DictOption[] = [];

export const DICT_CODE_REQUIRED = '字典Code不能为空!';

export interface DictLoad {
  options: DictOption[];
  loading: boolean;
  /** What went wrong (already shown as a warning), for the widget to show beside itself. */
  error: string | null;
}

export function useDictLoad(dictCode: string | undefined, loader: DictLoader): DictLoad {
  const { message } = useFeedback();
  const code = dictCode?.trim() ?? '';
  // The answer with what it answers, so that a new code or loader reads as loading until its own answer comes.
  const [answer, setAnswer] = useState<{
    code: string;
    loader: DictLoader;
    options: DictOption[];
    error: string | null;
  }>();

  useEffect(() => {
    if (code === '') {
      void message.warning(DICT_CODE_REQUIRED);
      return;
    }
    let current = true;
    loader(code).then(
      (options) => {
        if (current) setAnswer({ code, loader, options, error: null });
      },
      (e: unknown) => {
        if (!current) return;
        const text = failureText(e);
        if (text) void message.warning(text);
        setAnswer({ code, loader, options: [], error: text });
      },
    );
    return () => {
      current = false;
    };
  }, [code, loader, message]);

  if (code === '') return { options: NO_OPTIONS, loading: false, error: DICT_CODE_REQUIRED };
  if (!answer || answer.code !== code || answer.loader !== loader)
    return { options: NO_OPTIONS, loading: true, error: null };
  return { options: answer.options, loading: false, error: answer.error };
}

/** A comma-joined value as a list (blank items dropped). */
export function splitValue(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
