/**
 * 部门角色 (/sys/sysDepartRole, contract §2.9): a department's roles a page at a time, and their add, edit and
 * delete. Each write invalidates the department's role lists.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@houtai/shared/contract/common';
import type { DepartRoleAddBody, DepartRoleEditBody, DepartRoleRecord } from '@houtai/shared/contract/admin-depart';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';
import { DEPART_KEYS } from './depart-keys.ts';

export const DEPART_ROLE_PAGE_SIZE = 10;

export async function listDepartRoles(
  deptId: string,
  pageNo: number,
  pageSize: number,
): Promise<Page<DepartRoleRecord>> {
  return unwrapResult(
    await http.get<Page<DepartRoleRecord>>('/sys/sysDepartRole/list', { deptId, pageNo, pageSize }),
    '加载部门角色失败',
    (p) => Array.isArray(p.records),
  );
}

export const departRolesQuery = (deptId: string, pageNo: number, pageSize = DEPART_ROLE_PAGE_SIZE) =>
  queryOptions({
    queryKey: DEPART_KEYS.roles(deptId, pageNo, pageSize),
    queryFn: () => listDepartRoles(deptId, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export function useDepartRoles(deptId: string, pageNo: number) {
  return useQuery(departRolesQuery(deptId, pageNo));
}

export async function addDepartRole(body: DepartRoleAddBody): Promise<string> {
  const res = await http.post<unknown>('/sys/sysDepartRole/add', body);
  unwrap(res, '添加失败');
  return res.message;
}

export async function editDepartRole(body: DepartRoleEditBody): Promise<string> {
  const res = await http.put<unknown>('/sys/sysDepartRole/edit', body);
  unwrap(res, '编辑失败');
  return res.message;
}

export async function deleteDepartRole(id: string): Promise<string> {
  const res = await http.delete<unknown>('/sys/sysDepartRole/delete', { id });
  unwrap(res, '删除失败');
  return res.message;
}

function useRoleWrite<Input>(departId: string, write: (input: Input) => Promise<string>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => void client.invalidateQueries({ queryKey: DEPART_KEYS.rolesOf(departId) }),
  });
}

export const useAddDepartRole = (departId: string) => useRoleWrite(departId, addDepartRole);
export const useEditDepartRole = (departId: string) => useRoleWrite(departId, editDepartRole);
export const useDeleteDepartRole = (departId: string) => useRoleWrite(departId, deleteDepartRole);
