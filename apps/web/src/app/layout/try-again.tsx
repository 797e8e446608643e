import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { type NoAnswer, onNoAnswer } from '../../lib/try-again.ts';

let shown = 0;

/** One notice per save that got no answer: what failed, why, and "Try again". */
function showNoAnswer(failure: NoAnswer) {
  const id = `no-answer-${++shown}`;
  let settled = false;
  const settle = (then: () => void) => {
    if (settled) return;
    settled = true;
    notifications.hide(id);
    then();
  };
  notifications.show({
    id,
    color: 'red',
    autoClose: false,
    title: `Not sent: ${failure.what}`,
    onClose: () => settle(failure.giveUp),
    message: (
      <>
        <Text fz="sm">{failure.message} Nothing you typed is lost.</Text>
        <Group gap="xs" mt="xs">
          <Button size="compact-sm" onClick={() => settle(failure.retry)}>
            Try again
          </Button>
        </Group>
      </>
    ),
  });
}

/** While the signed-in layout is shown, saves without an answer ask here (lib/try-again.ts). */
export function useTryAgainNotices() {
  useEffect(() => {
    onNoAnswer(showNoAnswer);
    return () => onNoAnswer(null);
  }, []);
}
