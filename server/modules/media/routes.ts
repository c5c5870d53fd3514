import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { HttpError, unprocessable } from '../../platform/http-error';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { errorResponse } from '../../platform/error-schema';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { getSettings } from '../../platform/settings';
import { listMediaQuery, mediaLimitsSchema, mediaSchema, uploadBody, type Media } from './schema';
import * as mediaService from './service';
import type { MediaStorage } from './storage';

/** `filename*` (RFC 5987) carries any name; the plain `filename` fallback keeps to ASCII. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; storage: MediaStorage }> = async (
  app,
  { ctx, storage },
) => {
  app.addHook('onRequest', requireAuth(ctx));
  // multipart bodies are accepted by this plugin's routes only; the size cap is set per upload
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
  const tags = ['media'];

  app.get(
    '/media',
    {
      schema: {
        tags,
        summary: 'The caller’s media library (newest first), or the creatives of `campaign_id` they may use',
        querystring: listMediaQuery,
        response: { 200: z.array(mediaSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await mediaService.listMedia(ctx.db, currentUser(request).user, request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/media/limits',
    {
      schema: {
        tags,
        summary: 'What an upload may be: the size cap (admin setting) and the accepted types',
        response: { 200: mediaLimitsSchema, ...resourceErrors },
      },
    },
    async () => mediaService.getLimits(ctx.db),
  );

  app.post(
    '/media/upload',
    {
      schema: {
        tags,
        summary: 'Upload one file (multipart field `file`); the type is read from its bytes',
        description:
          'PNG, JPEG, WebP, GIF, PDF or MP4 up to the admin setting max_upload_bytes. SVG, HTML and ' +
          'anything else: 415; over the cap: 413; an image that does not decode: 422. Nothing is ' +
          'stored unless the whole upload is accepted.',
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: { 201: mediaSchema, 413: errorResponse, 415: errorResponse, ...resourceErrors },
      },
      // the body is a stream read by the handler, not JSON: the schema above documents it only
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Send the file as multipart/form-data in a field named "file".');
      }
      const { maxUploadBytes } = await getSettings(ctx.db);
      const part = await request.file({ limits: { fileSize: maxUploadBytes }, throwFileSizeLimit: false });
      if (!part) throw unprocessable('file: no file was sent; send it in a field named "file"');
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw unprocessable(`file: the file must be sent in a field named "file", not "${part.fieldname}"`);
      }
      const media = await mediaService.uploadMedia(ctx.db, storage, currentUser(request).user, {
        filename: part.filename,
        stream: part.file,
        truncated: () => part.file.truncated,
      });
      return reply.code(201).send(media);
    },
  );

  app.get(
    '/media/:id',
    { schema: { tags, params: idParams, response: { 200: mediaSchema, ...resourceErrors } } },
    async (request) => mediaService.getMedia(ctx.db, currentUser(request).user, request.params.id),
  );

  const sendBytes = async (
    reply: FastifyReply,
    opened: { media: Media; contentType: string; stream: NodeJS.ReadableStream },
    variant: 'file' | 'thumbnail',
  ) =>
    reply
      .header('Content-Type', opened.contentType)
      .header(
        'Content-Disposition',
        variant === 'file' ? contentDisposition(opened.media.filename) : 'inline',
      )
      // the bytes behind an id never change; only this user's browser may keep them
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(opened.stream);

  const bytesSchema = (what: string) => ({
    tags,
    summary: what,
    params: idParams,
    response: { 200: z.any().meta({ description: 'the bytes' }), ...resourceErrors },
  });

  app.get(
    '/media/:id/file',
    {
      schema: bytesSchema(
        'The file, as an attachment (owner, admins, approved publishers of a campaign using it)',
      ),
    },
    async (request, reply) => {
      const opened = await mediaService.openMedia(
        ctx.db,
        storage,
        currentUser(request).user,
        request.params.id,
        'file',
      );
      return sendBytes(reply, opened, 'file');
    },
  );

  app.get(
    '/media/:id/thumbnail',
    { schema: bytesSchema('A WebP preview of an image, at most 320 px on each side') },
    async (request, reply) => {
      const opened = await mediaService.openMedia(
        ctx.db,
        storage,
        currentUser(request).user,
        request.params.id,
        'thumbnail',
      );
      return sendBytes(reply, opened, 'thumbnail');
    },
  );

  app.delete(
    '/media/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...resourceErrors } } },
    async (request, reply) => {
      await mediaService.deleteMedia(ctx.db, storage, currentUser(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
