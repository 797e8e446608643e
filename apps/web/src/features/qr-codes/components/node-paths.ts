import type { TocNode } from '@bo/contract';

/** Every node of a TOC in reading order, with its path ("Unit 1 › Fractions"). */
export function nodePaths(nodes: TocNode[], prefix = ''): { id: number; path: string }[] {
  return nodes.flatMap((n) => {
    const path = prefix ? `${prefix} › ${n.title}` : n.title;
    return [{ id: n.id, path }, ...nodePaths(n.children, path)];
  });
}
