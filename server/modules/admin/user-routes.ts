import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser } from '../../platform/auth-guard';
import {
  adminUserDetailSchema,
  adminUserSchema,
  changeRoleBody,
  createUserBody,
  listUsersQuery,
  suspendBody,
} from './schema';
import * as admin from './service';

const requestInfo = (request: FastifyRequest): admin.RequestInfo => ({
  origin: `${request.protocol}://${request.host}`,
  log: request.log,
});

/** Account management (the admin-advertisers and admin-publishers screens); admin-only via the parent plugin. */
export const adminUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['admin'];
  const ok = { 200: adminUserSchema, ...resourceErrors };

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        querystring: listUsersQuery,
        response: { 200: z.array(adminUserSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await admin.listUsers(ctx.db, request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/admin/users',
    { schema: { tags, body: createUserBody, response: { 201: adminUserSchema, ...resourceErrors } } },
    async (request, reply) => {
      const created = await admin.createUser(
        ctx,
        currentUser(request).user,
        request.body,
        requestInfo(request),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/admin/users/:id',
    { schema: { tags, params: idParams, response: { 200: adminUserDetailSchema, ...resourceErrors } } },
    async (request) => admin.getUserDetail(ctx.db, request.params.id),
  );

  app.post(
    '/admin/users/:id/approve',
    { schema: { tags, params: idParams, response: ok } },
    async (request) =>
      admin.approveUser(ctx, currentUser(request).user, request.params.id, requestInfo(request)),
  );

  app.post(
    '/admin/users/:id/suspend',
    { schema: { tags, params: idParams, body: suspendBody, response: ok } },
    async (request) =>
      admin.suspendUser(ctx, currentUser(request).user, request.params.id, request.body?.reason),
  );

  app.post(
    '/admin/users/:id/activate',
    { schema: { tags, params: idParams, response: ok } },
    async (request) =>
      admin.activateUser(ctx, currentUser(request).user, request.params.id, requestInfo(request)),
  );

  app.post(
    '/admin/users/:id/role',
    { schema: { tags, params: idParams, body: changeRoleBody, response: ok } },
    async (request) =>
      admin.changeRole(
        ctx,
        currentUser(request).user,
        request.params.id,
        request.body.role,
        requestInfo(request),
      ),
  );
};
