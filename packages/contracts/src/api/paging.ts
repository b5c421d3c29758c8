import { Type, type Static, type TArray, type TInteger, type TObject, type TSchema } from 'typebox';
import { Limits } from '../limits.js';

/** Query fields every paged list accepts: 1-based page number and page size. */
export const PageQueryFields = {
  pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.pageSizeMax, default: 20 })),
};
export const PageQuery = Type.Object(PageQueryFields);
export type PageQuery = Static<typeof PageQuery>;

export type TPage<T extends TSchema> = TObject<{ total: TInteger; list: TArray<T> }>;

/** A page of a list: the total count matching the filters, and this page's items. */
export function Page<T extends TSchema>(item: T): TPage<T> {
  return Type.Object({ total: Type.Integer({ minimum: 0 }), list: Type.Array(item) });
}

/** Offset and limit of a page query, with the defaults applied. */
export function pageWindow(query: { pageNum?: number; pageSize?: number }): {
  offset: number;
  limit: number;
} {
  const size = Math.min(query.pageSize ?? 20, Limits.pageSizeMax);
  return { offset: ((query.pageNum ?? 1) - 1) * size, limit: size };
}

/** An instant as epoch milliseconds (up to the year 2286). */
export const EpochMs = Type.Integer({
  minimum: 0,
  maximum: 9_999_999_999_999,
  description: 'Epoch milliseconds',
});
