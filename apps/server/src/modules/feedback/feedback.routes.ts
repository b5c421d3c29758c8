// Comments and feedback (docs/feedback.md): CRUD under /api/feedback. Every logged-in user may send
// feedback and follow their own; staff with feedback:answer answer and move the feedback of users in their
// scope. A foreign id answers 4004 like a missing one. The guest writes nothing (4003, auth plugin).
import {
  ErrorEnvelope,
  FeedbackCreateFields,
  FeedbackDetail,
  FeedbackIdParams,
  FeedbackLimits,
  FeedbackMessageFields,
  FeedbackPageQuery,
  FeedbackScreenshotParams,
  FeedbackStateBody,
  FeedbackView,
  Page,
} from '@sunfleet/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import { extensionOf } from '../files/image-upload.js';
import { FEEDBACK_BODY_LIMIT, readFeedbackForm, SCREENSHOT_FIELD } from './feedback-upload.js';
import type { FeedbackService } from './feedback.service.js';

const tags = ['feedback'];
const screenshotsText =
  `up to ${FeedbackLimits.screenshotsMax} parts named \`${SCREENSHOT_FIELD}\`: .png, .jpg or .jpeg files of at ` +
  `most ${FeedbackLimits.screenshotMaxBytes} bytes whose content really is PNG or JPEG (4000 ` +
  'feedback.tooManyScreenshots, feedback.screenshotTooLarge, rule.imageFileType, security.imageContentInvalid ' +
  `naming body.files.i), stored re-encoded without metadata within ${FeedbackLimits.screenshotMaxEdgePx} px ` +
  'per edge under random ids. Nothing is stored unless everything is valid.';

