/**
 * The X-Low-App-ID header (spec §7): JeecgBoot's low-code apps live under /lowApp/{appId}/…; any page may also
 * name its app with an appId query parameter.
 */

const LOW_APP_PREFIX = '/lowApp/';

export function lowAppIdOf(location: Pick<Location, 'pathname' | 'search'>): string | null {
  if (location.pathname.startsWith(LOW_APP_PREFIX)) {
    const segment = location.pathname.slice(LOW_APP_PREFIX.length).split('/')[0] ?? '';
    if (segment) {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    }
  }
  return new URLSearchParams(location.search).get('appId') || null;
}
