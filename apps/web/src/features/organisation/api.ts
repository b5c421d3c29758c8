import { keepPreviousData, skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  Company,
  CompanyCreateBody,
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
import { areaKeys, queryClient } from '../../lib/queryClient';
import { cleanFilters, type PageData, type PageState } from '../../lib/paging';
import { api, multipart, type ApiData } from '../../lib/request';

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
  all: areaKeys.org,
  companies: (filters: CompanyFilters, page: PageState) => ['org', 'companies', filters, page] as const,
  company: (id: number) => ['org', 'company', id] as const,
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
    queryFn: () =>
      api.GET('/api/company/page', { params: { query: { ...cleanFilters({ ...filters }), ...page } } }),
    placeholderData: keepPreviousData,
  });
}

export function useCompany(id: number | undefined): UseQueryResult<Company> {
  return useQuery({
    queryKey: orgKeys.company(id ?? 0),
    queryFn: id === undefined ? skipToken : () => api.GET('/api/company/{id}', { params: { path: { id } } }),
  });
}

export const companyApi = {
  create: (body: CompanyInput): Promise<unknown> => api.POST('/api/company', { body }),
  update: (id: number, body: CompanyInput): Promise<unknown> =>
    api.PUT('/api/company', { body: { id, ...body } }),
  remove: (id: number): Promise<unknown> => api.DELETE('/api/company/{id}', { params: { path: { id } } }),
  uploadLogo: (id: number, file: File): Promise<ApiData<'post', '/api/company/{id}/logo'>> =>
    api.POST('/api/company/{id}/logo', {
      params: { path: { id } },
      body: { file },
      bodySerializer: multipart,
    }),
};

export function useUsers(filters: UserFilters, page: PageState): UseQueryResult<PageData<ManagedUser>> {
  return useQuery({
    queryKey: orgKeys.users(filters, page),
    queryFn: () =>
      api.GET('/api/user/page', { params: { query: { ...cleanFilters({ ...filters }), ...page } } }),
    placeholderData: keepPreviousData,
  });
}

export const userApi = {
  create: (body: UserCreate): Promise<unknown> => api.POST('/api/user', { body }),
  update: (body: UserUpdate): Promise<unknown> => api.PUT('/api/user', { body }),
  disable: (id: number): Promise<unknown> => api.PUT('/api/user/{id}/disable', { params: { path: { id } } }),
  enable: (id: number): Promise<unknown> => api.PUT('/api/user/{id}/enable', { params: { path: { id } } }),
  resetPassword: (id: number, password: string): Promise<unknown> =>
    api.PUT('/api/user/{id}/resetPassword', { params: { path: { id } }, body: { password } }),
};

export function useRoles(keyword: string, page: PageState): UseQueryResult<PageData<Role>> {
  return useQuery({
    queryKey: orgKeys.roles(keyword, page),
    queryFn: () =>
      api.GET('/api/role/page', { params: { query: { ...cleanFilters({ keyword }), ...page } } }),
    placeholderData: keepPreviousData,
  });
}

/** Roles the caller may hand out in `companyId` (default: their own company): private roles stay home. */
export function useRoleOptions(companyId?: number, enabled = true): UseQueryResult<RoleOption[]> {
  return useQuery({
    queryKey: orgKeys.roleOptions(companyId),
    queryFn: () => api.GET('/api/role/options', { params: { query: { companyId } } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePermissionTree(enabled = true): UseQueryResult<PermissionNode[]> {
  return useQuery({
    queryKey: orgKeys.permissionTree,
    queryFn: () => api.GET('/api/permission/tree'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const roleApi = {
  create: (body: RoleInput): Promise<unknown> => api.POST('/api/role', { body }),
  update: (id: number, body: RoleInput): Promise<unknown> => api.PUT('/api/role', { body: { id, ...body } }),
  remove: (id: number): Promise<unknown> => api.DELETE('/api/role/{id}', { params: { path: { id } } }),
};
