/**
 * What the features add to the signed-in layout (lib/feature-entry.ts), once: the realtime dispatch takes the
 * handlers from here, the header its items — in this order (the task list button left of the bell). Imported
 * only by the layout, so the features' header items load with the layout's chunk, not on the first screen.
 */
import type { FeatureShellParts } from '../../lib/feature-entry.ts';
import { messagesShellParts } from '../../features/messages/shell-parts.ts';
import { tasksShellParts } from '../../features/tasks/shell-parts.ts';
import { workOrderShellParts } from '../../features/work-order/shell-parts.ts';

export const SHELL_PARTS: readonly FeatureShellParts[] = [workOrderShellParts, tasksShellParts, messagesShellParts];
