import { tocRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { assignContent, attachMedia, removeContent, reorderContent } from './toc.content.ts';
import { downloadToc, tocTemplate } from './toc.download.ts';
import { servePdf, serveSignedPdf, uploadContent } from './toc.files.ts';
import { dummyToc } from './toc.masters.ts';
import {
  addTocNode,
  deleteTocNode,
  moveTocNode,
  tocNodeImpact,
  updateTocNode,
} from './toc.nodes.ts';
import { bookByIsbn, bookContent, readToc } from './toc.queries.ts';
import { uploadToc } from './toc.xlsx.ts';

export function tocModule(app: FastifyInstance, deps: Deps) {
  const db = deps.db;
  registerRoutes(app, deps, tocRoutes, {
    getToc: async ({ query }) => readToc(db, await bookByIsbn(db, query.isbn)),
    dummyToc: ({ body, ctx, admin }) => dummyToc(deps, ctx, admin, body),
    addTocNode: ({ body, ctx, admin }) => addTocNode(deps, ctx, admin, body),
    renameTocNode: ({ body, ctx, admin }) =>
      updateTocNode(deps, ctx, admin, { ...body, subtree: false }),
    updateTocNode: ({ body, ctx, admin }) => updateTocNode(deps, ctx, admin, body),
    downloadToc: ({ query }) => downloadToc(db, query.bookId),
    uploadToc: ({ query, upload, ctx, admin }) =>
      uploadToc(deps, { ctx, actor: admin, ...query }, upload.file, query.dryRun),
    tocTemplate: () => tocTemplate(),
    moveTocNode: ({ body, ctx, admin }) => moveTocNode(deps, ctx, admin, body),
    tocNodeImpact: ({ query }) => tocNodeImpact(deps, query.id),
    deleteTocNode: ({ body, ctx, admin }) => deleteTocNode(deps, ctx, admin, body),
    uploadContent: ({ upload, ctx, admin }) => uploadContent(deps, ctx, admin, upload),
    getDigitalContent: async ({ query }) => {
      const book = await bookByIsbn(db, query.isbn);
      return {
        book: { id: book.id, isbn: book.isbn, title: book.title },
        items: await bookContent(deps, book.id),
      };
    },
    checkMappingAndAssign: ({ body, ctx, admin }) => assignContent(deps, ctx, admin, body),
    setVideoToc: ({ body, ctx, admin }) => attachMedia(deps, ctx, admin, 'video', body),
    setAudioToc: ({ body, ctx, admin }) => attachMedia(deps, ctx, admin, 'audio', body),
    getPdfByContentId: ({ query }) => servePdf(deps, query.id),
    contentFile: ({ query }) => serveSignedPdf(deps, query),
    removeContent: ({ body, ctx, admin }) => removeContent(deps, ctx, admin, body),
    reorderContent: ({ body, ctx, admin }) => reorderContent(deps, ctx, admin, body),
  });
}
