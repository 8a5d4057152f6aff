import type { Config } from '../config';

/**
 * Where the shop is reached: PUBLIC_ORIGIN, or without it this machine, at the port it listens on (known once
 * listening).
 */
export function shopOrigins(config: Config) {
  let publicOrigin = config.publicOrigin;
  let own: readonly string[] = [config.publicOrigin];
  return {
    /** The origin the shop's mails link to. */
    public: () => publicOrigin,
    /** The origins whose pages may change things. */
    own: () => own,
    /** Learns the port; returns the local URL the shop is listening at. */
    listeningOn(port: number): string {
      const url = `http://localhost:${port}`;
      if (!config.PUBLIC_ORIGIN) {
        own = ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
        publicOrigin = url;
      }
      return url;
    },
  };
}

export type ShopOrigins = ReturnType<typeof shopOrigins>;
