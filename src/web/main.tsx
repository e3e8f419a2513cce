import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { startWebVitals } from './events/web-vitals';
import { initI18n } from './i18n';
import { serverState } from './lib/server-state';
import { applyTheme } from './lib/theme';
import { registerServiceWorker } from './pwa/register-service-worker';
import './app/styles.css';

applyTheme(serverState.theme);
// The server chose the language from the cookie set at the last change, or from the browser (§1).
void initI18n(serverState.language);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* The layout waits for its texts (the catalogs load as files): nothing shows until they are here. */}
      <Suspense fallback={null}>
        <AppRouter />
      </Suspense>
    </StrictMode>,
  );
}

// §7 web vitals and the §1 service worker both start after load, off the first-paint path.
startWebVitals();
if (import.meta.env.PROD) registerServiceWorker();
