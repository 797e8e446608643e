import { describe, expect, it } from 'vitest';
import { childrenOf, folderTree, nameOf, parentOf } from './folders.ts';

describe('media folder paths', () => {
  it('draws parents from their children, counting items directly and in all', () => {
    const tree = folderTree([
      { path: 'Grade 8/Physics', items: 2 },
      { path: 'Grade 8/Physics/Optics', items: 1 },
      { path: 'Term 1', items: 4 },
    ]);
    expect(tree).toEqual([
      { path: 'Grade 8', direct: 0, total: 3 },
      { path: 'Grade 8/Physics', direct: 2, total: 3 },
      { path: 'Grade 8/Physics/Optics', direct: 1, total: 1 },
      { path: 'Term 1', direct: 4, total: 4 },
    ]);
    expect(childrenOf(tree, '').map((f) => f.path)).toEqual(['Grade 8', 'Term 1']);
    expect(childrenOf(tree, 'Grade 8').map((f) => f.path)).toEqual(['Grade 8/Physics']);
    expect(parentOf('Grade 8/Physics')).toBe('Grade 8');
    expect(parentOf('Grade 8')).toBe('');
    expect(nameOf('Grade 8/Physics')).toBe('Physics');
  });
});
