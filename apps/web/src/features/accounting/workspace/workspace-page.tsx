/**
 * 核算工作台 (/accounting/workspace, spec widgets §2.1): 生成单据 and 同步凭证 (each by its code) and the current
 * ledger in the header; below, the child views in a tab menu (left, on top on a phone) — 单据, 凭证, 同步日志,
 * 科目余额表, 期间结账. A view is mounted per ledger and period, so choosing another ledger reloads it; without a
 * ledger the content asks for one. Both buttons open one modal (voucher-condition-modal.tsx).
 */
import { useState } from 'react';
import { Button, Card, Empty, Flex, Grid, Select, Tabs } from 'antd';
import { CloudSyncOutlined, FileAddOutlined } from '@ant-design/icons';
import { ACCOUNTING_LIMITS, ACCOUNTING_PERMISSIONS, ACCOUNTING_TEXT } from '@houtai/shared/contract/accounting';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { Authorized } from '../../../lib/permissions/index.ts';
import { ledgerLabel, useMyLedgers } from './api/my-ledgers.ts';
import type { VoucherAction } from './api/voucher-request.ts';
import { BalancesView } from './balances-view.tsx';
import { BillsView } from './bills-view.tsx';
import { PeriodsView } from './periods-view.tsx';
import { SyncLogsView } from './sync-logs-view.tsx';
import { useCurrentLedger } from './use-current-ledger.ts';
import { VoucherConditionModal } from './voucher-condition-modal.tsx';
import { VouchersView } from './vouchers-view.tsx';
import { currentPeriod } from './workspace-parts.tsx';

type ViewKey = 'bills' | 'vouchers' | 'syncLogs' | 'balances' | 'periods';

const VIEWS: readonly { key: ViewKey; label: string }[] = [
  { key: 'bills', label: ACCOUNTING_TEXT.tabs.bills },
  { key: 'vouchers', label: ACCOUNTING_TEXT.tabs.vouchers },
  { key: 'syncLogs', label: ACCOUNTING_TEXT.tabs.syncLogs },
  { key: 'balances', label: ACCOUNTING_TEXT.tabs.balances },
  { key: 'periods', label: ACCOUNTING_TEXT.tabs.periods },
];

export function WorkspacePage() {
  const screens = Grid.useBreakpoint();
  // Until antd has measured the screen, the desktop layout.
  const phone = screens.md === false;
  const ledgers = useMyLedgers();
  const { ledgerId, choose } = useCurrentLedger(ledgers.data);
  const [view, setView] = useState<ViewKey>('bills');
  const [period, setPeriod] = useState(currentPeriod);
  const [action, setAction] = useState<VoucherAction | null>(null);

  const content = (key: ViewKey) => {
    if (!ledgerId) return <Empty description={ACCOUNTING_TEXT.noLedger} data-testid="workspace-no-ledger" />;
    const props = { ledgerId, period, onPeriodChange: setPeriod };
    // Keyed by ledger and period: another choice mounts the view afresh, on page 1.
    const mount = `${ledgerId}|${period}`;
    switch (key) {
      case 'bills':
        return <BillsView key={mount} {...props} />;
      case 'vouchers':
        return <VouchersView key={mount} {...props} />;
      case 'syncLogs':
        return <SyncLogsView key={mount} {...props} />;
      case 'balances':
        return <BalancesView key={mount} {...props} />;
      case 'periods':
        return <PeriodsView key={ledgerId} ledgerId={ledgerId} />;
    }
  };

  return (
    <Flex
      vertical
      gap={12}
      style={{ minHeight: ACCOUNTING_LIMITS.workspaceMinHeight }}
      data-testid="accounting-workspace"
    >
      <Card size="small">
        <Flex wrap gap={8} align="center" justify="space-between">
          <Flex wrap gap={8}>
            <Authorized action={ACCOUNTING_PERMISSIONS.generate}>
              <Button type="primary" icon={<FileAddOutlined />} onClick={() => setAction('generate')}>
                {ACCOUNTING_TEXT.generate}
              </Button>
            </Authorized>
            <Authorized action={ACCOUNTING_PERMISSIONS.sync}>
              <Button icon={<CloudSyncOutlined />} onClick={() => setAction('sync')}>
                {ACCOUNTING_TEXT.sync}
              </Button>
            </Authorized>
          </Flex>
          <Select<string>
            aria-label="当前账簿"
            placeholder={ACCOUNTING_TEXT.ledgerPlaceholder}
            value={ledgerId ?? undefined}
            onChange={(id) => choose(id ?? null)}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={ledgers.isFetching}
            options={(ledgers.data ?? []).map((l) => ({ value: l.id, label: ledgerLabel(l) }))}
            notFoundContent={ledgers.error ? '加载失败' : '没有可用的账簿'}
            style={{ width: phone ? '100%' : 320 }}
            data-testid="workspace-ledger"
          />
        </Flex>
      </Card>
      {ledgers.error && !ledgers.isFetching ? (
        <LoadErrorAlert title="账簿加载失败" error={ledgers.error} onRetry={() => void ledgers.refetch()} />
      ) : null}
      <Card size="small" style={{ flex: 1 }} styles={{ body: { padding: phone ? 8 : 12 } }}>
        <Tabs
          activeKey={view}
          onChange={(k) => setView(k as ViewKey)}
          tabPosition={phone ? 'top' : 'left'}
          // On a phone the five tabs fit one row: no overflow menu (a button inside the tablist fails axe).
          tabBarGutter={phone ? 14 : undefined}
          destroyOnHidden
          items={VIEWS.map((v) => ({ key: v.key, label: v.label, children: content(v.key) }))}
          style={{ minWidth: 0 }}
          data-testid="workspace-tabs"
        />
      </Card>
      <VoucherConditionModal action={action} onClose={() => setAction(null)} />
    </Flex>
  );
}
