// Styles for the screens open without a session (sign-in, password, invite,
// setup, error pages) and the toasts: Mantine's base and only the components
// those screens use. The signed-in layout loads Mantine's whole style sheet
// with its own code (app/layout/main-layout.tsx), so /login downloads ~9 kB
// of CSS instead of ~30 kB. A public screen that starts using another Mantine
// component adds its file here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/PinInput.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import './lib/fonts/devanagari.css';
import { DRAWN, holdDrawnSubmits } from './app/drawn-page.ts';

const root = document.getElementById('root')!;
holdDrawnSubmits(root);

/**
 * A screen drawn in the page (app/drawn-page.ts) is shown before the app's
 * code runs: evaluating it takes a few hundred ms on a slow machine, and
 * from the cache it is ready before the browser's first frame, which would
 * then wait for it. The entry imports nothing but this statically; the rest
 * is already downloading (modulepreload), so waiting costs one frame. A
 * hidden tab draws no frames: the wait ends after 100 ms there.
 */
function afterFirstFrame() {
  return new Promise<void>((drawn) => {
    setTimeout(drawn, 100);
    requestAnimationFrame(() => setTimeout(drawn));
  });
}
if (root.hasAttribute(DRAWN)) await afterFirstFrame();

void import('./app/start.tsx');
