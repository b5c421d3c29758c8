// The fault-code catalogue: platform reference data shared by every tenant. Reads need the route's
// permission (alarm:view); writes faultCode:update and a platform account, as the device registry.
import {
  FaultCodeLimits,
  FaultCodeMessage,
  pageWindow,
  type FaultCode,
  type FaultCodeBody,
  type FaultCodeExportQuery,
  type FaultCodeImportResult,
  type FaultCodeQuery,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { Errors } from '../../lib/errors.js';
import { requirePlatform } from '../reference/reference.service.js';
import {
  invalidField,
  pgErrorCode,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
} from '../reference/sql-helpers.js';
import type { Scope } from '../tenancy/scope.js';
import { FaultCodesRepository, type FaultCodeValues } from './fault-codes.repository.js';
import { checkRows, faultCodeWorkbook, readFaultCodeSheet, rowProblemsError } from './fault-codes.xlsx.js';

const exists = () => Errors.exists(FaultCodeMessage.exists);

export class FaultCodesService {
  private readonly repo: FaultCodesRepository;

  constructor(db: Db) {
    this.repo = new FaultCodesRepository(db);
  }

  page(query: FaultCodeQuery): Promise<{ total: number; list: FaultCode[] }> {
    return this.repo.page(query, pageWindow(query));
  }

  async get(id: number): Promise<FaultCode> {
    const entry = await this.repo.get(id);
    if (entry === null) throw Errors.notFound();
    return entry;
  }

  async create(scope: Scope, body: FaultCodeBody): Promise<number> {
    requirePlatform(scope);
    const values = await this.checked(body);
    return this.guarded(() => this.repo.insert(values));
  }

  async update(scope: Scope, id: number, body: FaultCodeBody): Promise<void> {
    requirePlatform(scope);
    const values = await this.checked(body);
    const found = await this.guarded(() => this.repo.update(id, values));
    if (!found) throw Errors.notFound();
  }

  async delete(scope: Scope, id: number): Promise<void> {
    requirePlatform(scope);
    if (!(await this.repo.delete(id))) throw Errors.notFound();
  }

  async export(query: FaultCodeExportQuery): Promise<{ filename: string; bytes: Buffer }> {
    const entries = await this.repo.list(query, FaultCodeLimits.exportRowsMax);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return { filename: `fault-codes-${stamp}.xlsx`, bytes: await faultCodeWorkbook(entries) };
  }

  /** All or nothing: every row is checked first; any problem answers 4000 listing them and stores nothing. */
  async import(scope: Scope, filename: string, bytes: Buffer): Promise<FaultCodeImportResult> {
    requirePlatform(scope);
    const rows = await readFaultCodeSheet(filename, bytes);
    const { values, problems } = checkRows(rows, await this.repo.scopes());
    if (problems.length > 0) throw rowProblemsError(problems);
    // A model or definition deleted between the check and the write: the transaction fails as a whole.
    return this.guarded(() => this.repo.importAll(values));
  }

  /** Beyond the schema: at most one scope, and it exists; the English description is not blank. */
  private async checked(body: FaultCodeBody): Promise<FaultCodeValues> {
    const modelId = body.modelId ?? null;
    const definitionId = body.definitionId ?? null;
    if (modelId !== null && definitionId !== null)
      throw invalidField(
        'body.definitionId',
        FaultCodeMessage.scopeInvalid,
        'give a model or a definition, not both',
      );
    if (modelId !== null && !(await this.repo.modelExists(modelId)))
      throw invalidField('body.modelId', FaultCodeMessage.modelUnknown, 'no such device model');
    if (definitionId !== null && !(await this.repo.definitionExists(definitionId)))
      throw invalidField(
        'body.definitionId',
        FaultCodeMessage.definitionUnknown,
        'no such protocol definition',
      );
    if (body.texts.EN.description.trim() === '')
      throw invalidField(
        'body.texts.EN.description',
        FaultCodeMessage.descriptionRequired,
        'the English description is required',
      );
    const trim = (t: FaultCodeBody['texts']['EN']) => ({
      description: t.description.trim(),
      cause: t.cause.trim(),
      handling: t.handling.trim(),
    });
    return {
      modelId,
      definitionId,
      code: body.code,
      level: body.level,
      texts: {
        CN: trim(body.texts.CN),
        EN: trim(body.texts.EN),
        DE: trim(body.texts.DE),
        ITA: trim(body.texts.ITA),
      },
    };
  }

  private async guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === PG_UNIQUE_VIOLATION) throw exists();
      if (code === PG_FOREIGN_KEY_VIOLATION)
        throw invalidField('body', FaultCodeMessage.modelUnknown, 'the model or definition no longer exists');
      throw error;
    }
  }
}
