/** Gallery: 结算组织选择 with the signed-in user's organisations, and with none ('您尚未设置结算组织信息!'). */
import { useState } from 'react';
import { loadSettlementAccounts } from '../../../lib/settlement-accounts.ts';
import { SettlementChooser } from '../../../widgets/settlement-chooser/settlement-chooser.tsx';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function SettlementChooserDemo() {
  const [accounts] = useState(loadSettlementAccounts);
  const [value, setValue] = useState<string | undefined>(undefined);
  return (
    <div>
      <Variant label="当前用户的结算组织（必选）" value={value} valueTestId="settlement-chooser-value">
        <SettlementChooser accounts={accounts} value={value} onChange={setValue} data-testid="settlement-chooser" />
      </Variant>
      <Variant label="用户没有结算组织">
        <SettlementChooser accounts={[]} data-testid="settlement-chooser-none" />
      </Variant>
    </div>
  );
}

export const section: GallerySection = {
  id: 'settlement-chooser',
  title: '结算组织选择',
  order: 24,
  description: '列出登录用户所属的结算组织，必须选择一个；没有时提示“您尚未设置结算组织信息!”。',
  Component: SettlementChooserDemo,
};
