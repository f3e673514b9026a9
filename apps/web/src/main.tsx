// First: before any module builds a zod schema.
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from './shared/router/router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router/create-app-router';
import { initI18n } from './shared/i18n/i18n';
import './app/global.css';

const root = createRoot(document.getElementById('root')!);
const router = createAppRouter();

// The active language's resources arrive before the first paint, so no text flashes in the wrong
// language.
void initI18n().then(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
