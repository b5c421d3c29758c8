import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { CompaniesRepository } from './companies.repository.js';
import { companyRoutes } from './companies.routes.js';
import { CompaniesService } from './companies.service.js';
import { RolesRepository } from './roles.repository.js';
import { roleRoutes } from './roles.routes.js';
import { RolesService } from './roles.service.js';
import { UserAdminRepository } from './users.repository.js';
import { userRoutes } from './users.routes.js';
import { UserAdminService } from './users.service.js';

/** Companies, account management, roles and the permission catalogue (Step 2a items 1–4). */
export async function organisationRoutes(
  api: FastifyInstance,
  opts: { db: Db; clock: Clock },
): Promise<void> {
  const { db, clock } = opts;
  const companiesRepo = new CompaniesRepository(db);
  const roles = new RolesService(db, new RolesRepository(db));
  await api.register(companyRoutes, { companies: new CompaniesService(db, companiesRepo) });
  await api.register(roleRoutes, { roles });
  await api.register(userRoutes, {
    users: new UserAdminService(
      new UserAdminRepository(db),
      companiesRepo,
      roles,
      new SessionsRepository(db),
      clock,
    ),
  });
}
