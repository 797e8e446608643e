import type { MediaKind } from '@bo/contract';
import { Autocomplete } from '@mantine/core';
import { useMediaFolders } from '../api/list-folders.ts';
import { folderTree } from './folders.ts';

/** The item's folder: an existing path to pick, or a new one typed ("Grade 8/Physics"). */
export function FolderField({
  kind,
  value,
  onChange,
  error,
  disabled,
}: {
  kind: MediaKind;
  value: string;
  onChange: (folder: string) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}) {
  const folders = useMediaFolders(kind);
  return (
    <Autocomplete
      label="Folder"
      description="Pick one or type a new path; separate folders with “/”. Empty: the top of the library."
      placeholder="No folder"
      data={folderTree(folders.data?.items ?? []).map((f) => f.path)}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      data-path="folder"
    />
  );
}
