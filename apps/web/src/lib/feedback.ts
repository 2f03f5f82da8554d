/**
 * Where non-React code (the http client) shows notifications and modals. The app registers the themed
 * instances of antd's <App>; before that, antd's static functions are used.
 */
import { type App, Modal, message, notification } from 'antd';

export type Feedback = ReturnType<typeof App.useApp>;

// The static Modal lacks the hook API's promise wrapper; the calls this app makes are the same.
let current: Feedback = { message, notification, modal: Modal as unknown as Feedback['modal'] };

export function setFeedback(feedback: Feedback): void {
  current = feedback;
}

export function getFeedback(): Feedback {
  return current;
}
