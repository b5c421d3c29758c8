import { Type, type Static, type TInteger, type TObject, type TSchema, type TString } from 'typebox';

/** The envelope every `/api` response travels in (SPEC §7). */
export type TEnvelope<T extends TSchema> = TObject<{ status: TInteger; enMsg: TString; data: T }>;

export function Envelope<T extends TSchema>(data: T): TEnvelope<T> {
  return Type.Object({
    status: Type.Integer({ description: 'Status code: 200 on success, otherwise an error code' }),
    enMsg: Type.String({ description: 'Translation key of the message shown to the user' }),
    data,
  });
}

/** One failing field of an invalid input (status 4000). */
export const FieldError = Type.Object({
  field: Type.String({ description: 'Path of the failing field, e.g. body.username' }),
  rule: Type.String({ description: 'Translation key naming the rule that failed' }),
  message: Type.String({ description: 'English explanation for developers' }),
});
export type FieldError = Static<typeof FieldError>;

export const ErrorEnvelope = Type.Object({
  status: Type.Integer(),
  enMsg: Type.String(),
  data: Type.Union([Type.Null(), Type.Array(FieldError)]),
  requestId: Type.Optional(Type.String()),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export interface EnvelopeOf<T> {
  status: number;
  enMsg: string;
  data: T;
}
