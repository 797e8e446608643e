import { TINY_PNG } from '../../modules/media/media.fixtures.ts';
import { mk, post, type Samples, unique, upload, type World } from './kit.ts';

export const video = (w: World) =>
  mk(w, '/media/addvideo', {
    source: 'url',
    url: 'https://cdn.example.test/v.mp4',
    title: unique('Video'),
  });
export const audio = (w: World) =>
  mk(w, '/media/addaudiofile', {
    source: 'url',
    url: 'https://cdn.example.test/a.mp3',
    title: unique('Audio'),
  });
/** The media library: videos, audios, uploaded files. */
export const mediaSamples = {
  addVideo: async (w) =>
    post(
      '/media/addvideo',
      { source: 'url', url: 'https://cdn.example.test/v.mp4', title: unique('Video') },
      w.token,
    ),
  editVideo: async (w) =>
    post('/media/editvideo', { id: (await video(w)).id, title: unique('Video') }, w.token),
  deleteVideo: async (w) => post('/media/deletevideo', { id: (await video(w)).id }, w.token),
  addAudio: async (w) =>
    post(
      '/media/addaudiofile',
      { source: 'url', url: 'https://cdn.example.test/a.mp3', title: unique('Audio') },
      w.token,
    ),
  editAudio: async (w) =>
    post('/media/editaudio', { id: (await audio(w)).id, title: unique('Audio') }, w.token),
  deleteAudio: async (w) => post('/media/deleteaudio', { id: (await audio(w)).id }, w.token),
  moveMediaFolder: async (w) => {
    const from = unique('Folder');
    await mk(w, '/media/addvideo', {
      source: 'url',
      url: 'https://cdn.example.test/f.mp4',
      title: unique('Filed'),
      folder: from,
    });
    return post('/media/folders/move', { kind: 'video', from, to: unique('Moved') }, w.token);
  },
  uploadMediaFile: async (w) =>
    upload(w, '/media/uploadfile?kind=thumbnail', TINY_PNG, 'thumb.png'),
} satisfies Samples;
