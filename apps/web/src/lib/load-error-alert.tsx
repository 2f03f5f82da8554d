/** A failed load shown where its data would be: what failed, the server's message, and 重试. */
import { Alert, Button } from 'antd';

export interface LoadErrorAlertProps {
  /** What failed, e.g. '操作日志加载失败'. */
  title: string;
  error: Error;
  onRetry: () => void;
  'data-testid'?: string;
}

export function LoadErrorAlert({ title, error, onRetry, ...rest }: LoadErrorAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={error.message || '加载失败'}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
      style={{ marginBottom: 16 }}
      data-testid={rest['data-testid']}
    />
  );
}
