import { describe, expect, it } from 'vitest';
import { COMPANY_NAME, PARTNER_ORG_NAMES } from '@houtai/shared/constants';
import { documentTitle, orgDisplayName } from './org-name.ts';

describe('organisation display name', () => {
  it('is the partner name for a known thirdOrgCode and the company name otherwise', () => {
    expect(orgDisplayName('P001')).toBe(PARTNER_ORG_NAMES.P001);
    expect(orgDisplayName('P999')).toBe(COMPANY_NAME);
    expect(orgDisplayName(null)).toBe(COMPANY_NAME);
    expect(orgDisplayName('toString')).toBe(COMPANY_NAME);
  });

  it("forms the browser title as 'page title · organisation name'", () => {
    expect(documentTitle('首页', '后台')).toBe('首页 · 后台');
    expect(documentTitle('', '后台')).toBe('后台');
  });
});
