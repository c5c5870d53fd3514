import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { rememberSessionAddress } from '../fraud/service';
import { refreshProfileCompletion } from '../notifications/service';
import { userSchema } from '../users/service';
import { toUserResponse } from '../users/service';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http-error';
import { currentSession, currentUser, requireAuth } from '../../platform/auth-guard';
import { revokeAllTokens, revokeToken } from './sessions';
import {
  completeProfileBody,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  registerBody,
  registerSimplifiedBody,
  resetPasswordBody,
  tokenResponse,
  updateProfileBody,
  verifyEmailBody,
} from './schema';
import {
  afterRegistration,
  EMAIL_VERIFIED_MESSAGE,
  resendVerification,
  VERIFICATION_SENT_MESSAGE,
  verifyEmail,
} from './email-verification';
import { errorResponse } from '../../platform/error-schema';
import * as auth from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  409: errorResponse,
  422: errorResponse,
};
const limited = { 429: errorResponse };
const registered = z.union([tokenResponse, z.object({ message: z.string(), user: userSchema })]);

/**
 * Runs a password check (login, the profile's current password) under the guessing limits: refused with 429
 * while the account is locked on this address, or while the account's own count is reached and this address
 * never signed in to it; a wrong password counts against both.
 */
async function passwordAttempt<T>(ctx: AppContext, request: FastifyRequest, attempt: () => Promise<T>) {
  const { loginPerAccountAndAddress, loginPerAccount } = ctx.limits;
  await loginPerAccountAndAddress.check(request);
  await loginPerAccount.check(request);
  try {
    return await attempt();
  } catch (err) {
    if (err instanceof auth.WrongPasswordError) {
      await loginPerAccountAndAddress.hit(request);
      await loginPerAccount.hit(request);
    }
    throw err;
  }
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The confirmation mail goes out after the answer: a mail server's hiccup does not fail the registration. */
function confirmAddressLater(ctx: AppContext, request: FastifyRequest, userId: string) {
  const origin = originOf(request);
  ctx.background.run('e-mail confirmation mail', () => afterRegistration(ctx, userId, origin));
}

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const authed = requireAuth(ctx);

  app.get(
    '/auth/me',
    {
      onRequest: authed,
      // the one auth route an API key may call: who it acts for (the rest are the account's own)
      config: { apiKey: 'general' },
      schema: { tags: ['auth'], response: { 200: userSchema, 401: errorResponse } },
    },
    async (request) => toUserResponse(currentUser(request)),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: loginBody,
        security: [],
        response: { 200: tokenResponse, ...limited, ...errors },
      },
    },
    async (request) => {
      // a locked account stays locked for the right password too, on the address that failed
      await ctx.limits.loginPerAddress.check(request);
      try {
        const signedIn = await passwordAttempt(ctx, request, () => auth.login(ctx, request.body));
        ctx.limits.knownAddresses.remember(request.body.email.toLowerCase(), request.ip);
        // the fraud rules compare conversions' addresses with their publisher's sign-ins
        await rememberSessionAddress(ctx.db, signedIn.user.id, request.ip);
        return signedIn;
      } catch (err) {
        if (err instanceof auth.WrongPasswordError) await ctx.limits.loginPerAddress.hit(request);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: authed,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the token of this request',
        response: { 204: z.null(), 401: errorResponse },
      },
    },
    async (request, reply) => {
      await revokeToken(ctx.db, currentSession(request), currentUser(request).user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: authed,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: revokes every token of the user, this one included',
        response: { 204: z.null(), 401: errorResponse },
      },
    },
    async (request, reply) => {
      await revokeAllTokens(ctx.db, currentUser(request).user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        body: registerBody,
        security: [],
        response: { 201: registered, ...limited, ...errors },
      },
    },
    async (request, reply) => {
      await ctx.limits.registerPerAddress.hit(request);
      const result = await auth.register(ctx, request.body);
      confirmAddressLater(ctx, request, result.body.user.id);
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/auth/register-simplified',
    {
      schema: {
        tags: ['auth'],
        body: registerSimplifiedBody,
        security: [],
        response: { 201: registered, ...limited, ...errors },
      },
    },
    async (request, reply) => {
      await ctx.limits.registerPerAddress.hit(request);
      const result = await auth.registerSimplified(ctx, request.body);
      confirmAddressLater(ctx, request, result.body.user.id);
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/auth/complete-profile',
    {
      onRequest: authed,
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
      onRequest: authed,
      schema: {
        tags: ['auth'],
        description:
          'Changing the password (`current_password` + `new_password`) signs out every session and answers a fresh `access_token` beside the user.',
        body: updateProfileBody,
        response: {
          200: userSchema.extend({ access_token: z.string().optional() }),
          ...limited,
          ...errors,
        },
      },
    },
    async (request) => {
      const update = () => auth.updateProfile(ctx, currentUser(request), request.body);
      // the current password is guessed like a login (a stolen session must not learn the password)
      const user =
        request.body.new_password === undefined
          ? await update()
          : await passwordAttempt(ctx, request, update);
      await refreshProfileCompletion(ctx.db, user.id, request.log);
      return user;
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Follows an e-mailed confirmation link: confirms the address of the account it was sent to',
        body: verifyEmailBody,
        security: [],
        response: { 200: messageResponse, ...limited, ...errors },
      },
    },
    async (request) => {
      // a guessed token is as good as a reset token's: the same per-address limit on failures
      await ctx.limits.resetPasswordPerAddress.check(request);
      try {
        await verifyEmail(ctx, request.body.token);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 400)
          await ctx.limits.resetPasswordPerAddress.hit(request);
        throw err;
      }
      return { message: EMAIL_VERIFIED_MESSAGE };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      onRequest: authed,
      schema: {
        tags: ['auth'],
        summary: 'Sends the signed-in user a new e-mail confirmation link (earlier links stop working)',
        response: { 200: messageResponse, ...limited, ...errors },
      },
    },
    async (request) => {
      const { user } = currentUser(request);
      await ctx.limits.resendVerificationPerAccount.hit(request);
      await resendVerification(ctx, user, originOf(request));
      return { message: VERIFICATION_SENT_MESSAGE };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        body: forgotPasswordBody,
        security: [],
        response: { 200: messageResponse, ...limited, ...errors },
      },
    },
    async (request) => {
      await ctx.limits.forgotPasswordPerAddress.hit(request);
      await ctx.limits.forgotPasswordPerEmail.hit(request);
      const origin = `${request.protocol}://${request.host}`;
      // looked up and mailed after the answer: a known and an unknown e-mail take the same time, and the
      // answer never says whether the account exists, nor that the mail server failed
      ctx.background.run('password reset mail', () => auth.forgotPassword(ctx, request.body.email, origin));
      return { message: auth.FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        body: resetPasswordBody,
        security: [],
        response: { 200: messageResponse, ...limited, ...errors },
      },
    },
    async (request) => {
      await ctx.limits.resetPasswordPerAddress.check(request);
      try {
        await auth.resetPassword(ctx, request.body);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 400)
          await ctx.limits.resetPasswordPerAddress.hit(request);
        throw err;
      }
      return { message: auth.RESET_PASSWORD_MESSAGE };
    },
  );
};
