import { useState } from 'react';
import { type FormInstance } from 'antd';
import { SMS_RESEND_INTERVAL_MS, TEXT } from '@houtai/shared/constants';
import { HttpError } from '../../../lib/http.ts';
import { sendSms, type SmsMode } from '../api/send-sms.ts';
import { useCountdown } from './use-countdown.ts';
import { useFeedback } from '../../../lib/feedback.ts';

export interface SmsSender {
  /** Validates the phone field, then asks the server for a code and starts the 60 s countdown. */
  send: () => Promise<void>;
  /** Seconds until another code may be asked for; 0 when it may. */
  left: number;
  sending: boolean;
}

/** 获取验证码 of a form: the phone comes from `phoneField`; server refusals go to `onError`. */
export function useSmsSender(
  form: FormInstance,
  phoneField: string,
  mode: SmsMode,
  onError: (message: string | null) => void,
): SmsSender {
  const { message } = useFeedback();
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();

  const send = async () => {
    try {
      await form.validateFields([phoneField]);
    } catch {
      return;
    }
    const phone = form.getFieldValue(phoneField) as string;
    setSending(true);
    onError(null);
    try {
      const res = await sendSms(phone, mode);
      if (res.success) {
        void message.success(res.message || TEXT.smsSent);
        countdown.start(Math.round(SMS_RESEND_INTERVAL_MS / 1000));
      } else {
        onError(res.message);
      }
    } catch (e) {
      // HTTP failures were already reported by the client's error catalogue.
      if (!(e instanceof HttpError)) onError(String(e));
    } finally {
      setSending(false);
    }
  };
  return { send, left: countdown.left, sending };
}
