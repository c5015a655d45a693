// First: the router module starts fetching the landing screen's chunks when it runs (see there).
import '@/app/router';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { i18nReady } from '@/lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

// The first render waits for the chosen language's texts (a chunk of their own unless Portuguese):
// the HTML shell stays until then, rather than a flash of Portuguese.
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
void i18nReady.then(render, render);
