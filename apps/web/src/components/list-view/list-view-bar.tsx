import type { SavedViewList } from '@bo/contract/saved-views';
import { Group, SegmentedControl } from '@mantine/core';
import { DENSITIES, type Density } from '../../lib/list-view-state.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { SavedViewTabs } from './saved-view-tabs.tsx';
import type { ListView } from './use-list-view.ts';

const DENSITY_LABEL: Record<Density, string> = { comfortable: 'Comfortable', compact: 'Compact' };

/** Above every list table: its saved views (when the list has them), columns and density. */
export function ListViewBar({ list, view }: { list: SavedViewList | null; view: ListView }) {
  return (
    <Group gap="sm" justify="space-between" align="center" wrap="wrap" mb="xs">
      {list ? <SavedViewTabs list={list} view={view} /> : <span />}
      <Group gap="xs" wrap="nowrap">
        <ColumnChooser view={view} />
        <SegmentedControl
          size="xs"
          aria-label="Row density"
          value={view.density}
          onChange={(value) => view.setDensity(value as Density)}
          data={DENSITIES.map((d) => ({ value: d, label: DENSITY_LABEL[d] }))}
        />
      </Group>
    </Group>
  );
}
