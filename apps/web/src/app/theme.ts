import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white text on filled buttons and links on white at 4.5:1 or more
  // (Mantine's default shade 6 of indigo gives 4.3); autoContrast switches to dark
  // text on light fills (orange, yellow) that white text cannot reach.
  primaryShade: 8,
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Devanagari", sans-serif',
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
  },
});

/**
 * Dimmed text (descriptions, hints, table secondary lines) in gray 7 and
 * field errors in red 9: Mantine's gray 6 and red 6 read 3.3:1 on white,
 * under the 4.5:1 small text needs.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
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
