/**
 * Dictionary widgets (spec §2.5): a select (single, or multiple with a comma-joined value and one tag shown), a
 * radio group and a checkbox group (comma-joined value; optional min/max with the §5.3 messages). Options come
 * from the loader the caller passes (lib/api/dict.ts: the shell's dictionary cache); failures are warned by
 * useDictLoad and leave the options empty.
 */
import { useState, type CSSProperties } from 'react';
import { Checkbox, Radio, Select, Typography } from 'antd';
import { maxSelectMessage, minSelectMessage } from '@houtai/shared/validation';
import { splitValue, useDictLoad, type DictLoader } from './use-dict-load.ts';

/** Tags a multiple select shows before '+ N ...' (spec §9: at most 1). */
export const DICT_MAX_TAG_COUNT = 1;

interface Common {
  dictCode: string;
  loader: DictLoader;
  /** The stored value; a multiple select's and a checkbox group's is comma-joined. */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export interface DictSelectProps extends Common {
  mode?: 'single' | 'multiple';
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
}

export function DictSelect({
  dictCode,
  loader,
  value,
  onChange,
  mode = 'single',
  placeholder,
  ...rest
}: DictSelectProps) {
  const { options, loading } = useDictLoad(dictCode, loader);
  const multiple = mode === 'multiple';
  return (
    <Select<string | string[]>
      id={rest.id}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount={multiple ? DICT_MAX_TAG_COUNT : undefined}
      value={multiple ? splitValue(value) : value || undefined}
      onChange={(next) => onChange?.(Array.isArray(next) ? next.join(',') : (next ?? ''))}
      options={options}
      loading={loading}
      disabled={rest.disabled}
      allowClear={rest.allowClear ?? true}
      placeholder={placeholder ?? '请选择'}
      optionFilterProp="label"
      showSearch={multiple ? undefined : { optionFilterProp: 'label' }}
      style={rest.style ?? { width: '100%' }}
    />
  );
}

export function DictRadioGroup({ dictCode, loader, value, onChange, ...rest }: Common) {
  const { options } = useDictLoad(dictCode, loader);
  return (
    <Radio.Group
      id={rest.id}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      role="radiogroup"
      options={options}
      value={value ?? undefined}
      disabled={rest.disabled}
      onChange={(e) => onChange?.(String(e.target.value))}
    />
  );
}

/** The §5.3 message of a checkbox group holding `count` items, or null when it is within min and max. */
export function checkboxCountError(count: number, min?: number, max?: number): string | null {
  if (min !== undefined && count < min) return minSelectMessage(min);
  if (max !== undefined && count > max) return maxSelectMessage(max);
  return null;
}

export interface DictCheckboxGroupProps extends Common {
  min?: number;
  max?: number;
}

export function DictCheckboxGroup({ dictCode, loader, value, onChange, min, max, ...rest }: DictCheckboxGroupProps) {
  const { options } = useDictLoad(dictCode, loader);
  // The count is checked once the user has changed it: an untouched empty group is not wrong yet.
  const [touched, setTouched] = useState(false);
  const selected = splitValue(value);
  const error = touched ? checkboxCountError(selected.length, min, max) : null;
  const errorId = rest.id ? `${rest.id}-error` : undefined;
  return (
    <div
      id={rest.id}
      role="group"
      aria-label={rest['aria-label']}
      aria-describedby={error ? errorId : undefined}
      data-testid={rest['data-testid']}
    >
      {options.map((o) => (
        <Checkbox
          key={o.value}
          checked={selected.includes(o.value)}
          disabled={rest.disabled}
          onChange={(e) => {
            setTouched(true);
            const on = new Set(selected.filter((v) => v !== o.value));
            if (e.target.checked) on.add(o.value);
            // In the dictionary's order, whatever order they were ticked in; values it lacks stay at the end.
            const known = options.filter((x) => on.has(x.value)).map((x) => x.value);
            const other = selected.filter((v) => on.has(v) && !options.some((x) => x.value === v));
            onChange?.([...known, ...other].join(','));
          }}
        >
          {o.label}
        </Checkbox>
      ))}
      {error && (
        <Typography.Text type="danger" role="alert" id={errorId} style={{ display: 'block' }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
