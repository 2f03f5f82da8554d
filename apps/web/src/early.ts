/**
 * The early entry (issue 11): a few kB loaded `async` before the app's entry, sending the first screen's requests
 * while the app's code downloads (lib/early-requests.ts). index.html names it; vite.config.ts builds it as an entry
 * of its own chunk.
 */
import { startEarlyRequests } from './lib/early-requests.ts';

startEarlyRequests();
