/**
 * Folder paths as the screen reads them ("Grade 8/Physics"; "" the top):
 * folders are paths items name, so a parent with no item of its own is
 * drawn from its children's paths.
 */

export const parentOf = (path: string) => path.split('/').slice(0, -1).join('/');
export const nameOf = (path: string) => path.split('/').at(-1) ?? path;

/** Every folder, parents included, with the items each holds directly and in all. */
export function folderTree(held: { path: string; items: number }[]) {
  const direct = new Map(held.map((f) => [f.path, f.items]));
  const all = new Map<string, number>();
  for (const { path, items } of held) {
    const parts = path.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const at = parts.slice(0, i).join('/');
      all.set(at, (all.get(at) ?? 0) + items);
    }
  }
  return [...all.keys()].sort().map((path) => ({
    path,
    direct: direct.get(path) ?? 0,
    total: all.get(path) ?? 0,
  }));
}

/** The folders right under `path` ("" the top). */
export const childrenOf = (tree: ReturnType<typeof folderTree>, path: string) =>
  tree.filter((f) => parentOf(f.path) === path);
