import type { FreeTocNode } from '@bo/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { FreeTocTree } from './free-toc-tree.tsx';

const node = (id: number, title: string, more: Partial<FreeTocNode> = {}): FreeTocNode => ({
  id,
  parentId: null,
  kind: 'chapter',
  title,
  chapterId: null,
  topicId: null,
  status: 'active',
  isFree: false,
  freeByParent: false,
  children: [],
  ...more,
});

const nodes = [
  node(1, 'Numbers', {
    isFree: true,
    children: [node(2, 'Counting', { parentId: 1, kind: 'topic', freeByParent: true })],
  }),
  node(3, 'Appendix'),
];

describe('FreeTocTree', () => {
  it('shows a node free with its parent as on, fixed, and says why', () => {
    const onSwitch = vi.fn();
    renderRoutes(
      [{ path: '/', element: <FreeTocTree nodes={nodes} busy={false} onSwitch={onSwitch} /> }],
      '/',
    );
    const child = screen.getByRole('switch', { name: 'Free: Counting' }) as HTMLInputElement;
    expect(child.checked).toBe(true);
    expect(child.disabled).toBe(true);
    const described = child.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Free with its parent');

    const parent = screen.getByRole('switch', { name: 'Free: Numbers' }) as HTMLInputElement;
    expect(parent.checked).toBe(true);
    expect(parent.disabled).toBe(false);
    expect(parent.getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Free: Appendix' }));
    expect(onSwitch).toHaveBeenCalledWith(nodes[1], true);
  });
});
