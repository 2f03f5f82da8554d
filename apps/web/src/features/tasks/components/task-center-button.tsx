/**
 * The header's task list icon (spec §2.5, §4 Task dot): a compact icon button with a red dot while a task
 * message is unseen; opening the task list clears the dot. The dialog loads on first open.
 */
import { Suspense, lazy, useCallback, useState, useSyncExternalStore } from 'react';
import { Button } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { clearTaskDot, hasTaskDot, subscribeTaskDot } from '../task-dot.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

const TaskListDialog = lazy(async () => ({
  default: (await import('./task-list-dialog.tsx')).TaskListDialog,
}));

const TITLE = '任务列表';

export interface TaskCenterButtonProps {
  /** Top menu in the dark theme: a white icon. */
  dark?: boolean;
  /** Phones and tablets: less padding. */
  compact?: boolean;
}

export function TaskCenterButton({ dark = false, compact = false }: TaskCenterButtonProps) {
  const userId = useSessionStore((s) => s.userInfo?.id);
  const dot = useSyncExternalStore(
    subscribeTaskDot,
    useCallback(() => hasTaskDot(userId), [userId]),
  );
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);

  const show = () => {
    clearTaskDot(userId);
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        type="text"
        aria-label={dot ? `${TITLE}，有新任务消息` : TITLE}
        title={TITLE}
        data-testid="task-center"
        data-dot={dot ? 'true' : 'false'}
        onClick={show}
        style={{ flex: 'none', width: 32, paddingInline: compact ? 4 : 8, color: dark ? '#fff' : undefined }}
      >
        <span style={{ position: 'relative', display: 'inline-flex' }}>
          <UnorderedListOutlined style={{ fontSize: 16 }} />
          {dot && (
            <sup
              aria-hidden
              data-testid="task-center-dot"
              style={{
                position: 'absolute',
                top: -3,
                insetInlineEnd: -3,
                width: 6,
                height: 6,
                borderRadius: '50%',
                background: 'var(--ant-color-error, #ff4d4f)',
                boxShadow: '0 0 0 1px #fff',
              }}
            />
          )}
        </span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <TaskListDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
