/** What the workspace hands each child view: the current ledger and the period of the month filter. */
export interface WorkspaceViewProps {
  ledgerId: string;
  /** 'YYYY-MM' */
  period: string;
  onPeriodChange: (period: string) => void;
}
