import { randomBytes } from 'node:crypto';
import {
  AUTHORIZATION_CODE_PATTERN,
  COMPANY_PHONE_PATTERN,
  OrgMessage,
  isBlank,
  pageWindow,
  validateRequired,
  type Company,
  type CompanyCreateBody,
  type CompanyQuery,
  type CompanyTreeNode,
  type CompanyUpdateBody,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { Errors } from '../../lib/errors.js';
import { companySubtree, scopeIncludesCompany } from '../tenancy/scope.js';
import { parentTypeAllowed, type Caller } from './access.js';
import type { CompaniesRepository, CompanyRow, CompanyValues } from './companies.repository.js';
import { assertFields, optionalText } from './field-rules.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh authorization code: 10 characters of an unambiguous alphabet (~50 bits). */
function newAuthorizationCode(): string {
  return Array.from(randomBytes(10), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

function buildTree(rows: readonly CompanyRow[]): CompanyTreeNode[] {
  const nodes = new Map<number, CompanyTreeNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: CompanyTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const up = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (up) up.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export class CompaniesService {
  constructor(
    private readonly db: Db,
    private readonly repo: CompaniesRepository,
  ) {}

  page(caller: Caller, query: CompanyQuery): Promise<{ total: number; list: Company[] }> {
    return this.repo.page(caller.scope, query, pageWindow(query));
  }

  /** The reachable companies as a tree: the platform's for platform staff, else the caller's subtree. */
  async tree(caller: Caller): Promise<CompanyTreeNode[]> {
    return buildTree(await this.repo.all(caller.scope));
  }

  async detail(caller: Caller, id: number): Promise<Company> {
    const company = await this.repo.detail(caller.scope, id);
    if (!company) throw Errors.notFound();
    return company;
  }

  async create(caller: Caller, body: CompanyCreateBody): Promise<number> {
    this.checkFields(body);
    const parent = await this.reachableParent(caller, body.parentId);
    if (!parentTypeAllowed(body.type, parent.type)) this.parentInvalid();
    let code = body.authorizationCode;
    if (isBlank(code)) {
      do code = newAuthorizationCode();
      while (await this.repo.authorizationCodeTaken(code, null));
    } else if (await this.repo.authorizationCodeTaken(code, null)) {
      throw Errors.exists(OrgMessage.authorizationCodeExists);
    }
    return this.repo.insert(this.values(body, code));
  }

  async update(caller: Caller, body: CompanyUpdateBody): Promise<void> {
    this.checkFields(body);
    const current = await this.repo.row(caller.scope, body.id);
    if (!current) throw Errors.notFound();
    if (current.type === 'PLATFORM') throw Errors.invalid(OrgMessage.platformCompanyFixed);
    const ownCompany = current.id === caller.session.companyId;
    if (body.parentId !== current.parentId) {
      // Moving a company: the new parent must be reachable, and not the company itself or below it.
      const parent = await this.reachableParent(caller, body.parentId);
      if ((await companySubtree(this.db, current.id)).includes(parent.id)) this.parentInvalid();
      if (!parentTypeAllowed(body.type, parent.type)) this.parentInvalid();
    } else if (body.type !== current.type) {
      // The unchanged parent may lie above the caller's reach (their own company's superior).
      const parentType = await this.repo.typeOf(body.parentId);
      if (!parentType || !parentTypeAllowed(body.type, parentType)) this.parentInvalid();
    }
    if (body.type !== current.type) {
      // Staff cannot promote or demote their own company: that is for someone above them.
      if (ownCompany && caller.scope.kind !== 'platform') throw Errors.invalid(OrgMessage.ownCompanyFixed);
      const childTypes = await this.repo.childTypes(current.id);
      if (childTypes.some((child) => !parentTypeAllowed(child, body.type)))
        throw Errors.invalid(OrgMessage.companyTypeInvalid, [
          { field: 'body.type', rule: OrgMessage.companyTypeInvalid, message: 'children no longer fit' },
        ]);
    }
    // Leaving the code out keeps the current one: owners may already be signing up with it.
    let code = body.authorizationCode;
    if (isBlank(code)) code = (await this.repo.authorizationCode(current.id)) ?? newAuthorizationCode();
    else if (await this.repo.authorizationCodeTaken(code, current.id))
      throw Errors.exists(OrgMessage.authorizationCodeExists);
    await this.repo.update(current.id, this.values(body, code));
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const current = await this.repo.row(caller.scope, id);
    if (!current) throw Errors.notFound();
    if (current.type === 'PLATFORM') throw Errors.invalid(OrgMessage.platformCompanyFixed);
    if (!(await this.repo.deleteIfEmpty(id))) throw Errors.invalid(OrgMessage.companyNotEmpty);
  }

  private async reachableParent(caller: Caller, parentId: number): Promise<CompanyRow> {
    const parent = scopeIncludesCompany(caller.scope, parentId)
      ? await this.repo.row(caller.scope, parentId)
      : null;
    if (!parent) throw Errors.notFound();
    return parent;
  }

  private parentInvalid(): never {
    throw Errors.invalid(OrgMessage.companyParentInvalid, [
      { field: 'body.parentId', rule: OrgMessage.companyParentInvalid, message: 'parent type or cycle' },
    ]);
  }

  private checkFields(body: CompanyCreateBody): void {
    const phone = optionalText(body.phone);
    const code = body.authorizationCode;
    assertFields([
      ['name', validateRequired(body.name)],
      [
        'phone',
        phone === null || new RegExp(COMPANY_PHONE_PATTERN, 'u').test(phone)
          ? null
          : OrgMessage.companyPhoneInvalid,
      ],
      [
        'authorizationCode',
        isBlank(code) || new RegExp(AUTHORIZATION_CODE_PATTERN, 'u').test(code)
          ? null
          : OrgMessage.authorizationCodeInvalid,
      ],
    ]);
  }

  private values(body: CompanyCreateBody, authorizationCode: string): CompanyValues {
    return {
      type: body.type,
      parentId: body.parentId,
      name: body.name.trim(),
      phone: optionalText(body.phone),
      description: optionalText(body.description),
      address: optionalText(body.address),
      authorizationCode,
    };
  }
}
