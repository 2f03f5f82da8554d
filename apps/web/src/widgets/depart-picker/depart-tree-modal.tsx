/**
 * 选择部门 (spec §2.5, §5.5): the department tree in a dialog (default width 500), one department or many with the
 * 父子关联 switch (linked or strict check). OK with nothing chosen says '您尚未设置部门信息!' and stays open.
 */
import { useState } from 'react';
import { Button, Modal, Space, Switch, Typography } from 'antd';
import { PICKER_TEXT, type DepartNode } from '@houtai/shared/contract/pickers-rules';
import { useFeedback } from '../../lib/feedback.ts';
import { DepartTree, type DeletedDepartOptions, type DepartTreeLoaders } from './depart-tree.tsx';

export interface DepartTreeModalProps extends DeletedDepartOptions {
  open: boolean;
  loaders: DepartTreeLoaders;
  multiple?: boolean;
  /** Default 500. */
  width?: number;
  /** Default '选择部门'. */
  title?: string;
  /** Ids chosen when the dialog opens. */
  initialIds?: readonly string[];
  /** The departments already known by id (the picker's value), so that an unchanged choice keeps its rows. */
  initialNodes?: readonly DepartNode[];
  onOk: (nodes: DepartNode[]) => void;
  onCancel: () => void;
}

export function DepartTreeModal(props: DepartTreeModalProps) {
  const { open, width = 500, title = PICKER_TEXT.departTitle, onCancel } = props;
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onCancel}
      destroyOnHidden
      footer={null}
      data-testid="depart-tree-modal"
    >
      <DepartTreeBody {...props} />
    </Modal>
  );
}

function DepartTreeBody({
  loaders,
  multiple = false,
  initialIds = [],
  initialNodes = [],
  showDelDepart,
  selectedDelDepart,
  onOk,
  onCancel,
}: DepartTreeModalProps) {
  const { message } = useFeedback();
  const [linked, setLinked] = useState(true);
  const [ids, setIds] = useState<string[]>([...initialIds]);
  const [nodes, setNodes] = useState<Map<string, DepartNode>>(() => new Map(initialNodes.map((n) => [n.id, n])));

  const confirm = () => {
    if (ids.length === 0) {
      void message.warning(PICKER_TEXT.departRequired);
      return;
    }
    onOk(ids.map((id) => nodes.get(id)).filter((n): n is DepartNode => n !== undefined));
  };

  return (
    <>
      {multiple ? (
        <Space style={{ marginBottom: 8 }}>
          <Switch
            checked={linked}
            onChange={setLinked}
            aria-label="父子关联"
            data-testid="depart-linked-switch"
            checkedChildren="父子关联"
            unCheckedChildren="取消关联"
          />
          <Typography.Text type="secondary">
            {linked ? '勾选上级部门时一并勾选下级' : '上下级部门各自勾选'}
          </Typography.Text>
        </Space>
      ) : null}
      <DepartTree
        loaders={loaders}
        checkable={multiple}
        checkStrictly={!linked}
        value={ids}
        showDelDepart={showDelDepart ?? false}
        selectedDelDepart={selectedDelDepart ?? false}
        onChange={(next, found) => {
          setIds(next);
          setNodes((old) => new Map([...old, ...found.map((n) => [n.id, n] as [string, DepartNode])]));
        }}
        data-testid="depart-tree"
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" onClick={confirm} data-testid="depart-tree-ok">
          确定
        </Button>
      </div>
    </>
  );
}
