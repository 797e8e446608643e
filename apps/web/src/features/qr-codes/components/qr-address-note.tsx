import type { QrAddress } from '@bo/contract/qr-address';
import { Alert, Code, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error.tsx';

/**
 * What printed codes open (`<PUBLIC_BASE_URL>/q/<code>`), said before any
 * paper is made: a code cannot be fixed once printed. While the address is
 * one phones cannot reach, the server's reason (naming PUBLIC_BASE_URL)
 * stands in for the address; a local trial says its pages are marked.
 */
export function QrAddressNote({
  address,
  example,
}: {
  address: UseQueryResult<QrAddress>;
  /** A code to show the whole address with; absent, `<code>` stands for it. */
  example?: string | undefined;
}) {
  if (address.isPending) return <Loader size="xs" aria-label="Checking the address codes open" />;
  if (address.isError)
    return <LoadError title="Could not check the address codes open" query={address} />;
  const { base, problem, trial } = address.data;
  if (problem)
    return (
      <Alert color="red" title="Codes cannot be made or printed with this address" role="alert">
        <Text fz="sm" data-testid="qr-address-problem">
          {problem}
        </Text>
      </Alert>
    );
  const opens = (
    <Text fz="sm" data-testid="qr-address">
      Each code opens <Code>{`${base}${example ?? '<code>'}`}</Code>
    </Text>
  );
  if (!trial) return opens;
  return (
    <Alert color="yellow" title="Local trial: TRIAL - not for print">
      {opens}
      <Text fz="sm" mt={4}>
        This address works only on this computer or its network (QR_LOCAL_TRIAL is set), so every
        page of the PDF says "TRIAL - not for print".
      </Text>
    </Alert>
  );
}
