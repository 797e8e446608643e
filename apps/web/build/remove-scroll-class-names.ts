import type { Plugin } from 'vite';

const NAMES_ONLY = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](AppShell|ActionBar)[\\/]/;
const VIRTUAL = '\0bo-remove-scroll-class-names';

/**
 * Mantine's AppShell header, footer and aside (and ActionBar) import
 * `RemoveScroll` from react-remove-scroll only to read two class names
 * (`RemoveScroll.classNames.zeroRight`, `.fullWidth`), which brought the
 * whole scroll-locking component (3.8 kB brotli) to every signed-in screen
 * through the layout. For those files the import answers the same two names
 * from react-remove-scroll-bar's constants, where react-remove-scroll takes
 * them; modals and drawers still get the real component.
 */
export function removeScrollClassNames(): Plugin {
  return {
    name: 'bo-remove-scroll-class-names',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-remove-scroll' && importer && NAMES_ONLY.test(importer)) return VIRTUAL;
      return null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = {',
        '  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },',
        '};',
      ].join('\n');
    },
  };
}
