/**
 * The pieces every recycle bin (回收站) shares — 用户回收站, 字典回收站 …: the two steps 还原 and 彻底删除, their confirm
 * (one record named, or the ticked ones counted; 彻底删除 warns that it is final), the toolbar for the ticked rows and
 * a row's two links. The feature keeps its list, its columns and its calls.
 */
import type { ReactNode } from 'react';
import { Button, Grid, Modal, Space, type TableColumnsType } from 'antd';
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { useFeedback } from '../../lib/feedback.ts';
import { useFocusKeeper } from '../../lib/focus-keeper.ts';

export type RecycleStep = 'restore' | 'purge';

export const RECYCLE_EMPTY = '回收站为空';

const STEP_LABEL: Readonly<Record<RecycleStep, string>> = { restore: '还原', purge: '彻底删除' };

/** Who deleted a record and when: the audit columns its logical delete wrote. */
export interface DeletedRecord {
  updateBy: string | null;
  updateTime: string | null;
}

/** '删除人 · 删除时间' for a phone card. */
export function deletedText(r: DeletedRecord): string {
  return [r.updateBy, r.updateTime].filter(Boolean).join(' · ') || '-';
}

/** The 删除人 and 删除时间 columns of a wide table. */
export function deletedColumns<T extends DeletedRecord>(): TableColumnsType<T> {
  return [
    { title: '删除人', dataIndex: 'updateBy', width: 100, render: (v: string | null) => v || '-' },
    { title: '删除时间', dataIndex: 'updateTime', width: 168, render: (v: string | null) => v || '-' },
  ];
}

export interface RecycleNouns {
  /** What a record is: 用户, 字典. */
  noun: string;
  /** Said after a purge's question: 彻底删除后无法恢复。 */
  purgeWarning: string;
}

/** The confirm's text of a step on these records (their names). */
export function recycleStepText(step: RecycleStep, names: readonly string[], nouns: RecycleNouns): string {
  const [only] = names;
  const what =
    names.length === 1 && only !== undefined
      ? `确定${STEP_LABEL[step]}${nouns.noun}「${only}」吗?`
      : `确定要${STEP_LABEL[step]}选中的 ${names.length} 个${nouns.noun}吗?`;
  return step === 'purge' ? `${what}${nouns.purgeWarning}` : what;
}

/** Asks before a step (a warning when nothing is ticked), then runs it. */
export function useRecycleConfirm(nouns: RecycleNouns) {
  const { message, modal } = useFeedback();
  return (step: RecycleStep, names: readonly string[], run: () => Promise<unknown>) => {
    if (names.length === 0) {
      void message.warning(LIST_PAGE_TEXT.selectOne);
      return;
    }
    modal.confirm({
      title: step === 'restore' ? '确认还原' : '确认彻底删除',
      content: recycleStepText(step, names, nouns),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: step === 'purge' ? { danger: true } : undefined,
      onOk: run,
    });
  };
}

export interface RecycleToolbarProps {
  ticked: number;
  busy: boolean;
  onStep: (step: RecycleStep) => void;
  /** `<testId>-restore`, `<testId>-purge`. */
  testId: string;
}

/** 还原 / 彻底删除 of the ticked rows, with their count. */
export function RecycleToolbar({ ticked, busy, onStep, testId }: RecycleToolbarProps) {
  const counted = (label: string) => (ticked > 0 ? `${label}（${ticked}）` : label);
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Button
        type="primary"
        icon={<UndoOutlined aria-hidden />}
        disabled={ticked === 0}
        loading={busy}
        onClick={() => onStep('restore')}
        data-testid={`${testId}-restore`}
      >
        {counted('还原')}
      </Button>
      <Button
        danger
        icon={<DeleteOutlined aria-hidden />}
        disabled={ticked === 0}
        loading={busy}
        onClick={() => onStep('purge')}
        data-testid={`${testId}-purge`}
      >
        {counted('彻底删除')}
      </Button>
    </Space>
  );
}

export interface RecycleRowActionsProps {
  /** The record's id (test ids `<testId>-restore-<id>`, `<testId>-purge-<id>`) and its name (the links' names). */
  id: string;
  name: string;
  noun: string;
  vertical: boolean;
  onStep: (step: RecycleStep) => void;
  testId: string;
}

/** A row's 还原 and 彻底删除 links, named after the record for screen readers. */
export function RecycleRowActions({ id, name, noun, vertical, onStep, testId }: RecycleRowActionsProps) {
  return (
    <Space size={4} orientation={vertical ? 'vertical' : 'horizontal'}>
      {(['restore', 'purge'] as const).map((step) => (
        <Button
          key={step}
          type="link"
          size="small"
          danger={step === 'purge'}
          style={{ padding: 0 }}
          onClick={() => onStep(step)}
          aria-label={`${STEP_LABEL[step]}${noun} ${name}`}
          data-testid={`${testId}-${step}-${id}`}
        >
          {STEP_LABEL[step]}
        </Button>
      ))}
    </Space>
  );
}

export interface RecycleBinModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The width on a wide screen (full width on a phone). */
  width: number;
  testId: string;
  /**
   * The bin, mounted per opening (nothing ticked, read afresh). `keepFocus` after a step: the row whose link had focus
   * is gone, and the keyboard stays in the dialog (Escape still closes it).
   */
  children: (bin: { phone: boolean; keepFocus: () => void }) => ReactNode;
}

/** The bin's modal: 关闭 in the footer, full width on a phone. */
export function RecycleBinModal({ open, onClose, title, width, testId, children }: RecycleBinModalProps) {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={phone ? '100%' : width}
      destroyOnHidden
      data-testid={testId}
    >
      {open && <FocusKept phone={phone}>{children}</FocusKept>}
    </Modal>
  );
}

function FocusKept({ phone, children }: { phone: boolean; children: RecycleBinModalProps['children'] }) {
  const { anchorRef, keep } = useFocusKeeper();
  return (
    <div ref={anchorRef} tabIndex={-1} style={{ outline: 'none' }}>
      {children({ phone, keepFocus: keep })}
    </div>
  );
}
