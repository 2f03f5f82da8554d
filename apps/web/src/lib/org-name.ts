/** The organisation display name (spec §1): a partner's name for a known thirdOrgCode, else the company name. */
import { COMPANY_NAME, PARTNER_ORG_NAMES } from '@houtai/shared/constants';

export function orgDisplayName(thirdOrgCode: string | null | undefined): string {
  if (thirdOrgCode && Object.hasOwn(PARTNER_ORG_NAMES, thirdOrgCode)) {
    return PARTNER_ORG_NAMES[thirdOrgCode] ?? COMPANY_NAME;
  }
  return COMPANY_NAME;
}

/** Browser title: 'page title · organisation name'. */
export function documentTitle(pageTitle: string | null | undefined, orgName: string): string {
  return pageTitle ? `${pageTitle} · ${orgName}` : orgName;
}
