import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ShopSettingsProvider } from '../features/settings/ShopSettingsProvider';
import type { ShopStore } from './store';

/** The providers every page sits in, around the router: the browser's (main.tsx) and the server's (entry-server.tsx). */
export function ShopApp({ store, children }: { store: ShopStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ShopSettingsProvider>{children}</ShopSettingsProvider>
      </Provider>
    </StrictMode>
  );
}
