/**
 * 人事考勤 › 考勤班次 (component 'hr/attendance/ShiftList'): the shifts in the editable grid with the shared
 * columns and rules (SHIFT_GRID_COLUMNS), saved with 保存 through POST …/saveBatch; other viewers of the page see
 * saved rows arrive live over the grid socket. The logic is in hooks/use-shift-grid.ts.
 */
import { Button, Card, Empty, Skeleton, Space } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { SHIFT_GRID_COLUMNS, SHIFT_TEXT } from '@houtai/shared/contract/shift';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { EditableGrid } from '../../../widgets/editable-grid/editable-grid.tsx';
import { useShiftGrid } from '../hooks/use-shift-grid.ts';

export function ShiftListPage() {
  const { loading, error, retry, gridProps, gridKey, empty, canEdit, saving, save } = useShiftGrid();
  return (
    <Card
      title="考勤班次"
      extra={
        canEdit ? (
          <Space>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!gridProps}
              onClick={() => void save()}
              data-testid="shift-save"
            >
              {SHIFT_TEXT.save}
            </Button>
          </Space>
        ) : null
      }
    >
      {error ? (
        <LoadErrorAlert title={SHIFT_TEXT.loadFailed} error={error} onRetry={retry} data-testid="shift-load-error" />
      ) : null}
      {loading && !gridProps ? (
        <div data-testid="shift-loading">
          <Skeleton active />
        </div>
      ) : null}
      {gridProps ? (
        <>
          <EditableGrid key={gridKey} {...gridProps} columns={SHIFT_GRID_COLUMNS} data-testid="shift-grid" />
          {empty ? <Empty description={SHIFT_TEXT.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
        </>
      ) : null}
    </Card>
  );
}
