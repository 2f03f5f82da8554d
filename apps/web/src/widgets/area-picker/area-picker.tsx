/**
 * Area picker (spec §2.5, §3): province → city → district, as one cascader (type 'cascader', the default) or as
 * linked selects (type 'select'; changing a level clears the ones below, spec §4). `level` 1-3 stops at province,
 * city or district. The value is the code of the last level chosen, emitted with the names joined
 * (广东省/深圳市/南山区). Any other `type` is a programming error: the widget throws 'Bad type value' (spec §8) while
 * rendering, and the screen's error boundary shows it. The data loads on first use (area-data.ts).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Cascader, Select, Space } from 'antd';
import {
  AREA_ROOT,
  AREA_TEXT_SEPARATOR,
  areaChildren,
  areaNames,
  areaPath,
  loadAreaData,
  type AreaData,
} from './area-data.ts';

export const AREA_BAD_TYPE = 'Bad type value';
const LEVEL_NAMES = ['省', '市', '区'] as const;

export interface AreaPickerProps {
  type?: 'cascader' | 'select';
  /** 1 province, 2 city, 3 district (default). */
  level?: 1 | 2 | 3;
  /** The code of the last level chosen. */
  value?: string | null;
  onChange?: (value: string, text: string) => void;
  /** The area data; default the china-area-data package, loaded on first use. */
  loadData?: () => Promise<AreaData>;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

interface CascaderOption {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: CascaderOption[];
}

function buildOptions(data: AreaData, code: string, depth: number, level: number): CascaderOption[] {
  return areaChildren(data, code).map(({ code: c, name }) => {
    const children = depth < level ? buildOptions(data, c, depth + 1, level) : [];
    return children.length > 0 ? { value: c, label: name, children } : { value: c, label: name, isLeaf: true };
  });
}

/**
 * A ref for the cascader popup that makes each of its scrolling columns focusable (tabindex 0): a long province
 * list must be scrollable from the keyboard too (WCAG 2.1.1; antd leaves the columns unfocusable). Columns come
 * and go as levels are chosen, hence the observer.
 */
function useFocusableMenus() {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const mark = () => {
      for (const menu of el.querySelectorAll<HTMLElement>('.ant-cascader-menu:not([tabindex])')) menu.tabIndex = 0;
    };
    mark();
    observer.current = new MutationObserver(mark);
    observer.current.observe(el, { childList: true, subtree: true });
  }, []);
}

export function AreaPicker({
  type = 'cascader',
  level = 3,
  value,
  onChange,
  loadData = loadAreaData,
  ...rest
}: AreaPickerProps) {
  if (type !== 'cascader' && type !== 'select') throw new Error(AREA_BAD_TYPE);
  const depth = Math.min(3, Math.max(1, Math.trunc(level)));
  const autoId = useId();
  const id = rest.id ?? autoId;
  const popupRef = useFocusableMenus();
  const [data, setData] = useState<AreaData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    loadData().then(
      (d) => {
        if (current) setData(d);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [loadData]);

  const path = useMemo(() => (data && value ? areaPath(data, value).slice(0, depth) : []), [data, value, depth]);
  const emit = (next: readonly string[]) => {
    if (!data) return;
    const last = next.at(-1) ?? '';
    onChange?.(last, areaNames(data, next).join(AREA_TEXT_SEPARATOR));
  };

  const options = useMemo(() => (data ? buildOptions(data, AREA_ROOT, 1, depth) : []), [data, depth]);
  const placeholder = failed ? '地区数据加载失败' : data ? (rest.placeholder ?? '请选择省市区') : '加载中…';

  if (type === 'cascader') {
    return (
      <Cascader
        id={id}
        // The input's aria-controls names `${id}_list`, which antd's cascader popup does not carry: the wrapper does.
        popupRender={(menus) => (
          <div id={`${id}_list`} ref={popupRef}>
            {menus}
          </div>
        )}
        aria-label={rest['aria-label']}
        data-testid={rest['data-testid']}
        options={options}
        value={path}
        onChange={(next) => emit((next ?? []).map(String))}
        placeholder={placeholder}
        disabled={rest.disabled ?? !data}
        showSearch
        allowClear
        style={{ width: '100%' }}
      />
    );
  }

  // Linked selects: one per level, each listing the children of the level above.
  const parents = [AREA_ROOT, ...path];
  return (
    <Space wrap data-testid={rest['data-testid']} role="group" aria-label={rest['aria-label']}>
      {LEVEL_NAMES.slice(0, depth).map((name, i) => {
        const parent = parents[i];
        const choices = data && parent !== undefined && (i === 0 || path[i - 1]) ? areaChildren(data, parent) : [];
        return (
          <Select<string>
            key={name}
            id={i === 0 ? rest.id : undefined}
            aria-label={`${rest['aria-label'] ?? '地区'} ${name}`}
            value={path[i]}
            options={choices.map((c) => ({ value: c.code, label: c.name }))}
            onChange={(v) => emit(v ? [...path.slice(0, i), v] : path.slice(0, i))}
            placeholder={`请选择${name}`}
            disabled={rest.disabled ?? choices.length === 0}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            style={{ minWidth: 140 }}
          />
        );
      })}
    </Space>
  );
}
