import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appReady } from './app.tsx';
import { takeOverDrawnScreen } from './drawn-takeover.ts';
import { preloadFirstScreen } from './first-screen.ts';

// The first screen's code and first reads start before the app's first render.
void preloadFirstScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const reactRoot = createRoot(root);
void takeOverDrawnScreen(root, appReady(), () =>
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
