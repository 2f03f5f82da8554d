/** Provides the app's themed message, notification and (loaded on first use) modal instances. */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { message, notification } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { FeedbackContext, loadModal, setFeedback, type Feedback, type ModalApi } from './feedback.ts';

/** Notification toasts last 15 s (spec §9). */
export const NOTIFICATION_SECONDS = 15;

type ModalModule = Awaited<ReturnType<typeof loadModal>>;

/** Renders antd's modal holder once the Modal module is there, and hands its API over. */
function ModalHolder({ Modal, onReady }: { Modal: ModalModule; onReady: (api: HookAPI) => void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}

export function FeedbackHost({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification({ duration: NOTIFICATION_SECONDS });
  const [Modal, setModal] = useState<ModalModule | null>(null);
  const modalApi = useRef<HookAPI | null>(null);
  const waiting = useRef<((api: HookAPI) => void)[]>([]);

  const modal = useMemo<ModalApi>(() => {
    const run = (call: (api: HookAPI) => void) => {
      if (modalApi.current) {
        call(modalApi.current);
        return;
      }
      waiting.current.push(call);
      void loadModal().then((m) => setModal(() => m));
    };
    return {
      confirm: (config) => run((api) => void api.confirm(config)),
      error: (config) => run((api) => void api.error(config)),
    };
  }, []);

  const onModalReady = useCallback((api: HookAPI) => {
    modalApi.current = api;
    for (const call of waiting.current.splice(0)) call(api);
  }, []);

  const feedback = useMemo<Feedback>(
    () => ({ message: messageApi, notification: notificationApi, modal }),
    [messageApi, notificationApi, modal],
  );
  useEffect(() => {
    setFeedback(feedback);
    return () => setFeedback(null);
  }, [feedback]);

  return (
    <FeedbackContext.Provider value={feedback}>
      {messageHolder}
      {notificationHolder}
      {Modal && <ModalHolder Modal={Modal} onReady={onModalReady} />}
      {children}
    </FeedbackContext.Provider>
  );
}
