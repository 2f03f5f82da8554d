/**
 * An antd icon drawn as static SVG from its definition (@ant-design/icons-svg): no context, no style injection, so
 * it is cheap enough for every drawn row of a grid. The antd icon components inject their style and read context on
 * every mount, which adds up to whole frames when thousands of rows are drawn while scrolling.
 */
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

export function StaticIcon({ icon }: { icon: IconDefinition }) {
  const svg = icon.icon;
  if (typeof svg === 'function') return null;
  return (
    <span role="img" aria-hidden="true" className="hg-icon">
      <svg viewBox={svg.attrs.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
        {svg.children?.map((child, i) => (
          <path key={i} d={child.attrs.d} />
        ))}
      </svg>
    </span>
  );
}
