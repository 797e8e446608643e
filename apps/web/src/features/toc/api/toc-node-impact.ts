import { tocRoutes } from '@bo/contract/toc-routes';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /book/tocnodeimpact: what deleting a node would remove, asked when delete is chosen. */
export const tocNodeImpact = (id: number) => apiCall(tocRoutes.tocNodeImpact, { query: { id } });

export type TocNodeImpact = Awaited<ReturnType<typeof tocNodeImpact>>;
