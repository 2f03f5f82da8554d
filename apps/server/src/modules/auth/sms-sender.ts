/** The development SMS sender writes the code to the server log; production deployments plug in a gateway. */
import type { FastifyBaseLogger } from 'fastify';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../../errors.ts';
import type { SmsSender } from '../../plugins/services.ts';

/** SMS_SENDER=none: no gateway, so no code is sent (and none is written anywhere). */
export const disabledSmsSender: SmsSender = {
  available: false,
  send() {
    return Promise.reject(AppError.business(TEXT.smsUnavailable));
  },
};

export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    send(mobile, code, purpose) {
      log.info({ mobile, purpose, smsCode: code }, `SMS code for ${mobile}: ${code}`);
      return Promise.resolve();
    },
  };
}
