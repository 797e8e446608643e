import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextView } from './rich-text-view.tsx';

describe('RichTextView', () => {
  it('renders text without loading KaTeX when there is no formula', () => {
    render(<RichTextView html="<p>Plain <strong>stem</strong></p>" testId="rt" />);
    const el = screen.getByTestId('rt');
    expect(el.querySelector('strong')?.textContent).toBe('stem');
    expect(el.getAttribute('aria-busy')).toBe(null);
  });

  it('loads KaTeX lazily and renders the formula', async () => {
    render(<RichTextView html="<p>Area \(\pi r^2\)</p>" testId="rt" />);
    const el = screen.getByTestId('rt');
    await waitFor(() => expect(el.querySelector('.katex')).not.toBe(null));
    expect(el.getAttribute('aria-busy')).toBe(null);
  });

  it('runs no script from a payload', async () => {
    render(
      <RichTextView
        html={`<img src=x onerror="window.__xss=1"><p>\\(\\href{javascript:alert(1)}{x}\\)</p>`}
        testId="rt"
      />,
    );
    const el = screen.getByTestId('rt');
    await waitFor(() => expect(el.querySelector('.katex')).not.toBe(null));
    expect(el.querySelector('img, a')).toBe(null);
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('is a span when inline, clamped when given lines', () => {
    render(
      <>
        <RichTextView html="<p>A</p>" inline testId="inline" />
        <RichTextView html="<p>B</p>" lines={2} testId="clamped" />
      </>,
    );
    expect(screen.getByTestId('inline').tagName).toBe('SPAN');
    expect(screen.getByTestId('clamped').getAttribute('style')).toContain('--rt-lines: 2');
  });
});
