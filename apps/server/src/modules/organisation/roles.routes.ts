import {
  IdParams,
  PERMISSION_TREE,
  Page,
  Perm,
  PermissionNodeSchema,
  Role,
  RoleCreateBody,
  RoleOption,
  RoleOptionsQuery,
  RoleQuery,
  RoleUpdateBody,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { callerOf } from './access.js';
import type { RolesService } from './roles.service.js';

const tags = ['organisation'];
const Created = Type.Object({ id: Type.Integer() });

export const roleRoutes: FastifyPluginAsyncTypebox<{ roles: RolesService }> = async (app, { roles }) => {
  app.get(
    '/permission/tree',
    {
      config: { perm: [Perm.roleView, Perm.roleCreate, Perm.roleUpdate] },
      schema: {
        tags,
        summary: 'The permission catalogue: menu (1) → page (2) → section (3) → action (4)',
        description: 'Page and action codes grant access; menu: and section: codes only group them.',
        response: responses(Type.Array(PermissionNodeSchema)),
      },
    },
    async () => ok([...PERMISSION_TREE]),
  );

  app.get(
    '/role/page',
    {
      config: { perm: [Perm.roleView] },
      schema: {
        tags,
        summary: 'Roles you can see: those of your subtree and the public ones handed down from above',
        querystring: RoleQuery,
        response: responses(Page(Role)),
      },
    },
    async (request) => ok(await roles.page(await callerOf(app, request), request.query)),
  );

  app.get(
    '/role/options',
    {
      config: { perm: [Perm.accountCreate, Perm.accountUpdate] },
      schema: {
        tags,
        summary: 'Roles you may give a user of a company (default: your own company)',
        querystring: RoleOptionsQuery,
        response: responses(Type.Array(RoleOption)),
      },
    },
    async (request) => ok(await roles.options(await callerOf(app, request), request.query.companyId)),
  );

  app.get(
    '/role/:id',
    {
      config: { perm: [Perm.roleView] },
      schema: {
        tags,
        summary: 'One role (4004 when it does not exist or you cannot see it)',
        params: IdParams,
        response: responses(Role),
      },
    },
    async (request) => ok(await roles.detail(await callerOf(app, request), request.params.id)),
  );

  app.post(
    '/role',
    {
      config: { perm: [Perm.roleCreate], audit: { action: 'role.create', target: 'role' } },
      schema: {
        tags,
        summary: 'Create a role of your company with permissions you hold yourself',
        description:
          'Codes outside the catalogue answer 4000 UnknownPermission; codes you lack 4003 PermissionNotHeld.',
        body: RoleCreateBody,
        response: responses(Created),
      },
    },
    async (request) => {
      const { name, roleType, visibility } = request.body;
      request.auditDetail = { name, roleType, visibility };
      const id = await roles.create(await callerOf(app, request), request.body);
      request.auditDetail = {
        targetId: id,
        name,
        roleType,
        visibility,
        permissions: request.body.permissions.length,
      };
      return ok({ id });
    },
  );

  app.put(
    '/role',
    {
      config: { perm: [Perm.roleUpdate], audit: { action: 'role.update', target: 'role' } },
      schema: {
        tags,
        summary: 'Change a role of your subtree; of a built-in role the platform may change only `disabled`',
        body: RoleUpdateBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const { id, name, disabled } = request.body;
      request.auditDetail = { targetId: id, name, disabled: disabled ?? false };
      await roles.update(await callerOf(app, request), request.body);
      return ok(null);
    },
  );

  app.delete(
    '/role/:id',
    {
      config: { perm: [Perm.roleDelete], audit: { action: 'role.delete', target: 'role' } },
      schema: {
        tags,
        summary: 'Delete a custom role nobody holds (else 4000 RoleInUse)',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await roles.remove(await callerOf(app, request), request.params.id);
      return ok(null);
    },
  );
};
