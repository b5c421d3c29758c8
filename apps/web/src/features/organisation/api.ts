import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  Company,
  CompanyCreateBody,
  CompanyTreeNode,
  CompanyType,
  ManagedUser,
  MerchantType,
  PermissionNode,
  Role,
  RoleCreateBody,
  RoleOption,
  UserCreateBody,
  UserUpdateBody,
} from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { api } from '../../lib/request';

// Step 2a organisation API (docs/api.md, contracts/api/organisation.ts): companies, users, roles and the
// permission catalogue. Every list is already cut to the caller's subtree by the server.

export type {
  Company,
  CompanyTreeNode,
  CompanyType,
  ManagedUser as User,
  MerchantType,
  PermissionNode,
  Role,
  RoleOption,
  RoleVisibility,
} from '@sunfleet/contracts';

/** Types a company can be created with; the platform exists once. */
export const CREATABLE_COMPANY_TYPES: readonly MerchantType[] = ['DISTRIBUTOR', 'INSTALLER'];

export type CompanyInput = CompanyCreateBody;
export type UserCreate = UserCreateBody;
export type UserUpdate = UserUpdateBody;
export type RoleInput = RoleCreateBody;

export interface CompanyFilters {
  keyword?: string;
  type?: CompanyType;
  parentId?: number;
}

export interface UserFilters {
  keyword?: string;
  companyId?: number;
  roleId?: number;
  disabled?: boolean;
}

export const orgKeys = {
  all: ['org'] as const,
  companies: (filters: CompanyFilters, page: PageState) => ['org', 'companies', filters, page] as const,
  company: (id: number) => ['org', 'company', id] as const,
  companyTree: ['org', 'companyTree'] as const,
  users: (filters: UserFilters, page: PageState) => ['org', 'users', filters, page] as const,
  roles: (keyword: string, page: PageState) => ['org', 'roles', keyword, page] as const,
  roleOptions: (companyId: number | undefined) => ['org', 'roleOptions', companyId ?? 'own'] as const,
  permissionTree: ['org', 'permissionTree'] as const,
};

/** After a write every organisation list may have changed (counts, names); they refetch when shown. */
export function invalidateOrganisation(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: orgKeys.all });
}

export function useCompanies(filters: CompanyFilters, page: PageState): UseQueryResult<PageData<Company>> {
  return useQuery({
    queryKey: orgKeys.companies(filters, page),
    queryFn: () => api.get<PageData<Company>>('/company/page', { ...cleanFilters({ ...filters }), ...page }),
    placeholderData: keepPreviousData,
  });
}

export function useCompany(id: number | undefined): UseQueryResult<Company> {
  return useQuery({
    queryKey: orgKeys.company(id ?? 0),
    queryFn: () => api.get<Company>(`/company/${String(id)}`),
    enabled: id !== undefined,
  });
}

export function useCompanyTree(enabled = true): UseQueryResult<CompanyTreeNode[]> {
  return useQuery({
    queryKey: orgKeys.companyTree,
    queryFn: () => api.get<CompanyTreeNode[]>('/company/tree'),
    enabled,
  });
}

export const companyApi = {
  create: (body: CompanyInput): Promise<unknown> => api.post('/company', body),
  update: (id: number, body: CompanyInput): Promise<unknown> => api.put('/company', { id, ...body }),
  remove: (id: number): Promise<unknown> => api.delete(`/company/${String(id)}`),
  logoPath: (id: number): string => `/company/${String(id)}/logo`,
};

export function useUsers(filters: UserFilters, page: PageState): UseQueryResult<PageData<ManagedUser>> {
  return useQuery({
    queryKey: orgKeys.users(filters, page),
    queryFn: () => api.get<PageData<ManagedUser>>('/user/page', { ...cleanFilters({ ...filters }), ...page }),
    placeholderData: keepPreviousData,
  });
}

export const userApi = {
  create: (body: UserCreate): Promise<unknown> => api.post('/user', body),
  update: (body: UserUpdate): Promise<unknown> => api.put('/user', body),
  disable: (id: number): Promise<unknown> => api.put(`/user/${String(id)}/disable`),
  enable: (id: number): Promise<unknown> => api.put(`/user/${String(id)}/enable`),
  resetPassword: (id: number, password: string): Promise<unknown> =>
    api.put(`/user/${String(id)}/resetPassword`, { password }),
};

export function useRoles(keyword: string, page: PageState): UseQueryResult<PageData<Role>> {
  return useQuery({
    queryKey: orgKeys.roles(keyword, page),
    queryFn: () => api.get<PageData<Role>>('/role/page', { ...cleanFilters({ keyword }), ...page }),
    placeholderData: keepPreviousData,
  });
}

/** Roles the caller may hand out in `companyId` (default: their own company): private roles stay home. */
export function useRoleOptions(companyId?: number, enabled = true): UseQueryResult<RoleOption[]> {
  return useQuery({
    queryKey: orgKeys.roleOptions(companyId),
    queryFn: () => api.get<RoleOption[]>('/role/options', { companyId }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePermissionTree(enabled = true): UseQueryResult<PermissionNode[]> {
  return useQuery({
    queryKey: orgKeys.permissionTree,
    queryFn: () => api.get<PermissionNode[]>('/permission/tree'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const roleApi = {
  create: (body: RoleInput): Promise<unknown> => api.post('/role', body),
  update: (id: number, body: RoleInput): Promise<unknown> => api.put('/role', { id, ...body }),
  remove: (id: number): Promise<unknown> => api.delete(`/role/${String(id)}`),
};
