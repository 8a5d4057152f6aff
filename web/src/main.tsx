import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import { ShopSettingsProvider } from './features/settings/ShopSettingsProvider';
import { store } from './app/store';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing #root');

createRoot(rootElement).render(
  <StrictMode>
    <Provider store={store}>
      <ShopSettingsProvider>
        <RouterProvider router={router} />
      </ShopSettingsProvider>
    </Provider>
  </StrictMode>,
);
