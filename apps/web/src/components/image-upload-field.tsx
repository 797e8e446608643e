import type { RouteDef } from '@bo/contract';
import { Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { uploadWithProgress } from '../lib/upload-with-progress.ts';

/**
 * An image uploaded as soon as it is picked (PNG, JPEG or WebP) to `route`,
 * which answers its key and a preview link; the form keeps the key.
 */
export function ImageUploadField({
  label,
  route,
  url,
  onChange,
}: {
  label: string;
  route: RouteDef;
  /** The current image's preview link, if any. */
  url: string | null;
  onChange: (image: { key: string; url: string } | null) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      onChange(await uploadWithProgress(route, { file, onProgress: setProgress }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Input.Wrapper label={label} error={error}>
      <Group mt={4} gap="sm">
        {url && <Image src={url} alt="Chosen image" h={48} w={48} fit="cover" radius="sm" />}
        <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhoto size={16} />}
              loading={progress !== null}
            >
              {url ? 'Replace image' : 'Upload image'}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            Remove image
          </Button>
        )}
        {progress !== null && <Text fz="xs">{Math.round(progress * 100)}%</Text>}
      </Group>
    </Input.Wrapper>
  );
}
