import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableShade, themeParam } from './theme.ts';

describe('themeParam', () => {
  it('accepts letters, digits and spaces', () => {
    expect(themeParam('?theme=Dark%202')).toBe('Dark 2');
  });

  it.each(['?theme=<script>', '?theme=dark;', '?theme=', ''])('ignores %s', (search) => {
    expect(themeParam(search)).toBeUndefined();
  });
});

describe('colours that read at 4.5:1', () => {
  it.each(Object.entries(DEFAULT_THEME.colors))(
    '%s text on its light background, at rest and hovered, and on white',
    (_, colors) => {
      const text = readableShade(colors);
      expect(contrastRatio(text, colors[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, colors[2])).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });
});
