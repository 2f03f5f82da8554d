/**
 * JSON bodies, with one difference from Fastify's default parser: an empty body sent with
 * `Content-Type: application/json` is no body, not a 400. Many HTTP clients (and the JeecgBoot UIs' helpers)
 * send that header on body-less writes such as `POST /sys/logout` or `readAllMsg`; the route then sees
 * `request.body === undefined`, exactly as when the header is absent, and its schema decides.
 *
 * A body of only whitespace counts as empty too. Anything else goes to Fastify's own parser (secure-json-parse:
 * `__proto__` / `constructor.prototype` keys are refused), so the 400 for malformed JSON is unchanged.
 */
import type { FastifyInstance } from 'fastify';

export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
