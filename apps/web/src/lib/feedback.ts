/**
 * Notifications, messages and modals for the whole app, React and non-React code (the http client) alike.
 *
 * The app renders <FeedbackHost> (lib/feedback-host.tsx) inside its ConfigProvider, which provides themed
 * instances; before it mounts, antd's static functions are used. Modals are loaded on first use: antd's Modal
 * is a large part of a first screen that never shows one (the login page).
 */
import { createContext, useContext } from 'react';
import { message, notification, type ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** The modal calls this app makes; each loads antd's Modal when it is first needed. */
export interface ModalApi {
  confirm(config: ModalFuncProps): void;
  error(config: ModalFuncProps): void;
}

export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalApi;
}

/** antd's Modal module, loaded once. */
export function loadModal() {
  return import('antd/es/modal').then((m) => m.default);
}

const staticModal: ModalApi = {
  confirm: (config) => void loadModal().then((Modal) => Modal.confirm(config)),
  error: (config) => void loadModal().then((Modal) => Modal.error(config)),
};

const fallback: Feedback = { message, notification, modal: staticModal };
let current: Feedback = fallback;

export function setFeedback(feedback: Feedback | null): void {
  current = feedback ?? fallback;
}

export function getFeedback(): Feedback {
  return current;
}

export const FeedbackContext = createContext<Feedback>(fallback);

/** The themed feedback of the nearest <FeedbackHost> (antd's statics outside one). */
export function useFeedback(): Feedback {
  return useContext(FeedbackContext);
}
