import { IconQrcode } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const qrCodesArea: Area = {
  label: 'QR codes',
  path: '/qr-codes',
  icon: IconQrcode,
  access: 'qr_codes',
  description: 'QR codes of books and videos: generate, print, retarget, disable, and their scans.',
  load: screen(() => import('./routes/qr-codes-page.tsx').then((m) => m.QrCodesPage)),
  pages: [
    {
      path: ':bookId',
      crumb: 'Book',
      load: screen(() => import('./routes/qr-book-page.tsx').then((m) => m.QrBookPage)),
    },
  ],
};