export const feedbackRoutes: FastifyPluginAsyncTypebox<{ feedback: FeedbackService }> = async (
  app,
  { feedback },
) => {
  // Registered here, not app-wide: only these routes accept multipart bodies.
  await app.register(multipart, {
    limits: { files: FeedbackLimits.screenshotsMax, fileSize: FeedbackLimits.screenshotMaxBytes },
  });

  app.post(
    '/feedback',
    {
      config: { audit: { action: 'feedback.create', target: 'feedback' } },
      bodyLimit: FEEDBACK_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Send comments or feedback',
        description:
          `multipart/form-data: \`type\` (${FeedbackCreateFields.properties.type.enum.join(', ')}), \`text\` ` +
          `(1…${FeedbackLimits.textMax} characters after trimming) and ${screenshotsText} The feedback belongs ` +
          "to the sender's company: staff of that company's subtree holding feedback:answer see it.",
        consumes: ['multipart/form-data'],
        response: responses(FeedbackDetail),
      },
    },
    async (request) => {
      const form = await readFeedbackForm<FeedbackCreateFields>(request, FeedbackCreateFields);
      const detail = await feedback.create(sessionOf(request), form.fields, form.screenshots);
      request.auditDetail = { targetId: detail.id, type: detail.type, screenshots: form.screenshots.length };
      return ok(detail);
    },
  );

  app.get(
    '/feedback/page',
    {
      schema: {
        tags,
        summary: "The caller's own feedback, or (scope=SCOPE) the feedback of users in their scope",
        description:
          'Latest activity first. scope=SCOPE needs feedback:answer (4003 otherwise) and lists the feedback of ' +
          "users of the caller's company subtree (the platform: all). Filters: state, type.",
        querystring: FeedbackPageQuery,
        response: responses(Page(FeedbackView)),
      },
    },
    async (request) => ok(await feedback.page(sessionOf(request), await app.scopeOf(request), request.query)),
  );

  app.get(
    '/feedback/:id',
    {
      schema: {
        tags,
        summary: 'One feedback with its thread (oldest message first) and screenshot ids',
        description:
          'For its sender and for staff with feedback:answer whose scope includes the sender’s company; 4004 ' +
          'for anyone else, as for a missing id. Staff answers carry the state of the mail to the sender ' +
          '(NO_EMAIL when the sender has no email address).',
        params: FeedbackIdParams,
        response: responses(FeedbackDetail),
      },
    },
    async (request) =>
      ok(await feedback.detail(sessionOf(request), await app.scopeOf(request), request.params.id)),
  );

  app.post(
    '/feedback/:id/message',
    {
      config: { audit: { action: 'feedback.message', target: 'feedback' } },
      bodyLimit: FEEDBACK_BODY_LIMIT,
      schema: {
        tags,
        summary: "Add to a feedback's thread: the sender's follow-up or a staff answer",
        description:
          `multipart/form-data: \`text\` (1…${FeedbackLimits.textMax} characters) and ${screenshotsText} ` +
          'From the sender it is a follow-up (an ANSWERED feedback is OPEN again); from staff in scope an ' +
          'answer (the feedback becomes ANSWERED and the sender is mailed in their language through the ' +
          'notification outbox). A CLOSED feedback takes no messages (4000 feedback.closed).',
        consumes: ['multipart/form-data'],
        params: FeedbackIdParams,
        response: responses(FeedbackDetail),
      },
    },
    async (request) => {
      const { id } = request.params;
      const session = sessionOf(request);
      const scope = await app.scopeOf(request);
      // Reach before reading the upload: a foreign id costs nothing and reveals nothing.
      await feedback.reach(session, scope, id);
      const form = await readFeedbackForm<FeedbackMessageFields>(request, FeedbackMessageFields);
      const done = await feedback.addMessage(session, scope, id, form.fields.text, form.screenshots);
      request.auditDetail = {
        targetId: id,
        answer: done.staff,
        mail: done.mail,
        screenshots: form.screenshots.length,
        state: done.detail.state,
      };
      return ok(done.detail);
    },
  );

  app.put(
    '/feedback/:id/state',
    {
      config: { audit: { action: 'feedback.state', target: 'feedback' } },
      schema: {
        tags,
        summary: "Change a feedback's state (staff in scope)",
        description:
          'OPEN ⇄ IN_PROGRESS, OPEN/IN_PROGRESS/ANSWERED → CLOSED, ANSWERED → IN_PROGRESS, CLOSED → OPEN; ' +
          'ANSWERED only through an answer (4000 feedback.transitionNotAllowed otherwise). The sender may ' +
          'read but not move their feedback (4003).',
        params: FeedbackIdParams,
        body: FeedbackStateBody,
        response: responses(FeedbackDetail),
      },
    },
    async (request) => {
      const { id } = request.params;
      const done = await feedback.setState(
        sessionOf(request),
        await app.scopeOf(request),
        id,
        request.body.state,
      );
      request.auditDetail = { targetId: id, from: done.from, to: done.detail.state };
      return ok(done.detail);
    },
  );

  app.delete(
    '/feedback/:id',
    {
      config: { audit: { action: 'feedback.delete', target: 'feedback' } },
      schema: {
        tags,
        summary: 'Delete your own feedback while it is OPEN and unanswered',
        description: '4000 feedback.notDeletable once staff worked on it or it has follow-ups.',
        params: FeedbackIdParams,
        response: responses(FeedbackView),
      },
    },
    async (request) => {
      const view = await feedback.delete(sessionOf(request), await app.scopeOf(request), request.params.id);
      request.auditDetail = { targetId: view.id, type: view.type };
      return ok(view);
    },
  );

  app.get(
    '/feedback/:id/screenshot/:fileId',
    {
      schema: {
        tags,
        summary: 'The bytes of a screenshot of a feedback the caller may read',
        description:
          'PNG or JPEG, with x-content-type-options: nosniff, Content-Disposition: inline with a safe name ' +
          'and a sandboxing Content-Security-Policy; 4004 for a screenshot of another feedback or one the ' +
          'caller may not read.',
        params: FeedbackScreenshotParams,
        response: {
          200: {
            description: 'PNG or JPEG bytes',
            content: {
              'image/png': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
              'image/jpeg': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
            },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const file = await feedback.screenshot(sessionOf(request), await app.scopeOf(request), id, fileId);
      return reply
        .header('content-type', file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${fileId}.${extensionOf(file.mime)}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(file.bytes);
    },
  );
};
