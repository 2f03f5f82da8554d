/**
 * What the task centre adds to the signed-in layout (lib/feature-entry.ts): the header's task list button, and
 * its dot, set by a task message for the signed-in user.
 */
import type { FeatureShellParts } from '../../lib/feature-entry.ts';
import { TaskCenterButton } from './components/task-center-button.tsx';
import { noteTaskMessage } from './task-dot.ts';

export const tasksShellParts = {
  headerItems: { 'task-center': TaskCenterButton },
  realtime: {
    'task-dot': (_event, { message, userId }) => {
      noteTaskMessage(message, userId);
    },
  },
} satisfies FeatureShellParts;
