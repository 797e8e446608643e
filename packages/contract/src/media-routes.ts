import { z } from 'zod';
import { idParam, idSchema, okSchema, paginated } from './common.ts';
import {
  addMediaBody,
  editMediaBody,
  type MediaKind,
  mediaFileQuery,
  mediaFilterQuery,
  mediaFoldersQuery,
  mediaFoldersSchema,
  mediaItemSchema,
  mediaListQuery,
  moveMediaFolderBody,
  moveMediaFolderResponse,
  uploadedFileSchema,
  uploadFileQuery,
} from './media.ts';
import { printedCodesChoice } from './printed-codes.ts';
import { defineRoutes } from './route.ts';

/**
 * The media library's routes (shapes in media.ts). The twelve spec paths are
 * six per kind with the same shapes, so one builder makes both sets.
 */

const common = { access: 'media', tag: 'media' } as const;
/** Reading the library is also open to video quizzes (promotional) and QR codes, which pick a video of it. */
const reading = { ...common, access: ['media', 'promotional', 'qr_codes'] } as const;

function kindRoutes<const K extends MediaKind>(kind: K, paths: Record<string, string>) {
  const noun = kind === 'video' ? 'video' : 'audio';
  return {
    add: {
      ...common,
      method: 'POST',
      audit: 'self',
      path: paths.add!,
      spec: true,
      summary: `Add a ${noun}: an uploaded file's key (see /media/uploadfile) or an http(s) URL`,
      body: addMediaBody,
      response: mediaItemSchema,
    },
    edit: {
      ...common,
      method: 'POST',
      audit: 'self',
      path: paths.edit!,
      spec: true,
      summary: `Edit a ${noun}'s title, description, language, tags, status, thumbnail (URL items: URL, duration)`,
      body: editMediaBody,
      response: mediaItemSchema,
    },
    list: {
      ...reading,
      method: 'GET',
      path: paths.list!,
      spec: true,
      summary: `${noun[0]!.toUpperCase()}${noun.slice(1)}s, searchable by title, sorted and paged`,
      query: mediaListQuery,
      response: paginated(mediaItemSchema),
    },
    filter: {
      ...reading,
      method: 'GET',
      path: paths.filter!,
      spec: true,
      summary: `${noun[0]!.toUpperCase()}${noun.slice(1)}s filtered by language, grade, subject, chapter, topic, status, source`,
      query: mediaFilterQuery,
      response: paginated(mediaItemSchema),
    },
    get: {
      ...reading,
      method: 'GET',
      path: paths.get!,
      spec: true,
      summary: `One ${noun} with its signed play link`,
      query: z.object({ id: idParam }),
      response: mediaItemSchema,
    },
    delete: {
      ...common,
      method: 'POST',
      audit: 'self',
      path: paths.delete!,
      spec: true,
      summary: `Delete a ${noun} and its files; 409 naming what uses it, and 409 printed_codes_need_a_target while printed QR codes point at it and qrCodesTo is not given`,
      body: z.object({ id: idSchema, ...printedCodesChoice }),
      response: okSchema,
    },
  } as const;
}

const video = kindRoutes('video', {
  add: '/media/addvideo',
  edit: '/media/editvideo',
  list: '/media/listofvideos',
  filter: '/media/filtervideo',
  get: '/media/getvideobyid',
  delete: '/media/deletevideo',
});
const audio = kindRoutes('audio', {
  add: '/media/addaudiofile',
  edit: '/media/editaudio',
  list: '/media/listofaudios',
  filter: '/media/filteraudio',
  get: '/media/getaudiobyid',
  delete: '/media/deleteaudio',
});

export const mediaRoutes = defineRoutes({
  addVideo: video.add,
  editVideo: video.edit,
  listVideos: video.list,
  filterVideos: video.filter,
  getVideo: video.get,
  deleteVideo: video.delete,
  addAudio: audio.add,
  editAudio: audio.edit,
  listAudios: audio.list,
  filterAudios: audio.filter,
  getAudio: audio.get,
  deleteAudio: audio.delete,
  uploadMediaFile: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/media/uploadfile',
    summary:
      'Upload one file as multipart/form-data (field "file"): a video, an audio or a thumbnail image; answers its key for addvideo/addaudiofile/edit. Type sniffed from content (415), size limited (413)',
    query: uploadFileQuery,
    response: uploadedFileSchema,
    upload: {
      field: 'file',
      kinds: ['video', 'audio', 'image'],
      kindFrom: { query: 'kind', kinds: { video: 'video', audio: 'audio', thumbnail: 'image' } },
    },
  },
  mediaFolders: {
    ...reading,
    method: 'GET',
    path: '/media/folders',
    summary: 'The folders of one kind that hold items, each with how many it holds directly',
    query: mediaFoldersQuery,
    response: mediaFoldersSchema,
  },
  moveMediaFolder: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/media/folders/move',
    summary:
      'Rename or move a folder with everything in it (subfolders too), in one change; answers how many items moved',
    body: moveMediaFolderBody,
    response: moveMediaFolderResponse,
  },
  mediaFile: {
    access: 'public',
    tag: 'media',
    method: 'GET',
    path: '/media/file',
    summary:
      'Stream a media file or thumbnail (byte ranges supported) through a signed link from getvideobyid/getaudiobyid/lists; 403 when the link is invalid or expired',
    query: mediaFileQuery,
    download: true,
  },
});

/** Route names by kind, so the server and the client pick one without string building. */
export const MEDIA_ROUTE_NAMES = {
  video: {
    add: 'addVideo',
    edit: 'editVideo',
    list: 'listVideos',
    filter: 'filterVideos',
    get: 'getVideo',
    delete: 'deleteVideo',
  },
  audio: {
    add: 'addAudio',
    edit: 'editAudio',
    list: 'listAudios',
    filter: 'filterAudios',
    get: 'getAudio',
    delete: 'deleteAudio',
  },
} as const;
