/**
 * Gallery: the online-report popup picker on the two seeded reports (用户选择, 工单选择), one row and several, each
 * showing the destination fields it filled; and the two configuration mistakes with their §5.5 messages.
 */
import { useState } from 'react';
import { onlineReportLoaders } from '../../../lib/api/online-report.ts';
import { PopupPicker } from '../../../widgets/popup-picker/popup-picker.tsx';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

/** Codes of the reports seeded by step 0008-demo-reports (apps/server/src/db/seed/demo-reports.ts). */
const USER_REPORT = 'demo_user_select';
const WORK_ORDER_REPORT = 'demo_work_order_select';

interface DemoProps {
  label: string;
  testId: string;
  code: string;
  orgFields: string;
  destFields: string;
  multi?: boolean;
  pageSize?: number;
}

function Demo({ label, testId, code, orgFields, destFields, multi, pageSize }: DemoProps) {
  const [filled, setFilled] = useState<Record<string, string> | undefined>(undefined);
  return (
    <Variant label={label} value={filled} valueTestId={`${testId}-value`}>
      <PopupPicker
        code={code}
        orgFields={orgFields}
        destFields={destFields}
        multi={multi}
        pageSize={pageSize}
        loaders={onlineReportLoaders}
        onSelect={(values) => setFilled(values)}
        aria-label={label}
        data-testid={testId}
      />
    </Variant>
  );
}

function PopupPickerSection() {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', columnGap: 24 }}>
      <Demo
        label="用户选择（单选，账号,姓名 → account,name，每页5条）"
        testId="popup-user-single"
        code={USER_REPORT}
        orgFields="username,realname"
        destFields="account,name"
        pageSize={5}
      />
      <Demo
        label="用户选择（多选，id,realname → userIds,userNames）"
        testId="popup-user-multi"
        code={USER_REPORT}
        orgFields="id,realname"
        destFields="userIds,userNames"
        multi
      />
      <Demo
        label="工单选择（单选，工单号,标题 → orderNo,orderTitle）"
        testId="popup-order-single"
        code={WORK_ORDER_REPORT}
        orgFields="order_no,title"
        destFields="orderNo,orderTitle"
      />
      <Demo
        label="工单选择（多选，工单号 → orderNos）"
        testId="popup-order-multi"
        code={WORK_ORDER_REPORT}
        orgFields="order_no"
        destFields="orderNos"
        multi
      />
      <Demo
        label="配置缺失（没有目标字段）"
        testId="popup-misconfigured"
        code={USER_REPORT}
        orgFields="username"
        destFields=""
      />
      <Demo
        label="配置错误（原始字段2个，目标字段1个）"
        testId="popup-count-mismatch"
        code={USER_REPORT}
        orgFields="username,realname"
        destFields="account"
      />
    </div>
  );
}

export const section: GallerySection = {
  id: 'popup-picker',
  title: 'Online报表弹窗选择',
  order: 40,
  description:
    '点击输入框打开在线报表（默认宽1200），按查询字段搜索、分页、排序后选择，确定时把原始字段复制到目标字段。',
  Component: PopupPickerSection,
};
