import { describe, expect, it } from 'vitest';
import { themeParam } from './theme.ts';

describe('themeParam', () => {
  it('accepts letters, digits and spaces', () => {
    expect(themeParam('?theme=Dark%202')).toBe('Dark 2');
  });

  it.each(['?theme=<script>', '?theme=dark;', '?theme=', ''])('ignores %s', (search) => {
    expect(themeParam(search)).toBeUndefined();
  });
});
