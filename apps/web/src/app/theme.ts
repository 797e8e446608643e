import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
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
    PasswordInput: { defaultProps: { withAsterisk: false } },
  },
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
