import { type FormInstance } from 'antd';
import { SMS_RESEND_INTERVAL_MS, TEXT } from '@houtai/shared/constants';
import { useFeedback } from '../../../lib/feedback.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { sendSms, type SmsMode } from '../api/send-sms.ts';
import { useCountdown } from './use-countdown.ts';

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
  const countdown = useCountdown();
  const { submit, submitting } = useFormSubmit({
    mutation: useAction(sendSms),
    onSuccess: (text: string) => {
      void message.success(text || TEXT.smsSent);
      countdown.start(Math.round(SMS_RESEND_INTERVAL_MS / 1000));
    },
    onStart: () => onError(null),
    onFailure: onError,
  });

  const send = async () => {
    try {
      await form.validateFields([phoneField]);
    } catch {
      return;
    }
    await submit({ mobile: form.getFieldValue(phoneField) as string, smsmode: mode });
  };
  return { send, left: countdown.left, sending: submitting };
}
