import '@mantine/core/styles/Kbd.css';
// Spotlight's actions bring Highlight, drawn with Mark.
import '@mantine/core/styles/Mark.css';
import '@mantine/spotlight/styles.css';
import type { PaletteKind } from '@bo/contract';
import { PALETTE_MIN_QUERY } from '@bo/contract/search';
import { Group, Kbd, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import {
  type Icon,
  IconBooks,
  IconClipboardList,
  IconListCheck,
  IconSchool,
  IconSearch,
  IconUserShield,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Area } from '../../../lib/area.ts';
import { canOpen, useMe } from '../../../lib/session.ts';
import { usePaletteSearch } from '../api/search-palette.ts';
import { matchScreens } from '../lib/match-screens.ts';
import classes from './command-palette.module.css';

/** The palette's own Spotlight store: no other spotlight shares its state. */
const [paletteStore, palette] = createSpotlight();

/**
 * Marks the first result as chosen, as Spotlight does after each keystroke
 * (its own selectAction is not exported): Enter opens it, arrows move on from it.
 */
function selectFirstResult() {
  const list = document.getElementById(paletteStore.getState().listId);
  list?.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list?.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  paletteStore.updateState((state) => ({ ...state, selected: 0 }));
}

/** How long typing must pause before the server is asked. */
const DEBOUNCE_MS = 200;
const MAX_SCREENS = 6;

const KINDS: Record<PaletteKind, { label: string; icon: Icon }> = {
  book: { label: 'Books', icon: IconBooks },
  question: { label: 'Questions', icon: IconListCheck },
  assessment: { label: 'Assessments', icon: IconClipboardList },
  learner: { label: 'Learners', icon: IconSchool },
  admin: { label: 'Admins', icon: IconUserShield },
};

interface Item {
  key: string;
  title: string;
  subtitle: string;
  path: string;
  icon: Icon;
}

/**
 * "Find anything from anywhere" (docs/web-ux.md, Command palette): Mantine's
 * Spotlight with the screens matched here and everything else from
 * GET /search/palette, debounced, grouped by kind. Choosing a result opens
 * its page.
 */
export function CommandPalette({
  opened,
  onClose,
  screens,
}: {
  opened: boolean;
  onClose: () => void;
  screens: readonly Area[];
}) {
  const me = useMe();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const search = usePaletteSearch(debounced);
  useEffect(() => (opened ? palette.open() : palette.close()), [opened]);

  const screenItems: Item[] = matchScreens(
    screens.filter((s) => canOpen(me.data, s.access)),
    query,
  )
    .slice(0, MAX_SCREENS)
    .map((s) => ({
      key: s.path,
      title: s.label,
      subtitle: s.description,
      path: s.path,
      icon: s.icon,
    }));
  // Server results only for the query that asked them (never a stale answer to a shorter query).
  const serverGroups =
    search.enabled && query.trim().length >= PALETTE_MIN_QUERY ? (search.data?.groups ?? []) : [];
  const groups = [
    { label: 'Screens', items: screenItems },
    ...serverGroups.map((g) => ({
      label: KINDS[g.kind].label,
      items: g.results.map((r) => ({
        key: `${r.kind}:${r.id}`,
        title: r.title,
        subtitle: r.subtitle,
        path: r.path,
        icon: KINDS[r.kind].icon,
      })),
    })),
  ].filter((g) => g.items.length > 0);
  const resultKeys = groups.flatMap((g) => g.items.map((i) => i.key)).join('|');
  // Results arrive after the keystroke that Spotlight selected on: the first one is chosen again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list of results changes
  useEffect(() => {
    if (opened) queueMicrotask(selectFirstResult);
  }, [resultKeys, opened]);

  const waiting =
    search.isFetching || (query.trim() !== debounced && query.trim().length >= PALETTE_MIN_QUERY);
  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={440}
      attributes={{ content: { 'aria-label': 'Search' } }}
      classNames={{ action: classes.action }}
    >
      <Spotlight.Search
        placeholder="Books, ISBNs, questions, assessments, learners, admins, screens…"
        aria-label="Search books, questions, assessments, learners, admins and screens"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={waiting ? <Loader size="xs" aria-label="Searching" /> : null}
        data-testid="palette-search"
      />
      <Spotlight.ActionsList aria-label="Results" data-testid="palette-results">
        {groups.map((g) => (
          <Spotlight.ActionsGroup key={g.label} label={g.label} role="group" aria-label={g.label}>
            {g.items.map((item) => (
              <Spotlight.Action
                key={item.key}
                label={item.title}
                description={item.subtitle}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                onClick={() => navigate(item.path)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {groups.length === 0 && (
          <Spotlight.Empty>
            {query.trim().length < PALETTE_MIN_QUERY
              ? 'Type two letters or more to search books, questions, assessments, learners and admins.'
              : waiting
                ? 'Searching…'
                : 'Nothing found.'}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="center">
          <Text fz="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move, <Kbd size="xs">Enter</Kbd> to
            open, <Kbd size="xs">Esc</Kbd> to close, <Kbd size="xs">?</Kbd> for all shortcuts
          </Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
