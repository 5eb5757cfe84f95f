import fp from 'fastify-plugin';
import { runWhileOpen } from '../scheduling/periodic-task';
import { CHAT_FILE_SWEEP_INTERVAL_MS, ChatFileSweeper, sweepExpiredChatFiles } from './chat-file-retention';
import { DownloadLinks } from './download-links';
import { documentsRoutes } from './routes';
import { DocumentsService } from './service';

/**
 * Plugin `documents`: a room's files (upload, list, signed download, delete), built from the
 * core's decorations; owns its background work, the chat files' retention sweep (at start, then
 * every hour: rows and content past CHAT_FILE_RETENTION_DAYS go), started when the app is ready
 * and stopped when it closes.
 */
export const documentsPlugin = fp(
  async (app) => {
    const { db, clock, config } = app;
    const links = new DownloadLinks(config.video.tokenSecret, clock);
    const documents = new DocumentsService({ db, store: app.uploads, links, clock, log: app.log, limits: config.uploads });
    const sweep = () =>
      sweepExpiredChatFiles({ db, clock, retentionDays: config.uploads.chatRetentionDays, removeContent: (keys) => documents.removeContent(keys) });
    runWhileOpen(app, new ChatFileSweeper({ run: sweep, intervalMs: CHAT_FILE_SWEEP_INTERVAL_MS, log: app.log }));
    // A guest's chat upload is checked like its signalling entry (the video room's check of its room token).
    const authorizeRoomToken = async (token: string) => (await app.roomTokens.authorize(token))?.claims ?? null;
    await app.register(documentsRoutes, { documents, links, tenancy: app.tenancy, authenticate: app.authenticate, authorizeRoomToken });
  },
  { name: 'documents', dependencies: ['core', 'tenancy', 'auth', 'video-room'] },
);
