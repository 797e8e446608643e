import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSendTestMail } from '../api/send-test.ts';
import { hasContent, type TemplateContent } from './block-fields.tsx';

/**
 * "Send a test": the template as written (saved or not), filled with the
 * preview's learner, mailed to the admin or to up to 5 addresses.
 */
export function SendTestMail({
  content,
  learnerId,
}: {
  content: TemplateContent;
  /** The preview's learner; none, the sample learner. */
  learnerId: number | null;
}) {
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<string[]>([]);
  const send = useSendTestMail();
  const submit = () =>
    send.mutate(
      { ...content, ...(learnerId ? { learnerId } : {}), ...(to.length ? { to } : {}) },
      {
        onSuccess: (r) => {
          notifySuccess(`Test sent to ${r.sent.join(', ')}.`);
          setOpen(false);
        },
        onError: (e) => notifyError(e, 'Could not send the test'),
      },
    );
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconSend size={14} />}
        disabled={!hasContent(content)}
        onClick={() => setOpen(true)}
      >
        Send a test
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title="Send a test">
          <Stack>
            <Text fz="sm">
              The mail as it is now, with the preview's values, marked as a test. Leave the
              addresses empty to send it to yourself.
            </Text>
            <TagsInput
              label="Addresses"
              description="Up to 5; press Enter after each."
              placeholder="Your own address"
              value={to}
              onChange={setTo}
              maxTags={5}
              splitChars={[',', ' ', ';']}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button onClick={submit} loading={send.isPending}>
                Send
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
