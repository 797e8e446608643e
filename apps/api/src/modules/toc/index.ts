// The toc module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.
export { countPdfPages } from './toc.files.ts';
export { insertTocFromMasters } from './toc.masters.ts';
export { bookByIsbn, bookNodes, type NodeRow, nodePaths } from './toc.queries.ts';
export { lockBook, lockNodeBook } from './toc.write.ts';
