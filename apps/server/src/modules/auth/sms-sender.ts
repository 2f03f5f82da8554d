/** The development SMS sender writes the code to the server log; production deployments plug in a gateway. */
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../plugins/services.ts';

export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    send(mobile, code, purpose) {
      log.info({ mobile, purpose, smsCode: code }, `SMS code for ${mobile}: ${code}`);
      return Promise.resolve();
    },
  };
}
