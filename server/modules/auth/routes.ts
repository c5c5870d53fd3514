import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { refreshProfileCompletion } from '../notifications/service';
import { userSchema } from '../users/schema';
import { toUserResponse } from '../users/service';
import { currentUser, requireAuth } from './guard';
import {
  completeProfileBody,
  errorResponse,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  registerBody,
  registerSimplifiedBody,
  resetPasswordBody,
  tokenResponse,
  updateProfileBody,
} from './schema';
import * as auth from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  409: errorResponse,
  422: errorResponse,
};
const registered = z.union([tokenResponse, z.object({ message: z.string(), user: userSchema })]);

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const authed = requireAuth(ctx);

  app.get(
    '/auth/me',
    { preHandler: authed, schema: { tags: ['auth'], response: { 200: userSchema, 401: errorResponse } } },
    async (request) => toUserResponse(currentUser(request)),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: loginBody,
        response: { 200: tokenResponse, 429: errorResponse, ...errors },
      },
    },
    async (request) => auth.login(ctx, request.body, request.ip),
  );

  app.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: registerBody, response: { 201: registered, ...errors } } },
    async (request, reply) => {
      const result = await auth.register(ctx, request.body);
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/auth/register-simplified',
    { schema: { tags: ['auth'], body: registerSimplifiedBody, response: { 201: registered, ...errors } } },
    async (request, reply) => {
      const result = await auth.registerSimplified(ctx, request.body);
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/auth/complete-profile',
    {
      preHandler: authed,
      schema: { tags: ['auth'], body: completeProfileBody, response: { 200: userSchema, ...errors } },
    },
    async (request) => {
      const user = await auth.completeProfile(ctx, currentUser(request), request.body);
      // a filled field drops its profile-completion notification
      await refreshProfileCompletion(ctx.db, user.id, request.log);
      return user;
    },
  );

  app.put(
    '/auth/profile',
    {
      preHandler: authed,
      schema: { tags: ['auth'], body: updateProfileBody, response: { 200: userSchema, ...errors } },
    },
    async (request) => {
      const user = await auth.updateProfile(ctx, currentUser(request), request.body);
      await refreshProfileCompletion(ctx.db, user.id, request.log);
      return user;
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      try {
        await auth.forgotPassword(ctx, request.body.email, origin);
      } catch (err) {
        // the answer never says whether the account exists, nor that the mail server failed
        request.log.error({ err }, 'password reset mail failed');
      }
      return { message: auth.FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await auth.resetPassword(ctx, request.body);
      return { message: auth.RESET_PASSWORD_MESSAGE };
    },
  );
};
