import {
  Currency,
  CurrencyBody,
  CurrencyCodeParams,
  CurrencyPageQuery,
  Page,
  Perm,
  type AuditAction,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { ReferenceService } from './reference.service.js';

const tags = ['reference'];
const writeConfig = (action: AuditAction) => ({
  perm: [Perm.referenceUpdate],
  audit: { action, target: 'currency' },
});

export const currencyRoutes: FastifyPluginAsyncTypebox<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/currency/page',
    {
      schema: {
        tags,
        summary: 'Currencies with their exchange rate per USD (any logged-in user, for pickers)',
        querystring: CurrencyPageQuery,
        response: responses(Page(Currency)),
      },
    },
    async (request) => ok(await reference.currencyPage(request.query)),
  );

  app.post(
    '/currency',
    {
      config: writeConfig('currency.create'),
      schema: {
        tags,
        summary: 'Add a currency (platform, reference:update); 4009 when the code exists',
        body: CurrencyBody,
        response: responses(Currency),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.code.toUpperCase() };
      const currency = await reference.createCurrency(await app.scopeOf(request), request.body);
      request.auditDetail = {
        targetId: currency.code,
        name: currency.name,
        exchangeRate: currency.exchangeRate,
      };
      return ok(currency);
    },
  );

  app.put(
    '/currency',
    {
      config: writeConfig('currency.update'),
      schema: {
        tags,
        summary: 'Change the name or exchange rate of the currency with this code',
        body: CurrencyBody,
        response: responses(Currency),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.code.toUpperCase() };
      const currency = await reference.updateCurrency(await app.scopeOf(request), request.body);
      request.auditDetail = {
        targetId: currency.code,
        name: currency.name,
        exchangeRate: currency.exchangeRate,
      };
      return ok(currency);
    },
  );

  app.delete(
    '/currency/:code',
    {
      config: writeConfig('currency.delete'),
      schema: {
        tags,
        summary: 'Delete a currency; 4000 CurrencyInUse while a region uses it',
        params: CurrencyCodeParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.code.toUpperCase() };
      await reference.deleteCurrency(await app.scopeOf(request), request.params.code);
      return ok(null);
    },
  );
};
