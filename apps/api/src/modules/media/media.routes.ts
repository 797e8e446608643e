import { type MediaKind, mediaRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { type Handler, registerRoutes } from '../../lib/register-routes.ts';
import { serveMediaFile, uploadMediaFile } from './media.files.ts';
import { listFolders, moveFolder } from './media.folders.ts';
import { findMediaRecord, listMedia, toMediaItem } from './media.queries.ts';
import { addMedia, deleteMedia, editMedia } from './media.service.ts';

type R = typeof mediaRoutes;

/** The six spec paths of one kind (videos and audios share their shapes), over one service and one list query. */
function kindHandlers(deps: Deps, kind: MediaKind) {
  const add: Handler<R['addVideo']> = ({ body, ctx, admin }) =>
    addMedia(deps, ctx, admin, kind, body);
  const edit: Handler<R['editVideo']> = ({ body, ctx, admin }) =>
    editMedia(deps, ctx, admin, kind, body);
  const list: Handler<R['listVideos']> = ({ query }) => listMedia(deps, kind, query);
  const filter: Handler<R['filterVideos']> = ({ query }) => listMedia(deps, kind, query);
  const get: Handler<R['getVideo']> = async ({ query }) => {
    const row = await findMediaRecord(deps.db, kind, query.id);
    if (!row) throw notFound(kind === 'video' ? 'Video' : 'Audio');
    return toMediaItem(deps, row);
  };
  const remove: Handler<R['deleteVideo']> = async ({ body, ctx, admin }) => {
    await deleteMedia(deps, ctx, admin, kind, body);
    return { ok: true as const };
  };
  return { add, edit, list, filter, get, remove };
}

export function mediaModule(app: FastifyInstance, deps: Deps) {
  const video = kindHandlers(deps, 'video');
  const audio = kindHandlers(deps, 'audio');
  registerRoutes(app, deps, mediaRoutes, {
    addVideo: video.add,
    editVideo: video.edit,
    listVideos: video.list,
    filterVideos: video.filter,
    getVideo: video.get,
    deleteVideo: video.remove,
    addAudio: audio.add,
    editAudio: audio.edit,
    listAudios: audio.list,
    filterAudios: audio.filter,
    getAudio: audio.get,
    deleteAudio: audio.remove,
    uploadMediaFile: ({ query, ctx, upload }) => uploadMediaFile(deps, ctx, upload, query.kind),
    mediaFile: ({ query }) => serveMediaFile(deps, query),
    mediaFolders: ({ query }) => listFolders(deps, query.kind),
    moveMediaFolder: ({ body, ctx, admin }) => moveFolder(deps, ctx, admin, body),
  });
}
