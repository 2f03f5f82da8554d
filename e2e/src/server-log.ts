/** Reads what the server under test logged: the SMS codes of the development sender. */
import { readFileSync } from 'node:fs';
import { serverLogFile } from './env.ts';

/** The newest SMS code logged for a mobile number, or null. */
export function lastSmsCode(mobile: string): string | null {
  let code: string | null = null;
  for (const line of readFileSync(serverLogFile(), 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { mobile?: unknown; smsCode?: unknown };
      if (entry.mobile === mobile && typeof entry.smsCode === 'string') code = entry.smsCode;
    } catch {
      // Not a log record.
    }
  }
  return code;
}
