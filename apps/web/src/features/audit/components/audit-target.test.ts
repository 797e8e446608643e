import { describe, expect, it } from 'vitest';
import { targetPath } from './audit-target.tsx';

describe('audit target links', () => {
  it('lead to the screen where the thing is edited, while it exists', () => {
    expect(targetPath('book', { name: 'Atlas', exists: true, bookId: 7 })).toBe('/books/7');
    expect(targetPath('toc_node', { name: 'Unit 1', exists: true, bookId: 7 })).toBe('/books/7');
    expect(
      targetPath('topic', { name: 'Leaves', exists: true, gradeId: 1, subjectId: 2, chapterId: 3 }),
    ).toBe('/curriculum?grade=1&subject=2&chapter=3');
    expect(targetPath('admin', { name: 'A (a@x.test)', exists: true, search: 'a@x.test' })).toBe(
      '/admins?q=a%40x.test',
    );
    expect(targetPath('video', { name: 'Intro', exists: true, search: 'Intro' })).toBe(
      '/media?kind=video&q=Intro',
    );
  });

  it('give no link for a removed thing or a kind without a screen', () => {
    expect(targetPath('book', { name: 'Atlas', exists: false })).toBeNull();
    expect(targetPath('session', { name: null, exists: true })).toBeNull();
    expect(targetPath('book', null)).toBeNull();
  });
});
