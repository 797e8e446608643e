import '@mantine/core/styles/Kbd.css';
import { Group, Kbd, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Area } from '../../../lib/area.ts';
import { modKey } from '../lib/keys.ts';

// Both dialogs are chunks of their own (Spotlight, its styles and the
// contract's search schema): a screen pays for them on first use only.
const loadPalette = () => import('./command-palette.tsx');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog.tsx').then((m) => ({ default: m.ShortcutsDialog })),
);

/**
 * The header's search button and the shortcuts of every signed-in screen:
 * Ctrl+K / ⌘K opens the command palette from anywhere, inside a field too,
 * but in a rich-text editor (there it edits a link); "/" opens it and "?"
 * lists the shortcuts when focus is not in a text field (there they are
 * characters to type).
 */
export function PaletteLauncher({ screens }: { screens: readonly Area[] }) {
  const [palette, setPalette] = useState<'never' | 'open' | 'closed'>('never');
  const [shortcuts, setShortcuts] = useState<'never' | 'open' | 'closed'>('never');
  const open = () => {
    setShortcuts((s) => (s === 'open' ? 'closed' : s));
    setPalette('open');
  };
  const listShortcuts = () => setShortcuts('open');
  // Not in a rich-text editor, where Ctrl+K edits a link (rich-text-editor-extensions.ts).
  useHotkeys([['mod+K', open]], [], false);
  useHotkeys([
    ['/', open],
    ['shift+?', listShortcuts],
    ['?', listShortcuts],
  ]);
  const mod = modKey();
  return (
    <>
      <UnstyledButton
        onClick={open}
        onPointerEnter={() => void loadPalette().catch(() => {})}
        onFocus={() => void loadPalette().catch(() => {})}
        aria-keyshortcuts="Control+K Meta+K /"
        data-testid="palette-button"
        px="sm"
        py={6}
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <Group gap="xs" wrap="nowrap">
          <IconSearch size={16} aria-hidden />
          <Text fz="sm" c="dimmed" visibleFrom="sm">
            Search
          </Text>
          <Group gap={2} wrap="nowrap" visibleFrom="sm" aria-hidden>
            <Kbd size="xs">{mod}</Kbd>
            <Kbd size="xs">K</Kbd>
          </Group>
        </Group>
        {/* The name on a phone, where the word is hidden. */}
        <VisuallyHidden hiddenFrom="sm">Search</VisuallyHidden>
      </UnstyledButton>
      <Suspense fallback={null}>
        {palette !== 'never' && (
          <CommandPalette
            opened={palette === 'open'}
            onClose={() => setPalette('closed')}
            screens={screens}
          />
        )}
        {shortcuts !== 'never' && (
          <ShortcutsDialog opened={shortcuts === 'open'} onClose={() => setShortcuts('closed')} />
        )}
      </Suspense>
    </>
  );
}
