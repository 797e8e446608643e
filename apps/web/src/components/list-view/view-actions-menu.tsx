import type { SavedView } from '@bo/contract/saved-views';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDeviceFloppy,
  IconDots,
  IconLink,
  IconLock,
  IconPencil,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';

/** What can be done with the saved view shown: every admin copies its link; its owner changes it. */
export function ViewActionsMenu({
  view,
  changed,
  onCopyLink,
  onUpdate,
  onRename,
  onShare,
  onDelete,
}: {
  view: SavedView;
  /** The list no longer shows what the view saved. */
  changed: boolean;
  onCopyLink: () => void;
  onUpdate: () => void;
  onRename: () => void;
  onShare: (shared: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for view ${view.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLink size={14} />} onClick={onCopyLink}>
          Copy link
        </Menu.Item>
        {view.mine ? (
          <>
            <Menu.Item
              leftSection={<IconDeviceFloppy size={14} />}
              disabled={!changed}
              onClick={onUpdate}
            >
              Update with what is shown
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
              Rename…
            </Menu.Item>
            <Menu.Item
              leftSection={view.shared ? <IconLock size={14} /> : <IconUsers size={14} />}
              onClick={() => onShare(!view.shared)}
            >
              {view.shared ? 'Make private' : 'Share with the team'}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete…
            </Menu.Item>
          </>
        ) : (
          <Menu.Label>Shared by {view.ownerName}</Menu.Label>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
