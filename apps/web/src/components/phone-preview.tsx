import { Box, Image, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * How the learner app will show a pop-up or a notification: a phone frame
 * with the image, title, body and link as the app lays them out. Only a
 * likeness (the app draws its own), so the admin sees crops and long titles.
 */
export function PhonePreview({
  label,
  kind,
  title,
  body,
  imageUrl,
  link,
}: {
  /** The preview's accessible name, e.g. "Pop-up preview". */
  label: string;
  kind: 'popup' | 'notification';
  title: string;
  body?: string | undefined;
  imageUrl?: string | null | undefined;
  link?: string | null | undefined;
}) {
  const card: ReactNode = (
    <Box
      bg="white"
      p="sm"
      style={{ borderRadius: 12, boxShadow: '0 4px 16px rgba(0,0,0,0.25)' }}
      data-testid={`${kind}-preview-card`}
    >
      <Stack gap={6}>
        {kind === 'notification' && (
          <Text fz={10} c="gray.7" tt="uppercase" fw={600}>
            Learner app · now
          </Text>
        )}
        {imageUrl && kind === 'popup' && (
          <Image src={imageUrl} alt="" radius="sm" mah={180} fit="contain" />
        )}
        <Text fw={700} fz="sm" c="dark.9" lineClamp={2}>
          {title || 'Title'}
        </Text>
        {body !== undefined && (
          <Text fz="xs" c="dark.6" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
            {body || 'Message'}
          </Text>
        )}
        {imageUrl && kind === 'notification' && (
          <Image src={imageUrl} alt="" radius="sm" mah={120} fit="cover" />
        )}
        {link && (
          <Text fz="xs" c="blue.8" fw={600}>
            {kind === 'popup' ? 'Open' : 'Tap to open'}
          </Text>
        )}
      </Stack>
    </Box>
  );
  return (
    <Box
      role="img"
      aria-label={`${label}: ${title || 'no title yet'}`}
      w={240}
      h={440}
      p={10}
      bg="dark.8"
      style={{ borderRadius: 32, flexShrink: 0 }}
    >
      <Box
        h="100%"
        p="sm"
        bg={kind === 'popup' ? 'rgba(30,30,30,0.9)' : 'indigo.1'}
        style={{
          borderRadius: 24,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: kind === 'popup' ? 'center' : 'flex-start',
          overflow: 'hidden',
        }}
      >
        {card}
      </Box>
    </Box>
  );
}
