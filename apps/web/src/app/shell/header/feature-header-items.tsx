/**
 * The features' header items (their shell parts' `headerItems`: the task list button, the bell, …), left of the
 * user menu in the order of the shell's list (app/shell/shell-parts.ts).
 */
import { Fragment } from 'react';
import type { FeatureShellParts, HeaderItem, HeaderItemProps } from '../../../lib/feature-entry.ts';
import { SHELL_PARTS } from '../shell-parts.ts';

export function headerItems(parts: readonly FeatureShellParts[]): readonly [name: string, item: HeaderItem][] {
  return parts.flatMap((part) => Object.entries(part.headerItems ?? {}));
}

const HEADER_ITEMS = headerItems(SHELL_PARTS);

export function FeatureHeaderItems(props: HeaderItemProps) {
  return HEADER_ITEMS.map(([name, Item]) => (
    <Fragment key={name}>
      <Item {...props} />
    </Fragment>
  ));
}
