/**
 * Loaders of the online report API (contract §2.11) for the popup picker and, later, the report screens: a
 * report's columns by code, its query fields and its data by the id the columns answer (cgRpConfigId).
 */
import type { ReportColumns, ReportData, ReportQueryItem } from '@houtai/shared/contract/online-report';
import { http, unwrapResult } from '../http.ts';

export type ReportDataParams = Record<string, string | number>;

export async function getReportColumns(code: string): Promise<ReportColumns> {
  const res = await http.get<ReportColumns>(`/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`);
  return unwrapResult(res, '报表配置加载失败');
}

export async function getReportQueryInfo(id: string): Promise<ReportQueryItem[]> {
  const res = await http.get<ReportQueryItem[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`);
  return unwrapResult(res, '报表查询条件加载失败', Array.isArray);
}

export async function getReportData(id: string, params: ReportDataParams): Promise<ReportData> {
  const res = await http.get<ReportData>(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, params);
  return unwrapResult(res, '报表数据加载失败');
}

/** The three loaders together, as the popup picker takes them. */
export const onlineReportLoaders = {
  columns: getReportColumns,
  queryInfo: getReportQueryInfo,
  data: getReportData,
};
