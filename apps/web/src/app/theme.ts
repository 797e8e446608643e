import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  type MantineColorsTuple,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white text on filled buttons and links on white at 4.5:1 or more
  // (Mantine's default shade 6 of indigo gives 4.3); autoContrast switches to dark
  // text on light fills (orange, yellow) that white text cannot reach.
  primaryShade: 8,
  autoContrast: true,
  // Between white's and black's break-even luminance (0.18): the text colour with
  // the higher contrast wins (red 8 keeps white at 4.5:1, teal 8 gets black at 5.3:1).
  luminanceThreshold: 0.19,
  defaultRadius: 'md',
  // The Devanagari face first: its unicode-range limits it to Hindi letters, so
  // Latin text keeps the system font, and a Hindi letter waits for this face
  // (lib/fonts/devanagari.css) instead of Chromium settling on a system fallback
  // without the glyphs: with it last, a cell of Hindi alone drew empty boxes
  // on a cold first load of the media list.
  fontFamily:
    '"Noto Sans Devanagari", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // Inputs stay `required` for assistive tech, but the label shows no asterisk: most forms
    // here are all-required, and label text stays exactly "Email", "Password" for tests.
    TextInput: { defaultProps: { withAsterisk: false } },
    // The show/hide toggle is reachable with Tab, as every other control.
    PasswordInput: { defaultProps: { withAsterisk: false, visibilityToggleFocusable: true } },
    // Icon-only close buttons get a name screen readers can say.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Close alert' } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the file' } } },
    // Its focus placeholder is a role="presentation" child, which a role="menu" may not hold.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** The 0-255 channels of `#rrggbb` or `rgb(a)(r, g, b…)` (what Mantine's darken answers). */
function channels(color: string): number[] {
  if (color.startsWith('#'))
    return [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  return (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
}

/** WCAG contrast ratio of two opaque colours. */
export function contrastRatio(a: string, b: string): number {
  const lum = (color: string) => {
    const [r, g, bl] = channels(color).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Small text needs 4.5:1 (WCAG AA); a little margin against rounding. */
const TEXT_CONTRAST = 4.6;

/**
 * The colour of a palette's text (coloured words, light badges and buttons):
 * shade 8, else shade 9, else shade 9 darkened step by step, whichever first
 * reads 4.5:1 on the palette's light background under the pointer (shade 2;
 * at rest it is shade 1), so on white too. Mantine's shade 9 on shade 1 is
 * 3.8:1 for green and 3.6:1 for orange; indigo 9 on shade 2 (the hovered
 * active sidebar item) is 4.1:1.
 */
export function readableShade(colors: MantineColorsTuple): string {
  const bg = colors[2];
  for (const shade of [colors[8], colors[9]]) {
    if (contrastRatio(shade, bg) >= TEXT_CONTRAST) return shade;
  }
  let amount = 0.05;
  let color = darken(colors[9], amount);
  while (contrastRatio(color, bg) < TEXT_CONTRAST && amount < 0.9) {
    amount += 0.05;
    color = darken(colors[9], amount);
  }
  return color;
}

const readableText = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).flatMap(([name, colors]) => {
    const color = readableShade(colors);
    return [
      [`--mantine-color-${name}-text`, color],
      [`--mantine-color-${name}-light-color`, color],
    ];
  }),
);

/**
 * Light-scheme colours that read at 4.5:1: every palette's text and light
 * variant (above), dimmed text (descriptions, hints, secondary lines) in gray
 * 7, placeholders a step darker than Mantine's, field errors in red 9.
 * Mantine's gray 6, gray 5 and red 6 read 3.3, 2.1 and 3.3:1 on white.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...readableText,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

export type ThemeName = 'light';

/** Letters, digits and spaces only: the spec's rule for the `theme` query parameter. */
const THEME_PARAM = /^[A-Za-z0-9 ]{1,40}$/;

/**
 * The `theme` query parameter, or undefined when absent or malformed. It is
 * read so a valid value is remembered, but the spec shows light regardless,
 * so nothing switches on it.
 */
export function themeParam(search: string): string | undefined {
  const value = new URLSearchParams(search).get('theme');
  return value !== null && THEME_PARAM.test(value) ? value : undefined;
}
