import { z } from 'zod';
import { idParam, okSchema } from './common.ts';
import { reorderBody } from './curriculum.ts';
import { XLSX_UPLOAD } from './imports.ts';
import { defineRoutes } from './route.ts';
import {
  addTocNodeBody,
  checkMappingBody,
  checkMappingResponse,
  contentFileQuery,
  contentItemSchema,
  deleteTocNodeBody,
  deleteTocNodeResponse,
  digitalContentSchema,
  dummyTocBody,
  isbnQuery,
  moveTocNodeBody,
  removeContentBody,
  renameTocNodeBody,
  setMediaTocBody,
  tocDownloadQuery,
  tocNodeImpactSchema,
  tocSchema,
  updateTocNodeBody,
  uploadContentFields,
  uploadTocQuery,
  uploadTocResponse,
} from './toc.ts';

/** The TOC's routes (shapes in toc.ts): the spec's TOC and content paths plus the editor's extra paths. */
const common = { access: 'books', tag: 'toc' } as const;
/** A node's free flag is the book's free sample, which the Free content module owns. */
const freeSample = {
  module: 'free_content',
  field: 'isFree',
  what: "change a book's free sample",
} as const;

export const tocRoutes = defineRoutes({
  getToc: {
    ...common,
    // The practices screen picks the node a new practice is built on; the QR
    // codes screen picks the nodes to make codes for or to point a code at.
    access: ['books', 'practices', 'qr_codes'],
    method: 'GET',
    path: '/book/gettocbyisbn',
    spec: true,
    summary: "A book's TOC as an ordered tree with per-node content counts (main or extra ISBN)",
    query: isbnQuery,
    response: tocSchema,
  },
  dummyToc: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/dummytocforisbn',
    spec: true,
    summary:
      "Build a draft TOC from the master chapters and topics of the book's grade and subject; 409 over a non-empty TOC unless replace, and 409 printed_codes_need_a_target when replacing drops nodes that printed QR codes point at and qrCodesTo is not given",
    body: dummyTocBody,
    response: tocSchema,
  },
  addTocNode: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/addtocnode',
    summary: 'Add a TOC node at the end of its parent (or of the top level)',
    body: addTocNodeBody,
    response: tocSchema,
  },
  renameTocNode: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/renametocnode',
    summary: 'Rename a TOC node',
    body: renameTocNodeBody,
    response: tocSchema,
  },
  updateTocNode: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/updatetocnode',
    alsoNeeds: [freeSample],
    summary:
      "Change a TOC node's title, free flag and/or status (subtree: true applies isFree/status below it too)",
    body: updateTocNodeBody,
    response: tocSchema,
  },
  downloadToc: {
    ...common,
    method: 'GET',
    path: '/book/downloadtoc',
    summary:
      'A book\'s TOC as XLSX: one column per level ("Level 1"…), then Node Id, Kind, Free, Status; depth first',
    query: tocDownloadQuery,
    download: true,
  },
  uploadToc: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/uploadtoc',
    // The sheet's Free column: the import checks the flags it would change.
    alsoNeeds: [freeSample],
    summary:
      'Import a book\'s TOC from XLSX (multipart, field "file"; the downloadtoc layout): rows with a Node Id update and move that node, rows without one create nodes; a dry run reports counts and every bad cell as { row, column, message }; dryRun=false applies all or nothing; removeMissing=true deletes nodes not in the sheet',
    query: uploadTocQuery,
    response: uploadTocResponse,
    upload: XLSX_UPLOAD,
  },
  tocTemplate: {
    ...common,
    method: 'GET',
    path: '/book/toctemplate',
    summary: 'The XLSX template of uploadtoc: its headers and a few example rows',
    download: true,
  },
  moveTocNode: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/movetocnode',
    summary: 'Move a TOC node under another parent and/or to another position; 409 under itself',
    body: moveTocNodeBody,
    response: tocSchema,
  },
  tocNodeImpact: {
    ...common,
    method: 'GET',
    path: '/book/tocnodeimpact',
    summary: 'How many nodes and content items deleting a TOC node would remove',
    query: z.object({ id: idParam }),
    response: tocNodeImpactSchema,
  },
  deleteTocNode: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/deletetocnode',
    summary:
      'Delete a TOC node with its subtree and content; answers what went. 409 printed_codes_need_a_target while printed QR codes point into the subtree and qrCodesTo is not given',
    body: deleteTocNodeBody,
    response: deleteTocNodeResponse,
  },
  uploadContent: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/uploadcontent',
    spec: true,
    summary:
      'Upload a PDF as multipart/form-data (fields nodeId and title before the field "file") onto a TOC node; 415 for other types, 413 oversize',
    response: contentItemSchema,
    upload: { field: 'file', kinds: ['pdf'], fields: uploadContentFields },
  },
  getDigitalContent: {
    ...common,
    method: 'GET',
    path: '/book/getdigitalcontent',
    spec: true,
    summary: "A book's content items in TOC order with their node paths",
    query: isbnQuery,
    response: digitalContentSchema,
  },
  checkMappingAndAssign: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/checkmappingandassign',
    spec: true,
    summary:
      'Map a video, audio, link or existing PDF onto a TOC node; an existing mapping is reported, never duplicated',
    body: checkMappingBody,
    response: checkMappingResponse,
  },
  setVideoToc: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/setvideotoc',
    spec: true,
    summary: 'Attach a video of the media library to a TOC node (400 for an audio)',
    body: setMediaTocBody,
    response: checkMappingResponse,
  },
  setAudioToc: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/setaudiotoc',
    spec: true,
    summary: 'Attach an audio of the media library to a TOC node (400 for a video)',
    body: setMediaTocBody,
    response: checkMappingResponse,
  },
  getPdfByContentId: {
    ...common,
    method: 'GET',
    path: '/book/getpdfbycontentid',
    spec: true,
    summary: "Stream a content item's PDF (byte ranges supported)",
    query: z.object({ id: idParam }),
    download: true,
  },
  contentFile: {
    access: 'public',
    tag: 'toc',
    method: 'GET',
    path: '/book/contentfile',
    summary:
      "Stream a content item's PDF through the signed link of getdigitalcontent (byte ranges supported); 403 when invalid or expired",
    query: contentFileQuery,
    download: true,
  },
  removeContent: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/removecontent',
    summary:
      'Remove a content item from its node (an uploaded PDF file goes with it); 409 printed_codes_need_a_target when printed QR codes would lead nowhere after it and qrCodesTo is not given',
    body: removeContentBody,
    response: okSchema,
  },
  reorderContent: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/reordercontent',
    summary:
      "Set the order of a node's content (parentId = the node; every content item of the node, once; 409 if they changed meanwhile)",
    body: reorderBody,
    response: okSchema,
  },
});
