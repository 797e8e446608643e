import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

/** jsdom has no layout, so no IntersectionObserver: a stand-in that the test drives. */
class FakeObserver {
  static last: FakeObserver | undefined;
  targets = new Set<Element>();
  constructor(
    readonly callback: (entries: { target: Element; isIntersecting: boolean }[]) => void,
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {}
  /** The browser saying `el` came within the margin (or left it). */
  report(el: Element, isIntersecting: boolean) {
    this.callback([{ target: el, isIntersecting }]);
  }
}

async function load() {
  // A fresh module: the hook keeps one observer for the page.
  vi.resetModules();
  const { useNearViewport } = await import('./use-near-viewport.ts');
  return function Row({ eager = false }: { eager?: boolean }) {
    const ref = useRef<HTMLDivElement>(null);
    const near = useNearViewport(ref, eager);
    return (
      <div ref={ref} data-testid="row">
        {near ? 'drawn' : 'stand-in'}
      </div>
    );
  };
}

describe('useNearViewport', () => {
  it('is true at once where the browser has no IntersectionObserver', async () => {
    const Row = await load();
    render(<Row />);
    expect(screen.getByTestId('row').textContent).toBe('drawn');
  });

  it('turns true when the element comes near, stays true and stops observing it', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const Row = await load();
    render(<Row />);
    const row = screen.getByTestId('row');
    expect(row.textContent).toBe('stand-in');
    const observer = FakeObserver.last!;
    expect(observer.targets.has(row)).toBe(true);
    act(() => observer.report(row, false));
    expect(row.textContent).toBe('stand-in');
    act(() => observer.report(row, true));
    expect(row.textContent).toBe('drawn');
    expect(observer.targets.has(row)).toBe(false);
  });

  it('is true at once when eager, without observing', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    FakeObserver.last = undefined;
    const Row = await load();
    render(<Row eager />);
    expect(screen.getByTestId('row').textContent).toBe('drawn');
    expect(FakeObserver.last).toBeUndefined();
  });
});
