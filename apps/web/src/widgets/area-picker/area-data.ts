/**
 * China's provinces, cities and districts (package china-area-data: `{ '86': {provinceCode: name}, provinceCode:
 * {cityCode: name}, … }`, root '86', spec §3 Area). The data (about 110 KB) is imported on first use only, never
 * with the first screen. Pure helpers over it: a code's path from its province down, and its joined text.
 */
export type AreaData = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const AREA_ROOT = '86';
/** Between the names of a code's levels: 广东省/深圳市/南山区. */
export const AREA_TEXT_SEPARATOR = '/';

let pending: Promise<AreaData> | null = null;

/** The area data, loaded once (a separate chunk). */
export function loadAreaData(): Promise<AreaData> {
  pending ??= import('china-area-data/data.json').then((m) => m.default as unknown as AreaData);
  return pending;
}

/** The children of a code (provinces for the root), in code order. */
export function areaChildren(data: AreaData, code: string): { code: string; name: string }[] {
  const map = data[code];
  if (!map) return [];
  return Object.entries(map).map(([c, name]) => ({ code: c, name }));
}

const parents = new WeakMap<AreaData, Map<string, string>>();

function parentMap(data: AreaData): Map<string, string> {
  let map = parents.get(data);
  if (!map) {
    map = new Map();
    for (const [parent, children] of Object.entries(data)) {
      for (const child of Object.keys(children)) map.set(child, parent);
    }
    parents.set(data, map);
  }
  return map;
}

/** The codes from the province down to `code` ([] for an unknown code). */
export function areaPath(data: AreaData, code: string): string[] {
  const up = parentMap(data);
  const path: string[] = [];
  let c: string | undefined = code;
  while (c !== undefined && c !== AREA_ROOT) {
    if (!up.has(c) || path.length > 4) return [];
    path.unshift(c);
    c = up.get(c);
  }
  return path;
}

/** The names of a path's codes. */
export function areaNames(data: AreaData, path: readonly string[]): string[] {
  let parent = AREA_ROOT;
  return path.map((c) => {
    const name = data[parent]?.[c] ?? c;
    parent = c;
    return name;
  });
}

/** The joined text of a code, e.g. 广东省/深圳市/南山区 ('' for an unknown code). */
export function areaText(data: AreaData, code: string): string {
  return areaNames(data, areaPath(data, code)).join(AREA_TEXT_SEPARATOR);
}
