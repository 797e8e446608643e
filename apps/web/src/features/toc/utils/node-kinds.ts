import type { TocNodeKind } from '@bo/contract';
import { TOC_NODE_KINDS } from '@bo/contract/toc';

export const KIND_LABEL: Record<TocNodeKind, string> = {
  unit: 'Unit',
  chapter: 'Chapter',
  topic: 'Topic',
  section: 'Section',
};

export const KIND_OPTIONS = TOC_NODE_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }));

/** The kind a new child usually has: a unit holds chapters, a chapter topics, and so on. */
export const childKind = (k: TocNodeKind | null): TocNodeKind =>
  k === null ? 'unit' : k === 'unit' ? 'chapter' : k === 'chapter' ? 'topic' : 'section';
