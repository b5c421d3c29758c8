// Remote operations (docs/remote.md). THIS FILE IS A SKELETON on the s5b branches only: the helper building
// the remote module replaces every method; it never reaches main as is.
import type {
  FactoryResetBody,
  ForwardingAnswer,
  ForwardingConfig,
  ForwardingSettings,
  RegisterMapQuery,
  RegisterReadAnswer,
  RegisterReadBody,
  RegisterWriteAnswer,
  RegisterWriteBody,
  RemoteOutcome,
  RemoteRegisterMap,
  StorageSettings,
  StorageSettingsBody,
} from '@sunfleet/contracts';
import { Errors } from '../../lib/errors.js';
import type { Scope } from '../tenancy/scope.js';

/** Who asks, and the request's abort signal (a caller gone away stops waiting). */
export interface RemoteCaller {
  scope: Scope;
  userId: number;
  signal?: AbortSignal;
}

export class RemoteService {
  registerMap(_scope: Scope, _query: RegisterMapQuery): Promise<RemoteRegisterMap> {
    return Promise.reject(Errors.unavailable());
  }
  read(_caller: RemoteCaller, _body: RegisterReadBody): Promise<RegisterReadAnswer> {
    return Promise.reject(Errors.unavailable());
  }
  write(_caller: RemoteCaller, _body: RegisterWriteBody): Promise<RegisterWriteAnswer> {
    return Promise.reject(Errors.unavailable());
  }
  storage(_caller: RemoteCaller, _deviceId: number): Promise<StorageSettings> {
    return Promise.reject(Errors.unavailable());
  }
  setStorage(_caller: RemoteCaller, _deviceId: number, _body: StorageSettingsBody): Promise<StorageSettings> {
    return Promise.reject(Errors.unavailable());
  }
  forwarding(_scope: Scope, _gatewayId: number): Promise<ForwardingSettings> {
    return Promise.reject(Errors.unavailable());
  }
  setForwarding(
    _caller: RemoteCaller,
    _gatewayId: number,
    _body: ForwardingConfig,
  ): Promise<ForwardingAnswer> {
    return Promise.reject(Errors.unavailable());
  }
  factoryReset(_caller: RemoteCaller, _body: FactoryResetBody): Promise<RemoteOutcome> {
    return Promise.reject(Errors.unavailable());
  }
}
