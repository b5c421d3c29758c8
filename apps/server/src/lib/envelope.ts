import {
  Envelope,
  ErrorEnvelope,
  MessageKey,
  Status,
  type EnvelopeOf,
  type TEnvelope,
} from '@sunfleet/contracts';
import type { TSchema } from 'typebox';

/** Wraps a successful result in the response envelope. */
export function ok<T>(data: T, enMsg: string = MessageKey.OK): EnvelopeOf<T> {
  return { status: Status.OK, enMsg, data };
}

/** The response schemas of a route: the envelope around `data` on success, the error envelope otherwise. */
export function responses<T extends TSchema>(
  data: T,
): {
  200: TEnvelope<T>;
  '4xx': typeof ErrorEnvelope;
  '5xx': typeof ErrorEnvelope;
} {
  return {
    200: Envelope(data),
    '4xx': ErrorEnvelope,
    '5xx': ErrorEnvelope,
  } as const;
}
