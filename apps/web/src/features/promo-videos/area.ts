import { IconSpeakerphone } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const promoVideosArea: Area = {
  label: 'Promo videos',
  path: '/promo-videos',
  icon: IconSpeakerphone,
  access: 'promotional',
  description: "The learner app's promo shelf: videos in order, by grade, active or not.",
  load: screen(() => import('./routes/promo-videos-page.tsx').then((m) => m.PromoVideosPage)),
};
