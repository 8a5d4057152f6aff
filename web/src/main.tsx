import 'bootstrap/dist/css/bootstrap.min.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { ShopSettingsProvider } from './features/settings/ShopSettingsProvider';
import { store } from './app/store';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing #root');

const root = createRoot(rootElement);
// As a transition, the first render is split into short slices instead of one long task that holds a phone's
// main thread for half a second (issue 18): taps and scrolling stay answered while the shell renders.
startTransition(() => {
  root.render(
    <StrictMode>
      <Provider store={store}>
        <ShopSettingsProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ShopSettingsProvider>
      </Provider>
    </StrictMode>,
  );
});
