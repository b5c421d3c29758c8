import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { CatalogRepository } from './catalog.repository.js';
import { catalogRoutes } from './catalog.routes.js';
import { DefinitionsRepository } from './definitions.repository.js';
import { protocolRoutes } from './protocol.routes.js';
import { RegistryService } from './registry.service.js';

/** The device registry of the back office: protocol definitions, display groups, models and SN rules. */
export async function registryRoutes(api: FastifyInstance, opts: { db: Db }): Promise<void> {
  const registry = new RegistryService(new DefinitionsRepository(opts.db), new CatalogRepository(opts.db));
  await api.register(protocolRoutes, { registry });
  await api.register(catalogRoutes, { registry });
}
