import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRovingToolbar } from './use-roving-toolbar.ts';

function Toolbar() {
  const ref = useRovingToolbar<HTMLDivElement>();
  return (
    <div ref={ref} role="toolbar" aria-label="Formatting">
      <button type="button">Bold</button>
      <button type="button">Italic</button>
      <button type="button" disabled>
        Undo
      </button>
      <button type="button">Link</button>
    </div>
  );
}

const tabbable = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.tabIndex === 0)
    .map((b) => b.textContent);

describe('useRovingToolbar', () => {
  it('is one Tab stop; the arrows, Home and End move along it, past disabled buttons', () => {
    render(<Toolbar />);
    expect(tabbable()).toEqual(['Bold']);
    const bold = screen.getByRole('button', { name: 'Bold' });
    bold.focus();
    fireEvent.keyDown(bold, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Italic');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Link');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Bold');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Link');
    // The button reached last is the one Tab comes back to.
    expect(tabbable()).toEqual(['Link']);
  });
});
