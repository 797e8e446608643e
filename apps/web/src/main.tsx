import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import './lib/fonts/devanagari.css';
import { preloadFirstScreen } from './app/screens.ts';

// The first screen's chunk and the app's start loading together: the entry
// itself stays small so neither waits for the other.
preloadFirstScreen(window.location.pathname);
void import('./app/start.tsx');
