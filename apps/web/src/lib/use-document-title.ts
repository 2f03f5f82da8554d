import { useEffect } from 'react';
import { documentTitle, orgDisplayName } from './org-name.ts';
import { useSessionStore } from './session-store.ts';

/** Sets the browser title to 'page title · organisation name' while the calling page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  const thirdOrgCode = useSessionStore((s) => s.userInfo?.thirdOrgCode);
  useEffect(() => {
    document.title = documentTitle(pageTitle, orgDisplayName(thirdOrgCode));
  }, [pageTitle, thirdOrgCode]);
}
